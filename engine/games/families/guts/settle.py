"""Guts: settle one deal from who was in and the showdown (ruling 14, every option).

The pot is empty: everyone antes. Two or more in: the best hand takes the pot,
every other player who was in pays the pot amount, and those payments make the
next pot. One in: they take the pot without showing. Nobody in: the pot stays
and everyone antes again. With a limit, chips for the next pot are the new
payments plus the reserve; the next pot is the smaller of that and the limit,
the rest waits in the reserve, so each pot won alone refills from the reserve.

The sheet's first example: pot 10, Anna (7-7), Ben (A-K) and Carla (3-3) in.

>>> from engine.hands.showdown import HostRanking
>>> table = GutsTable(pot=10, stacks={0: 50, 1: 50, 2: 50, 3: 50, 4: 50}, dealer=4,
...                   names={0: "Anna", 1: "Ben", 2: "Carla", 3: "Dan", 4: "Eva"})
>>> deal = settle_guts_deal(table, GutsOptions(), in_players=[0, 1, 2],
...                         showdown=HostRanking(groups=((0,), (1, 2))))
>>> deal.takes, deal.pays, deal.pot
({0: 10}, {1: 10, 2: 10}, 20)

:func:`engine.games.families.guts.json_io.settle_guts_json` reads the same from
``python -m engine settle`` (its JSON format is described there).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from engine.chips.dealer import left_of_dealer_order, next_dealer
from engine.chips.movements import GUTS_POT, GUTS_RESERVE, Ledger, split_chips
from engine.chips.seats import Seat, check_known, check_not_negative, check_seats, seat_name
from engine.errors import SettlementError, ShowdownMismatchError, StackTooShortError
from engine.games.families.guts.options import Declare, GutsOptions
from engine.games.families.guts.showdown import (
    GHOST,
    RankedShowdown,
    describe_hands,
    rank_showdown,
    showdown_name,
    shown_hands,
)
from engine.games.families.guts.table import GutsOutcome, GutsSettlement, GutsTable
from engine.hands.showdown import Showdown, ShowdownScores, scores_from_cards
from engine.text import Explanation, join_names

# Why everyone antes, as a code beside the English (a page words it in its language).
WHY_CODES: Final = {
    "everyone antes every deal (only one loser pays)": "every_deal",
    "the pot was empty": "pot_was_empty",
    "nobody was in": "nobody_was_in",
}

__all__ = [
    "GHOST",
    "Declare",
    "GutsOptions",
    "GutsOutcome",
    "GutsSettlement",
    "GutsTable",
    "declaration_order",
    "may_be_in",
    "pot_to_cover",
    "settle_guts_deal",
]


def declaration_order(table: GutsTable) -> tuple[Seat, ...]:
    """Who says in or out when declaring in turn: from the dealer's left, the dealer last.

    Players without chips are out for the night and do not declare.
    """
    return tuple(s for s in left_of_dealer_order(table.stacks, table.dealer) if table.stacks[s])


def pot_to_cover(table: GutsTable, options: GutsOptions) -> int:
    """The pot of this deal once any antes are in: a player's stack must cover it to be in."""
    _check_table(table, options)
    deal = _Deal(table, options)
    deal.open()
    return deal.pot


def may_be_in(table: GutsTable, options: GutsOptions) -> tuple[Seat, ...]:
    """Who may say in this deal: their stack, after any ante, covers the pot (ruling 14)."""
    _check_table(table, options)
    deal = _Deal(table, options)
    deal.open()
    return tuple(
        seat
        for seat in sorted(table.stacks)
        if deal.ledger.balance(seat) > 0 and deal.ledger.balance(seat) >= deal.pot
    )


def settle_guts_deal(
    table: GutsTable,
    options: GutsOptions,
    *,
    in_players: Iterable[Seat],
    showdown: Showdown | None = None,
) -> GutsSettlement:
    """Settle one deal: antes, who takes the pot, who pays it, the next pot and reserve.

    ``showdown`` ranks the players who were in (and the ghost hand, with that
    option); it is needed only when hands are compared.
    """
    _check_table(table, options)
    deal = _Deal(table, options)
    declared = check_known(
        in_players,
        stacks=table.stacks,
        names=table.names,
        doing="was in",
        among="the players who were in",
    )
    deal.open()
    entrants = set(declared) | ({GHOST} if options.ghost_hand else set())
    # A showdown given is checked even when no hands are compared, so that a
    # wrong entry is caught rather than silently ignored.
    ranked = (
        rank_showdown(
            showdown,
            entrants=entrants,
            names=table.names,
            check_hand=deal.check_hand,
            rate=deal.rate,
        )
        if showdown is not None
        else None
    )
    if options.declare is Declare.IN_TURN and not set(declared) - {table.dealer}:
        deal.dealer_takes_by_default()
    elif not declared:
        deal.nobody_in()
    else:
        deal.check_covers(declared)
        if len(declared) == 1 and not options.ghost_hand:
            deal.alone(declared[0])
        elif ranked is None:
            raise ShowdownMismatchError(
                f"{_names(table, entrants)} were in: the showdown is missing "
                "(a ranking or their cards)",
                code="guts_showdown_missing",
                params={"names": _name_list(table, entrants)},
            )
        else:
            deal.showdown(ranked)
    deal.refill_from_reserve()
    return deal.settlement()


