"""No Peek: flipping until a player beats the table (ruling 12).

Everyone holds a face-down pile nobody has looked at. In turn, clockwise from
the dealer's left, a player still in flips the top card of their pile until
their face-up cards strictly beat the best hand showing, then opens a betting
round. The player showing the best hand does not flip; a player who runs out of
cards without beating it is out (struck out), unless they tie it, and then
share it. The hand ends when one player is left or every card of the players
still in is face up.

:class:`Flip` is one step that runs the whole flipping phase, betting rounds
included: the rounds come at moments the flips decide, so they cannot be
fixed steps of the program. What it keeps between calls is its
:class:`FlipState` (and the betting round's :class:`~.bet.NamedOpener`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Final, Self

from engine.cards import ALL_CARDS
from engine.errors import IllegalActionError, OutOfTurnError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.rules import Face, Step
from engine.games.steps.actions import ActionArgs, Move, StepState
from engine.games.steps.bet import Bet, NamedOpener
from engine.games.steps.deal import Deal, apply_triggers, deal_next
from engine.hands.evaluate import fast_evaluator, strength
from engine.hands.rankings import HighRanking

if TYPE_CHECKING:
    from engine.games.state import HandState

# Below any hand: what an empty row of face-up cards (nobody has flipped yet) shows.
NOTHING: Final = -1


@dataclass(kw_only=True)
class FlipState(StepState):
    """``turn``: the seat whose turn it is, or None between turns; ``betting``: a
    betting round opened by the flips is under way; ``last``: the seat that had the
    last turn (the next is on its left)."""

    key = "flip"
    turn: int | None = None
    betting: bool = False
    last: int | None = None

    @classmethod
    def from_old_phase(cls, phase: Mapping[str, Any]) -> Self | None:
        if "nopeek_betting" not in phase:
            return None
        turn, last = phase.get("nopeek_turn"), phase.get("nopeek_last")
        return cls(
            turn=turn if isinstance(turn, int) else None,
            betting=bool(phase["nopeek_betting"]),
            last=last if isinstance(last, int) else None,
        )


class NothingToFlipError(IllegalActionError):
    """A flip when nobody flips: a betting round or a question (pay the pot, buy the
    walk) comes first, or the game has no flips. Flipping out of turn is an
    :class:`~engine.errors.OutOfTurnError`."""


@dataclass(frozen=True, kw_only=True)
class Flip(Step):
    """The flipping phase of No Peek and its relatives.

    ``target_rank_folds``: Mexican Sweat, a flipped card of the rank of the card
    in the middle (``state.table[0]``) folds its holder at once.
    ``bet_after_fold``: then a betting round, opened by the best hand showing,
    comes before the next player. ``back_betting``: the same after a player
    strikes out. The card in the middle (Mexican Sweat, or a start card) is a
    hand the first player must beat, and stays the least every hand must beat.
    """

    target_rank_folds: bool = False
    bet_after_fold: bool = False
    back_betting: bool = False

    def begin(self, state: HandState) -> None:
        state.keep(FlipState())

    def run(self, state: HandState) -> bool:
        phase = state.kept(FlipState)
        while True:
            # Most calls come during a betting round: answer those first.
            if phase.betting:
                if not _BET.run(state):
                    return False
                phase.betting = False
                continue
            if state.decision is not None:
                return False
            if state.folded.count(False) <= 1:
                return True
            if state.to_deal:
                _extra_on_top(state)  # the extra card of a flipped 4
                continue
            seat = phase.turn
            if seat is None:
                seat = self._next_turn(state)
                if seat is None:
                    return True  # every card of the players still in is face up
                phase.turn = seat
                continue
            if state.folded[seat]:
                # Folded to a flipped 3, or to the middle card's rank (Mexican Sweat).
                phase.turn = None
                if self.bet_after_fold and self.target_rank_folds:
                    self._open_betting(state, best_showing_seat(state))
                continue
            shows = showings(state)
            mine, bar = shows[seat], _bar(shows, seat, middle(state))
            if mine > bar:
                phase.turn = None
                self._open_betting(state, seat)
                continue
            if _has_down(state, seat):
                return False  # the player must flip
            phase.turn = None
            if mine < bar:
                self._strike_out(state, seat)
            # A tie with every card face up stays in and shares the best hand.

    def actor(self, state: HandState) -> int | None:
        phase = state.kept(FlipState)
        return _BET.actor(state) if phase.betting else phase.turn

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        phase = state.kept(FlipState)
        if phase.betting:
            return _BET.legal_actions(state, seat)
        if phase.turn == seat:
            return [LegalAction(kind=ActionName.FLIP)]
        return []

    def moves(self) -> Mapping[ActionName, Move]:
        return {ActionName.FLIP: Move(self.verify_flip, self.flip)}

    def verify_flip(self, state: HandState, seat: int, args: ActionArgs) -> None:
        name = state.names[seat]
        phase = state.kept(FlipState)
        if state.decision is not None or phase.betting:
            raise NothingToFlipError(
                f"{name} cannot flip now: finish the betting first",
                code="flip_betting_first",
                params={"name": name},
            )
        if phase.turn != seat:
            who = state.names[phase.turn] if phase.turn is not None else "nobody"
            raise OutOfTurnError(
                f"{name} cannot flip: it is {who}'s turn",
                code="act_not_your_turn" if phase.turn is not None else "flip_nobody",
                params={"name": name, "verb": "flip", "actor": who},
            )

    def flip(self, state: HandState, seat: int, args: ActionArgs) -> Event:
        """Turn up the top card of ``seat``'s pile; its triggers act at once."""
        held = state.cards[seat]
        index = next(i for i, (_, up) in enumerate(held) if not up)
        card = held[index][0]
        held[index] = (card, True)
        event = state.record(EventKind.FLIP, seat, card=card, face_up=True)
        if self.target_rank_folds and state.table and _same_rank(card, state.table[0]):
            state.folded[seat] = True
            state.record(
                EventKind.FOLD,
                seat,
                text="flipped a card of the middle card's rank",
                code="flipped_middle_rank",
            )
        else:
            apply_triggers(state, seat, card, up=True)
        return event

    def _next_turn(self, state: HandState) -> int | None:
        """The next player who must flip (or strike out), clockwise after the last one;
        ``None`` when the hand is over. Players who show the best hand, or tie it with
        nothing left to flip, are passed."""
        order = state.order()
        phase = state.kept(FlipState)
        last = phase.last
        start = order.index(last) + 1 if last is not None else 0
        shows, floor = showings(state), middle(state)
        for offset in range(len(order)):
            seat = order[(start + offset) % len(order)]
            if state.folded[seat]:
                continue
            mine, bar = shows[seat], _bar(shows, seat, floor)
            down = _has_down(state, seat)
            if mine > bar or (mine == bar and not down):
                continue
            phase.last = seat
            return seat
        return None

    def _strike_out(self, state: HandState, seat: int) -> None:
        state.folded[seat] = True
        state.record(EventKind.FOLD, seat, text="struck out", code="struck_out")
        if self.back_betting and len(state.live_seats) > 1:
            self._open_betting(state, best_showing_seat(state))

    def _open_betting(self, state: HandState, opener: int) -> None:
        if len(state.live_seats) <= 1:
            return
        state.keep(NamedOpener(seat=opener))
        state.kept(FlipState).betting = True
        _BET.begin(state)


