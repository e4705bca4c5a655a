"""The seven-card stud family: seven-card stud and Baseball with its relatives (ruling 11).

Adding a Baseball variant is one more call to :func:`_baseball_family` in :data:`SPECS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.cards import FIVE, FOUR, QUEEN, SIX, SPADES, TEN, THREE, TWO, Card
from engine.games.errors import GameOptionError
from engine.games.options import GameSpec, OptionSpec
from engine.games.rules import (
    CLAIMS,
    Claim,
    ExtraCard,
    GameRules,
    PayPotOrFold,
    Step,
    Trigger,
    VoidDeal,
)
from engine.games.steps.bet import Bet
from engine.games.steps.deal import Deal
from engine.hands.rankings import BASEBALL_WILD, STANDARD, HighRanking

# Two down and one up, three more up, one down; a betting round after each street.
STUD_STEPS: Final[tuple[Step, ...]] = (
    Deal(cards=("down", "down", "up")),
    Bet(),
    Deal(cards=("up",)),
    Bet(),
    Deal(cards=("up",)),
    Bet(),
    Deal(cards=("up",)),
    Bet(),
    Deal(cards=("down",)),
    Bet(),
)

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
        name="down_claim",
        kind="choice",
        default="dealt",
        choices=CLAIMS,
        help="with down_extras, when a face-down trigger card is revealed for its extra "
        "card: as soon as it is dealt; in clockwise order before the next betting round; "
        "whenever its holder wishes (the English sheet's three ways)",
    ),
    OptionSpec(
        name="buy_walk",
        kind="bool",
        default=False,
        help="the extra card costs the limit's largest bet; declining keeps the player in",
    ),
    # The English sheet: the price "may be a fixed amount paid to the pot or may vary
    # according to whether the extra card is face up or face down, and how late in
    # the game it is dealt". Any of these makes the walk bought.
    OptionSpec(
        name="walk_price",
        kind="count",
        default=None,
        least=1,
        help="the walk is bought for this many chips (a face-down extra card; none: the "
        "limit's largest bet)",
    ),
    OptionSpec(
        name="walk_price_up",
        kind="count",
        default=None,
        least=1,
        help="a face-up extra card costs this many chips instead (none: as face down)",
    ),
    OptionSpec(
        name="walk_price_per_street",
        kind="count",
        default=0,
        help="the walk costs this many chips more on each street after the first",
    ),
)


def _pay_options(*, pays: bool) -> tuple[OptionSpec, ...]:
    """Pay the pot or fold on a face-up 3: Baseball's own rule, and an option (off unless
    chosen) in Football and Woolworth, whose wild and extra-card ranks are merely
    "varied" from Baseball's (the English sheet)."""
    return (
        OptionSpec(
            name="pay_or_fold", kind="bool", default=pays, help="a face-up 3: pay the pot or fold"
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
        OptionSpec(
            name="pay_fixed",
            kind="count",
            default=None,
            least=1,
            help="a fixed payment instead of the pot (none: pay the pot; the cap then "
            "does not apply; both sheets' variants)",
        ),
    )


def _claim(value: object) -> Claim:
    for claim in CLAIMS:
        if value == claim:
            return claim
    raise GameOptionError(f"down_claim is one of {', '.join(CLAIMS)}, not {value!r}")


def _extra_card(rank: int, values: Mapping[str, object]) -> ExtraCard:
    price, price_up, per_street = (
        values["walk_price"],
        values["walk_price_up"],
        values["walk_price_per_street"],
    )
    priced = price is not None or price_up is not None or bool(per_street)
    return ExtraCard(
        rank=rank,
        when="any" if values["down_extras"] else "up",
        claim=_claim(values["down_claim"]),
        extra_face="up" if values["extra_face"] == "up" else "down",
        buy=bool(values["buy_walk"]) or priced,
        price=price if isinstance(price, int) else None,
        price_up=price_up if isinstance(price_up, int) else None,
        price_per_street=per_street if isinstance(per_street, int) else 0,
    )


def _seven_card_stud(name: str) -> GameSpec:
    return GameSpec(
        options=(),
        build=lambda _: GameRules(
            name=name, steps=STUD_STEPS, ranking=STANDARD, min_players=2, max_players=7
        ),
    )


def _baseball_family(
    name: str,
    *,
    wild: frozenset[int],
    extra_rank: int,
    pays: bool = True,
    void: Card | None = None,
) -> GameSpec:
    """Seven-card stud with wild ranks, an extra card on ``extra_rank`` and pay the pot
    or fold on a face-up 3 (``pays``: on unless the house turns it off)."""

    def build(values: Mapping[str, object]) -> GameRules:
        triggers: list[Trigger] = []
        if values["pay_or_fold"]:
            cap, fixed = values["pot_cap"], values["pay_fixed"]
            triggers.append(
                PayPotOrFold(
                    rank=THREE,
                    cap=cap if isinstance(cap, int) else None,
                    first_only=bool(values["first_three_only"]),
                    fixed=fixed if isinstance(fixed, int) else None,
                )
            )
        triggers.append(_extra_card(extra_rank, values))
        if void is not None:
            triggers.append(VoidDeal(card=void))
        return GameRules(
            name=name,
            steps=STUD_STEPS,
            ranking=HighRanking(wild=wild),
            triggers=tuple(triggers),
            min_players=3,
            max_players=6,
            options=tuple(sorted(values.items())),
        )

    return GameSpec(options=_EXTRA_OPTIONS + _pay_options(pays=pays), build=build)


SPECS: Final[dict[str, GameSpec]] = {
    "seven-card-stud": _seven_card_stud("seven-card-stud"),
    "baseball": _baseball_family("baseball", wild=BASEBALL_WILD, extra_rank=FOUR),
    "football": _baseball_family(
        "football", wild=frozenset({THREE, SIX}), extra_rank=TWO, pays=False
    ),
    "woolworth": _baseball_family(
        "woolworth", wild=frozenset({FIVE, TEN}), extra_rank=TWO, pays=False
    ),
    "rainy-day-baseball": _baseball_family(
        "rainy-day-baseball",
        wild=BASEBALL_WILD,
        extra_rank=FOUR,
        void=Card(QUEEN, SPADES),
    ),
}
