"""The JSON form of a physically dealt hand for ``python -m engine settle``, in and out.

Players are named and sit in the order listed, clockwise; everywhere else a
player is given by name (or by seat number, counting from 0). Input::

    {
      "kind": "hand",
      "game": "baseball",
      "dealer": "Eva",
      "players": [{"name": "Anna", "stack": 40}, {"name": "Ben"}, {"name": "Carla"},
                  {"name": "Dan"}, {"name": "Eva"}],
      "ante": 1,
      "put_in": {"Anna": 18, "Ben": 3, "Carla": 3, "Dan": 3, "Eva": 3},
      "pot_payments": [{"player": "Anna", "amount": 15}],
      "folded": ["Dan", "Eva"],
      "showdown": {"ranking": ["Anna", ["Ben", "Carla"]]}
    }

Fields: ``game`` (a name from ``python -m engine rank --help`` when cards are
shown; any name with a ranking), ``dealer``, ``players`` (``name``, optional
``stack`` before the hand), ``ante`` (default 1), ``anted`` (default:
everyone), then either ``put_in`` (each player's total, antes and payments
included) with optional ``pot_payments`` (``amount`` a number or ``"fold"``)
and ``walk_purchases`` (``player``, ``amount``: one entry per walk bought, each
at a price the options allow, e.g. 2, 3, 4, 5 or 6 by street with
``walk_price`` 2 and ``walk_price_per_street`` 1), or ``rounds``: a list of
betting rounds, each a list of ``{"player": "Anna", "action": "bet",
"amount": 2}`` with actions ``check``, ``bet``, ``call``, ``raise`` (amount: how
much above the bet), ``fold``, ``all_in``, ``pay_pot`` (amount optional: the
pot at that moment, capped at the option ``pot_cap``, or the option
``pay_fixed``) and ``buy_walk`` (amount optional when the options fix the
walk's price: ``walk_price``, ``walk_price_up`` with ``extra_face`` up, no
``walk_price_per_street``). Optional: ``folded`` and ``all_in``
(lists of players), ``showdown`` (``{"ranking": [...]}``, best first, tied
players in a list, or ``{"cards": {"Anna": "3s 3h 9d Kc", ...}}`` with an
optional ``"shared"`` card string: Spit in the Ocean's spit card; each hand must
have the game's number of cards, see :mod:`engine.hands.size`), ``wild`` (ranks
such as ``"3 9"``: Spit in the Ocean's spit card, or a house rule replacing the
game's wild cards) and
``board`` (Texas Hold'em and Omaha: the five community cards, ``"Ks Qs 8s 6s 2s"``
or a list; they count for every hand shown, Omaha high/low splits each pot
between the best high and the best eight-or-better low; refused for every game
without a board, ruling 17), ``pot`` (the chips
counted in the middle, checked against the totals),
``options`` (the game's house options by name, e.g. ``{"spit_call": true}``),
``declare`` (Sequence with the option ``high_low``: each player who shows
mapped to ``"high"``, ``"low"`` or ``"both"``, e.g. ``{"Anna": "both", "Ben":
"low"}``; both must win or tie both ways or gets nothing, see
:mod:`engine.table_hand.declared`) and ``switched_to`` (Jack the Shifter: the
game a jack switched the hand to, e.g. ``"good-bad-ugly"``; it must be allowed
by the options ``allow_<game>``, and it sizes and ranks the hands shown).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import parse_cards
from engine.chips.pots import pot_names
from engine.errors import CardError, NegativeAmountError, SettlementError, UnknownPlayerError
from engine.hands.rankings import parse_wild
from engine.hands.showdown import HostRanking, Showdown, ShownCards
from engine.hands.size import check_shared
from engine.table_hand.model import (
    Move,
    PotPayment,
    TableAction,
    TableHand,
    TablePlayer,
    WalkPurchase,
)
from engine.table_hand.settle import TableSettlement
from engine.text import join_names

_FIELDS = (
    "kind",
    "game",
    "dealer",
    "players",
    "ante",
    "anted",
    "put_in",
    "rounds",
    "folded",
    "all_in",
    "pot_payments",
    "walk_purchases",
    "showdown",
    "board",
    "wild",
    "pot",
    "options",
    "declare",
    "switched_to",
)
_MOVES = {move.value: move for move in Move} | {"all-in": Move.ALL_IN}


def read_table_hand(data: Mapping[str, Any]) -> TableHand:
    """The hand described by ``data``; bad input raises a SettlementError naming it."""
    unknown = [key for key in data if key not in _FIELDS]
    if unknown:
        raise SettlementError(f"unknown field {unknown[0]!r}: a hand has {', '.join(_FIELDS)}")
    reader = _Reader(data.get("players"))
    game = data.get("game")
    if not isinstance(game, str) or not game.strip():
        raise SettlementError('give the game\'s name, e.g. "game": "baseball"')
    if "dealer" not in data:
        raise SettlementError('say who dealt: "dealer": "Anna"')
    put_in = data.get("put_in")
    rounds = data.get("rounds")
    anted = data.get("anted")
    pot = data.get("pot")
    wild = data.get("wild")
    name = game.strip().lower()
    return TableHand(
        game=name,
        dealer=reader.seat(data["dealer"], what="the dealer"),
        players=reader.players,
        ante=reader.amount(data.get("ante", 1), what="the ante"),
        anted=None if anted is None else frozenset(reader.seats(anted, what="anted")),
        put_in=None if put_in is None else reader.totals(put_in),
        rounds=None if rounds is None else reader.rounds(rounds),
        folded=frozenset(reader.seats(data.get("folded", []), what="folded")),
        all_in=frozenset(reader.seats(data.get("all_in", []), what="all_in")),
        pot_payments=reader.pot_payments(data.get("pot_payments", [])),
        walk_purchases=reader.walks(data.get("walk_purchases", [])),
        showdown=_with_board(reader, data, name),
        wild=None if wild is None else _wild(wild),
        pot=None if pot is None else reader.amount(pot, what="the pot"),
        options=_options(data.get("options", {})),
        declarations=reader.declarations(data.get("declare", {})),
        switched_to=_switched_to(data.get("switched_to")),
    )


def settlement_to_json(settled: TableSettlement) -> dict[str, Any]:
    """The answer of ``python -m engine settle`` for a hand (see the README)."""
    hand = settled.hand

    def names(seats: Sequence[int]) -> list[str]:
        return [hand.name(s) for s in seats]

    answer: dict[str, Any] = {
        "kind": "hand",
        "game": hand.game,
        "dealer": hand.name(hand.dealer),
        "pot": settled.total,
        "pots": [
            {
                "name": award.name,
                "amount": award.pot.amount,
                "eligible": names(award.pot.eligible),
                "winners": names(award.winners),
                "share": award.share,
                "odd_chips": names(award.odd_chips),
                # High/low games: which half of the pot this was.
                **({"half": award.side} if award.side else {}),
            }
            for award in settled.pots.awards
        ],
        "showdown": [names(group) for group in settled.showdown],
    }
    if settled.hand_names:
        answer["hands"] = {hand.name(s): text for s, text in sorted(settled.hand_names.items())}
    if settled.low_names:  # high/low games: each qualifying low
        answer["lows"] = {hand.name(s): text for s, text in sorted(settled.low_names.items())}
    if hand.declarations:
        answer["declare"] = {hand.name(s): word for s, word in sorted(hand.declarations.items())}
    if settled.forfeited:  # declared both and lost a way: nothing from these pots
        pots = pot_names(len(settled.pots.split.pots))
        answer["forfeited"] = {pots[i]: names(seats) for i, seats in settled.forfeited.items()}
    if hand.switched_to:
        answer["switched_to"] = hand.switched_to
    answer["players"] = [
        {
            "name": p.name,
            "seat": p.seat,
            "put_in": p.put_in,
            "won": p.won,
            "returned": p.returned,
            "net": p.net,
            **({} if p.stack_after is None else {"stack": p.stack_after}),
            "folded": p.folded,
            "all_in": p.all_in,
            "reasons": [{"chips": r.chips, "reason": r.text} for r in p.reasons],
        }
        for p in settled.players
    ]
    return answer


class _Reader:
    """Turns names into seats and checks every number on the way in."""

    def __init__(self, raw: Any) -> None:
        if not isinstance(raw, list) or len(raw) < 2:
            raise SettlementError(
                "list at least two players in seat order: "
                '"players": [{"name": "Anna"}, {"name": "Ben"}]'
            )
        players = []
        for i, item in enumerate(raw):
            entry = {"name": item} if isinstance(item, str) else item
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                raise SettlementError(f"player {i + 1} needs a name: {item!r}")
            extra = [k for k in entry if k not in ("name", "stack")]
            if extra:
                raise SettlementError(f"unknown field {extra[0]!r} for player {entry['name']}")
            name = entry["name"].strip()
            stack = entry.get("stack")
            players.append(
                TablePlayer(
                    name=name,
                    stack=None if stack is None else self.amount(stack, what=f"{name}'s stack"),
                )
            )
        names = [p.name for p in players]
        for name in names:
            if names.count(name) > 1:
                raise SettlementError(f"two players are called {name}: give them different names")
        self.players = tuple(players)
        self.index = {p.name: seat for seat, p in enumerate(players)}

    def seat(self, ref: Any, *, what: str) -> int:
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(self.players):
            return ref
        if isinstance(ref, str) and ref.strip() in self.index:
            return self.index[ref.strip()]
        known = join_names([p.name for p in self.players])
        raise UnknownPlayerError(f"{what}: there is no player {ref!r} (the players are {known})")

    def seats(self, refs: Any, *, what: str) -> list[int]:
        if not isinstance(refs, list):
            raise SettlementError(f"{what} must be a list of players, not {refs!r}")
        return [self.seat(ref, what=what) for ref in refs]

    def amount(self, value: Any, *, what: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise SettlementError(f"{what} must be a whole number of chips, not {value!r}")
        if value < 0:
            raise NegativeAmountError(f"{what} is {value}: it cannot be negative")
        return value

    def totals(self, raw: Any) -> dict[int, int]:
        if not isinstance(raw, dict):
            raise SettlementError('put_in maps each player to a number: {"Anna": 5, ...}')
        totals = {}
        for ref, value in raw.items():
            seat = self.seat(ref, what="put_in")
            name = self.players[seat].name
            if isinstance(value, int) and not isinstance(value, bool) and value < 0:
                raise NegativeAmountError(f"{name} put in {value}: chips cannot be negative")
            totals[seat] = self.amount(value, what=f"what {name} put in")
        return totals

    def rounds(self, raw: Any) -> tuple[tuple[TableAction, ...], ...]:
        if not isinstance(raw, list) or not all(isinstance(r, list) for r in raw):
            raise SettlementError("rounds is a list of betting rounds, each a list of actions")
        return tuple(
            tuple(self.action(item, where=f"round {n}") for item in actions)
            for n, actions in enumerate(raw, start=1)
        )

    def action(self, item: Any, *, where: str) -> TableAction:
        if not isinstance(item, dict) or "player" not in item or "action" not in item:
            raise SettlementError(
                f'{where}: an action looks like {{"player": "Anna", "action": "bet", '
                f'"amount": 2}}, not {item!r}'
            )
        seat = self.seat(item["player"], what=where)
        move = _MOVES.get(str(item["action"]).strip().lower())
        if move is None:
            moves = ", ".join(m.value for m in Move)
            raise SettlementError(f"{where}: unknown action {item['action']!r} (use {moves})")
        amount = item.get("amount")
        return TableAction(
            seat=seat,
            move=move,
            amount=None
            if amount is None
            else self.amount(amount, what=f"{where}: {self.players[seat].name}'s {move.value}"),
        )

    def pot_payments(self, raw: Any) -> tuple[PotPayment, ...]:
        payments = []
        for item in self._list(raw, what="pot_payments"):
            seat = self.seat(item.get("player"), what="pot_payments")
            amount = item.get("amount")
            name = self.players[seat].name
            payments.append(
                PotPayment(
                    seat=seat,
                    amount=None
                    if amount == "fold"
                    else self.amount(amount, what=f'{name}\'s pot payment (a number or "fold")'),
                )
            )
        return tuple(payments)

    def walks(self, raw: Any) -> tuple[WalkPurchase, ...]:
        walks = []
        for item in self._list(raw, what="walk_purchases"):
            seat = self.seat(item.get("player"), what="walk_purchases")
            name = self.players[seat].name
            price = self.amount(item.get("amount"), what=f"the price {name} paid for the walk")
            walks.append(WalkPurchase(seat=seat, amount=price))
        return tuple(walks)

    def declarations(self, raw: Any) -> dict[int, str]:
        """``{"Anna": "high", "Ben": "both"}``: each player's declaration."""
        if not isinstance(raw, dict):
            raise SettlementError('declare maps each player to high, low or both: {"Anna": "low"}')
        declared = {}
        for ref, word in raw.items():
            seat = self.seat(ref, what="declare")
            if not isinstance(word, str):
                raise SettlementError(
                    f"{self.players[seat].name} declares {word!r}: write high, low or both"
                )
            declared[seat] = word.strip().lower()
        return declared

    def showdown(self, raw: Any) -> Showdown:
        if isinstance(raw, dict) and set(raw) == {"ranking"}:
            groups = []
            for place in self._list(raw["ranking"], what="the ranking", objects=False):
                refs = place if isinstance(place, list) else [place]
                groups.append(tuple(self.seat(ref, what="the ranking") for ref in refs))
            return HostRanking(groups=tuple(groups))
        if isinstance(raw, dict) and "cards" in raw and set(raw) <= {"cards", "shared"}:
            if not isinstance(raw["cards"], dict):
                raise SettlementError('showdown cards map each player to a hand: {"Anna": "As Kd"}')
            hands = {}
            for ref, text in raw["cards"].items():
                seat = self.seat(ref, what="the cards shown")
                hands[seat] = self.cards(text, whose=f"{self.players[seat].name}'s cards")
            shared = self.cards(raw.get("shared", ""), whose="the shared cards")
            return ShownCards(hands=hands, shared=shared)
        raise SettlementError(
            'the showdown is {"ranking": ["Anna", ["Ben", "Carla"]]} '
            'or {"cards": {"Anna": "As Kd ...", ...}}'
        )

    def cards(self, text: Any, *, whose: str) -> tuple[int, ...]:
        if not isinstance(text, str | list):
            raise SettlementError(f'{whose} must be written like "As Kd 3h", not {text!r}')
        try:
            return tuple(int(c) for c in parse_cards(text))
        except CardError as exc:
            raise SettlementError(f"{whose}: {exc}") from exc

    @staticmethod
    def _list(raw: Any, *, what: str, objects: bool = True) -> list[Any]:
        if not isinstance(raw, list) or (objects and not all(isinstance(i, dict) for i in raw)):
            raise SettlementError(f"{what} must be a list of {'objects' if objects else 'entries'}")
        return raw


