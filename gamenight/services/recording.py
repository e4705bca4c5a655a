"""Record a game played at the table: the engine settles it, the ledger books it.

Each function turns player ids into the engine's seats, lets the engine settle
the chips (never Django code), books every chip the engine moved as ledger legs
in one transaction, and passes the deal to the left.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from engine.chips.movements import GUTS_POT, GUTS_RESERVE, SHELBY_POT, Movement
from engine.games.families.guts.settle import GutsOptions, GutsTable, settle_guts_deal
from engine.games.families.shelby.settle import ShelbyOptions, ShelbyState, settle_shelby_round
from engine.games.families.shelby.state import ShelbyVariant
from engine.hands.showdown import Showdown
from engine.hands.size import buys_walks, house_options
from engine.table_hand import (
    PotPayment,
    TableAction,
    TableHand,
    TablePlayer,
    WalkPurchase,
    settle_table_hand,
)
from gamenight.engine_words.ledger import reason_words, said_words
from gamenight.games import games_of_family
from gamenight.models import (
    Account,
    AccountKind,
    Deal,
    DealStatus,
    Night,
    Transaction,
    TransactionKind,
)
from gamenight.models.deals import continuing
from gamenight.services.access import User
from gamenight.services.errors import LedgerError, StackTooShortError
from gamenight.services.hand_betting import recorded_ante
from gamenight.services.jack_games import JACK_GAME, with_group_list
from gamenight.services.posting import Draft, Leg, post
from gamenight.services.showdowns import showdown_payload, showdown_to_seats
from gamenight.services.table import (
    Table,
    TableSeat,
    new_deal,
    new_deal_pot,
    night_pot,
    pass_deal,
    seated_table,
    set_dealer,
)
from gamenight.services.table_version import check_table_version
from gamenight.tournaments.guards import refuse_games


@dataclasses.dataclass(frozen=True, kw_only=True)
class TableHandInput:
    """A physically dealt hand as :class:`engine.table_hand.TableHand`, keyed by player id.

    Every seated player with chips is in the hand: give each a ``put_in`` (0 for
    nothing), or give the betting ``rounds``. ``ante`` defaults to the night's.
    """

    game: str
    put_in: Mapping[int, int] | None = None
    rounds: tuple[tuple[TableAction, ...], ...] | None = None
    ante: int | None = None
    anted: frozenset[int] | None = None
    folded: frozenset[int] = frozenset()
    all_in: frozenset[int] = frozenset()
    pot_payments: tuple[PotPayment, ...] = ()
    walk_purchases: tuple[WalkPurchase, ...] = ()
    showdown: Showdown | None = None
    wild: frozenset[int] | None = None
    # Sequence high/low with declaration: high, low or both per player who shows.
    declarations: Mapping[int, str] = dataclasses.field(default_factory=dict)
    # Jack the Shifter: the game a jack switched the hand to (the group's list).
    switched_to: str | None = None

    def payload(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["showdown"] = showdown_payload(self.showdown)
        data["declarations"] = sorted(self.declarations.items())
        return data


def engine_table_hand(
    night: Night, table: Table, hand: TableHandInput
) -> tuple[TableHand, list[TableSeat]]:
    """The engine's description of a hand entered at the table, and the seats in it.

    The seats are the players with chips, in seat order; the dealer is the
    nearest of them. Recording and its preview both build the hand here, so
    what the host previews is what is booked.
    """
    in_hand = [s for s in table.seats if s.stack > 0]
    index = {s.seat.player_id: i for i, s in enumerate(in_hand)}

    def seat(player_id: int) -> int:
        if player_id not in index:
            table.by_player(player_id)  # raises for a player not seated
            raise_out_of_chips(table, player_id)
        return index[player_id]

    positions = [s.position for s in in_hand]
    dealer_index = _nearest_index(positions, table.dealer_position)
    options = night_game_options(night, hand.game)
    if hand.walk_purchases and not buys_walks(house_options(hand.game, options)):
        # The engine reads a recorded walk as the house buying walks; tonight's rules say no.
        raise LedgerError(
            gettext("Tonight's house rules do not sell the walk: nobody can buy one.")
        )
    return (
        TableHand(
            game=hand.game,
            dealer=dealer_index,
            players=tuple(TablePlayer(name=s.name, stack=s.stack) for s in in_hand),
            ante=recorded_ante(night, hand.game) if hand.ante is None else hand.ante,
            anted=None if hand.anted is None else frozenset(map(seat, hand.anted)),
            put_in=None
            if hand.put_in is None
            else {seat(p): chips for p, chips in hand.put_in.items()},
            rounds=None
            if hand.rounds is None
            else tuple(
                tuple(dataclasses.replace(a, seat=seat(a.seat)) for a in r) for r in hand.rounds
            ),
            folded=frozenset(map(seat, hand.folded)),
            all_in=frozenset(map(seat, hand.all_in)),
            pot_payments=tuple(
                dataclasses.replace(p, seat=seat(p.seat)) for p in hand.pot_payments
            ),
            walk_purchases=tuple(
                dataclasses.replace(w, seat=seat(w.seat)) for w in hand.walk_purchases
            ),
            showdown=showdown_to_seats(hand.showdown, seat),
            wild=hand.wild,
            options=options,
            declarations={seat(p): word for p, word in hand.declarations.items()},
            switched_to=hand.switched_to,
        ),
        in_hand,
    )


def night_game_options(night: Night, game: str) -> dict[str, object]:
    """The night's house options of ``game`` (as the digital games name them): they
    decide, for one, how many cards a hand dealt at the table holds. Jack the
    Shifter's list of games is the group's, narrowed by the night's options."""
    options = night.house_rules.options_of(game)
    return with_group_list(night.group, options) if game == JACK_GAME else options


