"""The check of a public hand record (:mod:`gamenight.services.public_hand`) in a group file.

An import takes a hand's record only in exactly the shape an export writes: every
key, every type, every card a card, every seat a seat, and no card that was face
down and never shown (a face-down card named in the log, or shown in a view for a
player who did not show at the showdown). Each line of the log is also put into
words in every language of the site, as the replay page will, so a record that
passes cannot fail there later. A refusal names where the record is damaged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from django.conf import settings
from django.utils import translation

from engine.cards import ALL_CARDS
from engine.games import ActionName, EventKind
from engine.games.replay import FORFEIT
from gamenight.engine_words.log import event_words
from gamenight.services.public_hand import CHANGED

CARDS: Final = frozenset(str(card) for card in ALL_CARDS)
KINDS: Final = frozenset(kind.value for kind in EventKind)
ACTIONS: Final = frozenset({*(a.value for a in ActionName), FORFEIT})
NO_SEAT: Final = -1
TEXT_MOST: Final = 500

RECORD_KEYS: Final = frozenset({"replay", "views", "phh", "phh_refusal"})
LOG_KEYS: Final = frozenset(
    {"game", "dealer", "ante", "seats", "dealt", "moves", "board", "up_cards", "showdown"}
    | {"results"}
)
# The level of a hand dealt with blinds (issue 27); absent for a home-style hand.
LOG_OPTIONAL: Final = frozenset({"blinds"})
# A host's login where the host made the move for a player away from the phone.
MOVE_OPTIONAL: Final = frozenset({"stand_in"})
MOVE_KEYS: Final = frozenset(
    {"step", "seat", "name", "action", "amount", "cards_thrown", "game", "events"}
)
EVENT_KEYS: Final = frozenset({"kind", "seat", "chips", "card", "face_up", "all_in", "text"})
EVENT_EXTRA: Final = frozenset({"code", "params"})
VIEW_KEYS: Final = frozenset(
    {
        "game",
        "step",
        "table",
        "dealer",
        "pot",
        "actor",
        "over",
        "decision",
        "current_bet",
        "players",
        "payouts",
        "carry",
        "carry_out",
    }
)
# A hand dealt with blinds (issue 27) names them in each view; files written
# before blinds existed have no such key.
VIEW_OPTIONAL: Final = frozenset({"blinds"})
BLINDS_KEYS: Final = frozenset({"small", "big", "ante", "small_seat", "big_seat"})
PLAYER_KEYS: Final = frozenset({"name", "stack", "put_in", "folded", "cards", "down_count"})


class DamagedRecord(ValueError):
    """``path`` is where the record is damaged; ``hidden``: it names a card nobody saw."""

    def __init__(self, path: str, *, hidden: bool = False) -> None:
        super().__init__(path)
        self.path = path
        self.hidden = hidden


def check_record(record: Any, *, seats: int) -> None:
    """Refuse (:class:`DamagedRecord`) ``record`` unless it is a public hand record of
    a hand of ``seats`` players."""
    top = _dict(record, "", RECORD_KEYS)
    log = _dict(top["replay"], "replay", LOG_KEYS, optional=LOG_OPTIONAL)
    if "blinds" in log:
        level = _dict(log["blinds"], "replay.blinds", frozenset({"small", "big", "ante"}))
        for key, chips in level.items():
            _int(chips, f"replay.blinds.{key}")
    for name, seat_row in _items(log["seats"], "replay.seats"):
        row = _dict(seat_row, name, frozenset({"seat", "name", "start_stack"}))
        _int(row["start_stack"], f"{name}.start_stack")
        _str(row["name"], f"{name}.name")
    if len(log["seats"]) != seats or not 2 <= seats <= len(ALL_CARDS):
        raise DamagedRecord("replay.seats")
    for index, row in enumerate(log["seats"]):
        if row["seat"] != index:
            raise DamagedRecord(f"replay.seats[{index}].seat")
    shown = _check_log(log, seats)
    views = _check_views(top["views"], seats, shown)
    if len(views) != len(log["moves"]) + 1:
        raise DamagedRecord("views")
    names = [row["name"] for row in log["seats"]]
    if any(p["name"] != names[i] for view in views for i, p in enumerate(view["players"])):
        raise DamagedRecord("views.players.name")
    _optional(top["phh"], "phh", _str)
    _optional(top["phh_refusal"], "phh_refusal", _str)
    if (top["phh"] is None) == (top["phh_refusal"] is None):
        raise DamagedRecord("phh")
    _words(log)


def _check_log(log: Mapping[str, Any], seats: int) -> set[int]:
    """The log's parts; the seats that showed their cards at the showdown."""
    _str(log["game"], "replay.game")
    _seat(log["dealer"], "replay.dealer", seats)
    _int(log["ante"], "replay.ante")
    _events(log["dealt"], "replay.dealt", seats)
    for name, raw in _items(log["moves"], "replay.moves"):
        move = _dict(raw, name, MOVE_KEYS, optional=MOVE_OPTIONAL)
        _seat(move["seat"], f"{name}.seat", seats)
        _str(move["name"], f"{name}.name")
        if move["action"] not in ACTIONS:
            raise DamagedRecord(f"{name}.action")
        _optional(move["amount"], f"{name}.amount", _int)
        _optional(move["cards_thrown"], f"{name}.cards_thrown", _int)
        _optional(move["game"], f"{name}.game", _str)
        _optional(move.get("stand_in"), f"{name}.stand_in", _str)
        _events(move["events"], f"{name}.events", seats)
    for index, move in enumerate(log["moves"]):
        if move["step"] != index + 1:
            raise DamagedRecord(f"replay.moves[{index}].step")
    _cards(log["board"], "replay.board")
    up_cards = _list(log["up_cards"], "replay.up_cards")
    if len(up_cards) != seats:
        raise DamagedRecord("replay.up_cards")
    for name, cards in _items(up_cards, "replay.up_cards"):
        _cards(cards, name)
    shown: set[int] = set()
    for name, raw in _items(log["showdown"], "replay.showdown"):
        row = _dict(raw, name, frozenset({"seat", "name", "cards"}))
        shown.add(_seat(row["seat"], f"{name}.seat", seats))
        _str(row["name"], f"{name}.name")
        _cards(row["cards"], f"{name}.cards")
    results = _dict(log["results"], "replay.results", frozenset({"payouts", "end_stacks", "net"}))
    _optional(results["payouts"], "replay.results.payouts", lambda v, p: _ints(v, p, seats))
    _ints(results["end_stacks"], "replay.results.end_stacks", seats)
    _ints(results["net"], "replay.results.net", seats)
    return shown


