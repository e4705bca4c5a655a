"""Cards: parsing and printing in English and German notation, and the deck.

A card is an ``int`` from 0 to 51, ``rank * 4 + suit``: ranks count from 0 (the
two) to 12 (the ace), suits are spades, hearts, diamonds, clubs. Keeping cards
as small integers lets the evaluator index its tables with them directly.

>>> parse_cards("As 10h Td D♠ B♣ 3♥")
[As, Th, Td, Qs, Jc, 3h]
>>> parse_card("D♠").format(lang="de")
'D♠'
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import Final

from engine.errors import CardError, DuplicateCardError, MalformedCardError

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "shdc"
SUIT_SYMBOLS: Final = "♠♥♦♣"

TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)

# German sheets write the queen as D (Dame) and the jack as B (Bube); K and A
# are the same letters in both languages.
_RANK_BY_TOKEN: Final = {
    **{c: i for i, c in enumerate("23456789")},
    "10": TEN,
    "T": TEN,
    "J": JACK,
    "B": JACK,
    "Q": QUEEN,
    "D": QUEEN,
    "K": KING,
    "A": ACE,
}
_SUIT_BY_TOKEN: Final = {
    **{c: i for i, c in enumerate(SUIT_CHARS)},
    **{c: i for i, c in enumerate(SUIT_SYMBOLS)},
    # The outlined suit symbols turn up when people paste from some phones.
    **{c: i for i, c in enumerate("♤♡♢♧")},
}
_DE_RANK: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A")
_EN_RANK_NAMES: Final = [
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
]
_EN_RANK_PLURALS: Final = [
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
]
_DE_RANK_NAMES: Final = [
    "Zwei",
    "Drei",
    "Vier",
    "Fünf",
    "Sechs",
    "Sieben",
    "Acht",
    "Neun",
    "Zehn",
    "Bube",
    "Dame",
    "König",
    "Ass",
]
_DE_RANK_PLURALS: Final = [
    "Zweier",
    "Dreier",
    "Vierer",
    "Fünfer",
    "Sechser",
    "Siebener",
    "Achter",
    "Neuner",
    "Zehner",
    "Buben",
    "Damen",
    "Könige",
    "Asse",
]
_SPLIT: Final = re.compile(r"[\s,;]+")


class Card(int):
    """One card; an ``int`` so that tables can be indexed with it."""

    __slots__ = ()

    def __new__(cls, rank: int, suit: int) -> Card:
        if not (0 <= rank < 13 and 0 <= suit < 4):
            raise MalformedCardError(
                f"no card has rank {rank} and suit {suit}",
                token=f"{rank}/{suit}",
                code="card_no_such",
                params={"rank": rank, "suit": suit},
            )
        return int.__new__(cls, rank * 4 + suit)

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card whose integer code is ``code`` (0 to 51)."""
        if not 0 <= code < 52:
            raise MalformedCardError(
                f"{code} is not a card code (0 to 51)",
                token=str(code),
                code="card_code",
                params={"number": code},
            )
        return cls(code >> 2, code & 3)

    @property
    def rank(self) -> int:
        return int(self) >> 2

    @property
    def suit(self) -> int:
        return int(self) & 3

    def format(self, *, lang: str = "en", symbols: bool | None = None) -> str:
        """``As``/``Th`` in English, ``A♠``/``10♥``/``D♦`` in German.

        German always uses suit symbols unless ``symbols=False``; English uses
        letters unless ``symbols=True``.
        """
        if lang == "de":
            rank = _DE_RANK[self.rank]
            use_symbols = True if symbols is None else symbols
        else:
            rank = RANK_CHARS[self.rank]
            use_symbols = bool(symbols)
        return rank + (SUIT_SYMBOLS if use_symbols else SUIT_CHARS)[self.suit]

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()


ALL_CARDS: Final = tuple(Card.from_code(code) for code in range(52))


def rank_name(rank: int, *, lang: str = "en", plural: bool = False) -> str:
    """The spoken name of a rank: ``kings``, ``Könige``, ``ace``, ``Ass``."""
    if lang == "de":
        return (_DE_RANK_PLURALS if plural else _DE_RANK_NAMES)[rank]
    return (_EN_RANK_PLURALS if plural else _EN_RANK_NAMES)[rank]


def parse_rank(token: str) -> int:
    """A rank alone, as in ``--wild 3,9`` or ``D``: English or German letters, ``10`` or ``T``."""
    rank = _RANK_BY_TOKEN.get(token.strip().upper())
    if rank is None:
        raise MalformedCardError(
            f"{token!r} is not a rank (2-10, J/B, Q/D, K, A)",
            token=token,
            code="card_not_a_rank",
            params={"token": token},
        )
    return rank


