"""Spit in the Ocean and draw games: a card to the middle, one draw of 0 to 4 cards (ruling 13).

:class:`TableCard` turns the next card face up in the middle: the spit card
(everyone's fifth card, wild with its rank, or alone) or Wild Widow's card
(in nobody's hand; the three others of its rank are wild). :class:`Draw` lets
every player still in throw away and replace cards once, clockwise from the
dealer's left. :class:`DrawBet` is a betting round with the fixed limit the
game may bring along, and :class:`ShowFirst` names who shows first.

Discards stay out of play in the :class:`DrawState`; when the stock runs
out they are reshuffled with a source drawn from the hand's seed, so a replay
(or a restored JSON save) deals the same cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Self

from engine.betting import BettingRound, FixedLimit
from engine.cards import ACE, ALL_CARDS
from engine.errors import EngineError, IllegalActionError, OutOfTurnError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.rules import Step
from engine.games.steps.actions import ActionArgs, Move, StepState
from engine.games.steps.bet import Bet, Opener

if TYPE_CHECKING:
    from engine.games.state import HandState

# A player never draws more than four: a new hand of five is a new deal, not a draw.
MOST_CARDS_DRAWN = 4

TableRole = Literal["spit", "widow"]


class DrawError(IllegalActionError):
    """A draw that breaks the rules: too many cards, or cards the player does not hold."""


class DrawSizeError(DrawError):
    """More cards than the game (or its house option) allows."""


class CardNotHeldError(DrawError):
    """A card thrown away that is not in the player's hand, or the same card twice."""


@dataclass(kw_only=True)
class DrawState(StepState):
    """``queue``: the seats still to draw, in turn; ``discards``: thrown away, out of
    play until a reshuffle (``reshuffles`` so far); ``widow``: Wild Widow's card."""

    key = "draw"
    queue: list[int] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    reshuffles: int = 0
    widow: int | None = None

    def set_aside(self) -> list[int]:
        return self.discards + ([] if self.widow is None else [self.widow])

    @classmethod
    def from_old_phase(cls, phase: Mapping[str, Any]) -> Self | None:
        keys = ("draw_queue", "draw_discards", "draw_reshuffles", "draw_widow")
        if not any(key in phase for key in keys):
            return None
        widow = phase.get("draw_widow")
        return cls(
            queue=[int(s) for s in phase.get("draw_queue") or []],
            discards=[int(c) for c in phase.get("draw_discards") or []],
            reshuffles=int(phase.get("draw_reshuffles", 0)),
            widow=None if widow is None else int(widow),
        )


@dataclass(frozen=True, kw_only=True)
class TableCard(Step):
    """The dealer turns the next card face up in the middle.

    ``spit``: it goes to ``state.table`` and counts in every hand; wild with the
    three others of its rank, or, with ``rank_wild=False``, wild alone.
    ``widow`` (Wild Widow): it belongs to no one and stays out of every hand;
    the three others of its rank are wild.
    """

    role: TableRole = "spit"
    rank_wild: bool = True

    def begin(self, state: HandState) -> None:
        drawing = state.find(DrawState)
        if state.table or (drawing is not None and drawing.widow is not None):
            return  # "Spit!" was called during the deal: the card is already there
        turn_table_card(state, role=self.role, rank_wild=self.rank_wild)


def turn_table_card(state: HandState, *, role: TableRole, rank_wild: bool) -> int:
    """Turn the next card of the stock face up in the middle and set the wild cards."""
    if not len(state.deck):
        raise EngineError("the deck ran out of cards", code="deck_empty")
    card = int(state.deck.deal_one())
    rank = ALL_CARDS[card].rank
    if role == "widow":
        state.kept(DrawState).widow = card
        state.wild = [rank]
    else:
        state.table.append(card)
        if rank_wild:
            state.wild = [rank]
        else:
            state.wild_cards = [card]
    state.record(EventKind.TABLE_CARD, state.dealer, card=card, face_up=True, text=role, code=role)
    return card


