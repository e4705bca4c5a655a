"""One betting round as a state machine (ruling 7), PokerKit style.

Every action comes in three forms: ``verify_x(seat=...)`` raises a specific
:class:`~engine.errors.IllegalActionError` with a message for the table,
``can_x(...)`` answers yes or no, and ``x(...)`` applies the action and returns
the frozen :class:`BettingAction` it appended to :attr:`BettingRound.history`.

Rules the machine follows, beyond the obvious ones:

- The round ends when every player still in has matched the bet (or is all-in)
  and everyone who can act has had a turn since the last bet or raise.
- A player may fold only when facing a bet; with nothing to call they check.
- A raise is counted against the cap (default three a round, the opening bet not
  counted) only when it is a full raise.
- An all-in for less than a full raise does not reopen the betting: a player who
  already acted may then only call or fold (:func:`~engine.betting.limits.reopen_size`).
- Nobody may bet or raise when no opponent still in could put in another chip.
- With a ``bring_in`` (seven-card stud's third street, PokerKit's rules) the first
  player to act may not check: they post the bring-in or complete to a full bet.
  After a bring-in below a full bet, the next bet up is the completion, to a full
  bet; it is the round's opening bet, not a raise (it does not count to the cap).
- With blinds ``posted`` (Hold'em and Omaha, :mod:`engine.betting.blinds`) the round
  opens with them as bets; the big blind counts as the round's opening bet (a raise
  is at least it), and a blind acts when the turn comes round, with the right to
  raise a table that only called (the big blind's option).

>>> r = BettingRound.start(stacks=[20, 20, 20], opener=1, names=["Anna", "Ben", "Carla"])
>>> r.bet(seat=1, amount=3).kind
<ActionKind.BET: 'bet'>
>>> r.can_check(seat=2)
False
>>> r.verify_check(seat=2)
Traceback (most recent call last):
    ...
engine.errors.IllegalActionError: Carla cannot check: the bet is 3
>>> _ = r.call(seat=2); _ = r.fold(seat=0)
>>> r.is_over, r.contributions
(True, [0, 3, 3])
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.betting.actions import ActionKind, BettingAction
from engine.betting.limits import (
    DEFAULT_LIMIT,
    DEFAULT_RAISE_CAP,
    Limit,
    bet_sizes,
    raise_sizes,
    reopen_size,
)
from engine.betting.round_checks import check_round_start
from engine.betting.saved_round import round_from_dict, round_to_dict
from engine.betting.size_errors import raises_words, size_error
from engine.errors import (
    BetSizeError,
    IllegalActionError,
    OutOfTurnError,
    RaiseCapError,
)


@dataclass(kw_only=True)
class BettingRound:
    """The chips and turns of one betting round; serialisable with :meth:`to_dict`.

    ``stacks`` are the chips each player still has behind, ``put_in`` what they
    put in earlier in the hand (antes, earlier rounds, pot payments) and
    ``bets`` what they put in during this round. ``to_act`` lists the seats that
    still have to act, in turn order; the round is over when it is empty.
    """

    names: tuple[str, ...]
    stacks: list[int]
    put_in: list[int]
    bets: list[int]
    folded: list[bool]
    limit: Limit
    raise_cap: int | None
    opener: int
    to_act: list[int]
    largest_raise: int = 0
    raises: int = 0
    # The bring-in the round opens with (0: none); ``incomplete`` while the bet to
    # match is a bring-in below a full bet, so the next bet up completes it.
    bring_in: int = 0
    incomplete: bool = False
    history: list[BettingAction] = field(default_factory=list)
    # The bet to match, remembered between moves: legal-action listings ask
    # for it dozens of times a turn. Only :meth:`_move` changes ``bets``.
    _current_bet: int | None = field(default=None, init=False, repr=False, compare=False)

    # ------------------------------------------------------------------ set-up

    @classmethod
    def start(
        cls,
        *,
        stacks: Sequence[int],
        opener: int,
        limit: Limit = DEFAULT_LIMIT,
        raise_cap: int | None = DEFAULT_RAISE_CAP,
        put_in: Sequence[int] | None = None,
        folded: Collection[int] = (),
        names: Sequence[str] | None = None,
        bring_in: int = 0,
        posted: Sequence[int] | None = None,
        posted_bet: int = 0,
    ) -> BettingRound:
        """A new round. ``opener`` opens (ruling 10, see :mod:`engine.betting.opening`);
        if they cannot act (folded or all-in) the next player who can does, and then
        they owe the ``bring_in`` (if any), as in PokerKit.

        ``posted``: chips already bet in this round before anyone acts (the blinds,
        already out of ``stacks``); ``posted_bet`` the full bet they stand for (the
        big blind), the size a raise must reach to reopen the betting. Posting is no
        action: a blind still acts when the turn comes round (the big blind's option).
        """
        labels = check_round_start(
            stacks=stacks,
            opener=opener,
            raise_cap=raise_cap,
            put_in=put_in,
            folded=folded,
            names=names,
            bring_in=bring_in,
            posted=posted,
        )
        n = len(stacks)
        round_ = cls(
            names=labels,
            stacks=list(stacks),
            put_in=list(put_in) if put_in is not None else [0] * n,
            bets=list(posted) if posted is not None else [0] * n,
            folded=[seat in folded for seat in range(n)],
            limit=limit,
            raise_cap=raise_cap,
            opener=opener,
            to_act=[],
            largest_raise=posted_bet if posted is not None and any(posted) else 0,
            bring_in=bring_in,
        )
        round_.to_act = round_._first_to_act(opener)
        return round_

    def _first_to_act(self, opener: int) -> list[int]:
        """Who acts in the new round, from ``opener`` on: those who have chips and could
        lose some (a blind nobody can still call beyond has nothing to decide, as in
        PokerKit). One such player acts only if they owe a blind; with none, or when
        fewer than two players are still in, the round is over before it starts."""
        if len(self.live_seats) < 2:
            return []
        current = self.current_bet
        able = []
        for seat in self._clockwise(opener):
            if not self._can_put_in_chips(seat):
                continue
            others = max(
                (self.stacks[s] + self.bets[s] for s in self.live_seats if s != seat), default=0
            )
            if others > self.bets[seat]:
                able.append(seat)
        if len(able) == 1 and self.bets[able[0]] >= current:
            return []
        return able

    def next_round(self, *, opener: int, limit: Limit | None = None) -> BettingRound:
        """The following round of the same hand; this round's bets join ``put_in``."""
        if not self.is_over:
            raise IllegalActionError("the betting round is not over yet", code="round_not_over")
        return BettingRound.start(
            stacks=self.stacks,
            opener=opener,
            limit=limit if limit is not None else self.limit,
            raise_cap=self.raise_cap,
            put_in=self.contributions,
            folded=[s for s in range(self.seat_count) if self.folded[s]],
            names=self.names,
        )

    # ------------------------------------------------------------------ state

    @property
    def seat_count(self) -> int:
        return len(self.stacks)

    @property
    def actor(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the round is over."""
        return self.to_act[0] if self.to_act else None

    @property
    def is_over(self) -> bool:
        return not self.to_act

    @property
    def current_bet(self) -> int:
        """The bet to match in this round."""
        if self._current_bet is None:
            self._current_bet = max(self.bets)
        return self._current_bet

    @property
    def pot(self) -> int:
        """Every chip in the middle: earlier rounds and this round's bets."""
        return sum(self.put_in) + sum(self.bets)

    @property
    def contributions(self) -> list[int]:
        """What each seat has put in during the whole hand so far."""
        return [p + b for p, b in zip(self.put_in, self.bets, strict=True)]

    @property
    def live_seats(self) -> list[int]:
        """Seats still in the hand (not folded), all-in players included."""
        return [s for s in range(self.seat_count) if not self.folded[s]]

    @property
    def bring_in_due(self) -> bool:
        """The actor must post the bring-in or complete: nobody has acted yet."""
        return self.bring_in > 0 and not self.history and not self.is_over

    def is_all_in(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] == 0

    def owed(self, seat: int) -> int:
        """What ``seat`` must add to match the bet (before any all-in shortfall)."""
        return self.current_bet - self.bets[seat]

    # ------------------------------------------------------------------ check

    def verify_check(self, *, seat: int) -> None:
        name = self._verify_turn(seat, "check")
        if self.bring_in_due:
            raise IllegalActionError(
                f"{name} cannot check: {name} must bring it in for {self.bring_in} or bet",
                code="check_bring_in",
                params={"name": name, "amount": self.bring_in},
            )
        if self.owed(seat) > 0:
            has = f" and {name} has {self.bets[seat]} in it" if self.bets[seat] else ""
            raise IllegalActionError(
                f"{name} cannot check: the bet is {self.current_bet}{has}",
                code="check_bet_open_has" if self.bets[seat] else "check_bet_open",
                params={"name": name, "bet": self.current_bet, "has": self.bets[seat]},
            )

    def can_check(self, *, seat: int) -> bool:
        return _can(self.verify_check, seat=seat)

    def check(self, *, seat: int) -> BettingAction:
        self.verify_check(seat=seat)
        self.to_act.pop(0)
        return self._record(ActionKind.CHECK, seat, chips=0)

    # ------------------------------------------------------------------ call

    def verify_call(self, *, seat: int) -> int:
        """The chips a call would put in (less than owed when it is an all-in call)."""
        name = self._verify_turn(seat, "call")
        if self.owed(seat) == 0:
            raise IllegalActionError(
                f"{name} cannot call: there is no bet to call; check instead",
                code="call_no_bet",
                params={"name": name},
            )
        return min(self.stacks[seat], self.owed(seat))

    def can_call(self, *, seat: int) -> bool:
        return _can(self.verify_call, seat=seat)

    def call(self, *, seat: int) -> BettingAction:
        chips = self.verify_call(seat=seat)
        self._move(seat, chips)
        self.to_act.pop(0)
        return self._record(ActionKind.CALL, seat, chips=chips)

    # ------------------------------------------------------------------ fold

    def verify_fold(self, *, seat: int) -> None:
        name = self._verify_turn(seat, "fold")
        if self.bring_in_due:
            raise IllegalActionError(
                f"{name} cannot fold: {name} must bring it in for {self.bring_in} or bet",
                code="fold_bring_in",
                params={"name": name, "amount": self.bring_in},
            )
        if self.owed(seat) == 0:
            raise IllegalActionError(
                f"{name} cannot fold: there is no bet to call; check instead",
                code="fold_no_bet",
                params={"name": name},
            )

    def can_fold(self, *, seat: int) -> bool:
        return _can(self.verify_fold, seat=seat)

    def fold(self, *, seat: int) -> BettingAction:
        self.verify_fold(seat=seat)
        self.folded[seat] = True
        self.to_act.pop(0)
        if len(self.live_seats) <= 1:
            self.to_act.clear()
        return self._record(ActionKind.FOLD, seat, chips=0)

    def forfeit(self, *, seat: int) -> None:
        """``seat`` leaves the hand, in turn or not, owing or not: out of the round,
        their chips stay in the pot. Not an action of the round (nothing is recorded)."""
        if not 0 <= seat < self.seat_count:
            raise OutOfTurnError(
                f"there is no seat {seat} at this table", code="no_such_seat", params={"seat": seat}
            )
        self.folded[seat] = True
        self.to_act = [s for s in self.to_act if s != seat]
        if len(self.live_seats) <= 1:
            self.to_act.clear()

    # ------------------------------------------------------------------ bring-in

    def verify_post_bring_in(self, *, seat: int) -> int:
        """The chips the bring-in would take (all the stack when it is shorter)."""
        name = self._verify_turn(seat, "bring it in")
        if not self.bring_in_due:
            raise IllegalActionError(
                f"{name} cannot bring it in: only the first player of third street does",
                code="bring_in_not_due",
                params={"name": name},
            )
        return min(self.stacks[seat], self.bring_in)

    def can_post_bring_in(self, *, seat: int) -> bool:
        return _can(self.verify_post_bring_in, seat=seat)

    def post_bring_in(self, *, seat: int) -> BettingAction:
        chips = self.verify_post_bring_in(seat=seat)
        self._move(seat, chips)
        # Below a full bet, the next bet up completes it (PokerKit's completion).
        self.incomplete = chips < self.bet_sizes()[0]
        self.to_act = [s for s in self._clockwise(seat)[1:] if self._can_put_in_chips(s)]
        return self._record(ActionKind.BRING_IN, seat, chips=chips)

    # ------------------------------------------------------------------ bet

    def bet_sizes(self) -> tuple[int, int | None]:
        """Smallest and largest opening bet now (``None``: no largest), before stacks."""
        return bet_sizes(self.limit, pot=self.pot)

    def verify_bet(self, *, seat: int, amount: int) -> None:
        name = self._verify_turn(seat, "bet")
        if self.current_bet > 0:
            raise IllegalActionError(
                f"{name} cannot bet: the bet is already {self.current_bet}; raise instead",
                code="bet_already_open",
                params={"name": name, "bet": self.current_bet},
            )
        self._verify_aggression(seat, name, "bet")
        low, high = self.bet_sizes()
        self._verify_size(seat, name, "bet", amount=amount, chips=amount, low=low, high=high)

    def can_bet(self, *, seat: int, amount: int) -> bool:
        return _can(self.verify_bet, seat=seat, amount=amount)

    def bet(self, *, seat: int, amount: int) -> BettingAction:
        self.verify_bet(seat=seat, amount=amount)
        return self._aggress(seat, ActionKind.BET, chips=amount)

    # ------------------------------------------------------------------ raise

    def raise_sizes(self, seat: int) -> tuple[int, int | None]:
        """Smallest and largest raise (above the current bet) for ``seat``, before stacks."""
        owed = self.owed(seat)
        if self.incomplete:
            # Completing a bring-in: up to a full opening bet.
            low, high = self.bet_sizes()
            current = self.current_bet
            return max(1, low - current), None if high is None else max(1, high - current)
        return raise_sizes(
            self.limit, pot_after_call=self.pot + owed, largest_raise=self.largest_raise
        )

    def verify_raise_by(self, *, seat: int, amount: int) -> None:
        """Raise by ``amount`` chips above the current bet ("I raise 2")."""
        name = self._verify_turn(seat, "raise")
        if self.current_bet == 0:
            raise IllegalActionError(
                f"{name} cannot raise: nobody has bet; bet instead",
                code="raise_no_bet",
                params={"name": name},
            )
        self._verify_aggression(seat, name, "raise")
        low, high = self.raise_sizes(seat)
        chips = self.owed(seat) + amount
        self._verify_size(seat, name, "raise", amount=amount, chips=chips, low=low, high=high)

    def can_raise_by(self, *, seat: int, amount: int) -> bool:
        return _can(self.verify_raise_by, seat=seat, amount=amount)

    def raise_by(self, *, seat: int, amount: int) -> BettingAction:
        self.verify_raise_by(seat=seat, amount=amount)
        return self._aggress(seat, ActionKind.RAISE, chips=self.owed(seat) + amount)

    # ------------------------------------------------------------------ all-in

    def verify_all_in(self, *, seat: int) -> ActionKind:
        """What pushing the whole stack would be: a call, a bet or a raise (each verified)."""
        self._verify_turn(seat, "go all-in")
        chips = self.stacks[seat]
        if self.bring_in_due and chips <= self.bring_in:
            self.verify_post_bring_in(seat=seat)
            return ActionKind.BRING_IN
        if chips <= self.owed(seat):
            self.verify_call(seat=seat)
            return ActionKind.CALL
        if self.current_bet == 0:
            self.verify_bet(seat=seat, amount=chips)
            return ActionKind.BET
        self.verify_raise_by(seat=seat, amount=chips - self.owed(seat))
        return ActionKind.RAISE

    def can_all_in(self, *, seat: int) -> bool:
        return _can(self.verify_all_in, seat=seat)

    def all_in(self, *, seat: int) -> BettingAction:
        kind = self.verify_all_in(seat=seat)
        if kind is ActionKind.CALL:
            return self.call(seat=seat)
        if kind is ActionKind.BRING_IN:
            return self.post_bring_in(seat=seat)
        return self._aggress(seat, kind, chips=self.stacks[seat])

    # ------------------------------------------------------------------ JSON

    def to_dict(self) -> dict[str, Any]:
        return round_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BettingRound:
        return round_from_dict(cls, data)

    # ------------------------------------------------------------------ internals

    def _clockwise(self, start: int) -> list[int]:
        n = self.seat_count
        return [(start + i) % n for i in range(n)]

    def _acted(self, seat: int) -> bool:
        """Whether ``seat`` has acted in this round. Only a blind can face less than a
        full raise without having acted (what it owes is what it has not posted)."""
        return any(action.seat == seat for action in self.history)

    def _can_put_in_chips(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] > 0

    def _verify_turn(self, seat: int, verb: str) -> str:
        if not 0 <= seat < self.seat_count:
            raise OutOfTurnError(
                f"there is no seat {seat} at this table", code="no_such_seat", params={"seat": seat}
            )
        name = self.names[seat]
        params = {"name": name, "verb": verb}
        if self.folded[seat]:
            raise OutOfTurnError(
                f"{name} cannot {verb}: {name} has folded", code="act_folded", params=params
            )
        if self.stacks[seat] == 0:
            raise OutOfTurnError(
                f"{name} cannot {verb}: {name} is all-in", code="act_all_in", params=params
            )
        if self.actor is None:
            raise OutOfTurnError(
                f"{name} cannot {verb}: the betting round is over",
                code="act_round_over",
                params=params,
            )
        if self.actor != seat:
            actor = self.names[self.actor]
            raise OutOfTurnError(
                f"{name} cannot {verb}: it is {actor}'s turn",
                code="act_not_your_turn",
                params={**params, "actor": actor},
            )
        return name

    def _verify_aggression(self, seat: int, name: str, verb: str) -> None:
        """The checks shared by bets and raises, before the size is looked at."""
        owed = self.owed(seat)
        if verb == "raise":
            if self.raise_cap is not None and self.raises >= self.raise_cap:
                raise RaiseCapError(
                    f"{name} cannot raise: the round is capped at {raises_words(self.raise_cap)}",
                    code="raise_capped",
                    params={"name": name, "cap": self.raise_cap},
                )
            if owed < reopen_size(self.limit, largest_raise=self.largest_raise) and self._acted(
                seat
            ):
                raise IllegalActionError(
                    f"{name} cannot raise: the all-in since {name}'s last turn was less than "
                    "a full raise, which does not reopen the betting; call or fold",
                    code="raise_not_reopened",
                    params={"name": name},
                )
            if self.stacks[seat] <= owed:
                raise BetSizeError(
                    f"{name} cannot raise: {self.stacks[seat]} chips do not cover the call "
                    f"of {owed}; call all-in or fold",
                    code="raise_stack_short",
                    params={"name": name, "stack": self.stacks[seat], "owed": owed},
                )
        current = self.current_bet
        others = [
            s for s in self.live_seats if s != seat and self.stacks[s] + self.bets[s] > current
        ]
        if not others:
            raise IllegalActionError(
                f"{name} cannot {verb}: nobody else still in has chips to call it",
                code="bet_nobody_to_call",
                params={"name": name, "verb": verb},
            )

    def _verify_size(
        self,
        seat: int,
        name: str,
        verb: str,
        *,
        amount: int,
        chips: int,
        low: int,
        high: int | None,
    ) -> None:
        if amount < 1:
            raise BetSizeError(
                f"{name} cannot {verb} {amount}: it must be at least 1 chip",
                code="bet_below_one",
                params={"name": name, "verb": verb, "amount": amount},
            )
        stack = self.stacks[seat]
        if chips > stack:
            raise BetSizeError(
                f"{name} cannot {verb} {amount}: that takes {chips} chips and {name} has {stack}",
                code="bet_beyond_stack",
                params={
                    "name": name,
                    "verb": verb,
                    "amount": amount,
                    "chips": chips,
                    "stack": stack,
                },
            )
        # Going all-in is always allowed below the smallest size, never above the largest.
        all_in = chips == stack
        if (high is not None and amount > high) or (amount < low and not all_in):
            raise size_error(self.limit, name, verb, low, high, amount)

    def _move(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.bets[seat] += chips
        self._current_bet = None

    def _aggress(self, seat: int, kind: ActionKind, *, chips: int) -> BettingAction:
        before = self.current_bet
        full = self.bet_sizes()[0] if kind is ActionKind.BET else self.raise_sizes(seat)[0]
        completes = self.incomplete
        self.incomplete = False
        self._move(seat, chips)
        increase = self.bets[seat] - before
        if kind is ActionKind.RAISE and increase >= full and not completes:
            self.raises += 1
        self.largest_raise = max(self.largest_raise, increase)
        # Everyone else who can still put in chips must answer the new bet.
        self.to_act = [s for s in self._clockwise(seat)[1:] if self._can_put_in_chips(s)]
        return self._record(kind, seat, chips=chips)

    def _record(self, kind: ActionKind, seat: int, *, chips: int) -> BettingAction:
        action = BettingAction(
            kind=kind,
            seat=seat,
            chips=chips,
            bet=self.bets[seat],
            all_in=chips > 0 and self.stacks[seat] == 0,
        )
        self.history.append(action)
        return action


def _can(verify: Any, **kwargs: Any) -> bool:
    try:
        verify(**kwargs)
    except IllegalActionError:
        return False
    return True
