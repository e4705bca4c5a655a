"""Every stud game of the rule sheets, by name, and their house options (rulings 11 and 16).

A game is built from its options by a small function; adding a Baseball
variant is one more call to :func:`_baseball_family` in :data:`_GAMES`.

>>> make_rules("baseball", {"pot_cap": "10"}).triggers[0]
PayPotOrFold(rank=1, cap=10, first_only=False)
>>> make_rules("football", {"pot_cap": 5})  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
engine.games.errors.GameOptionError: football has no option 'pot_cap'; its options: ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from engine.cards import FIVE, FOUR, QUEEN, SIX, SPADES, TEN, THREE, TWO, Card
from engine.games.errors import UnknownGameError
from engine.games.options import OptionSpec, read_options
from engine.games.rules import (
    STUD_STREETS,
    ExtraCard,
    GameRules,
    PayPotOrFold,
    Trigger,
    VoidDeal,
)
from engine.rankings import BASEBALL_WILD, STANDARD, HighRanking

_EXTRA_OPTIONS: Final = (
    OptionSpec(
        name="extra_face",
        kind="face",
        default="down",
        help="the extra card comes down or up (up: an extra card that triggers brings another)",
    ),
    OptionSpec(
        name="down_extras",
        kind="bool",
        default=False,
        help="a face-down trigger card also gives an extra card",
    ),
    OptionSpec(
        name="buy_walk",
        kind="bool",
        default=False,
        help="the extra card costs the limit's largest bet; declining keeps the player in",
    ),
)
_PAY_OPTIONS: Final = (
    OptionSpec(
        name="pay_or_fold", kind="bool", default=True, help="a face-up 3: pay the pot or fold"
    ),
    OptionSpec(
        name="first_three_only",
        kind="bool",
        default=False,
        help="only the first face-up 3 of the hand must be bought",
    ),
    OptionSpec(
        name="pot_cap",
        kind="count",
        default=None,
        help="the pot payment is at most this many chips",
    ),
)


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """A game's options and the function that builds its rules from their values."""

    options: tuple[OptionSpec, ...]
    build: Callable[[Mapping[str, object]], GameRules]


def _seven_card_stud(name: str) -> GameSpec:
    return GameSpec(
        options=(),
        build=lambda _: GameRules(
            name=name, streets=STUD_STREETS, ranking=STANDARD, min_players=2, max_players=7
        ),
    )


def _baseball_family(
    name: str,
    *,
    wild: frozenset[int],
    extra_rank: int,
    pay_rank: int | None = None,
    void: Card | None = None,
) -> GameSpec:
    """Seven-card stud with wild ranks, an extra card on ``extra_rank`` and, if
    ``pay_rank`` is given, pay the pot or fold on it."""

    def build(values: Mapping[str, object]) -> GameRules:
        triggers: list[Trigger] = []
        if pay_rank is not None and values["pay_or_fold"]:
            cap = values["pot_cap"]
            triggers.append(
                PayPotOrFold(
                    rank=pay_rank,
                    cap=cap if isinstance(cap, int) else None,
                    first_only=bool(values["first_three_only"]),
                )
            )
        triggers.append(
            ExtraCard(
                rank=extra_rank,
                when="any" if values["down_extras"] else "up",
                extra_face="up" if values["extra_face"] == "up" else "down",
                buy=bool(values["buy_walk"]),
            )
        )
        if void is not None:
            triggers.append(VoidDeal(card=void))
        return GameRules(
            name=name,
            streets=STUD_STREETS,
            ranking=HighRanking(wild=wild),
            triggers=tuple(triggers),
            min_players=3,
            max_players=6,
            options=tuple(sorted(values.items())),
        )

    options = _EXTRA_OPTIONS + (_PAY_OPTIONS if pay_rank is not None else ())
    return GameSpec(options=options, build=build)


_GAMES: Final[dict[str, GameSpec]] = {
    "seven-card-stud": _seven_card_stud("seven-card-stud"),
    "baseball": _baseball_family("baseball", wild=BASEBALL_WILD, extra_rank=FOUR, pay_rank=THREE),
    "football": _baseball_family("football", wild=frozenset({THREE, SIX}), extra_rank=TWO),
    "woolworth": _baseball_family("woolworth", wild=frozenset({FIVE, TEN}), extra_rank=TWO),
    "rainy-day-baseball": _baseball_family(
        "rainy-day-baseball",
        wild=BASEBALL_WILD,
        extra_rank=FOUR,
        pay_rank=THREE,
        void=Card(QUEEN, SPADES),
    ),
}


def make_rules(name: str, options: Mapping[str, object] | None = None) -> GameRules:
    """The rules of game ``name`` with the given house options (unknown ones are refused)."""
    spec = _GAMES.get(name)
    if spec is None:
        raise UnknownGameError(f"there is no game {name!r}; games: {', '.join(sorted(_GAMES))}")
    values = read_options(name, spec.options, options or {})
    return spec.build(values)


def game_options(name: str) -> tuple[OptionSpec, ...]:
    """The house options of game ``name``, for a form or ``--help``."""
    spec = _GAMES.get(name)
    if spec is None:
        raise UnknownGameError(f"there is no game {name!r}; games: {', '.join(sorted(_GAMES))}")
    return spec.options


GAMES: Final[dict[str, GameRules]] = {name: make_rules(name) for name in _GAMES}
