"""Shelby and Psycho Shelby: holding or dropping each round, and settling it (ruling 15).

A digital Shelby hand is one deal: up to four rounds (Psycho Shelby three) on
the same cards. It starts from the night's game (``state.carry``, given to
:meth:`HandState.start`): the pot under ``"pot"`` and each player's Shelby
markers under ``"shelbys_<seat>"`` (markers are not chips). After each round
``state.carry_out`` holds the game as it then stands, the same way; once
the hand is over it is what the next deal starts from. The deal ends after
the last round (everyone has anted again for the redeal) or at once with a
third Shelby (the pot is taken; the next deal starts a new game, pot 0).

No chip moves while players decide: each round is settled at its end by
:func:`engine.games.families.shelby.settle.settle_shelby_round`, the same code that settles a
physically dealt round, and each of its movements becomes a SETTLE event.
Holding is private until everyone has decided (the log says only that a player
decided) and the choices are revealed together. When several hold, the engine
compares their hands, as the holders do by passing them face down: the table
learns who won and who paid, never the cards, which stay in play.

Chips that the table code takes whole must always be there, so:

* With an ante above 1, a stack must cover every ante the deal may still ask
  for (a new game's, one a round if nobody holds, the redeal's), and a player
  may hold only if, after paying a lost round, the rest still does. With an
  ante of 1 a stack of 0 simply antes nothing (ruling 9).
* A player may hold only if their stack covers a loser's payment.
* If nobody holds and nobody has a chip left for the ante that asks for, the
  deal cannot go on: it ends unsettled (the cards are void, extra cards
  unpaid), the pot and markers carry on, and the players rebuy first.

Psycho Shelby's third round: before holding or dropping, each player with a 4
(clockwise from the dealer's left) may buy one extra card for each 4 held, at
the agreed price, paid to the pot when the round is settled; a 4 among the
extra cards buys another. Declining ends that player's buying.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from engine.cards import ALL_CARDS, FOUR
from engine.errors import IllegalActionError, OutOfTurnError, SettlementError, StackTooShortError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.families.shelby.settle import settle_shelby_round
from engine.games.families.shelby.state import (
    SHELBYS_TO_WIN,
    ShelbyOptions,
    ShelbyRoundSettlement,
    ShelbyState,
)
from engine.games.rules import Step
from engine.games.steps.actions import ActionArgs, Move, StepState
from engine.games.steps.declare import AlreadyDeclaredError, PotNotCoveredError
from engine.games.steps.settle_events import NO_SEAT, record_movements
from engine.hands.showdown import ShownCards

if TYPE_CHECKING:
    from engine.games.state import HandState

MARKS: Final = "shelbys_"
"""Prefix of the carry keys that count a seat's Shelby markers: ``shelbys_2``."""

# A deal that ends unsettled (nobody can ante) concerns no one player: its
# SETTLE event names no seat.


class NoExtraCardError(IllegalActionError):
    """Buying or declining an extra card when none is offered to that player."""


@dataclass(kw_only=True)
class ShelbyDealState(StepState):
    """The deal's rounds: the ``round`` under way, a loser's ``payment``, who
    ``may_hold``, each seat's choice (``held``: None until decided), Psycho Shelby's
    extra cards (``bought``, ``declined``), and the last ``outcome`` and each
    round's ``reasons``."""

    key = "shelby"
    round: int = 0
    payment: int = 0
    may_hold: list[bool] = field(default_factory=list)
    held: list[bool | None] = field(default_factory=list)
    bought: list[int] = field(default_factory=list)
    declined: list[bool] = field(default_factory=list)
    outcome: str | None = None
    reasons: list[list[str]] = field(default_factory=list)

    @classmethod
    def from_old_phase(cls, phase: Mapping[str, Any]) -> Self | None:
        if "shelby_reasons" not in phase:
            return None
        outcome = phase.get("shelby_outcome")
        return cls(
            round=int(phase.get("shelby_round", 0)),
            payment=int(phase.get("shelby_payment", 0)),
            may_hold=[bool(v) for v in phase.get("shelby_may_hold", [])],
            held=[None if v is None else bool(v) for v in phase.get("shelby_held", [])],
            bought=[int(n) for n in phase.get("shelby_bought", [])],
            declined=[bool(v) for v in phase.get("shelby_declined", [])],
            outcome=None if outcome is None else str(outcome),
            reasons=[[str(r) for r in round_] for round_ in phase["shelby_reasons"]],
        )


