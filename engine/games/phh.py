"""A finished hand as a PokerKit hand history (PHH, https://phh.readthedocs.io).

PHH names a few standard variants; a hand maps onto one only where our game is
that variant: Texas Hold'em (``FT`` at a fixed limit, ``NT`` otherwise: our
spread and pot limits are inside no-limit's sizes), Omaha (``PO``) and Omaha
high/low (``FO/8``, fixed limit only). Home games ante and post no blinds, so
``blinds_or_straddles`` are zeros and the first bettor is the dealer's left, as
in PokerKit without blinds; a hand dealt with blinds writes them (small, big,
from the dealer's left) and PokerKit posts them and opens left of the big blind,
as we do.

Seven-card stud maps onto ``F7S`` only with the house's bring-in on and at a
fixed limit (:mod:`engine.games.phh_stud`): PokerKit's stud opens third street
with a forced bring-in by the lowest up card, ruling 10's with the best showing
hand, so without it the same moves would be out of turn there. Five-card draw
has no PHH variant at all (PokerKit's draw games are lowball and badugi). Those
hands export JSON only; :func:`phh_refusal` says why, as a code.

Players are numbered from the dealer's left (``p1``) to the dealer, PokerKit's
order. Only public moves and the cards shown at the showdown are written:
a folded player's hole cards are written as unknown (``????``), as PHH allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.betting import FixedLimit, Limit, NoLimit, PotLimit, SpreadLimit
from engine.cards import ALL_CARDS
from engine.games.events import BLIND_EVENTS, Event, EventKind
from engine.games.phh_stud import POKERKIT_CAP, STUD, stud_actions, stud_fields, stud_refusal
from engine.games.state import HandState

DRAW: Final = "five-card-draw"

MAPPED_GAMES: Final = frozenset({"texas-holdem", "omaha", "omaha-hi-lo", "seven-card-stud"})
_BETS: Final = frozenset({EventKind.BET, EventKind.RAISE})
_PASSIVE: Final = frozenset({EventKind.CHECK, EventKind.CALL})


def phh_variant(game: str, limit: Limit) -> str | None:
    """The PHH variant code ``game`` at ``limit`` maps onto, or ``None`` (seven-card
    stud: ``F7S`` when its hand also has a bring-in, see :func:`phh_refusal`)."""
    if game == STUD and isinstance(limit, FixedLimit):
        return "F7S"
    if game == "texas-holdem":
        return "FT" if isinstance(limit, FixedLimit) else "NT"
    if game == "omaha" and isinstance(limit, PotLimit):
        return "PO"
    if game == "omaha-hi-lo" and isinstance(limit, FixedLimit):
        return "FO/8"
    return None


def phh_refusal(state: HandState) -> str | None:
    """Why the hand has no PHH file, or ``None`` when it has one.

    ``"game"``: its game or limit has no PHH variant; ``"draw"``: five-card draw,
    which PHH has no variant for; ``"raises"``: a spread-limit raise smaller than an
    earlier one, which no-limit forbids; ``"cap"``: more bets and raises in a round
    than PokerKit's fixed limit allows; seven-card stud's ``"stud_opening"`` (no
    bring-in: ruling 10's opener) and ``"stud_limit"`` (not a fixed limit, or a
    bring-in of a full bet).
    """
    game = state.rules.name
    if state.is_over and game == DRAW:
        return "draw"
    if state.is_over and game == STUD:
        return stud_refusal(state)
    if not state.is_over or phh_variant(game, state.limit) is None:
        return "game"
    if isinstance(state.limit, SpreadLimit) and not _fits_no_limit(state):
        return "raises"
    if isinstance(state.limit, FixedLimit) and _most_bets_a_street(state) > POKERKIT_CAP:
        return "cap"
    return None


def _most_bets_a_street(state: HandState) -> int:
    """The most bets and raises in one betting round; ours counts only full raises to
    the cap, so an all-in short of a full raise can be one more than PokerKit allows."""
    most = count = 0
    name = ""
    for event in state.history:
        if event.kind is EventKind.TABLE_CARD and event.text != name:
            name, count = event.text, 0
        elif event.kind in _BETS:
            count += 1
            most = max(most, count)
    return most


def _fits_no_limit(state: HandState) -> bool:
    """Every bet and raise of the hand is a legal no-limit one: a raise (unless all-in)
    at least as large as the largest bet or raise of its street."""
    street: dict[int, int] = {}
    current = largest = 0
    name = ""
    for event in state.history:
        if event.kind is EventKind.TABLE_CARD and event.text != name:
            name = event.text
            street, current, largest = {}, 0, 0
        if event.kind in BLIND_EVENTS and state.blinds is not None:
            # The blinds are the first street's bets; the big blind its opening bet.
            street[event.seat] = street.get(event.seat, 0) + event.chips
            current = max(current, street[event.seat])
            largest = state.blinds.big
            continue
        if event.kind not in _BETS:
            continue
        total = street.get(event.seat, 0) + event.chips
        street[event.seat] = total
        increment = total - current
        if increment < max(largest, _min_bet(state.limit)) and not event.all_in:
            return False
        largest = max(largest, increment)
        current = total
    return True


def _card(code: int) -> str:
    return str(ALL_CARDS[code])


def _min_bet(limit: Limit) -> int:
    match limit:
        case FixedLimit(amount=amount):
            return amount
        case SpreadLimit(min_bet=low) | PotLimit(min_bet=low) | NoLimit(min_bet=low):
            return low


def _quoted(values: Sequence[str]) -> str:
    return "[" + ", ".join(_toml_string(v) for v in values) + "]"


def _toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(c if c >= " " else " " for c in escaped) + '"'


def _numbers(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def hand_to_phh(
    state: HandState, *, start_stacks: Sequence[int], hand_label: str = ""
) -> str | None:
    """The PHH text of the finished hand ``state``, or ``None`` if its game does not map."""
    variant = phh_variant(state.rules.name, state.limit)
    if variant is None or phh_refusal(state) is not None:
        return None
    order = state.order()
    player = {seat: f"p{index + 1}" for index, seat in enumerate(order)}
    stud = variant == "F7S"
    actions = stud_actions(state, order, player) if stud else _actions(state, order, player)
    if stud:
        actions += _showdown(state, order, player, _last_aggressor(state))
    lines = [f"variant = {_toml_string(variant)}"]
    antes = [state.ante if state.rules.antes else 0] * state.seat_count
    # Everyone antes the same: a short stack's ante is layered into side pots like any
    # other chips (PokerKit's trimming), as ruling 8 has it, not dead money.
    lines.append("ante_trimming_status = true")
    lines.append(f"antes = {_numbers(antes)}")
    bet = _min_bet(state.limit)
    if stud:
        # Our fixed limit bets the same on every street: PokerKit's small and big bet.
        lines += [*stud_fields(state), f"small_bet = {bet}", f"big_bet = {bet}"]
    else:
        lines.append(f"blinds_or_straddles = {_numbers(_blinds(state))}")
        if variant in ("FT", "FO/8"):
            # With blinds a fixed limit bets twice the big blind on the turn and river.
            big_bet = 2 * bet if state.blinds is not None else bet
            lines += [f"small_bet = {bet}", f"big_bet = {big_bet}"]
        else:
            lines.append(f"min_bet = {bet}")
    lines.append(f"starting_stacks = {_numbers([start_stacks[s] for s in order])}")
    lines.append(f"actions = {_quoted(actions)}")
    lines.append(f"players = {_quoted([state.names[s] for s in order])}")
    lines.append(f"finishing_stacks = {_numbers([state.stacks[s] for s in order])}")
    text = "\n".join(lines) + "\n"
    return with_hand_label(text, hand_label) if hand_label else text


def with_hand_label(text: str, hand_label: str) -> str:
    """A PHH text written without its ``hand`` field, with it (the label names the hand
    where it is kept, so a hand kept elsewhere gets its new label)."""
    return text + f"hand = {_toml_string(hand_label)}\n"


def _blinds(state: HandState) -> list[int]:
    """The blinds in PHH's order, from the dealer's left: small, big, then nothing.
    Heads-up PokerKit itself has the dealer (its last player) post the small blind."""
    blinds = [0] * state.seat_count
    if state.blinds is not None:
        blinds[0], blinds[1] = state.blinds.small, state.blinds.big
    return blinds


_FORCED: Final = frozenset({EventKind.ANTE, EventKind.DEAL, *BLIND_EVENTS})


def _actions(state: HandState, order: list[int], player: dict[int, str]) -> list[str]:
    history = state.history
    hole: dict[int, list[int]] = {seat: [] for seat in order}
    first_bet = next(
        (i for i, e in enumerate(history) if e.kind not in _FORCED),
        len(history),
    )
    for event in history[:first_bet]:
        if event.kind is EventKind.DEAL and event.card is not None:
            hole[event.seat].append(event.card)
    shown = set(state.shown)
    actions = []
    for seat in order:
        cards = hole[seat]
        text = "".join(_card(c) for c in cards) if seat in shown else "??" * len(cards)
        actions.append(f"d dh {player[seat]} {text}")
    street: dict[int, int] = dict.fromkeys(order, 0)
    for event in history[:first_bet]:
        if event.kind in BLIND_EVENTS:
            # PokerKit posts the blinds itself; a raise "to" counts them in.
            street[event.seat] += event.chips
    board: list[int] = []
    street_name = ""
    aggressor: int | None = None
    for event in history[first_bet:]:
        if event.kind is EventKind.TABLE_CARD and event.card is not None:
            if board and event.text != street_name:
                # All-in players see the next streets dealt at once: one line a street.
                actions.append("d db " + "".join(_card(c) for c in board))
                board = []
            board.append(event.card)
            street_name = event.text
            continue
        if board:
            actions.append("d db " + "".join(_card(c) for c in board))
            board = []
            street = dict.fromkeys(order, 0)
            aggressor = None
        actions += _move(event, player, street)
        if event.kind in _BETS:
            aggressor = event.seat
    if board:
        actions.append("d db " + "".join(_card(c) for c in board))
    actions += _showdown(state, order, player, aggressor)
    return actions


def _last_aggressor(state: HandState) -> int | None:
    """The last bettor or raiser after the last card dealt (``None``: nobody bet
    then); PokerKit's showdown starts with them."""
    aggressor: int | None = None
    for event in state.history:
        if event.kind is EventKind.DEAL:
            aggressor = None
        elif event.kind in _BETS:
            aggressor = event.seat
    return aggressor


