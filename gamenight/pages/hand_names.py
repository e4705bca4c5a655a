"""The name of a hand as the host types it into the recording form.

Read and rated the way the settlement rates it (engine.table_hand.settle): the
game's ranking from the catalogue, changed by the night's house options where
the digital game's rules say so, the card in the middle wild in Spit in the
Ocean and Wild Widow, the spit card and a board belonging to every hand. A hand
still being typed (too few cards for the ranking) has no name yet: only a card
that cannot be read is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.errors import EngineError
from engine.games.catalog import GAMES_WITH_TABLE_WILD, RANKING_BY_GAME, make_rules
from engine.hands.rankings import HighRanking, Ranking
from engine.hands.showdown import scores_from_cards
from gamenight.engine_texts import hand_name
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
    return NamedHand(name=hand_name(rated, rated.name() if rated else ""))


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