def record_table_hand(
    *,
    night_id: int,
    by: User,
    key: str,
    hand: TableHandInput,
    table_version: str | None = None,
) -> Transaction:
    """Book a hand; ``table_version`` (from :func:`.table_version.table_version` at the
    preview) refuses it if the table changed since."""

    def build(night: Night) -> Draft:
        refuse_games(night)  # a tournament's hands move tournament chips, not the ledger's
        check_table_version(night, table_version)
        table = seated_table(night)
        engine_hand, in_hand = engine_table_hand(night, table, hand)
        dealer_position = table.dealer_position
        settled = settle_table_hand(engine_hand)
        # Booked at once: the deal is settled from the start, its pot new.
        deal = new_deal(
            night,
            game=hand.game,
            options={},
            dealer=table.by_position(dealer_position).seat,
            status=DealStatus.SETTLED,
        )
        pot = new_deal_pot(deal)
        paid: list[Leg] = []
        won: list[Leg] = []
        for result in settled.players:
            account = in_hand[result.seat].account
            for reason in result.reasons:
                low = reason.params.get("half") == "low"
                rated = (settled.low_values if low else settled.hand_values).get(result.seat)
                words = reason_words(reason, rated)
                legs = [Leg(account, reason.chips, reason.text, words), Leg(pot, -reason.chips, "")]
                (paid if reason.chips < 0 else won).extend(legs)
        _pass_deal(table, {s.position: s.stack for s in in_hand}, settled_net(settled))
        return Draft(
            kind=TransactionKind.TABLE_HAND,
            legs=paid + won,  # chips go into the pot before anyone takes them out
            deal=deal,
            summary=f"{hand.game}: pot of {settled.total}",
            locked={**{s.account.pk: s.stack for s in table.seats}, pot.pk: 0},
        )

    return post(
        night_id=night_id,
        by=by,
        key=key,
        kind=TransactionKind.TABLE_HAND,
        payload=hand.payload(),
        build=build,
    )


def record_guts_deal(
    *,
    night_id: int,
    by: User,
    key: str,
    in_players: Sequence[int],
    showdown: Showdown | None = None,
    options: GutsOptions | None = None,
    table_version: str | None = None,
) -> Transaction:
    def build(night: Night) -> Draft:
        refuse_games(night)  # a tournament's hands move tournament chips, not the ledger's
        check_table_version(night, table_version)
        pot, reserve = (
            night_pot(night, k) for k in (AccountKind.GUTS_POT, AccountKind.GUTS_RESERVE)
        )
        table = seated_table(night, extra=[pot, reserve])
        balances = {a.pk: a.balance for a in Account.objects.filter(pk__in=[pot.pk, reserve.pk])}
        chosen = options or _guts_options(night)
        settled = settle_guts_deal(
            GutsTable(
                pot=balances[pot.pk],
                reserve=balances[reserve.pk],
                stacks=table.stacks,
                dealer=table.dealer_position,
                names=table.names,
            ),
            chosen,
            in_players=table.positions(in_players),
            showdown=showdown_to_seats(showdown, lambda p: table.by_player(p).position),
        )
        accounts: dict[str | int, Account] = {GUTS_POT: pot, GUTS_RESERVE: reserve}
        deal = new_deal(
            night,
            # One name everywhere: a three-card deal is the catalogue's guts3.
            game="guts3" if chosen.three_cards else "guts",
            options=_options_json(chosen),
            dealer=table.by_position(table.dealer_position).seat,
        )
        deal.status = DealStatus.SETTLED
        deal.save(update_fields=["status"])
        set_dealer(night, settled.next_table.dealer)
        return Draft(
            kind=TransactionKind.GUTS_DEAL,
            legs=_movement_legs(settled.movements, table, accounts),
            deal=deal,
            summary="; ".join(settled.reasons),
            summary_words=said_words(settled.said),
        )

    # Who was in, whatever order the page listed them in (it lists from the
    # dealer's left, and a double tap read after the first one's deal moved on).
    payload = {
        "in": sorted(in_players),
        "showdown": showdown_payload(showdown),
        "options": None if options is None else _options_json(options),
    }
    return post(
        night_id=night_id,
        by=by,
        key=key,
        kind=TransactionKind.GUTS_DEAL,
        payload=payload,
        build=build,
    )


