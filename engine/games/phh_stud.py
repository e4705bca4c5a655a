"""Seven-card stud with a bring-in as PokerKit's ``F7S`` (fixed-limit seven-card stud).

PokerKit deals stud as hole cards, some face up: a street's cards for a player
are one ``d dh pN`` line, in the street's order (third street: two down, one
up), a card nobody may see written ``??``. Third street opens with the bring-in
(``pN pb``) by the lowest up card, later streets with the best showing hand:
our engine does the same with the house's bring-in on (RULINGS 10 otherwise),
so the same moves are in turn in both. A bet completing the bring-in and every
bet or raise is ``cbr`` to the player's total for the street. Checked against
PokerKit with random hands (tests/engine/games/test_game_phh_stud.py): the one
spot the two settle differently is a round with more than four bets and raises
(ours counts only full raises to the cap), and such a hand gets no file.
"""

from __future__ import annotations

from typing import Final

from engine.betting import FixedLimit
from engine.cards import ALL_CARDS
from engine.games.events import EventKind
from engine.games.state import HandState
from engine.games.steps.bet import Bet

STUD: Final = "seven-card-stud"
# PokerKit's fixed limit: a completion, bet or raise at most four times a street.
POKERKIT_CAP: Final = 4
_BETS: Final = frozenset({EventKind.BET, EventKind.RAISE})
_MOVES: Final = frozenset(
    {EventKind.BRING_IN, EventKind.CHECK, EventKind.CALL, EventKind.FOLD, EventKind.LEAVE} | _BETS
)


def _third_street(state: HandState) -> Bet | None:
    """The hand's first betting round, if it is one with a bring-in."""
    bet = next((step for step in state.rules.steps if isinstance(step, Bet)), None)
    return bet if bet is not None and bet.bring_in else None


def bring_in_chips(state: HandState) -> int | None:
    """The bring-in of the hand (``None``: the house plays without one)."""
    bet = _third_street(state)
    return None if bet is None else bet.bring_in_chips(state.limit, pot=0)


def stud_refusal(state: HandState) -> str | None:
    """Why a finished stud hand has no ``F7S`` file (see :func:`engine.games.phh.phh_refusal`)."""
    bring_in = bring_in_chips(state)
    if bring_in is None:
        return "stud_opening"
    if not isinstance(state.limit, FixedLimit) or bring_in >= state.limit.amount:
        # PokerKit's stud is fixed-limit, its bring-in below the small bet.
        return "stud_limit"
    if _most_bets_a_street(state) > POKERKIT_CAP:
        return "cap"
    return None


def _most_bets_a_street(state: HandState) -> int:
    most = count = 0
    for event in state.history:
        if event.kind is EventKind.DEAL:
            count = 0
        elif event.kind in _BETS:
            count += 1
            most = max(most, count)
    return most


def stud_fields(state: HandState) -> list[str]:
    """The header lines PokerKit's stud needs besides the antes and bets."""
    return [f"bring_in = {bring_in_chips(state)}"]


def stud_actions(state: HandState, order: list[int], player: dict[int, str]) -> list[str]:
    """The dealing and betting lines of the hand, up to (not including) the showdown."""
    sizes = [len(street.cards) for street in state.rules.streets]
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    shown = set(state.shown)
    dealt = dict.fromkeys(order, 0)
    # Cards dealt since the last move, by street then seat: all-in players are dealt
    # the rest of the hand at once, one line a street for PokerKit.
    pending: dict[int, dict[int, str]] = {}
    street: dict[int, int] = dict.fromkeys(order, 0)
    actions: list[str] = []

    def flush() -> None:
        for index in sorted(pending):
            actions.extend(
                f"d dh {player[seat]} {pending[index][seat]}"
                for seat in order
                if seat in pending[index]
            )
        if pending:
            street.update(dict.fromkeys(order, 0))
        pending.clear()

    for event in state.history:
        if event.kind is EventKind.DEAL and event.card is not None:
            seat = event.seat
            index = max(i for i, start in enumerate(starts) if dealt[seat] >= start)
            dealt[seat] += 1
            known = event.face_up or seat in shown
            text = str(ALL_CARDS[event.card]) if known else "??"
            cards = pending.setdefault(index, {})
            cards[seat] = cards.get(seat, "") + text
            continue
        if event.kind not in _MOVES:
            continue
        flush()
        street[event.seat] += event.chips
        name = player[event.seat]
        if event.kind is EventKind.BRING_IN:
            actions.append(f"{name} pb")
        elif event.kind in _BETS:
            actions.append(f"{name} cbr {street[event.seat]}")
        elif event.kind in (EventKind.CHECK, EventKind.CALL):
            actions.append(f"{name} cc")
        else:
            actions.append(f"{name} f")
    flush()
    return actions
