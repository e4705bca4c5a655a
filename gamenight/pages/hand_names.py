"""The name of a hand as the host types it into the recording form.

Read and rated the way the settlement rates it (engine.table_hand.settle): the
game's ranking from the catalogue, changed by the night's house options where
the digital game's rules say so, the card in the middle wild in Spit in the
Ocean and Wild Widow, the spit card and a board belonging to every hand. A hand
still being typed (too few cards for the ranking) has no name yet: only a card
that cannot be read is an error. A high/low game's hand is named both ways, its
qualifying low after its high.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext

from engine.errors import EngineError
from engine.games.catalog import GAMES_WITH_TABLE_WILD, RANKING_BY_GAME, make_rules
from engine.hands.rankings import HighRanking, Ranking
from engine.hands.showdown import ShownCards, scores_from_cards
from engine.table_hand.hi_lo import low_ranking, low_scores
from gamenight.engine_words import hand_name
from gamenight.forms.cards import SHARED_FIELDS, read_table_cards
from gamenight.forms.recording_games import Family, Game


@dataclass(frozen=True)
class NamedHand:
    name: str = ""
    error: str = ""


def name_hand(
    game: Game,
    cards: str,
    *,
    spit: str = "",
    board: str = "",
    options: Mapping[str, object] | None = None,
) -> NamedHand:
    """The hand's name in the page's language, or why its cards cannot be read."""
    if not cards.strip():
        return NamedHand()
    texts = {"cards": cards}
    if game.family is Family.SPIT and spit.strip():
        texts["spit"] = spit
    if game.family is Family.BOARD and board.strip():
        texts["board"] = board
    read = read_table_cards(texts, names={})
    if read.error_field in SHARED_FIELDS:
        # The card in the middle is the form's own field to complain about: the hand
        # is named without it.
        read = read_table_cards({"cards": cards}, names={})
    if read.error:
        return NamedHand(error=read.error)
    middle = read.cards.get("spit", ())
    ranking = _ranking(game.slug, dict(options or {}), middle)
    if ranking is None:
        return NamedHand()  # Shelby: each round ranks its own way
    # Wild Widow's card only makes its rank wild; Spit's card is in every hand.
    widow = game.slug == "wild-widow" or bool((options or {}).get("wild_widow"))
    shared = read.cards.get("board", ()) or (() if widow else middle)
    try:
        value = scores_from_cards({0: read.cards["cards"]}, ranking=ranking, shared=shared)
    except EngineError:
        return NamedHand()  # too few cards for this ranking yet
    rated = value.values.get(0)
    high = hand_name(rated, rated.name() if rated else "")
    low = _low_name(game.slug, read.cards["cards"], shared)
    # A high/low game names both halves, as the preview does: the low may be what wins.
    return NamedHand(
        name=gettext("%(high)s; %(low)s") % {"high": high, "low": low} if low else high
    )


def _low_name(game: str, cards: tuple[int, ...], shared: tuple[int, ...]) -> str:
    """The hand's qualifying low in a high/low game (Omaha eight-or-better), else ""."""
    ranking = low_ranking(game)
    if ranking is None:
        return ""
    try:
        lows = low_scores(ranking, ShownCards(hands={0: cards}, shared=shared))
    except EngineError:
        return ""
    rated = lows.values.get(0)
    return hand_name(rated, lows.names[0]) if rated is not None else ""


def _ranking(game: str, options: dict[str, object], middle: tuple[int, ...]) -> Ranking | None:
    ranking = RANKING_BY_GAME.get(game)
    if ranking is None:
        return None
    if game in GAMES_WITH_TABLE_WILD:
        # Without the card in the middle yet, the hand is named without wild cards.
        return HighRanking(wild=frozenset({middle[0] >> 2})) if middle else HighRanking()
    if options:
        try:
            return make_rules(game, options).ranking
        except EngineError:
            return ranking  # the form's own check words a bad option
    return ranking