def record_shelby_round(
    *,
    night_id: int,
    by: User,
    key: str,
    holders: Sequence[int],
    showdown: Showdown | None = None,
    extra_cards: Mapping[int, int] | None = None,
    options: ShelbyOptions | None = None,
    table_version: str | None = None,
) -> Transaction:
    def build(night: Night) -> Draft:
        refuse_games(night)  # a tournament's hands move tournament chips, not the ledger's
        check_table_version(night, table_version)
        pot = night_pot(night, AccountKind.SHELBY_POT)
        table = seated_table(night, extra=[pot])
        pot_chips = Account.objects.values_list("balance", flat=True).get(pk=pot.pk)
        last = (
            Deal.objects.filter(
                night=night, game__in=games_of_family("shelby"), status=DealStatus.SETTLED
            )
            .order_by("-number")
            .first()
        )
        state = last.state_after if last else {}
        positions = {s.seat.player_id: s.position for s in table.seats}
        chosen = options or ShelbyOptions(ante=night.ante)
        settled = settle_shelby_round(
            ShelbyState(
                pot=pot_chips,
                round=int(state.get("round", 1)) if pot_chips else 1,
                stacks=table.stacks,
                shelbys={
                    positions[int(p)]: n
                    for p, n in state.get("shelbys", {}).items()
                    if int(p) in positions
                }
                if pot_chips
                else {},
                dealer=table.dealer_position,
                names=table.names,
            ),
            chosen,
            holders=table.positions(holders),
            showdown=showdown_to_seats(showdown, lambda p: table.by_player(p).position),
            extra_cards={table.by_player(p).position: n for p, n in (extra_cards or {}).items()},
        )
        after = settled.next_state
        deal = new_deal(
            night,
            game="psycho-shelby" if chosen.variant is ShelbyVariant.PSYCHO else "shelby",
            options=_options_json(chosen),
            dealer=table.by_position(table.dealer_position).seat,
        )
        deal.status = DealStatus.SETTLED
        deal.state_after = {
            "round": after.round,
            "shelbys": {
                str(table.by_position(s).seat.player_id): n for s, n in after.shelbys.items()
            },
            **continuing(pot_chips),
        }
        deal.save(update_fields=["status", "state_after"])
        set_dealer(night, after.dealer)  # the engine passes the deal when a game is over
        accounts: dict[str | int, Account] = {SHELBY_POT: pot}
        return Draft(
            kind=TransactionKind.SHELBY_ROUND,
            legs=_movement_legs(settled.movements, table, accounts),
            deal=deal,
            summary="; ".join(settled.reasons),
            summary_words=said_words(settled.said),
        )

    payload = {
        "holders": sorted(holders),
        "showdown": showdown_payload(showdown),
        "extra": sorted((extra_cards or {}).items()),
        "options": None if options is None else _options_json(options),
    }
    return post(
        night_id=night_id,
        by=by,
        key=key,
        kind=TransactionKind.SHELBY_ROUND,
        payload=payload,
        build=build,
    )


def raise_out_of_chips(table: Table, player_id: int) -> None:
    name = table.by_player(player_id).name
    raise StackTooShortError(gettext("%(name)s has no chips left: rebuy first") % {"name": name})


def settled_net(settled: Any) -> dict[int, int]:
    return {p.seat: p.net for p in settled.players}


def _pass_deal(table: Table, stacks: dict[int, int], net: dict[int, int]) -> None:
    positions = list(stacks)
    after = {pos: stacks[pos] + net.get(i, 0) for i, pos in enumerate(positions)}
    # Seated players without chips sat this hand out; they stay at the table.
    for s in table.seats:
        after.setdefault(s.position, s.stack)
    pass_deal(table.night, after, table.dealer_position, seats=[s.seat for s in table.seats])


def _nearest_index(positions: Sequence[int], dealer: int) -> int:
    """The dealer's index among the players in the hand, or the last one before the dealer's
    seat when the dealer sits out, so odd chips still go from the dealer's left."""
    before = [i for i, p in enumerate(positions) if p <= dealer]
    return before[-1] if before else len(positions) - 1


def _movement_legs(
    movements: Sequence[Movement], table: Table, accounts: dict[str | int, Account]
) -> list[Leg]:
    def account(name: str | int) -> Account:
        if isinstance(name, int):
            return table.by_position(name).account
        return accounts[name]

    legs: list[Leg] = []
    for m in movements:
        legs += [Leg(account(m.source), -m.amount, m.reason), Leg(account(m.target), m.amount, "")]
    return legs


def _guts_options(night: Night) -> GutsOptions:
    rules = night.house_rules
    return GutsOptions(ante=rules.ante, limit=rules.chips_option("guts", "limit"))


def _options_json(options: GutsOptions | ShelbyOptions) -> dict[str, Any]:
    return {
        k: (v.value if hasattr(v, "value") else v) for k, v in dataclasses.asdict(options).items()
    }