def _check_table(table: GutsTable, options: GutsOptions) -> None:
    check_seats(stacks=table.stacks, dealer=table.dealer, names=table.names)
    check_not_negative(table.pot, what="the pot")
    check_not_negative(table.reserve, what="the reserve")
    if options.limit is not None and table.pot > options.limit:
        raise SettlementError(
            f"the pot is {table.pot} but the limit is {options.limit}: "
            "chips above the limit belong in the reserve",
            code="guts_pot_above_limit",
            params={"pot": table.pot, "limit": options.limit},
        )


def _names(table: GutsTable, seats: Iterable[Seat]) -> str:
    return join_names(list(_name_list(table, seats)))


def _name_list(table: GutsTable, seats: Iterable[Seat]) -> tuple[str, ...]:
    return tuple(showdown_name(table.names, s) for s in sorted(seats, key=_ghost_last))


def _ghost_last(seat: Seat) -> tuple[bool, Seat]:
    return (seat == GHOST, seat)


class _Deal:
    """One deal being settled: every chip moves through the ledger, with a reason."""

    def __init__(self, table: GutsTable, options: GutsOptions) -> None:
        self.table = table
        self.options = options
        self.ledger = Ledger(
            stacks=table.stacks, accounts={GUTS_POT: table.pot, GUTS_RESERVE: table.reserve}
        )
        self.explained = Explanation()
        self.reasons = self.explained.texts
        self.say = self.explained.say
        self.antes: dict[Seat, int] = {}
        self.takes: dict[Seat, int] = {}
        self.pays: dict[Seat, int] = {}
        self.outcome = GutsOutcome.NOBODY_IN
        self.groups: tuple[tuple[Seat, ...], ...] = ()
        self.order = left_of_dealer_order(table.stacks, table.dealer)

    def name(self, seat: Seat) -> str:
        return seat_name(self.table.names, seat)

    def names(self, seats: Iterable[Seat]) -> str:
        return _names(self.table, seats)

    @property
    def pot(self) -> int:
        return self.ledger.balance(GUTS_POT)

    def check_hand(self, seat: Seat, cards: Sequence[int]) -> None:
        wanted = self.options.cards_per_hand
        if len(cards) != wanted:
            name = showdown_name(self.table.names, seat)
            raise ShowdownMismatchError(
                f"{name} shows {len(cards)} cards: "
                f"{'three' if wanted == 3 else 'two'}-card Guts deals {wanted}",
                code="hand_size",
                params={
                    "name": name,
                    "count": len(cards),
                    "game": "guts3" if wanted == 3 else "guts",
                    "wanted": wanted,
                },
            )

    def rate(self, hands: Mapping[Seat, Sequence[int]]) -> ShowdownScores:
        return scores_from_cards(hands, ranking=self.options.ranking)

    def open(self) -> None:
        """Antes before the cards: when the pot is empty, or every deal if only one loser pays."""
        if self.table.pot and not self.options.one_loser_pays:
            return
        why = (
            "everyone antes every deal (only one loser pays)"
            if self.options.one_loser_pays
            else "the pot was empty"
        )
        self.antes_from_everyone(why=why, reason="ante")
        self.keep_pot_within_limit()

    def antes_from_everyone(self, *, why: str, reason: str) -> None:
        """Everyone with chips antes; a stack of 0 is out for the night (ruling 9)."""
        ante = self.options.ante
        payers = [seat for seat in self.order if self.ledger.balance(seat) > 0]
        if not payers:
            raise StackTooShortError(
                "nobody at the table has chips left to ante — rebuy first", code="nobody_can_ante"
            )
        for seat in payers:
            stack = self.ledger.balance(seat)
            if stack < ante:
                raise StackTooShortError(
                    f"{self.name(seat)} cannot ante: the ante is {ante} and "
                    f"{self.name(seat)} has {stack} — rebuy first",
                    code="ante_beyond_stack",
                    params={"name": self.name(seat), "ante": ante, "stack": stack},
                )
        for seat in payers:
            self.ledger.move(source=seat, target=GUTS_POT, amount=ante, reason=reason)
            self.antes[seat] = self.antes.get(seat, 0) + ante
        self.say(
            f"{self.names(payers)} ante {ante} each: {why}",
            "antes",
            names=_name_list(self.table, payers),
            ante=ante,
            why=WHY_CODES.get(why, why),
        )

    def keep_pot_within_limit(self) -> None:
        limit = self.options.limit
        if limit is not None and self.pot > limit:
            excess = self.pot - limit
            self.ledger.move(
                source=GUTS_POT, target=GUTS_RESERVE, amount=excess, reason="above the limit"
            )
            self.say(
                f"the pot is held at the limit of {limit}: {excess} go to the reserve",
                "held_at_limit",
                limit=limit,
                excess=excess,
            )

    def check_covers(self, declared: Sequence[Seat]) -> None:
        """Ruling 14: only a player whose stack covers the pot may be in."""
        for seat in declared:
            stack = self.ledger.balance(seat)
            if stack < self.pot:
                raise StackTooShortError(
                    f"{self.name(seat)} cannot be in: the pot is {self.pot} and "
                    f"{self.name(seat)} has {stack} — rebuy first",
                    code="in_beyond_stack",
                    params={"name": self.name(seat), "pot": self.pot, "stack": stack},
                )

    def take(self, seat: Seat, amount: int, *, reason: str) -> None:
        self.ledger.move(source=GUTS_POT, target=seat, amount=amount, reason=reason)
        self.takes[seat] = self.takes.get(seat, 0) + amount

    def dealer_takes_by_default(self) -> None:
        self.outcome = GutsOutcome.DEALER_BY_DEFAULT
        dealer = self.table.dealer
        pot = self.pot
        self.take(dealer, pot, reason="takes the pot: everyone before the dealer was out")
        self.say(
            f"everyone before the dealer was out: {self.name(dealer)}, the dealer, "
            f"takes the pot of {pot}",
            "dealer_takes",
            name=self.name(dealer),
            pot=pot,
        )

    def nobody_in(self) -> None:
        self.outcome = GutsOutcome.NOBODY_IN
        self.say(f"nobody was in: the pot of {self.pot} stays", "nobody_in", pot=self.pot)
        # With one loser pays, everyone antes at the start of every deal anyway;
        # a second ante here would charge the table twice for one empty deal.
        if self.options.ante_when_nobody_in and not self.options.one_loser_pays:
            self.antes_from_everyone(why="nobody was in", reason="ante again: nobody was in")

    def alone(self, seat: Seat) -> None:
        self.outcome = GutsOutcome.ALONE
        pot = self.pot
        self.take(seat, pot, reason="takes the pot: the only one in")
        self.say(
            f"only {self.name(seat)} was in: {self.name(seat)} takes the pot of {pot} "
            "without showing",
            "alone",
            name=self.name(seat),
            pot=pot,
        )

    def showdown(self, ranked: RankedShowdown) -> None:
        self.groups = ranked.groups
        groups = ranked.groups
        shown = describe_hands(ranked, names=self.table.names)
        if shown:
            self.say(
                f"hands shown: {shown}",
                "hands_shown",
                hands=shown_hands(ranked, names=self.table.names),
            )
        pot = self.pot
        best = [s for s in groups[0] if s != GHOST]
        if GHOST in groups[0]:
            self.outcome = GutsOutcome.GHOST_WON
            beaten = "ties the best hand" if best else "beats every hand"
            self.say(
                f"the ghost hand {beaten} in: nobody takes the pot of {pot}",
                "ghost_ties" if best else "ghost_beats",
                pot=pot,
            )
        elif len(best) > 1 and self.options.no_split:
            self.outcome = GutsOutcome.TIE_NO_SPLIT
            self.say(
                f"{self.names(best)} tie for the best hand and, with no split, "
                f"take and pay nothing: the pot of {pot} stays",
                "tie_no_split",
                names=_name_list(self.table, best),
                pot=pot,
            )
        elif len(best) > 1:
            self.outcome = GutsOutcome.SPLIT
            shares = split_chips(amount=pot, winners=best, order=self.order)
            for seat, share in shares.items():
                self.take(seat, share, reason="a share of the split pot")
            listing = ", ".join(f"{self.name(s)} {n}" for s, n in shares.items())
            self.say(
                f"{self.names(best)} tie for the best hand and split the pot of {pot}: {listing}",
                "split",
                names=_name_list(self.table, best),
                pot=pot,
                shares=[[self.name(s), n] for s, n in shares.items()],
            )
        else:
            self.outcome = GutsOutcome.WON
            self.take(best[0], pot, reason="takes the pot: the best hand")
            self.say(
                f"{self.name(best[0])} has the best hand and takes the pot of {pot}",
                "won",
                name=self.name(best[0]),
                pot=pot,
            )
        # A ghost hand that wins leaves every player in a loser, tied ones included.
        safe = set() if GHOST in groups[0] else set(best)
        self._losers_pay(pot=pot, losers=self._losers(groups, safe=safe))

    def _losers(self, groups: Sequence[Sequence[Seat]], *, safe: set[Seat]) -> list[Seat]:
        """Who pays the pot: every player in not among ``safe``, or only the weakest hand."""
        player_groups = [[s for s in group if s != GHOST] for group in groups]
        player_groups = [group for group in player_groups if group]
        if self.options.one_loser_pays:
            weakest = set(player_groups[-1]) - safe
            return [s for s in self.order if s in weakest]
        return [s for s in self.order if any(s in g for g in player_groups) and s not in safe]

    def _losers_pay(self, *, pot: int, losers: Sequence[Seat]) -> None:
        for seat in losers:
            self.ledger.move(source=seat, target=GUTS_POT, amount=pot, reason="pays the pot")
            self.pays[seat] = pot
        if not losers:
            return
        who = self.names(losers)
        several = len(losers) > 1
        if self.options.one_loser_pays:
            weakest = "tie for the weakest hand" if several else "has the weakest hand"
            self.say(
                f"{who} {weakest} and {'each pay' if several else 'pays'} {pot}",
                "weakest_pay" if several else "weakest_pays",
                names=_name_list(self.table, losers),
                pot=pot,
            )
        else:
            self.say(
                f"{who} {'pay the pot, each' if several else 'pays the pot,'} {pot}",
                "losers_pay" if several else "loser_pays",
                names=_name_list(self.table, losers),
                pot=pot,
            )

    def refill_from_reserve(self) -> None:
        """Ruling 14: the next pot is the smaller of (payments + reserve) and the limit."""
        limit = self.options.limit
        pot, reserve = self.pot, self.ledger.balance(GUTS_RESERVE)
        if limit is not None and pot > limit:
            self.ledger.move(
                source=GUTS_POT, target=GUTS_RESERVE, amount=pot - limit, reason="above the limit"
            )
            self.say(
                f"the next pot is the limit, {limit}; {pot - limit} go to the reserve, "
                f"which now holds {self.ledger.balance(GUTS_RESERVE)}",
                "next_pot_limit",
                limit=limit,
                excess=pot - limit,
                reserve=self.ledger.balance(GUTS_RESERVE),
            )
        elif reserve and (limit is None or pot < limit):
            amount = reserve if limit is None else min(reserve, limit - pot)
            self.ledger.move(
                source=GUTS_RESERVE,
                target=GUTS_POT,
                amount=amount,
                reason="refill from the reserve",
            )
            self.say(
                f"{amount} come from the reserve: the next pot is {self.pot}, "
                f"{self.ledger.balance(GUTS_RESERVE)} stay in the reserve",
                "from_reserve",
                amount=amount,
                pot=self.pot,
                reserve=self.ledger.balance(GUTS_RESERVE),
            )
        elif self.pot:
            self.say(f"the next pot is {self.pot}", "next_pot", pot=self.pot)
        else:
            self.say("the pot is empty: everyone antes next deal", "pot_empty_next")

    def settlement(self) -> GutsSettlement:
        stacks = self.ledger.stacks(self.table.stacks)
        next_table = GutsTable(
            pot=self.pot,
            reserve=self.ledger.balance(GUTS_RESERVE),
            stacks=stacks,
            dealer=next_dealer(stacks, self.table.dealer),
            names=self.table.names,
        )
        return GutsSettlement(
            outcome=self.outcome,
            showdown=self.groups,
            antes=self.antes,
            takes=self.takes,
            pays=self.pays,
            net={seat: stacks[seat] - self.table.stacks[seat] for seat in stacks},
            reasons=tuple(self.reasons),
            said=tuple(self.explained.said),
            movements=self.ledger.movements,
            next_table=next_table,
        )
