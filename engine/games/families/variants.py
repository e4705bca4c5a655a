"""The seven-card stud variants of the English page (ruling 16).

The Good, the Bad and the Ugly and Sequence are seven-card stud with steps
that look at the cards (:mod:`engine.games.steps.variants`); Second Hand High
is seven-card stud won by the second best hand; Jack the Shifter starts as
seven-card stud and a jack switches it to any game on the group's list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.games.entry import Builder, GameEntry, Recording
from engine.games.families import stud
from engine.games.families.sequence_hi_lo import sequence_entry
from engine.games.options import OptionSpec, read_options
from engine.games.rules import GameRules, Step, Winner
from engine.games.steps.bet import Bet
from engine.games.steps.deal import Deal
from engine.games.steps.variants import (
    DealTableCards,
    JackBet,
    LastJackOffer,
    TurnTableCard,
    WatchedDeal,
)
from engine.hands.rankings import STANDARD
from engine.hands.size import HandSize

# Seven-card stud with three table cards laid down after the first street and
# turned, one role each, after the 4th, 5th and 6th cards (before the betting).
GOOD_BAD_UGLY_STEPS: Final[tuple[Step, ...]] = (
    Deal(cards=("down", "down", "up")),
    DealTableCards(count=3),
    Bet(),
    WatchedDeal(cards=("up",), watch="ugly"),
    TurnTableCard(role="good"),
    Bet(),
    WatchedDeal(cards=("up",), watch="ugly"),
    TurnTableCard(role="bad"),
    Bet(),
    WatchedDeal(cards=("up",), watch="ugly"),
    TurnTableCard(role="ugly"),
    Bet(),
    WatchedDeal(cards=("down",), watch="ugly"),
    Bet(),
)

SEQUENCE_STEPS: Final[tuple[Step, ...]] = (
    WatchedDeal(cards=("down", "down", "up"), watch="sequence"),
    Bet(),
    WatchedDeal(cards=("up",), watch="sequence"),
    Bet(),
    WatchedDeal(cards=("up",), watch="sequence"),
    Bet(),
    WatchedDeal(cards=("up",), watch="sequence"),
    Bet(),
    WatchedDeal(cards=("down",), watch="sequence"),
    Bet(),
)

# Face-up jacks are offered the switch as they land, face-down ones may be shown
# on a betting turn and are asked for once more before the final round.
# After the 4th, 5th and 6th cards they turn the table cards of the Good, the Bad
# and the Ugly, should a jack have switched to it (the same step indices as before,
# so saved hands still load).
JACK_STEPS: Final[tuple[Step, ...]] = (
    WatchedDeal(cards=("down", "down", "up"), watch="jack"),
    JackBet(),
    WatchedDeal(cards=("up",), watch="jack", turn="good"),
    JackBet(),
    WatchedDeal(cards=("up",), watch="jack", turn="bad"),
    JackBet(),
    WatchedDeal(cards=("up",), watch="jack", turn="ugly"),
    JackBet(),
    WatchedDeal(cards=("down",), watch="jack"),
    LastJackOffer(),
    JackBet(last=True),
)

_SEVEN: Final = HandSize(dealt=7)
_RECORDING: Final = Recording(family="stud")


def _plain(
    name: str,
    title: str,
    steps: tuple[Step, ...],
    *,
    winner: Winner = "high",
    fewest: int | None = None,
) -> GameEntry:
    def build(_: Mapping[str, object]) -> GameRules:
        return GameRules(name=name, steps=steps, min_players=2, max_players=7, winner=winner)

    return GameEntry(
        name=name,
        family="variants",
        title=title,
        rule="RULINGS 16",
        ranking=STANDARD,
        hand_size=_SEVEN if fewest is None else HandSize(dealt=7, fewest=fewest),
        build=build,
        recording=_RECORDING,
        jack_target=True,
    )


PLAIN: Final[tuple[GameEntry, ...]] = (
    # The Bad's rank leaves every hand; it is one of its four, so at most three go.
    _plain("good-bad-ugly", "The Good, the Bad and the Ugly", GOOD_BAD_UGLY_STEPS, fewest=4),
    sequence_entry(SEQUENCE_STEPS, recording=_RECORDING),
    _plain("second-hand-high", "Second Hand High", stud.STUD_STEPS, winner="second_high"),
)

# The games a jack may switch to: every catalogue game flagged ``jack_target``, each
# allowed by default. The Good, the Bad and the Ugly only until its Good is turned
# (engine.games.steps.variants). Left out: No Peek and its relatives (every card is
# dealt face down at once and flipped in turn, so there is no street to go on from),
# Spit in the Ocean, Guts, Shelby and Hold'em (not seven-card stud at all), and Jack
# the Shifter itself.
JACK_TARGETS: Final = {e.name: e for e in (*stud.ENTRIES, *PLAIN) if e.jack_target}
_JACK_GAMES: Final = tuple(sorted(JACK_TARGETS))
_JACK_OPTIONS: Final = tuple(
    OptionSpec(
        name="allow_" + game.replace("-", "_"),
        kind="bool",
        default=True,
        help=f"{game} is on the group's list of games a jack may switch to",
        rule="RULINGS 16",
    )
    for game in _JACK_GAMES
)


def _target(game: str) -> GameRules:
    entry = JACK_TARGETS[game]
    build: Builder | None = entry.build
    assert build is not None, "every stud game is dealt digitally"
    return build(read_options(game, entry.options, {}))


def _jack_the_shifter(values: Mapping[str, object]) -> GameRules:
    allowed = [g for g in _JACK_GAMES if values["allow_" + g.replace("-", "_")] is True]
    # Every game it may become must fit the table (Baseball's extra cards: 3 to 6).
    targets = [_target(g) for g in allowed]
    return GameRules(
        name="jack-the-shifter",
        steps=JACK_STEPS,
        min_players=max([2, *(rules.min_players for rules in targets)]),
        max_players=min([7, *(rules.max_players for rules in targets)]),
        options=tuple(sorted(values.items())),
    )


ENTRIES: Final[tuple[GameEntry, ...]] = (
    *PLAIN,
    GameEntry(
        name="jack-the-shifter",
        family="variants",
        title="Jack the Shifter",
        rule="RULINGS 16",
        ranking=STANDARD,
        # Seven-card stud, or a game a jack switched to: one more per card of its walk
        # ranks. (A recorded hand switched to the Good, the Bad and the Ugly may show
        # fewer after the Bad; HandSize cannot say "fewer or more" at once yet.)
        hand_size=HandSize(
            dealt=7,
            walk_ranks=frozenset().union(
                *(e.hand_size.walk_ranks for e in JACK_TARGETS.values() if e.hand_size)
            ),
        ),
        options=_JACK_OPTIONS,
        build=_jack_the_shifter,
        recording=_RECORDING,
    ),
)