def carry_out(state: HandState) -> dict[str, int]:
    """The Shelby game as it stands (set up when the deal opened)."""
    carry = state.carry_out
    assert carry is not None  # the first round opened the deal
    return carry


@dataclass(frozen=True, kw_only=True)
class ShelbyHold(Step):
    """Round ``round`` of the deal: everyone holds or drops at once; then it is settled."""

    # Everyone is settled together at the end: a player leaves between hands.
    allows_forfeit: ClassVar[bool] = False

    options: ShelbyOptions
    round: int

    def begin(self, state: HandState) -> None:
        if self.round == 1:
            _open_deal(state, self.options)
        ante = self.options.ante
        n = state.seat_count
        pot = carry_out(state)["pot"]
        new_game = _new_game_antes(state, self.options, self.round)
        pot_at_start = pot + sum(new_game)
        limit = self.options.limit
        payment = pot_at_start if limit is None else min(pot_at_start, limit)
        spent = _extra_card_costs(state, self.options)
        # After a lost round: one ante for each later round nobody holds, and the redeal's.
        keep = _kept(ante, self.options.variant.rounds - self.round + 1)
        deal = state.kept(ShelbyDealState)
        deal.round = self.round
        deal.payment = payment
        deal.may_hold = [
            state.stacks[s] - new_game[s] - spent[s] >= payment + keep for s in range(n)
        ]
        deal.held = [None] * n

    def run(self, state: HandState) -> bool:
        if self.actor(state) is not None:
            return False
        _settle(state, self.options, self.round)
        return True

    def actor(self, state: HandState) -> int | None:
        held = state.kept(ShelbyDealState).held
        return next((s for s in state.order() if held[s] is None), None)

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        deal = state.kept(ShelbyDealState)
        hold = LegalAction(kind=ActionName.HOLD, chips=deal.payment)
        drop = LegalAction(kind=ActionName.DROP)
        return [hold, drop] if deal.may_hold[seat] else [drop]

    def also_waiting(self, state: HandState) -> list[int]:
        """Everyone still to decide may act, not only the actor: they decide at once."""
        held = state.kept(ShelbyDealState).held
        return [s for s in state.order() if held[s] is None]

    def moves(self) -> Mapping[ActionName, Move]:
        return {
            ActionName.HOLD: self._move("hold", staying=True),
            ActionName.DROP: self._move("drop", staying=False),
        }

    def _move(self, verb: str, *, staying: bool) -> Move:
        def verify(state: HandState, seat: int, args: ActionArgs) -> None:
            self.verify_hold(state, seat, staying=staying, verb=verb)

        def apply(state: HandState, seat: int, args: ActionArgs) -> Event:
            state.kept(ShelbyDealState).held[seat] = staying
            return state.record(EventKind.DECLARE, seat, text="declared", code="declared")

        return Move(verify, apply)

    def verify_hold(self, state: HandState, seat: int, *, staying: bool, verb: str) -> None:
        name = state.names[seat]
        deal = state.kept(ShelbyDealState)
        if deal.held[seat] is not None:
            raise AlreadyDeclaredError(
                f"{name} has already decided this round",
                code="decided_already",
                params={"name": name},
            )
        if staying and not deal.may_hold[seat]:
            keep = _kept(self.options.ante, self.options.variant.rounds - self.round + 1)
            kept = f" and keeps {keep} for the antes still to come" if keep else ""
            raise PotNotCoveredError(
                f"{name} cannot hold: a loser pays {deal.payment}{kept}, and {name} has "
                f"{state.stacks[seat]} — rebuy first",
                code="hold_beyond_stack_keep" if keep else "hold_beyond_stack",
                params={
                    "name": name,
                    "payment": deal.payment,
                    "keep": keep,
                    "stack": state.stacks[seat],
                },
            )


