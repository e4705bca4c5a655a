"""Sequence played high/low with declaration, recorded at the table (ruling 16).

The English sheet: "Alternatively, the game can be played high/low with
declaration." With the house option ``high_low`` every player who shows has
declared ``high``, ``low`` or ``both``; the host enters each declaration beside
the cards, and each pot is paid by :func:`engine.chips.hi_lo.settle_declared`,
the code that pays a digital hand: a side's half to the best hand among those
who declared it, and a player who declared both must win or tie both ways or
gets nothing from that pot. Highs count the wild rank given with the hand;
lows are ace-to-five over the best five, a wild card as the lowest rank the
hand lacks (:mod:`engine.hands.wild_low`), as in the digital game.

A host's ranking orders high hands only, so a declared hand is settled from
the cards shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.chips.hi_lo import DECLARATIONS, settle_declared
from engine.chips.pots import PotSettlement, PotSplit
from engine.errors import SettlementError, ShowdownMismatchError
from engine.hands.rankings import LowRanking
from engine.hands.showdown import ShowdownScores, ShownCards
from engine.hands.size import game_name, house_options
from engine.hands.wild_low import low_scores
from engine.table_hand.hi_lo import as_pot_settlement
from engine.table_hand.model import TableHand
from engine.text import join_names


def declares(game: str, options: Mapping[str, object]) -> bool:
    """Whether ``game`` with these house options is played high/low with declaration
    (its digital rules end with the declaration step)."""
    values = house_options(game, options)
    if not values:
        return False
    from engine.games.catalog import make_rules  # the digital games load only when asked
    from engine.games.steps.hi_lo_declare import DeclareHighLow

    return any(isinstance(step, DeclareHighLow) for step in make_rules(game, values).steps)


def check_declarations(
    hand: TableHand, *, declared: bool, live: Sequence[int], shown: Sequence[int] | None
) -> None:
    """Refuse declarations the game has none of, or of a player who is not in, or words
    other than high, low and both; ``shown``: the seats whose cards were entered (then
    each must have declared), ``None`` when nobody had to show."""
    if hand.declarations and not declared:
        raise SettlementError(
            f"{game_name(hand.game)} is not played high/low with declaration here: leave "
            "the declarations out (Sequence declares with its house option high_low)",
            code="declare_not_in_game",
            params={"game": hand.game},
        )
    for seat, word in sorted(hand.declarations.items()):
        name = hand.name(seat)
        if seat not in hand.seats:
            raise ShowdownMismatchError(
                f"a declaration names seat {seat}, who is not at the table",
                code="showdown_seat_not_seated",
                params={"showdown": "declarations", "seat": seat},
            )
        if seat not in live:
            raise ShowdownMismatchError(
                f"{name} folded: leave {name}'s declaration out",
                code="declare_folded_player",
                params={"name": name},
            )
        if word not in DECLARATIONS:
            raise SettlementError(
                f"{name} declared {word!r}: declare high, low or both",
                code="declared_word_unknown",
                params={"name": name, "declared": str(word)},
            )
    if not declared or shown is None:
        return
    missing = [hand.name(s) for s in shown if s not in hand.declarations]
    if missing:
        raise ShowdownMismatchError(
            f"{join_names(missing)} showed cards but declared nothing: enter high, low or "
            "both for each hand shown",
            code="declared_nothing",
            params={"names": tuple(missing)},
        )


def declared_lows(hand: TableHand, showdown: ShownCards) -> ShowdownScores:
    """Every shown hand's ace-to-five low, the hand's wild rank counted."""
    return low_scores(showdown.hands, wild=hand.wild or (), ranking=LowRanking())


def declared_pots(
    hand: TableHand,
    split: PotSplit,
    *,
    highs: Mapping[int, int],
    lows: Mapping[int, int],
    order: Sequence[int],
) -> tuple[PotSettlement, dict[int, tuple[int, ...]]]:
    """Each pot paid by the declarations, and per pot (by index) the seats that declared
    both, lost a way and so won nothing from it."""
    settled = settle_declared(
        split,
        highs=highs,
        lows=dict(lows),
        declarations=hand.declarations,
        order=order,
    )
    forfeited = {award.index: award.forfeited for award in settled.awards if award.forfeited}
    return as_pot_settlement(split, settled), forfeited
