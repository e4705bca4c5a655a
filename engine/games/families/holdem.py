"""Texas Hold'em, Omaha and Omaha high/low eight or better ("common poker").

Community-card games as a description: hole cards face down, then the flop
(three cards), the turn and the river (one each) face up in the middle
(:class:`~engine.games.steps.board.BoardDeal`), a betting round after each.
Home games ante instead of posting blinds, with the night's ante and limit
like every other game; the first bettor each round is the first player still
in on the dealer's left. A hand may instead be dealt with blinds
(:mod:`engine.betting.blinds`): a tournament's level or a night's house rule.
Hold'em plays the best five of the two hole cards and the board; Omaha exactly
two of its four hole cards with exactly three of the board; Omaha high/low
halves each pot between the best high and the best eight-or-better low (the
odd chip to the high).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.games.entry import GameEntry, Recording
from engine.games.rules import Face, GameRules, Step
from engine.games.steps.bet import Bet
from engine.games.steps.board import BoardDeal
from engine.games.steps.deal import Deal
from engine.hands.omaha import OmahaLowRanking, OmahaRanking
from engine.hands.rankings import STANDARD, Ranking
from engine.hands.size import HandSize

BOARD_CARDS: Final = 5
MAX_PLAYERS: Final = 10  # ten Omaha hands and the board: 45 of the 52 cards
_DOWN: Final[Face] = "down"


def _steps(hole: int) -> tuple[Step, ...]:
    # A hand dealt with blinds opens the first round with them (left of the big
    # blind) and bets twice the big blind on the turn and river at a fixed limit;
    # without blinds all four rounds are ruling 17's, opened left of the dealer.
    later = Bet(opener="left_of_dealer")
    big = Bet(opener="left_of_dealer", big_bet=True)
    return (
        Deal(cards=(_DOWN,) * hole),
        Bet(opener="left_of_dealer", blinds=True),
        BoardDeal(count=3, name="flop"),
        later,
        BoardDeal(count=1, name="turn"),
        big,
        BoardDeal(count=1, name="river"),
        big,
    )


def _entry(
    name: str, title: str, *, hole: int, ranking: Ranking, low: Ranking | None = None
) -> GameEntry:
    def build(_: Mapping[str, object]) -> GameRules:
        return GameRules(
            name=name,
            steps=_steps(hole),
            ranking=ranking,
            low=low,
            min_players=2,
            max_players=MAX_PLAYERS,
            table_shared=True,
        )

    return GameEntry(
        name=name,
        family="holdem",
        title=title,
        rule="common poker",
        ranking=ranking,
        hand_size=HandSize(dealt=hole, shared=BOARD_CARDS),
        build=build,
        recording=Recording(family="board"),
    )


_OMAHA: Final = OmahaRanking(hole=4)

ENTRIES: Final[tuple[GameEntry, ...]] = (
    _entry("texas-holdem", "Texas Hold'em", hole=2, ranking=STANDARD),
    _entry("omaha", "Omaha", hole=4, ranking=_OMAHA),
    _entry(
        "omaha-hi-lo",
        "Omaha high/low eight or better",
        hole=4,
        ranking=_OMAHA,
        low=OmahaLowRanking(hole=4),
    ),
)
