"""How a page is answered: the whole page, or for HTMX only the part it swaps."""

from __future__ import annotations

from collections.abc import Mapping

from django.http import HttpResponse
from django.shortcuts import render

from gamenight.http import HtmxHttpRequest

# Status of a page shown again with a message about bad input (htmx swaps it in,
# see the htmx-config meta tag in base.html).
BAD_INPUT = 422

# A request for a hand that is over by now, or from a seat that has left: nothing
# changed, the page shows what is.
CONFLICT = 409


def render_page(
    request: HtmxHttpRequest,
    template: str,
    context: Mapping[str, object],
    *,
    status: int = 200,
    partial: str = "content",
) -> HttpResponse:
    """The whole page, or for an HTMX request only its named partial."""
    name = f"{template}#{partial}" if request.htmx else template
    return render(request, name, context, status=status)
