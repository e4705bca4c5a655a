"""The web's words for each game of the engine's catalogue: titles and house options.

The engine's catalogue (:mod:`engine.games.catalog`) is the one list of games;
its English titles and option help serve the command line only. Every word a
person reads on a page comes from here, translated: one title per game, one
label and line of help per house option (keyed by the option's name; a game
whose option of the same name means something else says so in
``_HELP_FOR_GAME``). ``tests/web/test_game_catalogue.py`` fails, naming the
game, when a game of the catalogue has no title or an option no label here.
"""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from engine.games import catalog
from engine.games.entry import Family, RecordingFamily
from engine.hands.size import game_name

TITLES: Final[dict[str, StrPromise]] = {
    "seven-card-stud": _("Seven-card stud"),
    "baseball": _("Baseball"),
    "football": _("Football"),
    "woolworth": _("Woolworth"),
    "rainy-day-baseball": _("Rainy Day Baseball"),
    "no-peek": _("No Peek"),
    "no-peek-baseball": _("No-Peek Baseball"),
    "night-baseball": _("Night Baseball"),
    "mexican-sweat": _("Mexican Sweat"),
    "spit-in-the-ocean": _("Spit in the Ocean"),
    "wild-widow": _("Wild Widow"),
    "five-card-draw": _("Five-card draw"),
    "guts": _("Guts"),
    "guts3": _("Three-card Guts"),
    "shelby": _("Shelby"),
    "psycho-shelby": _("Psycho Shelby"),
    "good-bad-ugly": _("The Good, the Bad and the Ugly"),
    "sequence": _("Sequence"),
    "second-hand-high": _("Second Hand High"),
    "jack-the-shifter": _("Jack the Shifter"),
    "texas-holdem": _("Texas Hold'em"),
    "omaha": _("Omaha"),
    "omaha-hi-lo": _("Omaha high/low eight or better"),
}

OPTION_LABELS: Final[dict[str, StrPromise]] = {
    "extra_face": _("Extra card face up or down"),
    "down_extras": _("Face-down cards give extra cards too"),
    "buy_walk": _("Buy the walk"),
    "pay_or_fold": _("Pay the pot or fold on a 3"),
    "first_three_only": _("Only the first 3 costs"),
    "pot_cap": _("Cap on the pot payment"),
    "back_betting": _("Back betting"),
    "start_card": _("Start card"),
    "simple": _("Simple No Peek"),
    "bet_after_fold": _("Betting after a fold"),
    "fixed_limit": _("Fixed bet"),
    "max_draw": _("Most cards drawn"),
    "ace_draws_more": _("An ace draws one more"),
    "only_spit_wild": _("Only the spit card wild"),
    "no_draw": _("No draw"),
    "spit_call": _("Spit! calls"),
    "wild_widow": _("Wild Widow"),
    "limit": _("Limit"),
    "ante": _("Ante"),
    "declare": _("Declaring in or out"),
    "one_loser_pays": _("Only the weakest hand pays"),
    "no_split": _("No split"),
    "ghost_hand": _("Ghost hand"),
    "straight_flush_over_trips": _("Straight flush over three of a kind"),
    "flush_over_straight": _("Flush over straight"),
    "extra_card_price": _("Price of an extra card"),
    "down_claim": _("When a face-down card claims its extra card"),
    "walk_price": _("Price of the walk"),
    "walk_price_up": _("Price of a face-up walk"),
    "walk_price_per_street": _("The walk costs more each street"),
    "pay_fixed": _("Fixed payment instead of the pot"),
    "start_card_deck": _("Start card from"),
    "spit_call_any_card": _("Spit! after any card"),
    "flushes_count": _("Flushes count against the low hand"),
    "high_low": _("High/low with declaration"),
    "bring_in": _("Bring-in"),
    "bring_in_amount": _("Bring-in amount"),
}

