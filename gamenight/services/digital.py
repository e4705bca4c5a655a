"""Digital hands: the app deals, every player acts on their own phone.

The engine runs the hand (:class:`engine.games.HandState`); this module keeps
its JSON in a :class:`~gamenight.models.DigitalHand` row and books the chips
(:mod:`gamenight.services.digital_booking`):

* Starting a hand reads each seated player's stack from the ledger (and for
  Guts and Shelby the night's pot, reserve and Shelby markers) and records
  nothing: the chips stay in the stacks while the hand runs.
* Each action is applied under a row lock on the hand, only on the version the
  phone saw, and written back only where the version is still that one
  (optimistic locking on top of the lock), so two taps on the same turn apply
  once. The same idempotency key again returns the first result.
* The action that ends the hand also books it: ONE ledger transaction, through
  :func:`~gamenight.services.posting.post`, with each player's net (and the
  change of the night's Guts pot and reserve or Shelby pot). Abandoning a hand
  books nothing, so every stack is where it was.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import random
from typing import Any, Final

from django.contrib.auth.models import User as AuthUser
from django.core.cache import cache
from django.db import IntegrityError, OperationalError, transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext

from engine.betting import DEFAULT_RAISE_CAP, Blinds, FixedLimit, Limit, PotLimit, SpreadLimit
from engine.cards import Deck
from engine.errors import EngineError
from engine.games import GAMES, ActionName, ForfeitError, HandState, game_options, make_rules
from engine.games.odds import odds, shows_odds
from engine.games.serialise import hand_from_dict, hand_to_dict
from gamenight.engine_words import error_text
from gamenight.games import game_title
from gamenight.models import (
    Deal,
    DealMode,
    DealStatus,
    DigitalHand,
    HandAction,
    HandStatus,
    LimitStructure,
    Night,
    NightStatus,
    Seat,
    SeatLink,
)
from gamenight.services.access import User, night_for_recording
from gamenight.services.digital_booking import book_end, carry_accounts, carry_in_hand
from gamenight.services.digital_errors import DigitalHandError as DigitalHandError
from gamenight.services.digital_errors import HandMovedOnError as HandMovedOnError
from gamenight.services.digital_errors import HandOverError as HandOverError
from gamenight.services.digital_errors import IllegalMoveError as IllegalMoveError
from gamenight.services.errors import REFUSALS, IdempotencyConflictError
from gamenight.services.hand_betting import hand_betting
from gamenight.services.posting import check_key, not_open
from gamenight.services.recording import night_game_options
from gamenight.services.running_hand import hand_label
from gamenight.services.seat_links import live_link
from gamenight.services.table import (
    new_deal,
    seated_table,
)
from gamenight.tournaments.guards import is_tournament
from gamenight.tournaments.hands import blind_games, refuse_busy, tournament_deal

logger = logging.getLogger(__name__)


# What a host may do for a player who is away from their phone: nothing that
# risks their chips beyond what the game forces.
HOST_ACTIONS: Final = frozenset(
    {
        ActionName.CHECK,
        ActionName.FOLD,
        # Seven-card stud's bring-in: forced, so the least the game lets anyone do.
        ActionName.BRING_IN,
        ActionName.FLIP,
        ActionName.DECLARE_OUT,
        ActionName.DROP,
        ActionName.DECLINE_WALK,
        ActionName.DECLINE_CARD,
        ActionName.KEEP_GAME,
        ActionName.PASS_SPIT,
    }
)

ODDS_TRIALS: Final = 4000

# How the log of hand actions names a player folded out of the hand as they leave.
FORFEIT: Final = "forfeit"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Move:
    """An action as a phone sends it."""

    action: ActionName
    amount: int | None = None
    cards: tuple[int, ...] = ()
    game: str | None = None


# ---------------------------------------------------------------------- reading a hand


def hand_state(hand: DigitalHand) -> HandState:
    """The engine's state of a hand dealt here. A hand from a group file has none (its
    cards stayed where it was dealt) and is over: nothing can be played on it."""
    if hand.state is None:
        raise HandOverError(_hand_over())
    return hand_from_dict(hand.state)


def engine_seat(hand: DigitalHand, seat_id: int) -> int | None:
    """The engine's seat of the night's Seat ``seat_id`` in this hand (None: not dealt in)."""
    ids = [int(s) for s in hand.seat_ids]
    return ids.index(seat_id) if seat_id in ids else None


def playable_games(night: Night) -> list[str]:
    """The night's allowed games the app can deal (a tournament's: its blind games)."""
    if is_tournament(night):
        return blind_games(list(GAMES))
    return [g for g in night.house_rules.games if g in GAMES]


def night_limit(night: Night) -> tuple[Limit, int | None]:
    """The night's limit structure and raise cap as the engine's."""
    rules = night.house_rules
    low = rules.smallest_bet
    raise_cap = DEFAULT_RAISE_CAP if rules.raise_cap is None else rules.raise_cap
    limit: Limit
    if rules.limit_structure == LimitStructure.FIXED:
        limit = FixedLimit(amount=low)
    elif rules.limit_structure == LimitStructure.POT:
        limit = PotLimit(min_bet=low)
    else:
        limit = SpreadLimit(min_bet=low, max_bet=rules.largest_bet)
    return limit, raise_cap


def game_settings(night: Night, game: str) -> dict[str, object]:
    """The night's options of ``game``; the night's ante where the game has its own."""
    chosen = night_game_options(night, game)
    names = {spec.name for spec in game_options(game)}
    if "ante" in names and chosen.get("ante") in (None, ""):
        chosen["ante"] = night.ante
    return chosen


# ---------------------------------------------------------------------- starting


def start_hand(
    *,
    night_id: int,
    by: AuthUser,
    key: str,
    game: str,
    deck: Deck | None = None,
    blinds: Blinds | None = None,
    limit: Limit | None = None,
    table: int | None = None,
) -> DigitalHand:
    """Deal a digital hand of ``game`` to the seated players with chips.

    Records nothing in the ledger; a second start with the same key returns
    the first hand. ``deck`` is for tests only (a stacked deck to deal from);
    the views never pass it, so a real hand is always shuffled by the system's
    random source.

    ``blinds`` (Hold'em and Omaha: a tournament's current level, e.g.
    ``Blinds(small=25, big=50, ante=0)``) deals the hand with them at ``limit``
    (none given: no limit) instead of the night's ante and limit or its house
    blinds (:mod:`gamenight.services.hand_betting`).

    On a tournament night the hand is dealt at ``table`` (None: table 1) with the
    level's blinds and the tournament's chips (:mod:`gamenight.tournaments.hands`).
    """
    check_key(key)
    night = night_for_recording(by, night_id)
    try:
        with transaction.atomic():
            night = Night.objects.select_for_update().get(pk=night.pk)
            done = DigitalHand.objects.filter(night=night, start_key=key).first()
            if done is not None:
                return done
            return _start(
                night,
                by=by,
                key=key,
                game=game,
                deck=deck,
                betting=(blinds, limit),
                at_table=table,
            )
    except IntegrityError:
        done = DigitalHand.objects.filter(night=night, start_key=key).first()
        if done is None:
            raise DigitalHandError(str(REFUSALS["hand_running"])) from None
        return done


def _start(
    night: Night,
    *,
    by: AuthUser,
    key: str,
    game: str,
    deck: Deck | None,
    betting: tuple[Blinds | None, Limit | None],
    at_table: int | None,
) -> DigitalHand:
    if night.status != NightStatus.RUNNING:
        raise not_open(night)
    # A tournament deals its blind games whatever the ring game's list says.
    tournament = tournament_deal(night, game, at_table)
    if tournament is None and game not in playable_games(night):
        raise DigitalHandError(
            gettext("%(game)s is not one of tonight's games the app can deal") % {"game": game}
        )
    running = DigitalHand.objects.filter(night=night, status=HandStatus.RUNNING).first()
    if running is not None:
        if tournament is not None:
            refuse_busy(running, tournament.table)
        raise DigitalHandError(str(REFUSALS["hand_running"]))
    if tournament is not None:
        # The level's blinds at no limit, the tournament's chips, the table's button.
        return _deal(
            night,
            by=by,
            key=key,
            game=game,
            deck=deck,
            seats=list(tournament.seats),
            stacks=list(tournament.stacks),
            dealer=tournament.dealer,
            dealer_seat=tournament.seats[tournament.dealer],
            betting=(tournament.blinds, None),
            carry=None,
        )
    accounts = carry_accounts(night, game)
    table = seated_table(night, extra=list(accounts.values()))
    in_hand = [s for s in table.seats if s.stack > 0]
    if len(in_hand) < 2:
        raise DigitalHandError(gettext("at least two players with chips are needed for a hand"))
    dealer_position = table.dealer_position
    positions = [s.position for s in in_hand]
    before = [i for i, p in enumerate(positions) if p <= dealer_position]
    return _deal(
        night,
        by=by,
        key=key,
        game=game,
        deck=deck,
        seats=[s.seat for s in in_hand],
        stacks=[s.stack for s in in_hand],
        dealer=before[-1] if before else len(positions) - 1,
        dealer_seat=table.by_position(dealer_position).seat,
        betting=betting,
        carry=carry_in_hand(night, game, accounts, [s.seat for s in in_hand]),
    )


def _deal(
    night: Night,
    *,
    by: AuthUser,
    key: str,
    game: str,
    deck: Deck | None,
    seats: list[Seat],
    stacks: list[int],
    dealer: int,
    dealer_seat: Seat,
    betting: tuple[Blinds | None, Limit | None],
    carry: dict[str, int] | None,
) -> DigitalHand:
    """Deal ``seats`` (with ``stacks``; ``dealer`` the engine's button) and keep the hand."""
    options = game_settings(night, game)
    bets = hand_betting(night, game, home=night_limit(night), blinds=betting[0], limit=betting[1])
    try:
        rules = make_rules(game, options)
        state = HandState.start(
            rules,
            names=[s.player.name for s in seats],
            stacks=stacks,
            dealer=dealer,
            rng=random.SystemRandom() if deck is None else None,
            deck=deck,
            ante=bets.ante,
            limit=bets.limit,
            raise_cap=bets.raise_cap,
            carry=carry,
            blinds=bets.blinds,
        )
    except EngineError as error:
        raise DigitalHandError(
            gettext("the hand cannot be dealt: %(reason)s") % {"reason": error_text(error)}
        ) from None
    deal = new_deal(night, game=game, options=dict(options), dealer=dealer_seat)
    deal.mode = DealMode.DIGITAL
    deal.save(update_fields=["mode"])
    hand = DigitalHand.objects.create(
        deal=deal,
        night=night,
        state=hand_to_dict(state),
        initial_state=hand_to_dict(state),
        seat_ids=[s.pk for s in seats],
        start_stacks=stacks,
        start_key=key,
        started_by=by,
    )
    if state.is_over:
        # Everyone all in with the blinds or antes: the board is run out as dealt.
        book_end(hand, state)
        hand.save(update_fields=["settlement", "status"])
    for seat in seats:
        live_link(night, seat)
    return hand


# ---------------------------------------------------------------------- acting


def act(
    *,
    hand_id: int,
    seat: int,
    move: Move,
    version: int,
    key: str,
    link: SeatLink | None = None,
    by: User | None = None,
) -> DigitalHand:
    """Apply ``move`` for engine seat ``seat`` on ``version`` of the hand.

    The same ``key`` again returns the hand as it is (the move applied once);
    an older ``version`` is refused (:class:`HandMovedOnError`), an illegal
    move too (:class:`IllegalMoveError`); either way nothing changes.
    """
    check_key(key)
    try:
        with transaction.atomic():
            # With its deal: the move's answer shows the game (gamenight/views/digital_seat.py).
            hand = (
                DigitalHand.objects.select_for_update()
                .select_related("night", "deal")
                .defer("initial_state")
                .get(pk=hand_id)
            )
            done = HandAction.objects.filter(hand=hand, idempotency_key=key).first()
            if done is not None:
                if done.seat != seat or done.action != move.action.value:
                    raise IdempotencyConflictError(str(REFUSALS["key_reused"]))
                return hand
            _apply(hand, seat=seat, move=move, version=version, key=key, link=link, by=by)
            return hand
    except (IntegrityError, OperationalError) as error:
        # Another tap got there first (a same key, or SQLite refusing the second writer).
        hand = DigitalHand.objects.get(pk=hand_id)
        if HandAction.objects.filter(hand=hand, idempotency_key=key).exists():
            return hand
        raise HandMovedOnError(_moved_on()) from error


def act_for_absent(
    *, night_id: int, hand_id: int, by: User, seat: int, action: ActionName, version: int, key: str
) -> DigitalHand:
    """A host or co-host folds (or flips ...) for a player away from their phone."""
    hand = hand_for_recorder(by, night_id, hand_id)
    if action not in HOST_ACTIONS:
        raise IllegalMoveError(gettext("the host may only fold, check or flip for a player"))
    return act(
        hand_id=hand.pk, seat=seat, move=Move(action=action), version=version, key=key, by=by
    )


def _moved_on() -> str:
    return gettext("the hand moved on: here it is as it stands now")


def _hand_over() -> str:
    return gettext("this hand is over")


def _apply(
    hand: DigitalHand,
    *,
    seat: int,
    move: Move,
    version: int,
    key: str,
    link: SeatLink | None,
    by: User | None,
) -> None:
    if hand.status != HandStatus.RUNNING:
        raise HandOverError(_hand_over())
    if version != hand.version:
        raise HandMovedOnError(_moved_on())
    state = hand_state(hand)
    extra: dict[str, Any] = {}
    if move.action in (ActionName.BET, ActionName.RAISE_BY):
        extra["amount"] = move.amount
    if move.action is ActionName.DRAW:
        extra["cards"] = list(move.cards)
    if move.action is ActionName.SWITCH_GAME:
        extra["game"] = move.game
    logged = len(state.history)
    try:
        state.act(seat=seat, action=move.action, **extra)
    except EngineError as error:
        raise IllegalMoveError.worded(error) from None
    except Exception:
        # The engine refuses illegal moves with EngineError; anything else is
        # a move it did not foresee (a missing or odd field a phone sent). The
        # state is a fresh copy that is not written back, so the hand is as it
        # was: say no to the move, and keep the traceback for the log only.
        # Without the cards of a draw: they are face down, and a log is no place for them.
        without_cards = dataclasses.replace(move, cards=()) if move.cards else move
        logger.exception(
            "digital hand %s: the engine failed on %s (%s cards)",
            hand.pk,
            without_cards,
            len(move.cards),
        )
        raise IllegalMoveError(gettext("That move is not possible now.")) from None
    _commit(
        hand,
        state,
        seat=seat,
        action=move.action.value,
        move=move,
        key=key,
        link=link,
        by=by,
        logged=logged,
    )


def forfeit_seat(*, hand: DigitalHand, seat_id: int, key: str, by: User) -> None:
    """Fold the night's Seat ``seat_id`` out of ``hand`` (locked by the caller), logged as
    the host's move; the hand is booked here if that ends it. For a player who leaves."""
    if hand.status != HandStatus.RUNNING:
        raise HandOverError(
            gettext("%(hand)s is over: nothing was changed") % {"hand": hand_label(hand)}
        )
    seat = engine_seat(hand, seat_id)
    if seat is None:
        raise DigitalHandError(
            gettext("this player is not in %(hand)s: nothing was changed")
            % {"hand": hand_label(hand)}
        )
    state = hand_state(hand)
    logged = len(state.history)
    try:
        state.forfeit(seat=seat)
    except ForfeitError:
        raise DigitalHandError(
            gettext(
                "in %(game)s the chips are settled only when the hand ends, so nobody can "
                "leave during it: %(hand)s is still running: finish or abandon it first"
            )
            % {"game": game_title(hand.deal.game), "hand": hand_label(hand)}
        ) from None
    except EngineError as error:
        raise IllegalMoveError.worded(error) from None
    _commit(
        hand,
        state,
        seat=seat,
        action=FORFEIT,
        move=None,
        key=key,
        link=None,
        by=by,
        logged=logged,
    )


def _commit(
    hand: DigitalHand,
    state: HandState,
    *,
    seat: int,
    action: str,
    move: Move | None,
    key: str,
    link: SeatLink | None,
    by: User | None,
    logged: int,
) -> None:
    """Write the hand's new state on the version it was read at, book it if it is over,
    and log the action (``logged``: where its lines begin in the hand's log, so the log
    can say who made it); any other writer in between makes it :class:`HandMovedOnError`."""
    old = hand.version
    hand.state = hand_to_dict(state)
    hand.version = old + 1
    if state.is_over:
        book_end(hand, state)
    hand.updated_at = timezone.now()
    written = DigitalHand.objects.filter(pk=hand.pk, version=old).update(
        state=hand.state,
        version=hand.version,
        status=hand.status,
        settlement=hand.settlement,
        updated_at=hand.updated_at,
    )
    if written != 1:
        raise HandMovedOnError(_moved_on())
    HandAction.objects.create(
        hand=hand,
        version=old,
        seat=seat,
        action=action,
        amount=move.amount if move else None,
        cards=list(move.cards) if move else [],
        game=(move.game if move else None) or "",
        idempotency_key=key,
        events_at=logged,
        by_link=link,
        by_user=by if by is not None and by.is_authenticated else None,
    )


# ---------------------------------------------------------------------- abandoning


def abandon_hand(*, night_id: int, hand_id: int, by: User, key: str) -> DigitalHand:
    """Stop a running hand; nothing is booked, so every stack stays as it was."""
    check_key(key)
    hand = hand_for_recorder(by, night_id, hand_id)
    with transaction.atomic():
        hand = DigitalHand.objects.select_for_update().get(pk=hand.pk)
        if hand.status != HandStatus.RUNNING:
            return hand
        old = hand.version
        written = DigitalHand.objects.filter(pk=hand.pk, version=old).update(
            status=HandStatus.ABANDONED, version=old + 1, updated_at=timezone.now()
        )
        if written != 1:
            raise HandMovedOnError(_moved_on())
        Deal.objects.filter(pk=hand.deal_id).update(status=DealStatus.UNDONE)
        HandAction.objects.create(
            hand=hand,
            version=old,
            action="abandon",
            idempotency_key=key,
            by_user=by if by.is_authenticated else None,
        )
    hand.refresh_from_db()
    return hand


# ---------------------------------------------------------------------- access


def hand_for_recorder(by: User, night_id: int, hand_id: int) -> DigitalHand:
    """The hand, if ``by`` may record in its night; Http404 for another night's hand."""
    night = night_for_recording(by, night_id)
    hand = DigitalHand.objects.filter(pk=hand_id, night=night).select_related("night").first()
    if hand is None:
        raise Http404("no such hand")
    return hand


# ---------------------------------------------------------------------- odds


def table_odds(hand: DigitalHand, state: HandState) -> dict[int, float] | None:
    """Each live seat's chance to win from the cards showing, in No Peek and every
    stud game (:func:`~engine.games.odds.shows_odds`); cached per hand and what shows.

    The chances depend only on the live seats, their face-up cards, how many cards
    each holds and the middle; a bet changes none of them, so the simulation (the
    costliest part of the TV's update) runs once a street or fold, not once a move,
    and is seeded by what shows: the same cards give the same numbers."""
    if state.is_over or not shows_odds(state.rules):
        return None
    live = state.live_seats
    showing = (
        tuple(live),
        tuple((tuple(state.up_cards(seat)), len(state.cards[seat])) for seat in live),
        tuple(state.table),
    )
    digest = hashlib.sha256(repr(showing).encode()).hexdigest()[:16]
    cache_key = f"digital-odds-{hand.pk}-{digest}"
    found = cache.get(cache_key)
    if found is not None:
        return {int(k): float(v) for k, v in found.items()}
    try:
        chances = odds(state, trials=ODDS_TRIALS, rng=random.Random(f"{hand.pk}:{digest}"))
    except EngineError:
        return None
    cache.set(cache_key, chances, 3600)
    return chances