@dataclass(frozen=True, kw_only=True)
class Draw(Step):
    """One draw for every player still in, clockwise from the dealer's left.

    ``max_cards``: the most a player may draw (never more than four);
    ``ace_bonus``: one more for a player who keeps an ace and shows it (the
    house rule "at most three, four with an ace").
    """

    max_cards: int = MOST_CARDS_DRAWN
    ace_bonus: bool = False

    def begin(self, state: HandState) -> None:
        state.kept(DrawState).queue = [s for s in state.order() if not state.folded[s]]

    def run(self, state: HandState) -> bool:
        return not state.kept(DrawState).queue

    def actor(self, state: HandState) -> int | None:
        queue = state.kept(DrawState).queue
        return queue[0] if queue else None

    def forfeit(self, state: HandState, seat: int) -> None:
        drawing = state.kept(DrawState)
        drawing.queue = [s for s in drawing.queue if s != seat]

    def moves(self) -> Mapping[ActionName, Move]:
        return {ActionName.DRAW: Move(self.verify_draw, self.draw)}

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        most = self.most_for(state, seat)
        return [LegalAction(kind=ActionName.DRAW, min_amount=0, max_amount=most)]

    def limit(self) -> int:
        return min(self.max_cards, MOST_CARDS_DRAWN)

    def most_for(self, state: HandState, seat: int) -> int:
        """The most cards ``seat`` may draw now (the ace bonus needs an ace to keep)."""
        held = len(state.cards[seat])
        most = self.limit()
        if self.ace_bonus and any(ALL_CARDS[c].rank == ACE for c, _ in state.cards[seat]):
            most = min(most + 1, MOST_CARDS_DRAWN, held - 1)
        return min(most, held)

    def verify_draw(self, state: HandState, seat: int, args: ActionArgs) -> None:
        """Raise unless ``seat`` may throw away ``args.cards`` now and draw as many."""
        name = state.names[seat]
        if state.decision is not None:
            refuse_draw(state, seat)
        actor = self.actor(state)
        if actor != seat:
            raise OutOfTurnError(
                f"{name} cannot draw: it is {state.names[actor or 0]}'s turn",
                code="act_not_your_turn",
                params={"name": name, "verb": "draw", "actor": state.names[actor or 0]},
            )
        thrown = [int(c) for c in args.cards]
        held = [c for c, _ in state.cards[seat]]
        for card in thrown:
            if not 0 <= card < 52 or card not in held:
                what = str(ALL_CARDS[card]) if 0 <= card < 52 else repr(card)
                raise CardNotHeldError(
                    f"{name} cannot throw away {what}: it is not in their hand",
                    code="draw_card_not_held" if 0 <= card < 52 else "draw_not_a_card",
                    params={"name": name, "card": ALL_CARDS[card] if 0 <= card < 52 else card},
                )
        if len(set(thrown)) != len(thrown):
            raise CardNotHeldError(
                f"{name} cannot throw away the same card twice",
                code="draw_card_twice",
                params={"name": name},
            )
        if len(thrown) > MOST_CARDS_DRAWN:
            raise DrawSizeError(
                f"{name} cannot draw {len(thrown)}: at most {MOST_CARDS_DRAWN} cards",
                code="draw_too_many",
                params={"name": name, "count": len(thrown), "most": MOST_CARDS_DRAWN},
            )
        if len(thrown) > self.limit():
            kept_ace = any(ALL_CARDS[c].rank == ACE for c in held if c not in thrown)
            if not (self.ace_bonus and kept_ace and len(thrown) == self.limit() + 1):
                extra = ", one more when keeping an ace" if self.ace_bonus else ""
                raise DrawSizeError(
                    f"{name} cannot draw {len(thrown)}: at most {self.limit()} cards{extra}",
                    code="draw_too_many_ace" if self.ace_bonus else "draw_too_many",
                    params={"name": name, "count": len(thrown), "most": self.limit()},
                )

    def draw(self, state: HandState, seat: int, args: ActionArgs) -> Event:
        """Throw away ``args.cards`` (none: stand pat) and get as many new ones face down."""
        thrown = [int(c) for c in args.cards]
        if len(thrown) > self.limit():
            # The house rule's fourth card: the player shows the ace they keep.
            ace = next(
                c for c, _ in state.cards[seat] if c not in thrown and ALL_CARDS[c].rank == ACE
            )
            state.cards[seat] = [(c, up or c == ace) for c, up in state.cards[seat]]
            state.record(
                EventKind.REVEAL, seat, card=ace, face_up=True, text="ace kept", code="ace_kept"
            )
        state.cards[seat] = [(c, up) for c, up in state.cards[seat] if c not in thrown]
        event: Event | None = None
        for card in thrown:
            # The discard is private: the views show it to its owner only.
            recorded = state.record(
                EventKind.DRAW,
                seat,
                card=card,
                text=f"draws {len(thrown)}",
                code="draws",
                params={"count": len(thrown)},
            )
            event = event or recorded
        if event is None:
            event = state.record(EventKind.DRAW, seat, text="stands pat", code="stands_pat")
        drawing = state.kept(DrawState)
        for _ in thrown:
            if not len(state.deck):
                _reshuffle_discards(state, drawing)
            card = int(state.deck.deal_one())
            state.cards[seat].append((card, False))
            state.record(EventKind.DEAL, seat, card=card)
        # Thrown away only now, so that a player never gets their own discards back.
        drawing.discards.extend(thrown)
        drawing.queue = drawing.queue[1:]
        return event