# The rounds the flips open; the opener is the flips' NamedOpener (ruling 10).
_BET: Final = Bet(opener="named")


def showings(state: HandState) -> dict[int, int]:
    """The strength of each live player's face-up cards (ruling 4 for fewer than five)."""
    ranking = state.ranking
    rate = (
        fast_evaluator(ranking.wild).strength
        if isinstance(ranking, HighRanking)
        else partial(strength, ranking=ranking)
    )
    folded = state.folded
    shows: dict[int, int] = {}
    for seat, held in enumerate(state.cards):
        if not folded[seat]:
            up = [card for card, face_up in held if face_up]
            shows[seat] = rate(up) if up else NOTHING
    return shows


def middle(state: HandState) -> int:
    """The strength of the card in the middle, the least any hand must beat."""
    return strength(state.table, state.ranking) if state.table else NOTHING


def showing(state: HandState, seat: int) -> int:
    """The strength of ``seat``'s face-up cards."""
    up = state.up_cards(seat)
    return strength(up, state.ranking) if up else NOTHING


def bar_for(state: HandState, seat: int) -> int:
    """What ``seat`` must strictly beat: the best hand showing among the other players
    still in, and the card in the middle if there is one."""
    return _bar(showings(state), seat, middle(state))


def _bar(shows: dict[int, int], seat: int, floor: int) -> int:
    return max([floor, *(value for other, value in shows.items() if other != seat)])


