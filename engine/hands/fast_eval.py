"""The fast path of high-hand evaluation: one table look-up per hand, single or batched.

Each card maps to an integer key; the keys of a hand add up to one integer
that holds, in bit fields,

- bits 0-38: the count of natural cards of each rank (3 bits a rank),
- bits 39-43: the number of wild cards,
- bits 44-63: per suit, 11 + naturals of that suit + wild cards (5 bits a suit).

The rank and wild fields decide every hand that is not a flush, so they are the
key of a memo table filled on first sight from :func:`engine.hands.high_hand.best_plain`.
The suit fields start at 11 so that a field reaches 16, setting its top bit,
exactly when that suit plus the wilds makes five cards; only then is the
(rarer) flush table consulted. Wild cards add one to every suit field because
a wild can join any suit.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final

from engine.hands.high_hand import best_flush, best_plain

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

RANK_BITS: Final = 3
WILD_SHIFT: Final = 39
SUIT_SHIFT: Final = 44
SUIT_BITS: Final = 5
SUIT_BIAS: Final = 11
RANK_MASK: Final = (1 << SUIT_SHIFT) - 1  # ranks and wild count
BIAS: Final = sum(SUIT_BIAS << (SUIT_SHIFT + SUIT_BITS * s) for s in range(4))
FLUSH_BITS: Final = sum(16 << (SUIT_SHIFT + SUIT_BITS * s) for s in range(4))
# The suit fields overflow past 20 cards of one suit plus wilds; no game deals that.
MAX_CARDS: Final = 20


class FastEvaluator:
    """Strength of high hands with a fixed set of wild ranks, memoised by shape.

    ``strength(cards)`` is the single-hand hot path; ``batch(array)`` evaluates
    many hands with NumPy. Both use the same memo tables.
    """

    def __init__(self, wild: frozenset[int] = frozenset()) -> None:
        self.wild = frozenset(wild)
        every_suit = sum(1 << (SUIT_SHIFT + SUIT_BITS * s) for s in range(4))
        self._keys: tuple[int, ...] = tuple(
            (1 << WILD_SHIFT) + every_suit
            if code >> 2 in self.wild
            else (1 << (RANK_BITS * (code >> 2))) + (1 << (SUIT_SHIFT + SUIT_BITS * (code & 3)))
            for code in range(52)
        )
        # Each natural card's rank bit in its suit's 13-bit field: summed over a
        # hand, the field of a suit holds the ranks held in it.
        self._suit_masks: tuple[int, ...] = tuple(
            0 if code >> 2 in self.wild else 1 << (13 * (code & 3) + (code >> 2))
            for code in range(52)
        )
        self._plain: dict[int, int] = {}
        self._flush: dict[int, int] = {}
        self._flush_shifts: dict[int, tuple[int, ...]] = {}
        self.strength: Callable[[Sequence[int]], int] = self._make_strength()
        # Built on the first batch, so that single-hand users never import NumPy.
        self._array_keys: np.ndarray | None = None
        # One batch at a time: the web serves requests in threads (ASGI), and the array
        # caches are built, and written back to, by the batch that meets a new shape.
        self._batch_lock = threading.Lock()
        self._array_masks: np.ndarray
        self._plain_cache: _ArrayCache
        self._flush_cache: _ArrayCache

    def _make_strength(self) -> Callable[[Sequence[int]], int]:
        """Build the hot path as a closure: locals are faster than attribute look-ups.

        Seven cards (the stud games and the odds simulations) get an unrolled sum.
        """
        keys = self._keys
        key_of, mask_of = self._keys.__getitem__, self._suit_masks.__getitem__
        plain_get, fill_plain = self._plain.get, self._fill_plain
        flush_get, fill_flush = self._flush.get, self._fill_flush
        shifts_of = self._shifts_of
        bias, rank_mask, flush_bits = BIAS, RANK_MASK, FLUSH_BITS

        def strength(cards: Sequence[int]) -> int:
            """The strength of 1 to 20 distinct cards (not validated: the hot path)."""
            if len(cards) == 7:
                a, b, c, d, e, f, g = cards
                key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g] + bias
            else:
                key = sum(map(key_of, cards), bias)
            value = plain_get(key & rank_mask)
            if value is None:
                value = fill_plain(key & rank_mask)
            if key & flush_bits:
                held = sum(map(mask_of, cards))
                wild = (key >> WILD_SHIFT & 31) << 13
                for shift in shifts_of(key):
                    flush_key = (held >> shift & 0x1FFF) | wild
                    flush = flush_get(flush_key)
                    if flush is None:
                        flush = fill_flush(flush_key)
                    if flush > value:
                        value = flush
            return value

        return strength

    def best_combination(
        self, hole: Sequence[int], board: Sequence[int], *, from_hole: int, from_board: int
    ) -> int:
        """The best strength of exactly ``from_hole`` of ``hole`` with exactly ``from_board``
        of ``board`` (Omaha: two and three, 60 hands for four hole cards).

        The rank keys of each hole part and each board part are summed once, so
        a combination costs one addition and one look-up. Suits only matter when
        some suit can fill five cards from a hole part and a board part (about
        one Omaha hand in five); only then is each combination checked for a flush.
        """
        key_of = self._keys.__getitem__
        if _flush_possible(sum(map(key_of, hole)), sum(map(key_of, board)), from_hole, from_board):
            return self._best_combination_of_suits(hole, board, from_hole, from_board)
        keys = self._keys
        # Omaha's two and three unrolled: the sums are most of the time spent here.
        if from_hole == 2:
            hole_keys = [(keys[a] + keys[b]) & RANK_MASK for a, b in combinations(hole, 2)]
        else:
            hole_keys = [sum(map(key_of, p)) & RANK_MASK for p in combinations(hole, from_hole)]
        if from_board == 3:
            board_keys = [
                (keys[a] + keys[b] + keys[c]) & RANK_MASK for a, b, c in combinations(board, 3)
            ]
        else:
            board_keys = [sum(map(key_of, p)) & RANK_MASK for p in combinations(board, from_board)]
        plain = self._plain
        try:
            return max([plain[h + b] for h in hole_keys for b in board_keys])
        except KeyError:  # a shape not met before: fill the memo table as we go
            fill = self._fill_plain
            return max(
                plain[h + b] if h + b in plain else fill(h + b)
                for h in hole_keys
                for b in board_keys
            )

    def _best_combination_of_suits(
        self, hole: Sequence[int], board: Sequence[int], from_hole: int, from_board: int
    ) -> int:
        """:meth:`best_combination` when a flush may be among the combinations."""
        key_of = self._keys.__getitem__
        hole_parts = [(sum(map(key_of, part)), part) for part in combinations(hole, from_hole)]
        board_parts = [
            (sum(map(key_of, part)) + BIAS, part) for part in combinations(board, from_board)
        ]
        plain, fill_plain, strength = self._plain, self._fill_plain, self.strength
        best = 0
        for hole_key, hole_part in hole_parts:
            for board_key, board_part in board_parts:
                key = hole_key + board_key
                if key & FLUSH_BITS:
                    value = strength((*hole_part, *board_part))
                else:
                    rank_key = key & RANK_MASK
                    value = plain[rank_key] if rank_key in plain else fill_plain(rank_key)
                if value > best:
                    best = value
        return best

    def _shifts_of(self, key: int) -> tuple[int, ...]:
        """Offsets of the 13-bit rank fields of the suits that can make a flush."""
        suit_part = key >> SUIT_SHIFT
        shifts = self._flush_shifts.get(suit_part)
        if shifts is None:
            shifts = tuple(13 * s for s in range(4) if suit_part >> (SUIT_BITS * s + 4) & 1)
            self._flush_shifts[suit_part] = shifts
        return shifts

    def _fill_plain(self, rank_key: int) -> int:
        counts = [(rank_key >> (RANK_BITS * r)) & 7 for r in range(13)]
        value = best_plain(counts, rank_key >> WILD_SHIFT).strength
        self._plain[rank_key] = value
        return value

    def _fill_flush(self, flush_key: int) -> int:
        """Strength of the best flush from ``ranks held in one suit | wild count << 13``."""
        made = best_flush([r for r in range(13) if flush_key >> r & 1], flush_key >> 13, 0)
        value = made.strength if made else 0
        self._flush[flush_key] = value
        return value

    def warm(self, *, cards: int = 7) -> int:
        """Fill the memo tables with every hand of ``cards`` cards, and the array caches
        with them, so that a batch of such hands meets no shape it must work out in
        Python (a web process's first odds; see :mod:`engine.games.odds_warm_up`).
        Returns how many plain shapes the tables hold for ``cards`` cards."""
        import numpy as np

        naturals = [r for r in range(13) if r not in self.wild]
        plain: list[int] = []
        flush: list[int] = []
        for wild in range(min(cards, 4 * len(self.wild)) + 1):
            plain += [key | wild << WILD_SHIFT for key in _rank_shapes(naturals, cards - wild)]
            for size in range(max(0, 5 - wild), cards - wild + 1):
                flush += [
                    sum(1 << r for r in held) | wild << 13 for held in combinations(naturals, size)
                ]
        plain_get, fill_plain = self._plain.get, self._fill_plain
        for key in plain:
            if plain_get(key) is None:
                fill_plain(key)
        flush_get, fill_flush = self._flush.get, self._fill_flush
        for key in flush:
            if flush_get(key) is None:
                fill_flush(key)
        with self._batch_lock:
            self._arrays()
            self._plain_cache.lookup(np.array(plain, dtype=np.uint64))
            self._flush_cache.lookup(np.array(flush, dtype=np.uint64))
        return len(plain)

    def _arrays(self) -> None:
        """The NumPy side of the tables, built once (under the batch lock)."""
        import numpy as np

        if self._array_keys is None:
            self._array_masks = np.asarray(self._suit_masks, dtype=np.uint64)
            self._plain_cache = _ArrayCache(self._plain, self._fill_plain, bits=20)
            self._flush_cache = _ArrayCache(self._flush, self._fill_flush, bits=18, direct=True)
            self._array_keys = np.asarray(self._keys, dtype=np.uint64)

    def batch(self, hands: npt.ArrayLike) -> np.ndarray:
        """Strengths of many hands at once: ``hands`` is an (N, k) array of card codes.

        The keys are summed with NumPy, then looked up in array caches of the
        memo tables (see :class:`_ArrayCache`); only shapes not met before go
        through Python.
        """
        import numpy as np

        cards = np.asarray(hands, dtype=np.intp)
        if cards.ndim != 2:
            raise ValueError("hands must be a two-dimensional array: one row of card codes a hand")
        if cards.shape[1] > MAX_CARDS:
            raise ValueError(f"at most {MAX_CARDS} cards a hand")
        with self._batch_lock:
            return self._batch(cards)

    def _batch(self, cards: np.ndarray) -> np.ndarray:
        import numpy as np

        self._arrays()
        assert self._array_keys is not None
        keys = _column_sum(self._array_keys, cards) + np.uint64(BIAS)
        result = self._plain_cache.lookup(keys & np.uint64(RANK_MASK))
        flush_rows = np.flatnonzero(keys & np.uint64(FLUSH_BITS))
        if flush_rows.size:
            flush_keys = keys[flush_rows]
            held = _column_sum(self._array_masks, cards[flush_rows])
            wild = ((flush_keys >> np.uint64(WILD_SHIFT)) & np.uint64(31)) << np.uint64(13)
            for suit in range(4):
                bit = np.uint64(SUIT_SHIFT + SUIT_BITS * suit + 4)
                rows = np.flatnonzero((flush_keys >> bit) & np.uint64(1))
                if not rows.size:
                    continue
                ranks = (held[rows] >> np.uint64(13 * suit)) & np.uint64(0x1FFF)
                values = self._flush_cache.lookup(ranks | wild[rows])
                target = flush_rows[rows]
                result[target] = np.maximum(result[target], values)
        return result


def _rank_shapes(ranks: Sequence[int], cards: int) -> list[int]:
    """The rank keys (3 bits a rank) of every way to hold ``cards`` cards of ``ranks``,
    at most four of a rank."""
    shapes = [0]
    left = [cards]
    for position, rank in enumerate(ranks):
        last = position == len(ranks) - 1
        grown: list[int] = []
        still: list[int] = []
        for key, room in zip(shapes, left, strict=True):
            for count in [room] if last else range(min(4, room) + 1):
                if count <= 4:
                    grown.append(key + (count << (RANK_BITS * rank)))
                    still.append(room - count)
        shapes, left = grown, still
    return [key for key, room in zip(shapes, left, strict=True) if room == 0]


def _flush_possible(hole_key: int, board_key: int, from_hole: int, from_board: int) -> bool:
    """Whether ``from_hole`` cards of the hole and ``from_board`` of the board can be five
    of one suit (wilds count in every suit), from the unbiased keys of the whole hole
    and the whole board."""
    for suit in range(4):
        shift = SUIT_SHIFT + SUIT_BITS * suit
        held = min(hole_key >> shift & 31, from_hole) + min(board_key >> shift & 31, from_board)
        if held >= 5:
            return True
    return False


def _column_sum(table: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """``table[cards].sum(axis=1)``, a column at a time: cheaper than a 2-D gather."""
    total: np.ndarray = table[cards[:, 0]]
    for column in range(1, cards.shape[1]):
        total += table[cards[:, column]]
    return total


class _ArrayCache:
    """A direct-mapped NumPy cache in front of a memo dict.

    A key's slot is a multiplicative hash of it (or the key itself when the keys
    are small, ``direct``); a slot remembers the key it holds, so a collision is
    a miss, never a wrong answer. Misses are looked up in the dict (filling it
    for new shapes) and written back.
    """

    _MULTIPLIER = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: spreads nearby keys

    def __init__(
        self, memo: dict[int, int], fill: Callable[[int], int], *, bits: int, direct: bool = False
    ) -> None:
        import numpy as np

        self._memo, self._fill, self._bits, self._direct = memo, fill, bits, direct
        self._keys = np.full(1 << bits, np.iinfo(np.uint64).max, dtype=np.uint64)
        self._values = np.zeros(1 << bits, dtype=np.int64)

    def _slots(self, keys: np.ndarray) -> np.ndarray:
        import numpy as np

        if self._direct:
            return keys.astype(np.intp)
        hashed = keys * np.uint64(self._MULTIPLIER)  # wraps around, as intended
        slots: np.ndarray = (hashed >> np.uint64(64 - self._bits)).astype(np.intp)
        return slots

    def lookup(self, keys: np.ndarray) -> np.ndarray:
        import numpy as np

        slots = self._slots(keys)
        values: np.ndarray = self._values[slots]
        missing = np.flatnonzero(self._keys[slots] != keys)
        if missing.size:
            unique, inverse = np.unique(keys[missing], return_inverse=True)
            get, fill = self._memo.get, self._fill
            found = np.fromiter(
                (fill(k) if (v := get(k)) is None else v for k in unique.tolist()),
                dtype=np.int64,
                count=unique.size,
            )
            values[missing] = found[inverse.reshape(-1)]
            unique_slots = self._slots(unique)
            self._keys[unique_slots] = unique
            self._values[unique_slots] = found
        return values
