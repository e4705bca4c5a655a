"""A high/low hand recorded at the table (Omaha eight or better): each pot halves.

The halves come from :func:`engine.chips.hi_lo.settle_hi_lo`, the code that
pays a digital hand too, and are returned as one
:class:`~engine.chips.pots.PotAward` per half (``side`` "high" or "low"), so
that every reader of a table settlement (reasons, JSON, the web's preview)
reads a split pot like any other. A host's ranking (places, no cards) cannot
say who has a low: it orders the high hands, and the high takes each pot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.chips.hi_lo import HiLoSettlement, settle_hi_lo
from engine.chips.pots import Pot, PotAward, PotSettlement, PotSplit
from engine.hands.low_eight import NO_LOW
from engine.hands.rankings import Ranking
from engine.hands.showdown import ShowdownScores, ShownCards, scores_from_cards


def low_ranking(game: str) -> Ranking | None:
    """The low ranking of a high/low game (its digital rules say), else ``None``."""
    from engine.games.catalog import GAMES  # the digital games load only when settling

    rules = GAMES.get(game)
    return rules.low if rules is not None else None


def low_scores(ranking: Ranking, showdown: ShownCards) -> ShowdownScores:
    """Every hand's low, rated with the board; a hand without a qualifying low scores
    :data:`~engine.hands.low_eight.NO_LOW` and has no name."""
    rated = scores_from_cards(showdown.hands, ranking=ranking, shared=showdown.shared)
    qualified = {s: v for s, v in rated.scores.items() if v != NO_LOW}
    return ShowdownScores(
        scores=rated.scores,
        names={s: rated.names[s] for s in qualified},
        values={s: rated.values[s] for s in qualified},
    )


def hi_lo_pots(
    split: PotSplit,
    *,
    highs: Mapping[int, int],
    lows: Mapping[int, int],
    order: Sequence[int],
) -> PotSettlement:
    """Each pot halved between the best high and the best qualifying low."""
    settled = settle_hi_lo(
        split,
        highs=highs,
        lows={s: (None if low == NO_LOW else low) for s, low in lows.items()},
        order=order,
    )
    return as_pot_settlement(split, settled)


def as_pot_settlement(split: PotSplit, settled: HiLoSettlement) -> PotSettlement:
    """A high/low settlement read like any other: one award per half of each pot."""
    awards = tuple(
        PotAward(
            name=award.name,
            index=award.index,
            pot=Pot(
                amount=half.amount,
                eligible=award.pot.eligible,
                contributed=award.pot.contributed,
            ),
            winners=half.winners,
            share=half.share,
            odd_chips=half.odd_chips,
            # Without a qualifying low (or a contest) the one half is the whole pot.
            side=half.side if len(award.halves) > 1 else "",
        )
        for award in settled.awards
        for half in award.halves
    )
    return PotSettlement(split=split, awards=awards, contributions=settled.contributions)
