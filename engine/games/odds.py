"""Each player's chance to win, estimated from what the whole table can see.

:func:`odds` deals the cards nobody can see at random, many times over, and
counts who would hold the best hand: the number a No Peek table wants most
(whose face-down pile is likely to beat the rest), and the same for the stud
games, where the hole cards and the cards still to come are unknown to the
public. Only public information goes in: face-up cards, the cards in the
middle, and how many cards each player holds face down or will still get. The
unseen cards are every card not face up on the table, a folded player's
face-down cards included, since nobody at the table knows them.

The table view shows them for every game :func:`shows_odds` names: No Peek and
every stud game (a card dealt face up to a player), where the best hand takes
the pot. Hold'em and Omaha show none: every hole card is face down, so from the table's point
of view each player still in holds the same chance, and odds that used the hole
cards would give them away. The engine never turns hole cards up before the
showdown (no all-in reveal), so there is no moment when such odds would be public.

All trials are dealt at once with NumPy and rated with the batch evaluator, so
10,000 trials for six players take a fraction of a second.

Not modelled: extra cards that a 4 still face down would bring (No-Peek
Baseball, Baseball), betting (a player may yet fold), and in Mexican Sweat the
chance that the best hand is never flipped to its end: a player whose unseen
cards hold the middle card's rank is counted as folding.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.cards import ALL_CARDS
from engine.errors import EngineError
from engine.games.steps.deal import Deal
from engine.games.steps.flip import Flip, table_from_deck
from engine.hands.evaluate import fast_evaluator
from engine.hands.rankings import HighRanking

if TYPE_CHECKING:
    import numpy as np

    from engine.games.rules import GameRules
    from engine.games.state import HandState


def shows_odds(rules: GameRules) -> bool:
    """Whether public odds say something in this game: its best hand takes the whole
    pot (not Second Hand High, not a high-low split), and the table sees cards that
    tell players apart: No Peek's flipped cards, or a stud game's face-up streets.
    Where every player's cards are face down (Hold'em, draw, Guts), each player still
    in would show the same chance."""
    if rules.winner != "high" or rules.low is not None:
        return False
    dealt_up = any(isinstance(step, Deal) and "up" in step.cards for step in rules.steps)
    return dealt_up or not rules.peek


def odds(state: HandState, *, trials: int = 10_000, rng: random.Random) -> dict[int, float]:
    """Each live seat's estimated chance to win the pot (a tie counts as a share).

    The chances add up to 1. ``rng`` seeds the simulation, so the same state
    and seed give the same numbers.
    """
    import numpy as np

    ranking = state.ranking
    if not isinstance(ranking, HighRanking):
        raise EngineError(
            f"odds are worked out for high-hand games, not {state.rules.name}",
            code="odds_not_high",
            params={"game": state.rules.name},
        )
    if trials < 1:
        raise EngineError(
            f"odds need at least one trial, not {trials}",
            code="odds_no_trial",
            params={"count": trials},
        )
    live = state.live_seats
    if len(live) == 1:
        return {live[0]: 1.0}
    visible = {card for held in state.cards for card, up in held if up} | set(
        table_from_deck(state)
    )
    pool = np.array([c for c in range(52) if c not in visible], dtype=np.intp)
    unseen = {seat: _unseen_count(state, seat) for seat in live}
    needed = sum(unseen.values())
    if needed > pool.size:
        raise EngineError(
            "more unseen cards are needed than the deck has left", code="odds_deck_short"
        )
    dealt = _deal(pool, trials=trials, count=needed, rng=rng)
    shared = state.table if state.rules.table_shared else []
    batch = fast_evaluator(ranking.wild).batch
    scores = np.empty((trials, len(live)), dtype=np.int64)
    folds = np.zeros((trials, len(live)), dtype=bool)
    fold_rank = _fold_rank(state)
    offset = 0
    for column, seat in enumerate(live):
        known = state.up_cards(seat) + list(shared)
        hidden = dealt[:, offset : offset + unseen[seat]]
        offset += unseen[seat]
        hands = np.concatenate(
            [np.broadcast_to(np.array(known, dtype=np.intp), (trials, len(known))), hidden], axis=1
        )
        scores[:, column] = batch(hands) if hands.shape[1] else -1
        if fold_rank is not None and hidden.shape[1]:
            folds[:, column] = (hidden >> 2 == fold_rank).any(axis=1)
    # Mexican Sweat: those who would flip the middle card's rank are out, unless
    # that is everyone (then the last to go would be left; the hands decide here).
    everyone = folds.all(axis=1)
    folds[everyone] = False
    scores[folds] = -1
    best = scores.max(axis=1, keepdims=True)
    winners = scores == best
    shares = winners / winners.sum(axis=1, keepdims=True)
    chances = shares.mean(axis=0)
    return {seat: float(chances[column]) for column, seat in enumerate(live)}


def _unseen_count(state: HandState, seat: int) -> int:
    """Cards of ``seat`` nobody can see: face down now, or still to be dealt."""
    down = sum(1 for _, up in state.cards[seat] if not up)
    to_come = max(0, state.rules.card_count - len(state.cards[seat]))
    return down + to_come


def _fold_rank(state: HandState) -> int | None:
    """The rank that folds whoever flips it (Mexican Sweat's middle card), if any."""
    for step in state.rules.steps:
        if isinstance(step, Flip) and step.target_rank_folds and state.table:
            return ALL_CARDS[state.table[0]].rank
    return None


def _deal(pool: np.ndarray, *, trials: int, count: int, rng: random.Random) -> np.ndarray:
    """``count`` distinct cards from ``pool`` for each trial, in random order: one row a trial.

    Sorting a row of random keys gives a random permutation of the pool; the
    first ``count`` places of each are that trial's deal.
    """
    import numpy as np

    generator = np.random.default_rng(rng.getrandbits(64))
    if count == 0:
        return np.empty((trials, 0), dtype=np.intp)
    keys = generator.random((trials, pool.size))
    order = np.argsort(keys, axis=1)[:, :count]
    dealt: np.ndarray = pool[order]
    return dealt