OPTION_HELP: Final[dict[str, StrPromise]] = {
    "extra_face": _(
        "The extra card comes face down, or face up (then an extra card that is itself "
        "a trigger brings another)."
    ),
    "down_extras": _("A face-down trigger card also gives an extra card."),
    "buy_walk": _("The extra card costs the limit's largest bet; whoever declines it stays in."),
    "pay_or_fold": _("A face-up (or flipped) 3: its holder pays the pot or folds."),
    "first_three_only": _("Only the first face-up 3 of the hand must be bought."),
    "pot_cap": _("The pot payment is at most this many chips (empty: no cap)."),
    "back_betting": _(
        "A player who flips every card without beating the table still brings a betting "
        "round, opened by the best hand showing."
    ),
    "start_card": _(
        "The dealer turns a card up in the middle; the first player must beat it first. It "
        "counts as the game counts cards (a 3 or 9 is wild in No-Peek Baseball), belongs to "
        "no one and sets nothing off."
    ),
    "simple": _("No wild cards and no extra cards."),
    "bet_after_fold": _(
        "After a player folds to the middle card's rank, a betting round opened by the best "
        "hand showing."
    ),
    "fixed_limit": _(
        "Bets and raises of exactly this many chips before the draw, twice as many after; "
        "empty or 0: the night's limit, doubled after the draw."
    ),
    "max_draw": _("The most cards a player may draw (2 or 3 at some tables; never more than 4)."),
    "ace_draws_more": _("A player who keeps an ace and shows it may draw one card more."),
    "only_spit_wild": _("Only the spit card is wild, not the other cards of its rank."),
    "no_draw": _("One betting round, then the showdown."),
    "spit_call": _(
        "Five cards each; while they are dealt anyone may call Spit! to turn the next card "
        "as the spit card. If nobody calls, it is turned after the deal."
    ),
    "wild_widow": _(
        "Five cards each, a card turned to the middle before the last; it belongs to no "
        "hand, the three others of its rank are wild."
    ),
    "limit": _("The most a pot may hold; chips above it wait in the reserve (empty: no limit)."),
    "ante": _("Every player's ante (empty: the night's ante)."),
    "declare": _(
        "At once, in turn (the dealer last, who takes the pot if all before are out) or by "
        "dropping the cards."
    ),
    "one_loser_pays": _("Only the weakest hand in pays the pot; everyone antes every deal."),
    "no_split": _("Tied best hands take and pay nothing; the pot stays."),
    "ghost_hand": _("A hand nobody owns must be beaten; if it wins or ties, everyone in pays."),
    "straight_flush_over_trips": _("A straight flush beats three of a kind."),
    "flush_over_straight": _("A flush beats a straight."),
    "extra_card_price": _(
        "What an extra card for a 4 costs in the last round, paid to the pot (empty or 0: free)."
    ),
    "down_claim": _(
        "With face-down extra cards: the card is shown when it is dealt, before the next "
        "betting round (in turn from the dealer's left), or whenever its holder wishes "
        "until the last betting round ends."
    ),
    "walk_price": _(
        "The walk is bought for this many chips (empty: the limit's largest bet); setting a "
        "price makes the walk bought."
    ),
    "walk_price_up": _("A face-up extra card costs this many chips instead (empty: the same)."),
    "walk_price_per_street": _(
        "The walk costs its price on third street and this many chips more on each street after it."
    ),
    "pay_fixed": _(
        "A face-up 3 costs this many chips instead of the pot (empty: pay the pot). A cap "
        "on the pot payment has no effect then: set one or the other."
    ),
    "start_card_deck": _("The start card comes from the game's deck or from a second deck."),
    "spit_call_any_card": _(
        "With Spit! calls: a call may come after any card of the deal, as the sheet says "
        "(on unless the house plays otherwise); off: only between full rounds."
    ),
    "flushes_count": _(
        "In round 2 a flush counts against the low hand, as in three-card Guts: three cards "
        "of one suit are worse than any pair, better than three of a kind."
    ),
    "bring_in": _(
        "On third street the lowest face-up card (aces high; on a tie clubs lowest, then "
        "diamonds, hearts, spades) must bring it in or complete to a full bet, and may "
        "neither check nor fold; later streets open with the best hand showing. Off: the "
        "best hand showing opens every street."
    ),
    "bring_in_amount": _(
        "With the bring-in: how many chips it is (empty: half the smallest bet, rounded down, "
        "at least 1)."
    ),
    "high_low": _(
        "Before the showdown everyone still in declares high, low or both, all at once. "
        "Each pot, side pots too, is split between the best high hand and the best low "
        "(ace-to-five, no qualifier: aces low, straights and flushes do not count; a wild "
        "card is the best card you lack) among those who declared that way; an odd chip "
        "goes to the high half, and a half nobody declared goes to the other. Whoever "
        "declares both must win or tie both ways, or gets nothing."
    ),
}