def _check_views(raw: Any, seats: int, shown: set[int]) -> list[dict[str, Any]]:
    """Every view in full, checked; a face-down card only of a player who showed."""
    views: list[dict[str, Any]] = []
    for name, item in _items(raw, "views"):
        if not views:
            view = _dict(item, name, VIEW_KEYS, optional=VIEW_OPTIONAL)
        else:
            delta = _dict(
                item,
                name,
                frozenset(),
                optional=VIEW_KEYS - {"players"} | VIEW_OPTIONAL | {CHANGED},
            )
            view = {**views[-1], **{k: v for k, v in delta.items() if k != CHANGED}}
            players = list(views[-1]["players"])
            for where, pair in _items(delta.get(CHANGED, []), f"{name}.{CHANGED}"):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise DamagedRecord(where)
                players[_seat(pair[0], where, seats)] = pair[1]
            view["players"] = players
        _check_view(view, name, seats, shown)
        views.append(view)
    return views


def _check_view(view: Mapping[str, Any], name: str, seats: int, shown: set[int]) -> None:
    _str(view["game"], f"{name}.game")
    _int(view["step"], f"{name}.step")
    _cards(view["table"], f"{name}.table")
    _seat(view["dealer"], f"{name}.dealer", seats)
    _int(view["pot"], f"{name}.pot")
    _optional(view["actor"], f"{name}.actor", lambda v, p: _seat(v, p, seats))
    _bool(view["over"], f"{name}.over")
    if view["decision"] is not None:
        decision = _dict(view["decision"], f"{name}.decision", frozenset({"kind", "seat", "chips"}))
        _str(decision["kind"], f"{name}.decision.kind")
        _seat(decision["seat"], f"{name}.decision.seat", seats)
        _int(decision["chips"], f"{name}.decision.chips")
    _int(view["current_bet"], f"{name}.current_bet")
    if view.get("blinds") is not None:
        blinds = _dict(view["blinds"], f"{name}.blinds", BLINDS_KEYS)
        for key in ("small", "big", "ante"):
            _int(blinds[key], f"{name}.blinds.{key}")
        for key in ("small_seat", "big_seat"):
            _seat(blinds[key], f"{name}.blinds.{key}", seats)
    _optional(view["payouts"], f"{name}.payouts", lambda v, p: _ints(v, p, seats))
    for key in ("carry", "carry_out"):
        if view[key] is not None:
            for chips in _dict(view[key], f"{name}.{key}", frozenset(), optional=None).values():
                _int(chips, f"{name}.{key}")
    players = _list(view["players"], f"{name}.players")
    if len(players) != seats:
        raise DamagedRecord(f"{name}.players")
    for where, raw in _items(players, f"{name}.players"):
        player = _dict(raw, where, PLAYER_KEYS)
        _str(player["name"], f"{where}.name")
        for key in ("stack", "put_in", "down_count"):
            _int(player[key], f"{where}.{key}")
        _bool(player["folded"], f"{where}.folded")
        for spot, item in _items(player["cards"], f"{where}.cards"):
            card = _dict(item, spot, frozenset({"card", "up"}))
            _card(card["card"], f"{spot}.card")
            _bool(card["up"], f"{spot}.up")
    for seat, player in enumerate(players):
        if seat not in shown and any(not card["up"] for card in player["cards"]):
            raise DamagedRecord(f"{name}.players[{seat}].cards", hidden=True)


