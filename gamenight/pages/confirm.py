"""The confirm step of a destructive tap (undo, stop a hand, split the pots, end the
night): the first POST shows what will move and changes nothing; the same form
sent again with ``confirm=1`` acts (nights/_confirm.html).

The panel sends back the first form's fields, its idempotency key included, so
a double tap of the confirm button still writes once. Without JavaScript it is
a page with the panel in it; with HTMX the same panel swapped into the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from gamenight.services.night_previews import Preview

CONFIRMED = "1"


def confirmed(post: Mapping[str, object]) -> bool:
    return post.get("confirm") == CONFIRMED


@dataclass(frozen=True)
class ConfirmPanel:
    """What nights/_confirm.html shows: the question, what moves, the one more tap."""

    at: str
    """Where on the page it stands (the section of the button tapped)."""
    title: str
    preview: Preview
    action: str
    hidden: tuple[tuple[str, str], ...]
    button: str
    cancel: str
    note: str = ""
    signed: bool = True
    """Moves are changes (+3, -8); False for the end's stacks (48)."""
    target: str = "#content"


def hidden_fields(post: Mapping[str, object], names: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The first form's fields again (a list field once per value), for the confirm form."""
    fields: list[tuple[str, str]] = []
    getlist = getattr(post, "getlist", None)
    for name in names:
        values = getlist(name) if getlist is not None else [post.get(name, "")]
        fields += [(name, str(value)) for value in values]
    return tuple(fields)