@dataclass(frozen=True, kw_only=True)
class ShelbyBuyCards(Step):
    """Psycho Shelby, before the last hold: a 4 lets its holder buy an extra card."""

    # Everyone is settled together at the end: a player leaves between hands.
    allows_forfeit: ClassVar[bool] = False

    options: ShelbyOptions

    def begin(self, state: HandState) -> None:
        n = state.seat_count
        deal = state.kept(ShelbyDealState)
        deal.bought = [0] * n
        deal.declined = [False] * n

    def run(self, state: HandState) -> bool:
        return self.actor(state) is None

    def actor(self, state: HandState) -> int | None:
        return next((s for s in state.order() if _offered(state, self.options, s)), None)

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        buy = LegalAction(kind=ActionName.BUY_CARD, chips=self.options.extra_card_price)
        return [buy, LegalAction(kind=ActionName.DECLINE_CARD)]

    def moves(self) -> Mapping[ActionName, Move]:
        return {
            ActionName.BUY_CARD: Move(self.verify_buy_card, self.buy_card),
            ActionName.DECLINE_CARD: Move(self.verify_decline_card, self.decline_card),
        }

    def _verify_offer(self, state: HandState, seat: int, verb: str) -> None:
        name = state.names[seat]
        if not _offered(state, self.options, seat):
            refuse_offer(verb)(state, seat)
        actor = self.actor(state)
        if actor != seat:
            assert actor is not None
            raise OutOfTurnError(
                f"{name} cannot {verb}: {state.names[actor]} decides first",
                code="act_decides_first",
                params={"name": name, "verb": verb, "actor": state.names[actor]},
            )

    def verify_buy_card(self, state: HandState, seat: int, args: ActionArgs) -> None:
        self._verify_offer(state, seat, "buy an extra card")

    def buy_card(self, state: HandState, seat: int, args: ActionArgs) -> Event:
        price = self.options.extra_card_price
        state.kept(ShelbyDealState).bought[seat] += 1
        # The chips move at the round's settlement, with the rest of the round.
        event = state.record(
            EventKind.BUY_CARD,
            seat,
            text=f"an extra card for a 4: {price} to the pot",
            code="extra_card_bought",
            params={"price": price},
        )
        card = int(state.deck.deal_one())
        state.cards[seat].append((card, False))
        state.record(EventKind.DEAL, seat, card=card)
        return event

    def verify_decline_card(self, state: HandState, seat: int, args: ActionArgs) -> None:
        self._verify_offer(state, seat, "decline an extra card")

    def decline_card(self, state: HandState, seat: int, args: ActionArgs) -> Event:
        state.kept(ShelbyDealState).declined[seat] = True
        return state.record(EventKind.DECLINE_CARD, seat)


def refuse_offer(verb: str) -> Callable[[HandState, int], None]:
    """Buying (or declining) an extra card that nobody offers ``seat``."""

    def refuse(state: HandState, seat: int) -> None:
        name = state.names[seat]
        raise NoExtraCardError(
            f"{name} cannot {verb}: only a 4 in Psycho Shelby's last round buys one, "
            f"and {name} is not offered one now",
            code="extra_card_not_offered",
            params={"name": name, "verb": verb},
        )

    return refuse


# ---------------------------------------------------------------------- the game's state


