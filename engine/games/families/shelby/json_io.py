"""The JSON format of ``python -m engine settle`` for a round of Shelby or Psycho Shelby.

Players are named; their order in ``players`` is the seating, clockwise. The
answer repeats ``players`` (with their Shelbys), ``pot``, ``round`` and
``dealer`` as they stand after the round, so the next round's input is the
answer plus ``hold`` and ``showdown``. A pot of 0 in round 1 starts a new game
(everyone antes before the deal). Input::

    {
      "kind": "shelby",
      "players": [{"name": "Anna", "stack": 40, "shelbys": 1},
                  {"name": "Ben", "stack": 40}, {"name": "Carla", "stack": 40}],
      "dealer": "Carla",
      "pot": 6,
      "round": 2,
      "options": {"variant": "shelby", "ante": 1, "limit": 5},
      "hold": ["Anna", "Ben"],
      "showdown": {"cards": {"Anna": "As Ad 4c", "Ben": "Kh Qh Jh"}}
    }

``showdown`` is ``{"cards": {name: "As Ad 4c", ...}}`` (as many cards as the
round holds) or the host's ranking, best first, ties in one list:
``{"ranking": ["Ben", "Anna"]}``; it is left out when fewer than two held.
``options`` (all optional): ``variant`` (``"shelby"`` or ``"psycho"``), ``ante``
(1), ``limit`` (Shelby's cap on a payment, number or null), ``extra_card_price``
(1), ``flushes_count`` (Psycho Shelby's round 2: a flush counts against a low
hand; false). ``extra_cards`` (Psycho Shelby, round 3): ``{"Anna": 1}``, the extra cards
each player bought for 4s. Answer::

    {
      "kind": "shelby", "variant": "shelby", "outcome": "won", "settled_round": 2,
      "showdown": [["Ben"], ["Anna"]],
      "antes": {}, "extra_cards": {}, "pays": {"Anna": 5}, "receives": {"Ben": 5},
      "takes": {}, "shelby": null, "game_over": false, "redeal": false,
      "net": {"Anna": -5, "Ben": 5, "Carla": 0},
      "pot": 6, "round": 3, "dealer": "Carla",
      "players": [{"name": "Anna", "stack": 35, "shelbys": 1},
                  {"name": "Ben", "stack": 45, "shelbys": 0}, ...],
      "movements": [{"from": "Anna", "to": "Ben", "amount": 5, "reason": "loses a round"}],
      "reasons": ["hands shown: Ben: straight flush, king high; Anna: pair of aces",
                  "Ben has the best hand: Anna pays 5 (the pot of 6 capped at the limit) "
                  "directly to Ben; the pot stays"]
    }

``outcome`` is one of ``nobody_held``, ``shelby``, ``third_shelby``, ``won``,
``split``; ``shelby`` names who got a Shelby marker. Movements name a player or
the account ``shelby_pot``. Bad input raises a
:class:`~engine.errors.SettlementError` (or a card error) naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.chips.seats import Seat
from engine.errors import SettlementError
from engine.games.families.guts.json_io import (
    Roster,
    boolean,
    check_keys,
    integer,
    mapping,
    read_players,
    read_showdown,
    required,
)
from engine.games.families.shelby.settle import settle_shelby_round
from engine.games.families.shelby.state import (
    ShelbyOptions,
    ShelbyRoundSettlement,
    ShelbyState,
    ShelbyVariant,
)
from engine.hands.showdown import Showdown

_SHELBY_KEYS = frozenset(
    {"kind", "players", "dealer", "pot", "round", "options", "hold", "showdown", "extra_cards"}
)
_SHELBY_OPTION_FIELDS = frozenset({"variant", "ante", "limit", "extra_card_price", "flushes_count"})


@dataclass(frozen=True, kw_only=True)
class ShelbyRequest:
    """A Shelby round read from JSON, ready for :func:`.settle.settle_shelby_round`."""

    state: ShelbyState
    options: ShelbyOptions
    holders: tuple[Seat, ...]
    showdown: Showdown | None
    extra_cards: dict[Seat, int]


def read_shelby_request(data: Mapping[str, Any]) -> ShelbyRequest:
    """Read a Shelby round from its JSON form (see the module docstring)."""
    data = mapping(data, what="a Shelby round")
    check_keys(data, allowed=_SHELBY_KEYS, what="a Shelby round")
    options = read_shelby_options(data.get("options", {}))
    players = read_players(data.get("players"), extra=("shelbys",))
    roster = Roster([p["name"] for p in players])
    state = ShelbyState(
        pot=integer(data.get("pot", 0), what="pot"),
        round=integer(data.get("round", 1), what="round"),
        stacks={seat: p["stack"] for seat, p in enumerate(players)},
        shelbys={seat: p["shelbys"] for seat, p in enumerate(players) if p["shelbys"]},
        dealer=roster.seat(required(data, "dealer", what="a Shelby round"), what="dealer"),
        names=dict(enumerate(roster.names)),
    )
    holding = data.get("hold", [])
    if not isinstance(holding, list):
        raise SettlementError('"hold" must be a list of the names of the players who held')
    extra = mapping(data.get("extra_cards", {}), what='"extra_cards"')
    return ShelbyRequest(
        state=state,
        options=options,
        holders=tuple(roster.seat(name, what='"hold"') for name in holding),
        showdown=read_showdown(data.get("showdown"), roster=roster),
        extra_cards={
            roster.seat(name, what='"extra_cards"'): integer(n, what=f"{name}'s extra cards")
            for name, n in extra.items()
        },
    )


def read_shelby_options(raw: Any) -> ShelbyOptions:
    raw = mapping(raw, what='"options"')
    check_keys(raw, allowed=_SHELBY_OPTION_FIELDS, what='"options"')
    variant = raw.get("variant", ShelbyVariant.SHELBY.value)
    try:
        chosen = ShelbyVariant(variant)
    except ValueError:
        raise SettlementError(f'"variant" is {variant!r}: choose "shelby" or "psycho"') from None
    limit = raw.get("limit")
    return ShelbyOptions(
        variant=chosen,
        ante=integer(raw.get("ante", 1), what="the ante"),
        limit=None if limit is None else integer(limit, what="the limit"),
        extra_card_price=integer(raw.get("extra_card_price", 1), what="the price of an extra card"),
        flushes_count=boolean(raw.get("flushes_count", False), what="flushes_count"),
    )


def shelby_settlement_to_json(
    settled: ShelbyRoundSettlement, *, state: ShelbyState, options: ShelbyOptions
) -> dict[str, Any]:
    """The answer for one settled round (see the module docstring)."""
    roster = Roster([state.names[seat] for seat in sorted(state.stacks)])
    after = settled.next_state
    return {
        "kind": "shelby",
        "variant": options.variant.value,
        "outcome": settled.outcome.value,
        "settled_round": settled.round,
        "showdown": roster.groups(settled.showdown),
        "antes": roster.by_name(settled.antes),
        "extra_cards": roster.by_name(settled.extra_cards),
        "pays": roster.by_name(settled.pays),
        "receives": roster.by_name(settled.receives),
        "takes": roster.by_name(settled.takes),
        "shelby": None if settled.shelby_to is None else roster.name(settled.shelby_to),
        "game_over": settled.game_over,
        "redeal": settled.redeal,
        "net": roster.by_name(settled.net),
        "pot": after.pot,
        "round": after.round,
        "dealer": roster.name(after.dealer),
        "players": [
            {"name": roster.name(seat), "stack": stack, "shelbys": after.shelbys.get(seat, 0)}
            for seat, stack in after.stacks.items()
        ],
        "movements": roster.movements(settled.movements),
        "reasons": list(settled.reasons),
    }


def settle_shelby_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """``python -m engine settle`` with ``"kind": "shelby"``: the format above, in and out."""
    request = read_shelby_request(data)
    settled = settle_shelby_round(
        request.state,
        request.options,
        holders=request.holders,
        showdown=request.showdown,
        extra_cards=request.extra_cards,
    )
    return shelby_settlement_to_json(settled, state=request.state, options=request.options)