# An option whose name another game uses for something else.
_HELP_FOR_GAME: Final[dict[tuple[str, str], StrPromise]] = {
    ("shelby", "limit"): _("The most a loser pays the winner of a round (empty: the whole pot)."),
}

CHOICE_LABELS: Final[dict[str, StrPromise]] = {
    "at_once": _("at once"),
    "in_turn": _("in turn"),
    "drop": _("by dropping the cards"),
    "dealt": _("when it is dealt"),
    "before_betting": _("in turn before the next betting round"),
    "any_time": _("whenever its holder wishes"),
    "same": _("the same deck"),
    "second": _("a second deck"),
}

# Jack the Shifter has one option per game a jack may switch to: "allow_<game>".
_ALLOW: Final = "allow_"
_ALLOW_LABEL: Final = _("A jack may switch to {game}")
_ALLOW_HELP: Final = _("The game is on the group's list of games a jack may switch to.")


def game_title(name: str) -> str:
    """The game's title in the page's language. A part of a game (Psycho Shelby's low
    round) is named as the engine names it; a name the catalogue does not know, as an
    old deal may carry, is shown from its name."""
    title = TITLES.get(name)
    if title is not None:
        return str(title)
    named = game_name(name)
    return named if named != name else name.replace("-", " ").capitalize()


def games_to_call() -> list[str]:
    """Every game a dealer may call at a night, in the catalogue's order."""
    # Read at each call, not bound at import: a game added to the catalogue (the
    # catalogue test's fake one too) is on every list at once.
    return [entry.name for entry in catalog.ENTRIES]


def night_games(allowed: object) -> list[str]:
    """The games a night offers: those of its house rules' list the catalogue knows, in
    the list's order; every game when the list names none. (Nights planned before
    issue 23 could store an empty list, which no page let the host change: it never
    meant "no game".)"""
    known = games_to_call()
    chosen = [g for g in allowed if g in known] if isinstance(allowed, list) else []
    return chosen or known


def recorded_games(family: RecordingFamily) -> list[str]:
    """The catalogue's games recorded with the form of ``family`` (stud, spit, guts, shelby)."""
    return [
        e.name for e in catalog.ENTRIES if e.recording is not None and e.recording.family == family
    ]


def family_of(name: str) -> Family | None:
    """The engine family of game ``name`` (guts, shelby, stud ...); ``None``: no such game."""
    entry = catalog.CATALOGUE.get(name)
    return entry.family if entry is not None else None


def games_of_family(family: Family) -> frozenset[str]:
    return frozenset(e.name for e in catalog.ENTRIES if e.family == family)


def _allowed_game(option: str) -> str | None:
    if not option.startswith(_ALLOW):
        return None
    return option.removeprefix(_ALLOW).replace("_", "-")


def option_texts(game: str, option: str) -> tuple[StrPromise, ...]:
    """The translated strings the option's label and help are made of; empty when this
    module has no words for it (the catalogue test names such an option)."""
    target = _allowed_game(option)
    if target is not None and target in TITLES:
        return (_ALLOW_LABEL, TITLES[target], _ALLOW_HELP)
    label, help_text = OPTION_LABELS.get(option), option_help(game, option)
    return (label, help_text) if label is not None and help_text is not None else ()


def option_label(game: str, option: str) -> str:
    target = _allowed_game(option)
    if target is not None:
        return str(_ALLOW_LABEL).format(game=game_title(target))
    label = OPTION_LABELS.get(option)
    return str(label) if label is not None else option.replace("_", " ")


def option_help(game: str, option: str) -> StrPromise | None:
    if _allowed_game(option) is not None:
        return _ALLOW_HELP
    return _HELP_FOR_GAME.get((game, option)) or OPTION_HELP.get(option)


def choice_label(choice: str) -> str:
    label = CHOICE_LABELS.get(choice)
    return str(label) if label is not None else choice.replace("_", " ")