def parse_card(token: str) -> Card:
    """Read one card such as ``As``, ``10h``, ``Td``, ``D♠`` or ``b♣`` (case does not matter)."""
    text = token.strip().replace("\ufe0f", "")  # emoji variation selector after a suit
    if len(text) < 2:
        raise MalformedCardError(
            f"{token!r} is not a card: write a rank and a suit, like As or D♠",
            token=token,
            code="card_too_short",
            params={"token": token},
        )
    rank = _RANK_BY_TOKEN.get(text[:-1].upper())
    suit = _SUIT_BY_TOKEN.get(text[-1].lower())
    if rank is None:
        raise MalformedCardError(
            f"{token!r} is not a card: unknown rank {text[:-1]!r} (2-10, J/B, Q/D, K, A)",
            token=token,
            code="card_unknown_rank",
            params={"token": token, "rank": text[:-1]},
        )
    if suit is None:
        raise MalformedCardError(
            f"{token!r} is not a card: unknown suit {text[-1]!r} (s h d c or ♠ ♥ ♦ ♣)",
            token=token,
            code="card_unknown_suit",
            params={"token": token, "suit": text[-1]},
        )
    return ALL_CARDS[rank * 4 + suit]


def split_tokens(text: str) -> list[str]:
    """The card tokens of a hand written as text, separated by spaces or commas."""
    return [t for t in _SPLIT.split(text.strip()) if t]


def is_bare_rank(token: str) -> bool:
    """``K``, ``10``, ``d``: a rank written without a suit."""
    return token.strip().upper() in _RANK_BY_TOKEN


def parse_cards(hand: str | Iterable[str], *, fill_suits: bool = False) -> list[Card]:
    """Read a hand; the same card twice raises :class:`DuplicateCardError` naming it.

    With ``fill_suits`` a rank alone (``K K 9 3``, as the rule sheets write
    hands) is accepted and given a free suit, spreading such cards over the
    suits so that they never make a flush by accident.
    """
    tokens = split_tokens(hand) if isinstance(hand, str) else list(hand)
    cards, bare = _read_tokens(tokens, fill_suits=fill_suits)
    if bare:
        cards = _fill_suits(tokens, cards, bare, taken=set(cards), per_suit=_suit_counts(cards))
    return cards


def parse_hands(hands: Mapping[str, str], *, shared: Collection[str] = ()) -> dict[str, list[Card]]:
    """Read the hands of one table at once, ranks alone allowed (the rule sheets' ``K K 9 3``).

    A rank alone gets a suit no other hand (nor the ``shared`` cards: a board, a
    spit card) holds, spread over the suits within its hand, the shared cards
    counted, so that it never makes a flush by accident: without suits a flush
    cannot be told, and the command line's ``rank`` judges such hands the same way.
    A card written with its suit in two hands raises :class:`DuplicateCardError`
    (code ``card_twice``, ``params["other"]`` the other hand's key); every
    :class:`CardError` raised names the hand it was found in as ``where``.
    """
    tokens = {key: split_tokens(text) for key, text in hands.items()}
    suited: dict[str, list[Card]] = {}
    bare: dict[str, list[tuple[int, str]]] = {}
    owner: dict[Card, str] = {}
    for key, hand in tokens.items():
        try:
            suited[key], bare[key] = _read_tokens(hand, fill_suits=True)
        except CardError as error:
            error.where = key
            raise
        for card in suited[key]:
            if card in owner:
                twice = DuplicateCardError(
                    f"{card} appears twice",
                    token=str(card),
                    code="card_twice",
                    params={"card": card, "other": owner[card]},
                )
                twice.where = key
                raise twice
            owner[card] = key
    taken = set(owner)
    # The shared cards first: their suits count in every hand they belong to.
    order = [k for k in tokens if k in shared] + [k for k in tokens if k not in shared]
    result: dict[str, list[Card]] = {}
    for key in order:
        per_suit = _suit_counts(suited[key])
        if key not in shared:
            for other in shared:
                for card in result.get(other, ()):
                    per_suit[card.suit] += 1
        if bare[key]:
            try:
                result[key] = _fill_suits(
                    tokens[key], suited[key], bare[key], taken=taken, per_suit=per_suit
                )
            except CardError as error:
                error.where = key
                raise
        else:
            result[key] = suited[key]
    return {key: result[key] for key in tokens}