def _with_board(reader: _Reader, data: Mapping[str, Any], game: str) -> Showdown | None:
    """The showdown, with the ``board`` of a community-card game as the shared cards of
    every hand shown (a host's ranking needs no board: it is left out). A board given
    for a game without one is refused whatever the showdown (ruling 17)."""
    raw = data.get("showdown")
    showdown = None if raw is None else reader.showdown(raw)
    if data.get("board") is None:
        return showdown
    board = reader.cards(data["board"], whose="the board")
    if not isinstance(showdown, ShownCards):
        check_shared(game, board, _options(data.get("options", {})))
        return showdown
    if showdown.shared:
        raise SettlementError('give the board once: "board" or the showdown\'s "shared", not both')
    return ShownCards(hands=showdown.hands, shared=board)


def _switched_to(raw: Any) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or not raw.strip():
        raise SettlementError('switched_to names a game, e.g. "switched_to": "good-bad-ugly"')
    return raw.strip().lower()


def _wild(raw: Any) -> frozenset[int]:
    text = " ".join(str(r) for r in raw) if isinstance(raw, list) else str(raw)
    try:
        return parse_wild(text)
    except CardError as exc:
        raise SettlementError(f"wild: {exc}") from exc


def _options(raw: Any) -> dict[str, object]:
    if not isinstance(raw, dict) or not all(isinstance(k, str) for k in raw):
        raise SettlementError(
            'options must map each house option to its value, e.g. {"buy_walk": true}'
        )
    return dict(raw)