def _move(event: Event, player: dict[int, str], street: dict[int, int]) -> list[str]:
    if event.kind in _PASSIVE:
        street[event.seat] += event.chips
        return [f"{player[event.seat]} cc"]
    if event.kind in _BETS:
        street[event.seat] += event.chips
        return [f"{player[event.seat]} cbr {street[event.seat]}"]
    if event.kind in (EventKind.FOLD, EventKind.LEAVE):
        return [f"{player[event.seat]} f"]
    return []


def _showdown(
    state: HandState, order: list[int], player: dict[int, str], aggressor: int | None
) -> list[str]:
    """PokerKit's showdown order: from the last street's aggressor (or its first
    player still in with chips), clockwise; only players still in show."""
    live = [s for s in order if not state.folded[s]]
    if len(live) < 2:
        return []
    start = aggressor
    if start is None:
        with_chips = [s for s in live if state.stacks[s] > 0 or s in state.shown]
        start = with_chips[0] if with_chips else live[0]
    index = order.index(start)
    rotated = order[index:] + order[:index]
    lines = []
    for seat in rotated:
        if state.folded[seat]:
            continue
        if seat not in state.shown:
            lines.append(f"{player[seat]} sm -")
            continue
        cards = [card for card, up in state.cards[seat]]
        lines.append(f"{player[seat]} sm " + "".join(_card(c) for c in cards))
    return lines
