"""The seven-card stud family: seven-card stud and Baseball with its relatives (ruling 11).

Adding a Baseball variant is one more call to :func:`_baseball_family` in :data:`ENTRIES`
(and its title and rules card on the web).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.cards import FIVE, FOUR, QUEEN, SIX, SPADES, TEN, THREE, TWO, Card
from engine.games.entry import GameEntry, Recording
from engine.games.options import OptionSpec
from engine.games.rules import ExtraCard, GameRules, PayPotOrFold, Step, Trigger, VoidDeal
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
        name="buy_walk",
        kind="bool",
        default=False,
        help="the extra card costs the limit's largest bet; declining keeps the player in",
        rule="RULINGS 11",
    ),
)
_PAY_OPTIONS: Final = (
    OptionSpec(
        name="pay_or_fold",
        kind="bool",
        default=True,
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
)


_SEVEN: Final = HandSize(dealt=7)
_STUD_RECORDING: Final = Recording(family="stud")
_BASEBALL_RECORDING: Final = Recording(family="stud", pays_pot=True)


def _seven_card_stud(name: str) -> GameEntry:
    return GameEntry(
        name=name,
        family="stud",
        title="seven-card stud",
        rule="RULINGS 11",
        ranking=STANDARD,
        hand_size=_SEVEN,
        build=lambda _: GameRules(
            name=name, steps=STUD_STEPS, ranking=STANDARD, min_players=2, max_players=7
        ),
        recording=_STUD_RECORDING,
    )


def _baseball_family(
    name: str,
    title: str,
    *,
    wild: frozenset[int],
    extra_rank: int,
    pay_rank: int | None = None,
    void: Card | None = None,
) -> GameEntry:
    """Seven-card stud with wild ranks, an extra card on ``extra_rank`` and, if
    ``pay_rank`` is given, pay the pot or fold on it (ruling 11)."""
    ranking = HighRanking(wild=wild)

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
        options=_EXTRA_OPTIONS + (_PAY_OPTIONS if pay_rank is not None else ()),
        build=build,
        recording=_BASEBALL_RECORDING,
    )


ENTRIES: Final[tuple[GameEntry, ...]] = (
    _seven_card_stud("seven-card-stud"),
    _baseball_family("baseball", "Baseball", wild=BASEBALL_WILD, extra_rank=FOUR, pay_rank=THREE),
    _baseball_family("football", "Football", wild=frozenset({THREE, SIX}), extra_rank=TWO),
    _baseball_family("woolworth", "Woolworth", wild=frozenset({FIVE, TEN}), extra_rank=TWO),
    _baseball_family(
        "rainy-day-baseball",
        "Rainy Day Baseball",
        wild=BASEBALL_WILD,
        extra_rank=FOUR,
        pay_rank=THREE,
        void=Card(QUEEN, SPADES),
    ),
)
