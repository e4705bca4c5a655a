"""The seven-card stud family: seven-card stud and Baseball with its relatives (ruling 11).

Adding a Baseball variant is one more call to :func:`_baseball_family` in :data:`ENTRIES`
(and its title and rules card on the web).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.cards import FIVE, FOUR, QUEEN, SIX, SPADES, TEN, THREE, TWO, Card
from engine.games.entry import GameEntry, Recording
from engine.games.errors import GameOptionError
from engine.games.options import OptionSpec
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
from engine.hands.size import HandSize

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
        rule="RULINGS 11",
    ),
    OptionSpec(
        name="down_extras",
        kind="bool",
        default=False,
        help="a face-down trigger card also gives an extra card",
        rule="RULINGS 11",
    ),
    OptionSpec(
        name="down_claim",
        kind="choice",
        default="dealt",
        choices=CLAIMS,
        help="with down_extras, when a face-down trigger card is revealed for its extra "
        "card: as soon as it is dealt; in clockwise order before the next betting round; "
        "whenever its holder wishes (the English sheet's three ways)",
        rule="stud-home-variants.en.txt",
    ),
    OptionSpec(
        name="buy_walk",
        kind="bool",
        default=False,
        help="the extra card costs the limit's largest bet; declining keeps the player in",
        rule="RULINGS 11",
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
        rule="stud-home-variants.en.txt",
    ),
    OptionSpec(
        name="walk_price_up",
        kind="count",
        default=None,
        least=1,
        help="a face-up extra card costs this many chips instead (none: as face down)",
        rule="stud-home-variants.en.txt",
    ),
    OptionSpec(
        name="walk_price_per_street",
        kind="count",
        default=0,
        help="the walk costs this many chips more on each street after the first",
        rule="stud-home-variants.en.txt",
    ),
)


def _pay_options(*, pays: bool) -> tuple[OptionSpec, ...]:
    """Pay the pot or fold on a face-up 3: Baseball's own rule, and an option (off unless
    chosen) in Football and Woolworth, whose wild and extra-card ranks are merely
    "varied" from Baseball's (the English sheet)."""
    return (
        OptionSpec(
            name="pay_or_fold",
            kind="bool",
            default=pays,
            help="a face-up 3: pay the pot or fold",
            rule="RULINGS 11",
        ),
        OptionSpec(
            name="first_three_only",
            kind="bool",
            default=False,
            help="only the first face-up 3 of the hand must be bought",
            rule="RULINGS 11",
        ),
        OptionSpec(
            name="pot_cap",
            kind="count",
            default=None,
            help="the pot payment is at most this many chips",
            rule="RULINGS 11",
        ),
        OptionSpec(
            name="pay_fixed",
            kind="count",
            default=None,
            least=1,
            help="a fixed payment instead of the pot (none: pay the pot; the cap then "
            "does not apply; both sheets' variants)",
            rule="RULINGS 20",
            overrides="pot_cap",
        ),
    )


def _claim(value: object) -> Claim:
    for claim in CLAIMS:
        if value == claim:
            return claim
    raise GameOptionError(
        f"down_claim is one of {', '.join(CLAIMS)}, not {value!r}",
        code="option_choice",
        params={"option": "down_claim", "value": str(value)},
    )


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


_SEVEN: Final = HandSize(dealt=7)
_STUD_RECORDING: Final = Recording(family="stud")
_BASEBALL_RECORDING: Final = Recording(family="stud", pays_pot=True)


# Plain seven-card stud as casinos (and PokerKit) deal it: the lowest up card brings it
# in on third street; off, ruling 10 (the best showing hand opens) holds on every street.
_BRING_IN_OPTIONS: Final = (
    OptionSpec(
        name="bring_in",
        kind="bool",
        default=False,
        help="on third street the lowest up card (suits break ties, clubs lowest) must bring "
        "it in or complete to a full bet; later streets open with the best showing hand",
        rule="RULINGS 10",
    ),
    OptionSpec(
        name="bring_in_amount",
        kind="count",
        default=None,
        least=1,
        help="with bring_in, the bring-in in chips (none: half the smallest bet, rounded "
        "down, at least 1)",
        rule="RULINGS 10",
    ),
)


def _stud_steps(values: Mapping[str, object]) -> tuple[Step, ...]:
    if not values.get("bring_in"):
        return STUD_STEPS
    amount = values.get("bring_in_amount")
    third = Bet(bring_in=True, bring_in_amount=amount if isinstance(amount, int) else None)
    return (STUD_STEPS[0], third, *STUD_STEPS[2:])


def _seven_card_stud(name: str) -> GameEntry:
    return GameEntry(
        name=name,
        family="stud",
        title="seven-card stud",
        rule="RULINGS 11",
        ranking=STANDARD,
        hand_size=_SEVEN,
        options=_BRING_IN_OPTIONS,
        build=lambda values: GameRules(
            name=name,
            steps=_stud_steps(values),
            ranking=STANDARD,
            min_players=2,
            max_players=7,
            # Only when changed, so that a hand saved before the option reads as it was.
            options=tuple(sorted((k, v) for k, v in values.items() if v != _DEFAULTS[k])),
        ),
        recording=_STUD_RECORDING,
        jack_target=True,
    )


_DEFAULTS: Final = {spec.name: spec.default for spec in _BRING_IN_OPTIONS}


def _baseball_family(
    name: str,
    title: str,
    *,
    wild: frozenset[int],
    extra_rank: int,
    pays: bool = True,
    void: Card | None = None,
) -> GameEntry:
    """Seven-card stud with wild ranks, an extra card on ``extra_rank`` and pay the pot
    or fold on a face-up 3 (``pays``: on unless the house turns it off; ruling 11)."""
    ranking = HighRanking(wild=wild)

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
            ranking=ranking,
            triggers=tuple(triggers),
            min_players=3,
            max_players=6,
            options=tuple(sorted(values.items())),
        )

    return GameEntry(
        name=name,
        family="stud",
        title=title,
        rule="RULINGS 11",
        ranking=ranking,
        # Seven cards, and one more for each card of the walk rank that brought one.
        hand_size=HandSize(dealt=7, walk_ranks=frozenset({extra_rank})),
        options=_EXTRA_OPTIONS + _pay_options(pays=pays),
        build=build,
        recording=_BASEBALL_RECORDING,
        jack_target=True,
    )


ENTRIES: Final[tuple[GameEntry, ...]] = (
    _seven_card_stud("seven-card-stud"),
    _baseball_family("baseball", "Baseball", wild=BASEBALL_WILD, extra_rank=FOUR),
    _baseball_family(
        "football", "Football", wild=frozenset({THREE, SIX}), extra_rank=TWO, pays=False
    ),
    _baseball_family(
        "woolworth", "Woolworth", wild=frozenset({FIVE, TEN}), extra_rank=TWO, pays=False
    ),
    _baseball_family(
        "rainy-day-baseball",
        "Rainy Day Baseball",
        wild=BASEBALL_WILD,
        extra_rank=FOUR,
        void=Card(QUEEN, SPADES),
    ),
)