def _read_tokens(
    tokens: Sequence[str], *, fill_suits: bool
) -> tuple[list[Card], list[tuple[int, str]]]:
    """The cards written with a suit (the same one twice refused) and the ranks alone."""
    cards: list[Card] = []
    seen: dict[Card, str] = {}
    bare: list[tuple[int, str]] = []
    for position, token in enumerate(tokens):
        if fill_suits and is_bare_rank(token):
            bare.append((position, token))
            continue
        card = parse_card(token)
        if card in seen:
            raise DuplicateCardError(
                f"{token!r} is the same card as {seen[card]!r}: a deck has each card once",
                token=token,
                code="card_typed_twice",
                params={"token": token, "first": seen[card], "card": card},
            )
        seen[card] = token
        cards.append(card)
    return cards, bare


def _suit_counts(cards: Iterable[Card]) -> list[int]:
    per_suit = [0, 0, 0, 0]
    for card in cards:
        per_suit[card.suit] += 1
    return per_suit


def _fill_suits(
    tokens: Sequence[str],
    suited: list[Card],
    bare: list[tuple[int, str]],
    *,
    taken: set[Card],
    per_suit: list[int],
) -> list[Card]:
    """Give each bare rank the least used suit (``per_suit``) still free (not in
    ``taken``, which grows) for that rank; keep token order."""
    filled: dict[int, Card] = {}
    for position, token in bare:
        rank = parse_rank(token)
        free = [s for s in range(4) if ALL_CARDS[rank * 4 + s] not in taken]
        if not free:
            raise DuplicateCardError(
                f"{token!r}: all four cards of that rank are already in the hand",
                token=token,
                code="card_rank_used_up",
                params={"token": token},
            )
        suit = min(free, key=lambda s: per_suit[s])
        per_suit[suit] += 1
        filled[position] = ALL_CARDS[rank * 4 + suit]
        taken.add(filled[position])
    iter_suited = iter(suited)
    return [filled[i] if i in filled else next(iter_suited) for i in range(len(tokens))]


def format_cards(cards: Iterable[int], *, lang: str = "en", symbols: bool | None = None) -> str:
    """Cards separated by spaces, in the chosen notation."""
    return " ".join(ALL_CARDS[c].format(lang=lang, symbols=symbols) for c in cards)


def check_distinct(cards: Sequence[int]) -> None:
    """Raise :class:`DuplicateCardError` if a card code repeats."""
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        for c in cards:
            if c in seen:
                name = str(ALL_CARDS[c])
                raise DuplicateCardError(
                    f"{name} appears twice",
                    token=name,
                    code="card_twice",
                    params={"card": ALL_CARDS[c]},
                )
            seen.add(c)


class Deck:
    """A 52-card deck in an order drawn from an injected random source.

    The random source is never the global one, so a deal is replayed exactly
    from the same seed. A stacked deck (tests, the rule sheets' examples) deals
    given cards first, then the rest in the random order.
    """

    def __init__(self, rng: random.Random, *, stacked: Sequence[int] = ()) -> None:
        check_distinct(stacked)
        rest = [c for c in ALL_CARDS if c not in set(stacked)]
        rng.shuffle(rest)
        # Dealing pops from the end, so the list holds the order reversed.
        self._cards: list[Card] = rest[::-1] + [ALL_CARDS[c] for c in reversed(stacked)]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return reversed(self._cards)

    def deal(self, n: int = 1) -> list[Card]:
        """Take ``n`` cards from the top."""
        if n < 0 or n > len(self._cards):
            raise ValueError(f"cannot deal {n} cards: {len(self._cards)} left in the deck")
        return [self._cards.pop() for _ in range(n)]

    def deal_one(self) -> Card:
        """Take the top card."""
        if not self._cards:
            raise ValueError("the deck is empty")
        return self._cards.pop()

    def peek(self, n: int = 1) -> list[Card]:
        """The next ``n`` cards without dealing them."""
        return self._cards[::-1][:n]

    def return_to_bottom(self, cards: Iterable[int]) -> None:
        """Put cards (discards reshuffled by the caller) under the stock."""
        self._cards[:0] = [ALL_CARDS[c] for c in reversed(list(cards))]

    def codes(self) -> list[int]:
        """The remaining cards top first, as integers (for JSON)."""
        return [int(c) for c in reversed(self._cards)]

    @classmethod
    def from_codes(cls, codes: Sequence[int]) -> Deck:
        """Rebuild a deck from :meth:`codes`, top first."""
        check_distinct(codes)
        deck = cls.__new__(cls)
        deck._cards = [Card.from_code(c) for c in reversed(codes)]
        return deck