def shelby_state(state: HandState, round_number: int) -> ShelbyState:
    """The night's Shelby game as the Shelby settlement sees it, before this round is settled."""
    carry = carry_out(state)
    return ShelbyState(
        pot=int(carry["pot"]),
        round=round_number,
        stacks=dict(enumerate(state.stacks)),
        shelbys=marks_of(carry),
        dealer=state.dealer,
        names=dict(enumerate(state.names)),
    )


def marks_of(carry: Mapping[str, Any]) -> dict[int, int]:
    """Each seat's Shelby markers from a carry: ``{"shelbys_2": 1}`` -> ``{2: 1}``."""
    return {
        int(key.removeprefix(MARKS)): int(count)
        for key, count in carry.items()
        if key.startswith(MARKS) and int(count)
    }


def carry_of(*, pot: int, shelbys: Mapping[int, int]) -> dict[str, int]:
    """The carry the next round or deal starts from."""
    carry = {"pot": pot}
    carry.update({f"{MARKS}{seat}": count for seat, count in sorted(shelbys.items()) if count})
    return carry


def _open_deal(state: HandState, options: ShelbyOptions) -> None:
    """Read the carried game and refuse a deal whose antes a stack could not pay."""
    carry = state.carry or {}
    unknown = sorted(key for key in carry if key != "pot" and not key.startswith(MARKS))
    if unknown:
        raise SettlementError(
            f"a Shelby game carries its pot and Shelbys, not {unknown[0]!r}",
            code="saved_state_broken",
        )
    pot = int(carry.get("pot", 0))
    if pot < 0:
        raise SettlementError(
            f"the pot is {pot}: it cannot be negative", code="pot_negative", params={"amount": pot}
        )
    shelbys = marks_of(carry)
    for seat, count in shelbys.items():
        if not 0 <= seat < state.seat_count:
            raise SettlementError(
                f"seat {seat} has Shelbys but is not at the table", code="saved_state_broken"
            )
        if not 0 < count < SHELBYS_TO_WIN:
            raise SettlementError(
                f"{state.names[seat]} has {count} Shelbys: a game in play has 0 to "
                f"{SHELBYS_TO_WIN - 1} (a third ends it)",
                code="shelbys_in_play",
                params={"name": state.names[seat], "count": count, "most": SHELBYS_TO_WIN - 1},
            )
    state.carry_out = carry_of(pot=pot, shelbys=shelbys)
    state.kept(ShelbyDealState).reasons = []
    ante = options.ante
    antes = (1 if pot == 0 else 0) + options.variant.rounds + 1
    # A new game's ante is due whatever the ante (HandState.start already wants a chip).
    need = max(_kept(ante, antes), ante if pot == 0 else 0)
    for seat, stack in enumerate(state.stacks):
        if stack < need:
            raise StackTooShortError(
                f"{state.names[seat]} has {stack} chips but this deal may ask for "
                f"{need} in antes — rebuy first",
                code="antes_beyond_stack",
                params={"name": state.names[seat], "stack": stack, "need": need},
            )


def _kept(ante: int, antes: int) -> int:
    """What a stack must keep for ``antes`` antes still to come.

    An ante of 1 needs nothing kept: a stack of 0 antes nothing (ruling 9). A
    bigger ante would find a short stack between 0 and the ante, which the
    table cannot take, so the stack must cover them all.
    """
    return 0 if ante == 1 else ante * antes


def _new_game_antes(state: HandState, options: ShelbyOptions, round_number: int) -> list[int]:
    """The ante each player pays when round 1 of a new game (pot 0) is settled."""
    first = round_number == 1 and carry_out(state)["pot"] == 0
    return [options.ante if first and stack > 0 else 0 for stack in state.stacks]


def _extra_card_costs(state: HandState, options: ShelbyOptions) -> list[int]:
    bought = state.kept(ShelbyDealState).bought or [0] * state.seat_count
    return [n * options.extra_card_price for n in bought]


