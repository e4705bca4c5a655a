"""What a recording would do, computed by the engine without writing anything.

The host sees every pot, side pot and player's net before confirming. Each
function reads the night as :mod:`.recording` does (the same seat mapping, the
same options), but with plain reads: no locks, no accounts created, no rows.
The numbers shown can only differ from the confirmed ones if someone else
records in between, and then the confirm settles against the new stacks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from engine.games.families.guts.settle import (
    GutsOptions,
    GutsSettlement,
    GutsTable,
    settle_guts_deal,
)
from engine.games.families.shelby.settle import (
    ShelbyOptions,
    ShelbyRoundSettlement,
    ShelbyState,
    settle_shelby_round,
)
from engine.hands.showdown import Showdown
from engine.table_hand import TableSettlement, settle_table_hand
from gamenight.games import games_of_family
from gamenight.models import Account, AccountKind, Deal, DealStatus, Night, NightStatus, Seat
from gamenight.services.access import User, night_for_recording
from gamenight.services.posting import not_open
from gamenight.services.recording import (
    TableHandInput,
    _guts_options,
    engine_table_hand,
)
from gamenight.services.showdowns import showdown_to_seats
from gamenight.services.table import Table, TableSeat


def read_table(night: Night) -> Table:
    """The seated players with their stacks, read without locking."""
    seats = list(Seat.objects.filter(night=night, seated=True).select_related("player"))
    accounts = {
        a.player_id: a
        for a in Account.objects.filter(
            night=night, kind=AccountKind.STACK, player_id__in=[s.player_id for s in seats]
        )
    }
    return Table(
        night=night,
        seats=tuple(
            TableSeat(
                seat=s,
                account=accounts.get(s.player_id) or Account(kind=AccountKind.STACK),
                stack=accounts[s.player_id].balance if s.player_id in accounts else 0,
            )
            for s in seats
        ),
    )


def night_pots(night: Night) -> dict[str, int]:
    """The chips in the night's Guts pot, Guts reserve and Shelby pot (0 if never used)."""
    found = dict(
        Account.objects.filter(
            night=night,
            kind__in=[AccountKind.GUTS_POT, AccountKind.GUTS_RESERVE, AccountKind.SHELBY_POT],
        ).values_list("kind", "balance")
    )
    return {
        kind: int(found.get(kind, 0))
        for kind in (AccountKind.GUTS_POT, AccountKind.GUTS_RESERVE, AccountKind.SHELBY_POT)
    }


def shelby_state(night: Night) -> dict[str, Any]:
    """The round and the markers (by player id) the next Shelby round starts from."""
    pot = night_pots(night)[AccountKind.SHELBY_POT]
    last = (
        Deal.objects.filter(
            night=night, game__in=games_of_family("shelby"), status=DealStatus.SETTLED
        )
        .order_by("-number")
        .first()
    )
    state = last.state_after if last and pot else {}
    return {
        "round": int(state.get("round", 1)),
        "shelbys": {int(p): int(n) for p, n in state.get("shelbys", {}).items()},
        "pot": pot,
    }


def _open_night(by: User, night_id: int) -> Night:
    night = night_for_recording(by, night_id)
    if night.status != NightStatus.RUNNING:
        raise not_open(night)
    return night


def preview_table_hand(*, night_id: int, by: User, hand: TableHandInput) -> TableSettlement:
    """The settlement :func:`~.recording.record_table_hand` would book."""
    night = _open_night(by, night_id)
    engine_hand, _ = engine_table_hand(night, read_table(night), hand)
    return settle_table_hand(engine_hand)


@dataclasses.dataclass(frozen=True)
class NightPotPreview:
    """A Guts or Shelby settlement, and the table's names by engine seat."""

    settlement: GutsSettlement | ShelbyRoundSettlement
    names: Mapping[int, str]


def preview_guts_deal(
    *,
    night_id: int,
    by: User,
    in_players: Sequence[int],
    showdown: Showdown | None = None,
    options: GutsOptions | None = None,
) -> NightPotPreview:
    """The settlement :func:`~.recording.record_guts_deal` would book."""
    night = _open_night(by, night_id)
    table = read_table(night)
    pots = night_pots(night)
    settled = settle_guts_deal(
        GutsTable(
            pot=pots[AccountKind.GUTS_POT],
            reserve=pots[AccountKind.GUTS_RESERVE],
            stacks=table.stacks,
            dealer=table.dealer_position,
            names=table.names,
        ),
        options or _guts_options(night),
        in_players=table.positions(in_players),
        showdown=showdown_to_seats(showdown, lambda p: table.by_player(p).position),
    )
    return NightPotPreview(settlement=settled, names=table.names)


def preview_shelby_round(
    *,
    night_id: int,
    by: User,
    holders: Sequence[int],
    showdown: Showdown | None = None,
    extra_cards: Mapping[int, int] | None = None,
    options: ShelbyOptions | None = None,
) -> NightPotPreview:
    """The settlement :func:`~.recording.record_shelby_round` would book."""
    night = _open_night(by, night_id)
    table = read_table(night)
    state = shelby_state(night)
    positions = {s.seat.player_id: s.position for s in table.seats}
    settled = settle_shelby_round(
        ShelbyState(
            pot=state["pot"],
            round=state["round"],
            stacks=table.stacks,
            shelbys={positions[p]: n for p, n in state["shelbys"].items() if p in positions},
            dealer=table.dealer_position,
            names=table.names,
        ),
        options or ShelbyOptions(ante=night.ante),
        holders=table.positions(holders),
        showdown=showdown_to_seats(showdown, lambda p: table.by_player(p).position),
        extra_cards={table.by_player(p).position: n for p, n in (extra_cards or {}).items()},
    )
    return NightPotPreview(settlement=settled, names=table.names)