def _events(raw: Any, path: str, seats: int) -> None:
    for name, item in _items(raw, path):
        event = _dict(item, name, EVENT_KEYS, optional=EVENT_EXTRA)
        if event["kind"] not in KINDS:
            raise DamagedRecord(f"{name}.kind")
        seat = _int(event["seat"], f"{name}.seat")
        if not NO_SEAT <= seat < seats:
            raise DamagedRecord(f"{name}.seat")
        _int(event["chips"], f"{name}.chips")
        _bool(event["face_up"], f"{name}.face_up")
        _bool(event["all_in"], f"{name}.all_in")
        _str(event["text"], f"{name}.text")
        if event["card"] is not None:
            _card(event["card"], f"{name}.card")
            if not event["face_up"]:
                # The views name no face-down card (a draw's discards neither).
                raise DamagedRecord(f"{name}.card", hidden=True)
        if "code" in event:
            _str(event["code"], f"{name}.code")
        if "params" in event:
            _dict(event["params"], f"{name}.params", frozenset(), optional=None)


def _words(log: Mapping[str, Any]) -> None:
    """Every line of the log put into words as the replay page will, in every language."""
    events = list(log["dealt"]) + [e for move in log["moves"] for e in move["events"]]
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for index, event in enumerate(events):
                try:
                    event_words(event)
                except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                    raise DamagedRecord(f"replay.events[{index}].params") from None


# ------------------------------------------------------------------ shapes


def _dict(
    value: Any, path: str, keys: frozenset[str], *, optional: frozenset[str] | None = frozenset()
) -> dict[str, Any]:
    """A dict with exactly ``keys`` (and any of ``optional``; ``None``: any string keys)."""
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise DamagedRecord(path or "record")
    if optional is not None:
        missing = keys - set(value)
        extra = set(value) - keys - optional
        if missing or extra:
            raise DamagedRecord(f"{path}.{sorted(missing | extra)[0]}".lstrip("."))
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise DamagedRecord(path)
    return value


def _items(value: Any, path: str) -> list[tuple[str, Any]]:
    return [(f"{path}[{index}]", item) for index, item in enumerate(_list(value, path))]


def _int(value: Any, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DamagedRecord(path)
    return value


def _ints(value: Any, path: str, count: int) -> None:
    if len(_list(value, path)) != count:
        raise DamagedRecord(path)
    for where, item in _items(value, path):
        _int(item, where)


def _bool(value: Any, path: str) -> None:
    if not isinstance(value, bool):
        raise DamagedRecord(path)


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str) or (len(value) > TEXT_MOST and path != "phh"):
        raise DamagedRecord(path)
    return value


def _seat(value: Any, path: str, seats: int) -> int:
    if not 0 <= _int(value, path) < seats:
        raise DamagedRecord(path)
    return int(value)


def _card(value: Any, path: str) -> None:
    if not isinstance(value, str) or value not in CARDS:
        raise DamagedRecord(path)


def _cards(value: Any, path: str) -> None:
    for where, item in _items(value, path):
        _card(item, where)


def _optional(value: Any, path: str, check: Callable[[Any, str], Any]) -> None:
    if value is not None:
        check(value, path)
