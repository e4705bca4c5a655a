"""The JSON format of ``python -m engine settle`` for a Guts deal, in and out.

Players are named; their order in ``players`` is the seating, clockwise. The
answer repeats ``players``, ``pot``, ``reserve`` and ``dealer`` as they stand
after the deal, so the next deal's input is the answer plus ``in`` and
``showdown``. Input (the sheet's first example)::

    {
      "kind": "guts",
      "players": [{"name": "Anna", "stack": 50}, {"name": "Ben", "stack": 50},
                  {"name": "Carla", "stack": 50}, {"name": "Dan", "stack": 50},
                  {"name": "Eva", "stack": 50}],
      "dealer": "Eva",
      "pot": 10,
      "reserve": 0,
      "options": {"limit": 100, "ante": 1},
      "in": ["Anna", "Ben", "Carla"],
      "showdown": {"cards": {"Anna": "7s 7h", "Ben": "As Kd", "Carla": "3c 3d"}}
    }

``showdown`` is either ``{"cards": {name: "7s 7h", ...}}`` (German letters and
suit symbols work too) or the host's ranking, best first, ties in one list:
``{"ranking": ["Anna", ["Ben", "Carla"]]}``. It may be left out when nobody or
one player was in. With the ghost hand option the ghost hand is named
``"ghost"`` (``"cards": {"ghost": "Kd 2c", ...}``). ``options`` (all optional):
``limit`` (number or null), ``ante`` (1), ``declare`` (``"at_once"``, ``"drop"``,
``"in_turn"``), ``one_loser_pays``, ``no_split``, ``ghost_hand``,
``three_cards``, ``straight_flush_over_trips``, ``flush_over_straight``,
``ante_when_nobody_in`` (true). Answer::

    {
      "kind": "guts", "outcome": "won",
      "showdown": [["Anna"], ["Carla"], ["Ben"]],
      "antes": {}, "takes": {"Anna": 10}, "pays": {"Ben": 10, "Carla": 10},
      "net": {"Anna": 10, "Ben": -10, "Carla": -10, "Dan": 0, "Eva": 0},
      "pot": 20, "reserve": 0, "dealer": "Anna",
      "players": [{"name": "Anna", "stack": 60}, {"name": "Ben", "stack": 40}, ...],
      "movements": [{"from": "guts_pot", "to": "Anna", "amount": 10,
                     "reason": "takes the pot: the best hand"}, ...],
      "reasons": ["hands shown: Anna: pair of sevens; Carla: pair of threes; Ben: high card, ace",
                  "Anna has the best hand and takes the pot of 10",
                  "Ben and Carla pay the pot, each 10", "the next pot is 20"]
    }

``outcome`` is one of ``nobody_in``, ``alone``, ``dealer_by_default``, ``won``,
``split``, ``tie_no_split``, ``ghost_won``. Movements name a player, or the
accounts ``guts_pot`` and ``guts_reserve``. Bad input raises a
:class:`~engine.errors.SettlementError` (or a card error) naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import parse_cards
from engine.chips.movements import Movement
from engine.chips.seats import Seat
from engine.errors import SettlementError, UnknownPlayerError
from engine.games.families.guts.options import Declare, GutsOptions
from engine.games.families.guts.settle import settle_guts_deal
from engine.games.families.guts.showdown import (
    GHOST,
)
from engine.games.families.guts.table import GutsSettlement, GutsTable
from engine.hands.showdown import HostRanking, Showdown, ShownCards
from engine.text import join_names

GHOST_NAME = "ghost"

_GUTS_KEYS = frozenset({"kind", "players", "dealer", "pot", "reserve", "options", "in", "showdown"})
_GUTS_OPTION_FIELDS = frozenset(
    {
        "limit",
        "ante",
        "declare",
        "one_loser_pays",
        "no_split",
        "ghost_hand",
        "three_cards",
        "straight_flush_over_trips",
        "flush_over_straight",
        "ante_when_nobody_in",
    }
)


@dataclass(frozen=True, kw_only=True)
class GutsRequest:
    """A Guts deal read from JSON, ready for :func:`.settle.settle_guts_deal`."""

    table: GutsTable
    options: GutsOptions
    in_players: tuple[Seat, ...]
    showdown: Showdown | None


class Roster:
    """Names to seats and back: the order of ``players`` is the seating."""

    def __init__(self, names: Sequence[str], *, ghost: bool = False) -> None:
        self.names = tuple(names)
        self.ghost = ghost
        self._seats = {name: seat for seat, name in enumerate(names)}

    def seat(self, name: Any, *, what: str) -> Seat:
        """The seat of ``name``; ``what`` says where it appeared, for the message."""
        if self.ghost and name == GHOST_NAME:
            return GHOST
        if not isinstance(name, str):
            raise SettlementError(f"{what}: {name!r} is not a player's name")
        if name not in self._seats:
            raise UnknownPlayerError(
                f"{what}: {name} is not at the table (the players are {join_names(self.names)})"
            )
        return self._seats[name]

    def name(self, account: Seat | str) -> str:
        if account == GHOST:
            return GHOST_NAME
        return self.names[account] if isinstance(account, int) else account

    def by_name(self, amounts: Mapping[Seat, int]) -> dict[str, int]:
        """Amounts by player name, in seating order."""
        return {self.name(seat): amounts[seat] for seat in sorted(amounts)}

    def groups(self, groups: Sequence[Sequence[Seat]]) -> list[list[str]]:
        return [[self.name(seat) for seat in group] for group in groups]

    def movements(self, movements: Sequence[Movement]) -> list[dict[str, Any]]:
        return [
            {
                "from": self.name(m.source),
                "to": self.name(m.target),
                "amount": m.amount,
                "reason": m.reason,
            }
            for m in movements
        ]


def read_guts_request(data: Mapping[str, Any]) -> GutsRequest:
    """Read a Guts deal from its JSON form (see the module docstring)."""
    data = mapping(data, what="a Guts deal")
    check_keys(data, allowed=_GUTS_KEYS, what="a Guts deal")
    options = read_guts_options(data.get("options", {}))
    players = read_players(data.get("players"), extra=())
    roster = Roster([p["name"] for p in players], ghost=options.ghost_hand)
    if options.ghost_hand and GHOST_NAME in roster.names:
        raise SettlementError(
            f'a player is called "{GHOST_NAME}", the name of the ghost hand: rename the player'
        )
    table = GutsTable(
        pot=integer(data.get("pot", 0), what="pot"),
        reserve=integer(data.get("reserve", 0), what="reserve"),
        stacks={seat: p["stack"] for seat, p in enumerate(players)},
        dealer=roster.seat(required(data, "dealer", what="a Guts deal"), what="dealer"),
        names=dict(enumerate(roster.names)),
    )
    declared = data.get("in", [])
    if not isinstance(declared, list):
        raise SettlementError('"in" must be a list of the names of the players who were in')
    in_players = tuple(roster.seat(name, what='"in"') for name in declared)
    if GHOST in in_players:
        raise SettlementError('"in" lists the ghost hand: it is always in, list only players')
    showdown = read_showdown(data.get("showdown"), roster=roster)
    return GutsRequest(table=table, options=options, in_players=in_players, showdown=showdown)


def guts_settlement_to_json(settlement: GutsSettlement, *, table: GutsTable) -> dict[str, Any]:
    """The answer for one settled deal (see the module docstring)."""
    roster = Roster([table.names[seat] for seat in sorted(table.stacks)], ghost=True)
    after = settlement.next_table
    return {
        "kind": "guts",
        "outcome": settlement.outcome.value,
        "showdown": roster.groups(settlement.showdown),
        "antes": roster.by_name(settlement.antes),
        "takes": roster.by_name(settlement.takes),
        "pays": roster.by_name(settlement.pays),
        "net": roster.by_name(settlement.net),
        "pot": after.pot,
        "reserve": after.reserve,
        "dealer": roster.name(after.dealer),
        "players": [
            {"name": roster.name(seat), "stack": stack} for seat, stack in after.stacks.items()
        ],
        "movements": roster.movements(settlement.movements),
        "reasons": list(settlement.reasons),
    }


def read_guts_options(raw: Any) -> GutsOptions:
    raw = mapping(raw, what='"options"')
    check_keys(raw, allowed=_GUTS_OPTION_FIELDS, what='"options"')
    declare = raw.get("declare", Declare.AT_ONCE.value)
    try:
        declare_mode = Declare(declare)
    except ValueError:
        choices = ", ".join(f'"{d.value}"' for d in Declare)
        raise SettlementError(f'"declare" is {declare!r}: choose {choices}') from None
    limit = raw.get("limit")
    return GutsOptions(
        limit=None if limit is None else integer(limit, what="the limit"),
        ante=integer(raw.get("ante", 1), what="the ante"),
        declare=declare_mode,
        **{
            key: boolean(raw[key], what=key)
            for key in _GUTS_OPTION_FIELDS - {"limit", "ante", "declare"}
            if key in raw
        },
    )


def read_showdown(raw: Any, *, roster: Roster) -> Showdown | None:
    """``{"ranking": [...]}`` or ``{"cards": {...}}``; ``None`` when absent."""
    if raw is None:
        return None
    raw = mapping(raw, what='"showdown"')
    if set(raw) == {"ranking"}:
        entries = raw["ranking"]
        if not isinstance(entries, list):
            raise SettlementError('"ranking" must be a list of names, best first')
        groups = tuple(
            tuple(roster.seat(name, what='"ranking"') for name in entry)
            if isinstance(entry, list)
            else (roster.seat(entry, what='"ranking"'),)
            for entry in entries
        )
        return HostRanking(groups=groups)
    if set(raw) == {"cards"}:
        hands = mapping(raw["cards"], what='"cards"')
        return ShownCards(
            hands={
                roster.seat(name, what='"cards"'): tuple(parse_cards(hand))
                for name, hand in hands.items()
            }
        )
    raise SettlementError('"showdown" must be {"ranking": [...]} or {"cards": {...}}')


def read_players(raw: Any, *, extra: Sequence[str]) -> list[dict[str, Any]]:
    """``[{"name": "Anna", "stack": 50}, ...]``; ``extra`` names further whole-number fields."""
    if not isinstance(raw, list) or not raw:
        raise SettlementError('"players" must be a list like [{"name": "Anna", "stack": 50}]')
    players: list[dict[str, Any]] = []
    seen: set[str] = set()
    for entry in raw:
        entry = mapping(entry, what="a player")
        check_keys(entry, allowed=frozenset({"name", "stack", *extra}), what="a player")
        name = required(entry, "name", what="a player")
        if not isinstance(name, str) or not name.strip():
            raise SettlementError(f"a player's name must be some text, not {name!r}")
        if name in seen:
            raise SettlementError(f"two players are called {name}: give each a different name")
        seen.add(name)
        player = {"name": name, "stack": integer(required(entry, "stack", what=name), what=name)}
        for key in extra:
            player[key] = integer(entry.get(key, 0), what=f"{name}'s {key}")
        players.append(player)
    return players


def mapping(raw: Any, *, what: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise SettlementError(f"{what} must be a JSON object, not {type(raw).__name__}")
    return raw


def check_keys(raw: Mapping[str, Any], *, allowed: frozenset[str], what: str) -> None:
    # A typo such as "limt" would otherwise silently play without a limit.
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise SettlementError(
            f"{what} has unknown fields {', '.join(unknown)}: expected {', '.join(sorted(allowed))}"
        )


def required(raw: Mapping[str, Any], key: str, *, what: str) -> Any:
    if key not in raw:
        raise SettlementError(f'{what} needs "{key}"')
    return raw[key]


def integer(value: Any, *, what: str) -> int:
    """A whole number of chips; negative numbers are left to the engine's checks."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettlementError(f"{what} must be a whole number, not {value!r}")
    return value


def boolean(value: Any, *, what: str) -> bool:
    if not isinstance(value, bool):
        raise SettlementError(f"{what} must be true or false, not {value!r}")
    return value


def settle_guts_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """``python -m engine settle`` with ``"kind": "guts"``: the format above, in and out."""
    request = read_guts_request(data)
    settlement = settle_guts_deal(
        request.table,
        request.options,
        in_players=request.in_players,
        showdown=request.showdown,
    )
    return guts_settlement_to_json(settlement, table=request.table)
