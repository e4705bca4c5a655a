"""How many cards a player shows at the showdown, game by game (rulings 11 to 16).

A player who folded shows nothing: the showdown leaves them out. Everyone
still in shows every card they hold, and that number follows from the game:

* Seven-card stud and its variants (Sequence, Second Hand High): 7. Five-card
  draw: 5 (a draw replaces cards, it never adds any).
* Baseball family: 7, plus one for each extra card. Every extra card was brought
  by a card of the walk rank (4; Football and Woolworth: 2), so a player shows
  at most one extra card per such card; which of them lay face up the host does
  not say, so the count allows one per card of the rank shown. When the hand
  records bought walks, walks are bought at this table: a player who bought
  none has no extra card, one who bought some has at least one each (the web
  form records one total per player, so more are allowed up to the 4s shown).
* No Peek, Mexican Sweat: 7; No-Peek Baseball and Night Baseball as Baseball.
  Ruling 12: a player who flipped everything without beating the best hand is
  *out* (folded, shows nothing), and the hand ends when every remaining card is
  face up, so a player still in shows all their cards; there is no short
  No-Peek hand at a showdown.
* The Good, the Bad and the Ugly: 7 less the cards of the Bad's rank. The Bad
  is turned after the fifth card and is itself one of the four of its rank, so
  at most three leave a hand: 4 to 7.
* Jack the Shifter: seven-card stud, or any game a jack switched it to: 7, plus
  one per 4 or 2 shown (a digital hand switched to the Good, the Bad and the Ugly
  is counted less its discards by the engine's own check).
* Spit in the Ocean: 4 in hand, and the spit card as the one shared card (the
  ``shared`` card of the showdown); with "Spit!" calls (house option
  ``spit_call``) 5 in hand. Wild Widow: 5 in hand and no shared card, the
  widow belongs to no one (its rank is given as the wild rank).
* House options as the digital games name them change the count:
  ``buy_walk`` (only bought walks bring extra cards), ``simple`` No-Peek
  Baseball (no extra cards), Spit's ``spit_call`` and ``wild_widow``.
* Texas Hold'em: 2 in hand, Omaha and Omaha high/low: 4 in hand; each with the
  board of 5 cards in the middle as the shared cards.
* Guts 2, three-card Guts 3; Shelby rounds are checked by
  :mod:`engine.games.families.shelby.settle`.

Every other game has no cards in the middle (ruling 17): a board or a shared card
given with one of them is refused, in the words of Spit in the Ocean's check, rather
than counted into every hand (Baseball's K K and a five-card board are not three kings).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.cards import RANK_CHARS
from engine.errors import ErrorParam, SettlementError, ShowdownMismatchError


@dataclass(frozen=True, kw_only=True)
class HandSize:
    """The cards a player of a game holds at the showdown.

    ``dealt``: cards dealt to each player; ``fewest``: fewer allowed after
    discards (the Good, the Bad and the Ugly); ``walk_ranks``: a card of one of
    these ranks may have brought one extra card; ``shared``: the exact number
    of cards in the middle shared by every hand (0: the game has none, ruling 17).
    """

    dealt: int
    fewest: int | None = None
    walk_ranks: frozenset[int] = field(default_factory=frozenset)
    shared: int = 0


_SEVEN: Final = HandSize(dealt=7)


def _sizes() -> Mapping[str, HandSize]:
    """Each game's hand size, from its catalogue entry (the catalogue imports this module,
    so it is asked when a hand is checked, not when this module loads)."""
    from engine.games.catalog import HAND_SIZES

    return HAND_SIZES


class HandSizeError(ShowdownMismatchError):
    """A player shows more or fewer cards than the game deals them."""


def game_name(game: str) -> str:
    """The game's English name inside a sentence, from its catalogue entry."""
    from engine.games.catalog import GAME_NAMES

    return GAME_NAMES.get(game, game)


def house_options(game: str, options: Mapping[str, object]) -> dict[str, object]:
    """``options`` read (and checked) as the digital game reads them: every option of
    the game with its value; an unknown option or value is refused."""
    if not options:
        return {}
    from engine.games.catalog import make_rules  # the digital games load only for options
    from engine.games.errors import UnknownGameError

    try:
        return dict(make_rules(game, options).options)
    except UnknownGameError:
        raise SettlementError(
            f"{game} has no house options: leave the options out",
            code="game_has_no_options",
            params={"game": game},
        ) from None


def hand_size(game: str, options: Mapping[str, object] | None = None) -> HandSize | None:
    """The size of a hand of ``game`` under its house ``options`` (read by the digital
    game's catalog, so an unknown option is refused there); ``None``: not checked."""
    sizes = _sizes()
    size = sizes.get(game)
    chosen = options or {}
    if game == "spit-in-the-ocean" and chosen.get("wild_widow"):
        return sizes["wild-widow"]
    if game == "spit-in-the-ocean" and chosen.get("spit_call"):
        return HandSize(dealt=5, shared=1)  # "Spit!": five cards each and the spit card
    if game == "no-peek-baseball" and chosen.get("simple"):
        return _SEVEN  # simple No Peek: no wild cards, no extra cards
    return size