@dataclass(frozen=True, kw_only=True)
class DrawBet(Bet):
    """A betting round opened left of the dealer; with ``fixed`` the game's own fixed
    limit (Spit in the Ocean: 1, doubled after the draw by ``limit_scale``)
    replaces the night's."""

    opener: Opener = "left_of_dealer"
    fixed: int | None = None

    def begin(self, state: HandState) -> None:
        if self.fixed is None:
            super().begin(state)
            return
        state.betting = BettingRound.start(
            stacks=state.stacks,
            opener=self.opening_seat(state),
            limit=FixedLimit(amount=self.fixed * self.limit_scale),
            raise_cap=state.raise_cap,
            put_in=state.put_in,
            folded=[s for s in range(state.seat_count) if state.folded[s]],
            names=state.names,
        )


@dataclass(frozen=True, kw_only=True)
class ShowFirst(Step):
    """Before the showdown: the last bettor or raiser of the last round shows first;
    if everyone checked, the first player still in left of the dealer."""

    def begin(self, state: HandState) -> None:
        last: int | None = None
        for event in reversed(state.history):
            if event.kind in (EventKind.BET, EventKind.RAISE):
                last = event.seat
                break
            if event.kind in (EventKind.DRAW, EventKind.DEAL, EventKind.TABLE_CARD):
                break  # the last betting round began after these: nobody bet in it
        if last is None or state.folded[last]:
            last = next(s for s in state.order() if not state.folded[s])
        state.show_first = last


def refuse_draw(state: HandState, seat: int) -> None:
    """A draw when no draw is under way (or a question a card asked comes first)."""
    raise OutOfTurnError(
        f"{state.names[seat]} cannot draw: nobody is drawing now",
        code="draw_not_now",
        params={"name": state.names[seat]},
    )


def _reshuffle_discards(state: HandState, drawing: DrawState) -> None:
    """The stock ran out: the dealer shuffles the discards into a new stock."""
    discards = drawing.discards
    if not discards:
        raise EngineError(
            "the deck ran out of cards and nobody has thrown any away", code="deck_empty"
        )
    drawing.reshuffles += 1
    cards = list(discards)
    random.Random(f"{state.seed}:draw:{drawing.reshuffles}").shuffle(cards)
    state.deck.return_to_bottom(cards)
    discards.clear()
