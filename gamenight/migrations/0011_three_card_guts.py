"""Three-card Guts becomes a game of its own, ``guts3``, instead of Guts' option ``three_cards``.

A night whose house rules said ``guts: {three_cards: true}`` now allows ``guts3``
(in Guts' place) with those options; deals and digital hands stored as ``guts``
with ``three_cards`` are renamed the same way (a deal recorded from the table keeps
its options as they were: the settlement's record, which names three_cards itself). Two-card Guts loses the option and
the orders of straights and flushes, which two cards never used. The logic is
copied here (not imported) so that the migration keeps meaning what it meant.
"""

from __future__ import annotations

from typing import Any

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

_TRUE = (True, "true", "yes", "on", "1")
_ORDERS = ("straight_flush_over_trips", "flush_over_straight")


def _upgrade(game: str, options: Any) -> tuple[str, dict[str, Any]] | None:
    """The game and options as named now, or ``None`` when nothing changes."""
    if game != "guts" or not isinstance(options, dict) or "three_cards" not in options:
        return None
    chosen = dict(options)
    if chosen.pop("three_cards") in _TRUE:
        return "guts3", chosen
    for order in _ORDERS:
        chosen.pop(order, None)
    return "guts", chosen


def forwards(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Night = apps.get_model("gamenight", "Night")
    Deal = apps.get_model("gamenight", "Deal")
    DigitalHand = apps.get_model("gamenight", "DigitalHand")
    for night in Night.objects.filter(game_options__has_key="guts"):
        found = _upgrade("guts", night.game_options.get("guts"))
        if found is None:
            continue
        game, options = found
        house = {k: v for k, v in night.game_options.items() if k != "guts"}
        house[game] = options
        night.game_options = house
        if game == "guts3":
            allowed = list(night.allowed_games or [])
            night.allowed_games = list(
                dict.fromkeys("guts3" if name == "guts" else name for name in allowed)
            )
        night.save(update_fields=["game_options", "allowed_games"])
    for deal in Deal.objects.filter(game="guts"):
        found = _upgrade(deal.game, deal.options)
        if found is not None:
            deal.game = found[0]
            if deal.mode == "digital":
                deal.options = found[1]
            deal.save(update_fields=["game", "options"])
    for hand in DigitalHand.objects.filter(state__game="guts").iterator():
        state = hand.state if isinstance(hand.state, dict) else {}
        found = _upgrade(str(state.get("game")), state.get("options"))
        if found is not None:
            hand.state = {**state, "game": found[0], "options": found[1]}
            hand.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [("gamenight", "0010_report_mail")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