def buys_walks(options: Mapping[str, object] | None) -> bool:
    """The house rule "buy the walk": whoever did not pay has no extra card. A price for
    the walk (fixed, by face or growing by street) makes it bought too, as in the
    digital game (:func:`engine.games.families.stud._extra_card`)."""
    chosen = options or {}
    return (
        bool(chosen.get("buy_walk"))
        or chosen.get("walk_price") is not None
        or chosen.get("walk_price_up") is not None
        or bool(chosen.get("walk_price_per_street"))
    )


def check_shared(
    game: str, shared: Sequence[int], options: Mapping[str, object] | None = None
) -> None:
    """The cards in the middle fit the game (Spit: exactly the spit card; Hold'em and
    Omaha: the board of five); every other game has none (ruling 17)."""
    size = hand_size(game, options)
    wanted = 0 if size is None else size.shared
    if len(shared) == wanted:
        return
    title = game_name(game)
    if wanted == 0 and _table_wild(game, options):
        raise HandSizeError(
            f"{title} shares no card in the middle: leave the widow out of the cards "
            "and give its rank as the wild rank",
            code="no_shared_card",
            params={"game": game},
        )
    if wanted == 0:
        raise HandSizeError(
            f"{title} shares no card in the middle, not {len(shared)}: only Hold'em and "
            "Omaha have a board, and Spit in the Ocean its spit card",
            code="no_board",
            params={"game": game, "count": len(shared)},
        )
    if wanted > 1:
        raise HandSizeError(
            f"{title} has a board of {wanted} cards in the middle, not {len(shared)}",
            code="board_size",
            params={"game": game, "wanted": wanted, "count": len(shared)},
        )
    raise HandSizeError(
        f"{title} shares one card in the middle, the spit card, not {len(shared)}",
        code="spit_card",
        params={"game": game, "count": len(shared)},
    )


def _table_wild(game: str, options: Mapping[str, object] | None) -> bool:
    """A card lies in the middle but belongs to no hand, its rank given as the wild rank
    (Wild Widow, a game or Spit's option: the only such game without a shared card)."""
    from engine.games.catalog import GAMES_WITH_TABLE_WILD

    return game in GAMES_WITH_TABLE_WILD


def check_hand_size(
    game: str,
    *,
    name: str,
    cards: Sequence[int],
    walks: int | None = None,
    options: Mapping[str, object] | None = None,
) -> None:
    """Refuse ``cards`` that ``name`` cannot hold in ``game`` (the cards in the middle are
    :func:`check_shared`'s).

    ``walks``: ``None`` when extra cards come free; otherwise walks are bought in
    this hand and this is how many purchases were recorded for the player.
    A game without a known size (a host-ranked house game) is not checked.
    ``options``: the game's house options (see :func:`hand_size`).
    """
    size = hand_size(game, options)
    if size is None:
        return
    count = len(cards)
    title = game_name(game)
    base: dict[str, ErrorParam] = {"name": name, "count": count, "game": game}
    if size.fewest is not None:  # discards: anything from the fewest to all dealt
        if not size.fewest <= count <= size.dealt:
            raise HandSizeError(
                f"{name} shows {count} cards: {title} takes {size.fewest} to {size.dealt}",
                code="hand_size_range",
                params={**base, "fewest": size.fewest, "most": size.dealt},
            )
        return
    if walks and count < size.dealt + walks:
        least = size.dealt + walks
        raise HandSizeError(
            f"{name} bought the walk but shows {count} cards: {title} takes at least {least} then",
            code="hand_size_bought",
            params={**base, "fewest": least},
        )
    if count == size.dealt:
        return
    if count < size.dealt or not size.walk_ranks:
        raise HandSizeError(
            f"{name} shows {count} cards: {title} takes {size.dealt}",
            code="hand_size",
            params={**base, "wanted": size.dealt},
        )
    if walks == 0:
        raise HandSizeError(
            f"{name} shows {count} cards but bought no walk: with bought walks "
            f"{title} takes {size.dealt}",
            code="hand_size_not_bought",
            params={**base, "dealt": size.dealt},
        )
    walk_cards = sum(1 for card in cards if card >> 2 in size.walk_ranks)
    most = size.dealt + walk_cards
    if count > most:
        rank = "/".join(RANK_CHARS[r] for r in sorted(size.walk_ranks, reverse=True))
        shown = {0: f"no {rank}", 1: f"one {rank}"}.get(walk_cards, f"{walk_cards} {rank}s")
        raise HandSizeError(
            f"{name} shows {count} cards: {title} takes {size.dealt}, and one more for "
            f"each {rank} that brought an extra card ({name} shows {shown}: at most {most})",
            code="hand_size_walks",
            params={
                **base,
                "dealt": size.dealt,
                "rank": rank,
                "walk_cards": walk_cards,
                "most": most,
            },
        )
