"""The accounts of a night and who sits at its table, read under the night's lock."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from engine.chips.dealer import next_dealer
from gamenight.models import Account, AccountKind, Deal, DealStatus, Night, Player, Seat
from gamenight.services.errors import NotAtTableError
from gamenight.services.posting import lock_balances


def bank(night: Night) -> Account:
    account, _ = Account.objects.get_or_create(group_id=night.group_id, kind=AccountKind.BANK)
    return account


def stack(night: Night, player: Player) -> Account:
    account, _ = Account.objects.get_or_create(
        group_id=night.group_id, kind=AccountKind.STACK, night=night, player=player
    )
    return account


def night_pot(night: Night, kind: AccountKind) -> Account:
    account, _ = Account.objects.get_or_create(group_id=night.group_id, kind=kind, night=night)
    return account


def new_deal_pot(deal: Deal) -> Account:
    """The pot of a deal created in this transaction (it has none yet)."""
    return Account.objects.create(
        group_id=deal.night.group_id, kind=AccountKind.DEAL_POT, deal=deal
    )


def deal_pot(deal: Deal) -> Account:
    account, _ = Account.objects.get_or_create(
        group_id=deal.night.group_id, kind=AccountKind.DEAL_POT, deal=deal
    )
    return account


def group_players(night: Night, player_ids: Iterable[int]) -> list[Player]:
    """The players, in the order given; anyone not in the night's group is refused."""
    ids = list(player_ids)
    # A player merged into another is no one to seat (a stale form): refused the same way.
    found = {p.pk: p for p in Player.objects.people().filter(group_id=night.group_id, pk__in=ids)}
    for pid in ids:
        if pid not in found:
            # Another group's id (a forged or stale form): say nothing about it.
            raise NotAtTableError(
                gettext("one of the players is not in this group: reload the page and try again")
            )
    if len(set(ids)) != len(ids):
        raise NotAtTableError(gettext("a player is listed twice"))
    return [found[pid] for pid in ids]


def not_seated(night: Night, player_id: object) -> NotAtTableError:
    """The refusal for a player id not at the table: by name, as people know them.

    Only a player of the night's group is named: an id from elsewhere (a forged or
    mistyped form) says nothing about anyone, and no id is ever shown.
    """
    name = (
        Player.objects.filter(group_id=night.group_id, pk=player_id)
        .values_list("name", flat=True)
        .first()
        if isinstance(player_id, int) and not isinstance(player_id, bool) and player_id < 2**62
        else None
    )
    if name is None:
        return NotAtTableError(gettext("a player named here is not seated at this night's table"))
    return NotAtTableError(gettext("%(name)s is not seated at this night's table") % {"name": name})


@dataclass(frozen=True)
class TableSeat:
    seat: Seat
    account: Account
    stack: int

    @property
    def position(self) -> int:
        return self.seat.position

    @property
    def name(self) -> str:
        return self.seat.player.name


@dataclass(frozen=True)
class Table:
    """The seated players by position, each with a locked stack."""

    night: Night
    seats: tuple[TableSeat, ...]

    def by_player(self, player_id: int) -> TableSeat:
        for s in self.seats:
            if s.seat.player_id == player_id:
                return s
        raise not_seated(self.night, player_id)

    def positions(self, player_ids: Iterable[int]) -> list[int]:
        return [self.by_player(pid).position for pid in player_ids]

    def by_position(self, position: int) -> TableSeat:
        return next(s for s in self.seats if s.position == position)

    @property
    def stacks(self) -> dict[int, int]:
        return {s.position: s.stack for s in self.seats}

    @property
    def names(self) -> dict[int, str]:
        return {s.position: s.name for s in self.seats}

    @property
    def dealer_position(self) -> int:
        if self.night.dealer_id is None or not self.seats:
            raise NotAtTableError(gettext("nobody is seated: start the night first"))
        positions = sorted(s.position for s in self.seats)
        # The dealer is mostly at the table: no query for the seat then.
        at_table = (s.seat for s in self.seats if s.seat.pk == self.night.dealer_id)
        dealer = next(at_table, None) or self.night.dealer
        if dealer is None:
            return positions[0]
        if dealer.position in positions:
            return dealer.position
        # The dealer was the last to leave (nobody to pass the deal to): whoever
        # sat down since deals, starting from that empty seat's left.
        return next((p for p in positions if p > dealer.position), positions[0])


def seated_table(night: Night, *, extra: Sequence[Account] = ()) -> Table:
    """Lock the seated players' stacks (and ``extra`` accounts) and read them."""
    seats = list(Seat.objects.filter(night=night, seated=True).select_related("player"))
    # One query locks and reads the stacks already open (in id order: no
    # deadlocks); get_or_create only for a new arrival's, locked with the extras.
    opened = {
        a.player_id: a
        for a in Account.objects.select_for_update()
        .filter(night=night, kind=AccountKind.STACK, player_id__in=[s.player_id for s in seats])
        .order_by("pk")
    }
    balances = {a.pk: a.balance for a in opened.values()}
    accounts = [opened.get(s.player_id) or stack(night, s.player) for s in seats]
    balances |= lock_balances([a for a in [*accounts, *extra] if a.pk not in balances])
    return Table(
        night=night,
        seats=tuple(
            TableSeat(seat=s, account=a, stack=balances[a.pk])
            for s, a in zip(seats, accounts, strict=True)
        ),
    )


def pass_deal(
    night: Night, stacks_after: dict[int, int], dealer_position: int, *, seats: Iterable[Seat] = ()
) -> None:
    """The deal passes to the next seated player on the left who still has chips."""
    if not stacks_after:
        return
    set_dealer(night, next_dealer(stacks_after, dealer_position), seats=seats)


def set_dealer(night: Night, position: int, *, seats: Iterable[Seat] = ()) -> None:
    """``seats``: the seated seats already read, if any (no query for the new dealer's)."""
    known = (s for s in seats if s.position == position and s.seated)
    night.dealer = next(known, None) or Seat.objects.get(
        night=night, position=position, seated=True
    )
    night.save(update_fields=["dealer"])


def new_deal(
    night: Night,
    *,
    game: str,
    options: dict[str, object],
    dealer: Seat,
    status: DealStatus = DealStatus.OPEN,
) -> Deal:
    last = Deal.objects.filter(night=night).order_by("-number").first()
    return Deal.objects.create(
        night=night,
        number=(last.number + 1) if last else 1,
        game=game,
        options=options,
        dealer=dealer,
        status=status,
    )
