"""The answer of a view whose form writes once per key (gamenight/services/request_keys.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect

from gamenight.http import AuthenticatedHttpRequest
from gamenight.services import LedgerError
from gamenight.services.request_keys import Result, once


def write_once(
    request: AuthenticatedHttpRequest,
    *,
    key: str,
    action: str,
    payload: Mapping[str, Any],
    write: Callable[[], Result],
    refused: Callable[[str], HttpResponse],
) -> HttpResponse:
    """Run ``write`` once for the form's ``key`` and send the user where it went (a
    double tap where the first tap went); a refusal is the page again with its message."""
    try:
        url = once(user=request.user, key=key, action=action, payload=payload, write=write)
    except LedgerError as error:
        return refused(str(error))
    return redirect(url)
