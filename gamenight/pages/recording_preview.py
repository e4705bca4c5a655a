"""The engine's settlements shaped for the preview template (names instead of seats)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from engine.chips.movements import GUTS_POT, GUTS_RESERVE, SHELBY_POT
from engine.games.families.guts.settle import GutsSettlement
from engine.table_hand import Reason, TableSettlement
from gamenight.engine_words import hand_name, pot_name, reason_text
from gamenight.engine_words.explanations import explanation
from gamenight.services.preview import NightPotPreview


def table_hand_preview(settled: TableSettlement) -> dict[str, Any]:
    """Every pot and side pot (amount, who could win it, winners, odd chips) and every
    player's net with the reasons."""
    hand = settled.hand

    def names(seats: Any) -> list[str]:
        return [hand.name(s) for s in seats]

    pots = [
        {
            "name": pot_name(award.index),
            "main": award.name == "main pot",
            "amount": award.pot.amount,
            "eligible": names(award.pot.eligible),
            "winners": names(award.winners),
            # What each winner takes, odd chip included: a tie's split on the bar itself.
            "takes": [(hand.name(s), award.won(s)) for s in award.winners],
            "share": award.share,
            "odd_chips": names(award.odd_chips),
            "half": _HALVES[award.side]() if award.side in _HALVES else "",
        }
        for award in settled.pots.awards
    ]
    players = [
        {
            "name": p.name,
            "put_in": p.put_in,
            "net": p.net,
            "stack_after": p.stack_after,
            "folded": p.folded,
            "all_in": p.all_in,
            "hand_name": _hand_names(settled, p.seat),
            "reasons": [(r.chips, reason_text(r, _rated(settled, p.seat, r))) for r in p.reasons],
        }
        for p in settled.players
    ]
    return {"kind": "table", "total": settled.total, "pots": pots, "players": players}


_HALVES = {"high": lambda: gettext("high"), "low": lambda: gettext("low")}


def _hand_names(settled: TableSettlement, seat: int) -> str:
    """The hand's name; in a high/low game its qualifying low too."""
    high = hand_name(settled.hand_values.get(seat), settled.hand_names.get(seat, ""))
    if seat not in settled.low_names:
        return high
    low = hand_name(settled.low_values.get(seat), settled.low_names[seat])
    return f"{high}; {low}"


def _rated(settled: TableSettlement, seat: int, reason: Reason) -> Any:
    """The hand a reason names: the low for a pot's low half, else the high."""
    if reason.params.get("half") == "low":
        return settled.low_values.get(seat)
    return settled.hand_values.get(seat)


def night_pot_preview(preview: NightPotPreview, *, kind: str) -> dict[str, Any]:
    """A Guts deal or a Shelby round: each player's net, the reasons, the next pot."""
    settled, names = preview.settlement, preview.names
    players = [
        {"name": names.get(seat, f"seat {seat}"), "net": net, "stack_after": settled.stacks[seat]}
        for seat, net in sorted(settled.net.items())
    ]
    result: dict[str, Any] = {
        "kind": kind,
        "players": players,
        "reasons": explanation(settled.said, settled.reasons),
        "pot": settled.pot,
    }
    if isinstance(settled, GutsSettlement):
        result["reserve"] = settled.reserve
        result["pays"] = {names.get(s, str(s)): n for s, n in settled.pays.items()}
        result["takes"] = {names.get(s, str(s)): n for s, n in settled.takes.items()}
    else:
        result["round"] = settled.next_state.round
        result["shelbys"] = {
            names.get(s, str(s)): n for s, n in settled.next_state.shelbys.items() if n
        }
        result["game_over"] = settled.game_over
    result["accounts"] = (GUTS_POT, GUTS_RESERVE, SHELBY_POT)
    return result
