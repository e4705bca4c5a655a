"""The No Peek family (ruling 12): No Peek, No-Peek Baseball and Mexican Sweat; Night
Baseball, No-Peek Baseball's other name at some tables, is recorded only.

Seven cards face down each, nobody looks; then one :class:`~engine.games.steps.flip.Flip`
step runs the flips and the betting rounds they open.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.cards import FOUR, THREE
from engine.games.entry import GameEntry, Recording
from engine.games.options import OptionSpec
from engine.games.rules import ExtraCard, GameRules, PayPotOrFold, Step, Trigger
from engine.games.steps.flip import Flip, MiddleCard, Pile
from engine.hands.rankings import BASEBALL_WILD, STANDARD, HighRanking
from engine.hands.size import HandSize

# Seven cards each, face down, one at a time clockwise from the dealer's left.
_PILE: Final = Pile()

_BACK_BETTING: Final = OptionSpec(
    name="back_betting",
    kind="bool",
    default=False,
    help="a player who flips everything without beating the table still brings a "
    "betting round, opened by the best hand showing",
    rule="RULINGS 12",
)
_START_CARD: Final = OptionSpec(
    name="start_card",
    kind="bool",
    default=False,
    help="the dealer turns a card up in the middle; the first player must beat it first",
    rule="RULINGS 12",
)
_START_DECK: Final = OptionSpec(
    name="start_card_deck",
    kind="choice",
    default="same",
    choices=("same", "second"),
    help="with start_card, the start card comes from the game's deck or from a second "
    'deck (the English sheet: "a card from a second deck")',
    rule="stud-home-variants.en.txt",
)


_SEVEN: Final = HandSize(dealt=7)
_WALK_4: Final = HandSize(dealt=7, walk_ranks=frozenset({FOUR}))
_BASEBALL: Final = HighRanking(wild=BASEBALL_WILD)


def _no_peek(name: str, title: str, *, baseball: bool) -> GameEntry:
    """No Peek, or with ``baseball`` No-Peek Baseball (3s and 9s wild, a flipped 4 brings
    an extra face-down card) with its options."""

    def build(values: Mapping[str, object]) -> GameRules:
        extras = baseball and not values.get("simple", False)
        triggers: list[Trigger] = []
        if extras and values["pay_or_fold"]:
            triggers.append(PayPotOrFold(rank=THREE))
        if extras:
            triggers.append(ExtraCard(rank=FOUR, buy=bool(values["buy_walk"])))
        steps: tuple[Step, ...] = (_PILE,)
        if values["start_card"]:
            steps += (MiddleCard(second_deck=values["start_card_deck"] == "second"),)
        steps += (Flip(back_betting=bool(values["back_betting"])),)
        return GameRules(
            name=name,
            steps=steps,
            ranking=_BASEBALL if extras else STANDARD,
            triggers=tuple(triggers),
            # Six players at most with extra cards: 42 cards, four extras, a start card.
            min_players=3 if baseball else 2,
            max_players=6 if baseball else 7,
            peek=False,
            options=tuple(sorted(values.items())),
        )

    options: tuple[OptionSpec, ...] = (_BACK_BETTING, _START_CARD, _START_DECK)
    if baseball:
        options += (
            OptionSpec(
                name="pay_or_fold",
                kind="bool",
                default=False,
                help="a flipped 3: pay the pot or fold",
                rule="RULINGS 12",
            ),
            OptionSpec(
                name="buy_walk",
                kind="bool",
                default=False,
                help="the extra card for a flipped 4 costs the limit's largest bet; "
                "declining keeps the player in",
                rule="RULINGS 12",
            ),
            OptionSpec(
                name="simple",
                kind="bool",
                default=False,
                help="simple No Peek: no wild cards and no extra cards",
                rule="RULINGS 12",
            ),
        )
    return GameEntry(
        name=name,
        family="no-peek",
        title=title,
        rule="RULINGS 12",
        ranking=_BASEBALL if baseball else STANDARD,
        hand_size=_WALK_4 if baseball else _SEVEN,
        options=options,
        build=build,
        recording=Recording(family="stud", pays_pot=baseball),
    )


def _mexican_sweat(values: Mapping[str, object]) -> GameRules:
    return GameRules(
        name="mexican-sweat",
        steps=(
            _PILE,
            MiddleCard(),
            Flip(
                target_rank_folds=True,
                bet_after_fold=bool(values["bet_after_fold"]),
                back_betting=bool(values["back_betting"]),
            ),
        ),
        ranking=STANDARD,
        min_players=2,
        max_players=7,
        peek=False,
        options=tuple(sorted(values.items())),
    )


ENTRIES: Final[tuple[GameEntry, ...]] = (
    _no_peek("no-peek", "No Peek", baseball=False),
    _no_peek("no-peek-baseball", "No-Peek Baseball", baseball=True),
    GameEntry(
        name="night-baseball",
        family="no-peek",
        title="Night Baseball",
        rule="no-peek-baseball.de.txt",
        ranking=_BASEBALL,
        hand_size=_WALK_4,
        recording=Recording(family="stud", pays_pot=True),
    ),
    GameEntry(
        name="mexican-sweat",
        family="no-peek",
        title="Mexican Sweat",
        rule="RULINGS 12",
        ranking=STANDARD,
        hand_size=_SEVEN,
        recording=Recording(family="stud"),
        options=(
            OptionSpec(
                name="bet_after_fold",
                kind="bool",
                default=False,
                help="after a player folds to the middle card's rank, a betting round "
                "opened by the best hand showing",
                rule="RULINGS 12",
            ),
            _BACK_BETTING,
        ),
        build=_mexican_sweat,
    ),
)