def best_showing_seat(state: HandState) -> int:
    """The best hand showing among the players still in; ties to the dealer's left."""
    shows = showings(state)
    best = max(shows.values())
    return next(s for s in state.order() if shows.get(s) == best)


def _extra_on_top(state: HandState) -> None:
    """Deal the extra card of a flipped 4 onto the top of its holder's pile, so that it
    is flipped next (ruling 12: "on top of that player's pile", "auf deinen Stapel")."""
    seat = state.to_deal[0][0]
    held = state.cards[seat]
    before = len(held)
    deal_next(state)
    if len(held) > before:
        top = next(i for i, (_, up) in enumerate(held) if not up)
        held.insert(top, held.pop())


def _has_down(state: HandState, seat: int) -> bool:
    return any(not up for _, up in state.cards[seat])


def refuse_flip(state: HandState, seat: int) -> None:
    """A flip when no flipping step is in play."""
    name = state.names[seat]
    raise NothingToFlipError(
        f"{name} cannot flip: nobody flips cards in this game now",
        code="flip_nobody",
        params={"name": name},
    )


def _same_rank(card: int, other: int) -> bool:
    return ALL_CARDS[card].rank == ALL_CARDS[other].rank


@dataclass(frozen=True, kw_only=True)
class Pile(Deal):
    """Every player's face-down pile, one card at a time clockwise from the dealer's left.

    A :class:`~engine.games.steps.deal.Deal` of face-down cards, dealt in one go:
    nobody looks at a pile, so none of its cards can set anything off before it
    is flipped, and the deal never waits for an answer.
    """

    cards: tuple[Face, ...] = ("down",) * 7

    def begin(self, state: HandState) -> None:
        order = [s for s in state.order() if not state.folded[s]]
        deal_one, record, held = state.deck.deal_one, state.record, state.cards
        for _ in self.cards:
            for seat in order:
                card = int(deal_one())
                held[seat].append((card, False))
                record(EventKind.DEAL, seat, card=card)

    def run(self, state: HandState) -> bool:
        return True


@dataclass(frozen=True, kw_only=True)
class MiddleCard(Step):
    """The dealer turns one card face up in the middle: Mexican Sweat's card, or the
    start card of No Peek's option. It is a hand to beat, not part of anyone's hand
    (the game's rules say ``table_shared=False``).

    ``second_deck``: the start card comes from a second deck (the English sheet:
    "Some begin by turning up a card from a second deck"), so the game's own deck
    stays whole for the piles and the extra cards (ruling 12: dealt "auf deinen
    Stapel", onto the player's pile) and the card may be one a player holds too.
    """

    second_deck: bool = False

    def begin(self, state: HandState) -> None:
        if self.second_deck:
            card = second_deck_card(state.seed)
            text = "second deck"
        else:
            card = int(state.deck.deal_one())
            text = ""
        state.table.append(card)
        state.record(
            EventKind.TABLE_CARD,
            state.dealer,
            card=card,
            face_up=True,
            text=text,
            code="second_deck" if text else "",
        )


def table_from_deck(state: HandState) -> list[int]:
    """The cards in the middle dealt from the game's deck (not a start card from a
    second deck, which leaves every card of the game's deck unseen)."""
    second = any(isinstance(step, MiddleCard) and step.second_deck for step in state.rules.steps)
    return state.table[1:] if second else list(state.table)


def second_deck_card(seed: int) -> int:
    """The top card of the second deck, shuffled from the hand's seed so that a replay
    turns up the same card."""
    return random.Random(f"{seed}:second deck").randrange(len(ALL_CARDS))