def _fours(state: HandState, seat: int) -> int:
    return sum(1 for card, _ in state.cards[seat] if ALL_CARDS[card].rank == FOUR)


def _offered(state: HandState, options: ShelbyOptions, seat: int) -> bool:
    """Whether ``seat`` may buy (or decline) an extra card now."""
    deal = state.kept(ShelbyDealState)
    if deal.declined[seat] or not len(state.deck):
        return False
    bought = deal.bought[seat]
    if _fours(state, seat) <= bought:
        return False
    price = options.extra_card_price
    left = state.stacks[seat] - (bought + 1) * price
    # This round's ante if nobody holds, and the redeal's.
    return left >= _kept(options.ante, 2)


# ---------------------------------------------------------------------- settling a round


def _settle(state: HandState, options: ShelbyOptions, round_number: int) -> None:
    """Reveal the choices, settle the round with the table's code and apply its result."""
    deal = state.kept(ShelbyDealState)
    held = deal.held
    holders = [s for s in state.order() if held[s]]
    for seat in state.order():
        choice = "held" if held[seat] else "dropped"
        state.record(EventKind.REVEAL, seat, text=choice, code=choice)
    last = round_number == options.variant.rounds
    if not holders and _nobody_can_ante(state, options, round_number):
        state.record(
            EventKind.SETTLE,
            NO_SEAT,
            text="nobody held and nobody has a chip left to ante: the deal ends, "
            "the pot and the Shelbys wait for the next deal — rebuy first",
            code="no_ante_deal_ends",
        )
        deal.reasons.append(["nobody can ante: the deal ends unsettled"])
        deal.outcome = "no_ante"
        _end(state)
        return
    bought = deal.bought if last else []
    extra = {s: n for s, n in enumerate(bought) if n}
    showdown = None
    if len(holders) >= 2:
        showdown = ShownCards(hands={s: [card for card, _ in state.cards[s]] for s in holders})
    before = shelby_state(state, round_number)
    result = settle_shelby_round(
        before, options, holders=holders, showdown=showdown, extra_cards=extra
    )
    _record(state, result)
    after = result.next_state
    state.stacks = [after.stacks[s] for s in range(state.seat_count)]
    state.carry_out = carry_of(pot=after.pot, shelbys=after.shelbys)
    deal.outcome = result.outcome.value
    deal.reasons.append(list(result.reasons))
    if result.game_over or last:
        _end(state)


def _nobody_can_ante(state: HandState, options: ShelbyOptions, round_number: int) -> bool:
    """Whether a round nobody held would ask an ante (or two) of a table with no chips."""
    ante = options.ante
    last = round_number == options.variant.rounds
    new_game = _new_game_antes(state, options, round_number)
    stacks = [stack - new for stack, new in zip(state.stacks, new_game, strict=True)]
    stacks = [
        stack - cost for stack, cost in zip(stacks, _extra_card_costs(state, options), strict=True)
    ]
    if not any(stacks):
        return True
    after = [stack - ante if stack > 0 else 0 for stack in stacks]
    return last and not any(after)


def _record(state: HandState, result: ShelbyRoundSettlement) -> None:
    record_movements(state, result.movements)
    seat = result.shelby_to
    if seat is not None:
        # A third Shelby starts a new game: the markers are gone from the next state.
        count = result.next_state.shelbys.get(seat, SHELBYS_TO_WIN)
        state.record(
            EventKind.SETTLE,
            seat,
            text=f"a Shelby for {state.names[seat]}: {count}",
            code="shelby_marker",
            params={"name": state.names[seat], "count": count},
        )


def _end(state: HandState) -> None:
    state.payouts = [0] * state.seat_count
    state.decision = None


__all__ = [
    "MARKS",
    "NoExtraCardError",
    "ShelbyBuyCards",
    "ShelbyDealState",
    "ShelbyHold",
    "carry_of",
    "carry_out",
    "marks_of",
    "refuse_offer",
    "shelby_state",
]
