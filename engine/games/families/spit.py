"""Spit in the Ocean, Wild Widow and five-card draw (ruling 13).

Spit: four cards each, the spit card face up in the middle is everyone's fifth
card and wild with its rank; betting, one draw, betting with doubled limits,
showdown with the last bettor or raiser showing first; with "Spit!" calls,
five cards each and the spit card turned when someone calls it (after any card,
ruling 22, or only between full rounds). Wild Widow and
five-card draw deal five cards each; Wild Widow turns a card to the middle
before the last card, and the three others of its rank are wild.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.games.entry import GameEntry, Recording
from engine.games.options import OptionSpec
from engine.games.rules import GameRules, Step
from engine.games.steps.deal import Deal
from engine.games.steps.draw import MOST_CARDS_DRAWN, Draw, DrawBet, ShowFirst, TableCard
from engine.games.steps.spit_call import SpitCallDeal
from engine.hands.rankings import STANDARD
from engine.hands.size import HandSize

_DRAW_OPTIONS: Final = (
    OptionSpec(
        name="max_draw",
        kind="count",
        default=MOST_CARDS_DRAWN,
        help="the most cards a player may draw (2 or 3 at some tables; never more than 4)",
        rule="RULINGS 13",
    ),
    OptionSpec(
        name="ace_draws_more",
        kind="bool",
        default=False,
        help="a player who keeps an ace and shows it may draw one card more",
        rule="RULINGS 13",
    ),
)
_NO_DRAW: Final = OptionSpec(
    name="no_draw",
    kind="bool",
    default=False,
    help="no draw: one betting round, then the showdown",
    rule="RULINGS 13",
)
_SPIT_OPTIONS: Final = (
    OptionSpec(
        name="fixed_limit",
        kind="count",
        default=1,
        help=(
            "bets and raises of exactly this many chips before the draw, twice as many "
            "after; none (or 0): the night's limit, doubled after the draw"
        ),
        rule="RULINGS 13",
    ),
    *_DRAW_OPTIONS,
    OptionSpec(
        name="only_spit_wild",
        kind="bool",
        default=False,
        help="only the spit card is wild, not the other cards of its rank",
        rule="RULINGS 13",
    ),
    _NO_DRAW,
    OptionSpec(
        name="spit_call",
        kind="bool",
        default=False,
        help=(
            '"Spit!": five cards each; during the deal anyone may call Spit! to turn the '
            "next card as the spit card (otherwise it comes after the deal; Wild Widow "
            "deals its own way)"
        ),
        rule="RULINGS 13",
    ),
    # Ruling 22: the sheet lets anyone call "jederzeit" while the cards are dealt, so a
    # call may come after any card by default; calls only between full rounds is the
    # house option (this one off).
    OptionSpec(
        name="spit_call_any_card",
        kind="bool",
        default=True,
        help=(
            'with spit_call, "Spit!" may be called after any card of the deal, by anyone '
            '(the sheet: "jederzeit"); off: only between full rounds'
        ),
        rule="RULINGS 22",
    ),
    OptionSpec(
        name="wild_widow",
        kind="bool",
        default=False,
        help=(
            "Wild Widow: five cards each, a card turned to the middle before the last; "
            "it is in nobody's hand, the three others of its rank are wild"
        ),
        rule="RULINGS 13",
    ),
)


def _draw_steps(values: Mapping[str, object], *, fixed: int | None, scale: int) -> tuple[Step, ...]:
    """Betting, the draw and betting again (limits times ``scale``), or one round without a draw."""
    first = DrawBet(fixed=fixed)
    if values.get("no_draw"):
        return (first, ShowFirst())
    most = values["max_draw"]
    draw = Draw(
        max_cards=most if isinstance(most, int) else MOST_CARDS_DRAWN,
        ace_bonus=bool(values["ace_draws_more"]),
    )
    return (first, draw, DrawBet(fixed=fixed, limit_scale=scale), ShowFirst())


def _spit(values: Mapping[str, object]) -> GameRules:
    limit = values["fixed_limit"]
    fixed = limit if isinstance(limit, int) and limit > 0 else None
    deal: tuple[Step, ...]
    if values["wild_widow"]:
        deal = (
            Deal(cards=("down",) * 4),
            TableCard(role="widow"),
            Deal(cards=("down",)),
        )
    else:
        rank_wild = not values["only_spit_wild"]
        spit = TableCard(role="spit", rank_wild=rank_wild)
        # With calls the spit card may come mid-deal; if nobody calls, after the deal.
        first: Step = (
            SpitCallDeal(rank_wild=rank_wild, any_card=bool(values["spit_call_any_card"]))
            if values["spit_call"]
            else Deal(cards=("down",) * 4)
        )
        deal = (first, spit)
    return GameRules(
        name="spit-in-the-ocean",
        steps=deal + _draw_steps(values, fixed=fixed, scale=2),
        min_players=3,
        max_players=8,
        # The spit card counts in every hand (Wild Widow's card, kept aside, in none).
        table_shared=True,
        options=tuple(sorted(values.items())),
    )


def _wild_widow(values: Mapping[str, object]) -> GameRules:
    deal = (Deal(cards=("down",) * 4), TableCard(role="widow"), Deal(cards=("down",)))
    return GameRules(
        name="wild-widow",
        steps=deal + _draw_steps(values, fixed=None, scale=1),
        min_players=3,
        max_players=8,
        options=tuple(sorted(values.items())),
    )


def _five_card_draw(values: Mapping[str, object]) -> GameRules:
    return GameRules(
        name="five-card-draw",
        steps=(Deal(cards=("down",) * 5), *_draw_steps(values, fixed=None, scale=1)),
        min_players=2,
        max_players=8,
        options=tuple(sorted(values.items())),
    )


ENTRIES: Final[tuple[GameEntry, ...]] = (
    GameEntry(
        name="spit-in-the-ocean",
        family="spit",
        title="Spit in the Ocean",
        rule="RULINGS 13",
        ranking=STANDARD,
        table_wild=True,
        # Four cards in hand and the spit card shared by every hand.
        hand_size=HandSize(dealt=4, shared=1),
        options=_SPIT_OPTIONS,
        build=_spit,
        recording=Recording(family="spit"),
    ),
    GameEntry(
        name="wild-widow",
        family="spit",
        title="Wild Widow",
        rule="RULINGS 13",
        ranking=STANDARD,
        table_wild=True,
        # The widow belongs to no hand: its rank is given as the wild rank.
        hand_size=HandSize(dealt=5, shared=0),
        options=(*_DRAW_OPTIONS, _NO_DRAW),
        build=_wild_widow,
        recording=Recording(family="spit"),
    ),
    GameEntry(
        name="five-card-draw",
        family="spit",
        title="five-card draw",
        rule="RULINGS 13",
        ranking=STANDARD,
        hand_size=HandSize(dealt=5),
        options=(*_DRAW_OPTIONS, _NO_DRAW),
        build=_five_card_draw,
        recording=Recording(family="stud"),
    ),
)
