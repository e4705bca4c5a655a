"""The stud variants of the English page (ruling 16): table cards with a role,
a wild rank that moves up, and a jack that switches the game.

* The Good, the Bad and the Ugly: :class:`DealTableCards` lays three cards face
  down in the middle, :class:`TurnTableCard` turns one with its role; a
  :class:`WatchedDeal` folds later face-up cards of the Ugly's rank.
* Sequence: a :class:`WatchedDeal` moves the one wild rank up (:mod:`.sequence`).
* Jack the Shifter: a :class:`WatchedDeal` offers the holder of a face-up jack
  the switch at once, a :class:`JackBet` lets a player show a face-down jack on
  their betting turn, and :class:`LastJackOffer` asks everyone in turn before
  the final betting round. The game in force is kept in :class:`JackState`.
* Second Hand High needs no step: its rules say ``winner="second_high"``.

The wild ranks in force are the hand's ``wild`` (read by ``HandState.ranking``);
the Good, the Bad and the Ugly keep their table and the cards out of play in
:class:`GbuState`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Self

from engine.cards import ALL_CARDS, JACK, rank_name
from engine.errors import IllegalActionError
from engine.games.events import ActionName, Event, EventKind, LegalAction
from engine.games.rules import GameRules, Step
from engine.games.steps.actions import ActionArgs, Move, StepState
from engine.games.steps.bet import Bet
from engine.games.steps.deal import Deal, deal_next
from engine.games.steps.sequence import move_sequence_wild, read_sequence_so_far
from engine.hands.rankings import HighRanking

if TYPE_CHECKING:
    from engine.games.state import HandState

STUD = "seven-card-stud"
GBU = "good-bad-ugly"

Role = Literal["good", "bad", "ugly"]
# What a watched deal looks at after each card.
Watch = Literal["ugly", "sequence", "jack"]


class NoJackError(IllegalActionError):
    """A game switch or keep by a player who has no jack to use now."""


class GameSwitchError(IllegalActionError):
    """A switch to a game that is not on the group's agreed list (or is already played)."""


@dataclass(kw_only=True)
class GbuState(StepState):
    """The Good, the Bad and the Ugly: the ``table`` cards, the Ugly's rank once
    turned, and the cards out of play (``aside``: the table cards, the Bad's discards)."""

    key = "gbu"
    table: list[int] = field(default_factory=list)
    ugly: int | None = None
    aside: list[int] = field(default_factory=list)

    def set_aside(self) -> list[int]:
        return list(self.aside)

    @classmethod
    def from_old_phase(cls, phase: Mapping[str, Any]) -> Self | None:
        if "gbu_table" not in phase:
            return None
        ugly = phase.get("gbu_ugly")
        return cls(
            table=[int(c) for c in phase["gbu_table"]],
            ugly=None if ugly is None else int(ugly),
            aside=[int(c) for c in phase.get("set_aside", [])],
        )


@dataclass(kw_only=True)
class JackState(StepState):
    """Jack the Shifter: the ``game`` switched to (None: the hand's own), the seat
    ``offer``-ed a switch now (``down``: for a face-down jack to show) and the
    ``queue`` of seats the last offer still asks."""

    key = "jack"
    game: str | None = None
    offer: int | None = None
    down: bool = False
    queue: list[int] = field(default_factory=list)

    @classmethod
    def from_old_phase(cls, phase: Mapping[str, Any]) -> Self | None:
        keys = ("jack_game", "jack_offer", "jack_queue")
        if not any(key in phase for key in keys):
            return None
        game, offer = phase.get("jack_game"), phase.get("jack_offer")
        return cls(
            game=None if game is None else str(game),
            offer=None if offer is None else int(offer),
            down=bool(phase.get("jack_down", False)),
            queue=[int(s) for s in phase.get("jack_queue", [])],
        )


def _jack(state: HandState) -> JackState:
    """The jack state, or an empty one (not kept: reading changes nothing)."""
    found = state.find(JackState)
    return found if found is not None else JackState()


# ---------------------------------------------------------------- The Good, the Bad and the Ugly


@dataclass(frozen=True, kw_only=True)
class DealTableCards(Step):
    """Cards face down in the middle, owned by no one and never part of a hand."""

    count: int = 3

    def begin(self, state: HandState) -> None:
        for _ in range(self.count):
            card = int(state.deck.deal_one())
            state.kept(GbuState).table.append(card)
            _set_aside(state, card)
            # Face down: the log names no card (the dealer lays it out).
            state.record(
                EventKind.TABLE_CARD,
                state.dealer,
                text="dealt face down to the table",
                code="face_down_to_table",
            )


@dataclass(frozen=True, kw_only=True)
class TurnTableCard(Step):
    """The dealer turns the next table card; its rank becomes wild (the Good),
    leaves every hand (the Bad) or folds whoever shows it (the Ugly)."""

    role: Role

    def begin(self, state: HandState) -> None:
        index = ("good", "bad", "ugly").index(self.role)
        card = state.kept(GbuState).table[index]
        rank = ALL_CARDS[card].rank
        ranks = rank_name(rank, plural=True)
        title = f"the {self.role.capitalize()}"
        if self.role == "good":
            state.wild = [rank]
            _turn(state, card, title, self.role)
            state.record(
                EventKind.WILD_CHANGE,
                state.dealer,
                card=card,
                face_up=True,
                text=f"{ranks} are wild",
                code="wild_rank",
                params={"rank": rank},
            )
        elif self.role == "bad":
            _turn(state, card, title, self.role)
            discard_rank(state, rank, why=f"{title}: {ranks} are discarded")
        else:
            state.kept(GbuState).ugly = rank
            _turn(state, card, title, self.role)
            showing = [s for s in state.live_seats if _shows_rank(state, s, rank)]
            # Folding everyone would leave the pot without a winner: then nobody folds.
            if len(showing) < len(state.live_seats):
                for seat in showing:
                    _fold(
                        state, seat, text=f"{title}: a face-up {rank_name(rank)} folds", rank=rank
                    )


def _turn(state: HandState, card: int, title: str, role: str) -> None:
    """The dealer turns the Good, the Bad or the Ugly face up."""
    state.record(
        EventKind.TABLE_CARD,
        state.dealer,
        card=card,
        face_up=True,
        text=title,
        code="gbu_card",
        params={"role": role},
    )


def discard_rank(state: HandState, rank: int, *, why: str) -> None:
    """Every card of ``rank`` leaves the hands of the players still in, shown to all.

    A player may keep fewer cards than before (even none: they show no hand and
    only a better-than-nothing hand loses to them, ruling 4); they stay in.
    """
    for seat in state.order():
        if state.folded[seat]:
            continue
        kept = []
        for card, up in state.cards[seat]:
            if ALL_CARDS[card].rank == rank:
                _set_aside(state, card)
                state.record(
                    EventKind.DISCARD,
                    seat,
                    card=card,
                    face_up=True,
                    text=why,
                    code="bad_discard",
                    params={"rank": rank},
                )
            else:
                kept.append((card, up))
        state.cards[seat] = kept


def _shows_rank(state: HandState, seat: int, rank: int) -> bool:
    return any(ALL_CARDS[card].rank == rank for card in state.up_cards(seat))


def _set_aside(state: HandState, card: int) -> None:
    state.kept(GbuState).aside.append(card)


def _fold(state: HandState, seat: int, *, text: str, rank: int) -> None:
    """The Ugly folds ``seat``, who shows a face-up card of ``rank``."""
    state.folded[seat] = True
    state.record(EventKind.FOLD, seat, text=text, code="ugly_fold", params={"rank": rank})


# ---------------------------------------------------------------- dealing with an eye on each card


@dataclass(frozen=True, kw_only=True)
class WatchedDeal(Deal):
    """A street dealt card by card, each card looked at as it lands (``watch``)."""

    watch: Watch
    # Jack the Shifter: the table card the Good, the Bad and the Ugly turns after
    # this street, should a jack have switched to it (its own steps turn theirs).
    turn: Role | None = None

    def run(self, state: HandState) -> bool:
        triggers = current_rules(state).triggers if self.watch == "jack" else None
        while state.to_deal:
            if state.decision is not None or state.is_over or _jack(state).offer is not None:
                return False
            if len(state.live_seats) <= 1:
                state.to_deal = []
                return True
            seat = state.to_deal[0][0]
            held = len(state.cards[seat])
            deal_next(state, triggers=triggers)
            if len(state.cards[seat]) > held and state.step is self:
                card, up = state.cards[seat][-1]
                if up:
                    self._look(state, seat, card)
        done = state.decision is None and _jack(state).offer is None
        if done and self.watch == "jack" and current_game(state) == GBU:
            _jack_table(state, self.turn)
        return done

    def actor(self, state: HandState) -> int | None:
        return _jack(state).offer

    def forfeit(self, state: HandState, seat: int) -> None:
        _end_offer(state, seat)

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        return jack_choices(state, seat) if _jack(state).offer == seat else []

    def moves(self) -> Mapping[ActionName, Move]:
        return JACK_MOVES if self.watch == "jack" else {}

    def _look(self, state: HandState, seat: int, card: int) -> None:
        rank = ALL_CARDS[card].rank
        watch: Watch = self.watch
        if watch == "jack":
            # The game a jack switched to looks at each card as its own deal would.
            watch = _JACK_WATCH.get(current_game(state), "jack")
        if watch == "ugly":
            gbu = state.find(GbuState)
            if gbu is not None and gbu.ugly == rank:
                _fold(state, seat, text=f"the Ugly: a face-up {rank_name(rank)} folds", rank=rank)
        elif watch == "sequence":
            move_sequence_wild(state, seat, card)
        if (
            self.watch == "jack"
            and rank == JACK
            and not state.folded[seat]
            and switchable_games(state)
        ):
            jack = state.kept(JackState)
            jack.offer, jack.down = seat, False


# ---------------------------------------------------------------- Jack the Shifter


def current_game(state: HandState) -> str:
    game = _jack(state).game
    return game if game is not None else STUD


def current_rules(state: HandState) -> GameRules:
    """The rules of the game in force (Jack the Shifter), else the hand's own."""
    if _jack(state).game is None:
        return state.rules
    from engine.games.catalog import GAMES

    return GAMES[current_game(state)]


def agreed_games(state: HandState) -> tuple[str, ...]:
    """The group's list of games a jack may switch to: the hand's ``allow_*`` options
    (``allow_seven_card_stud`` for seven-card-stud)."""
    return tuple(
        key.removeprefix("allow_").replace("_", "-")
        for key, value in state.rules.options
        if key.startswith("allow_") and value is True
    )


def switchable_games(state: HandState) -> tuple[str, ...]:
    playing = current_game(state)
    return tuple(
        game
        for game in agreed_games(state)
        if game != playing and (game != GBU or _gbu_can_start(state))
    )


# What a Jack the Shifter deal watches once a jack switched to one of these games.
_JACK_WATCH: Mapping[str, Watch] = {GBU: "ugly", "sequence": "sequence"}


def _gbu_can_start(state: HandState) -> bool:
    """The Good, the Bad and the Ugly can take over only while its Good is still to
    be turned (up to the end of the 4th street's deal): the Good, the Bad and the Ugly
    are turned one after the 4th, 5th and 6th cards, and a game that missed the Good
    would be a different game. Its three table cards must also still fit in the deck
    with every card the streets still owe the players (GBU deals no extra cards)."""
    steps = state.rules.steps
    ahead = steps[state.step_index :]
    if not any(isinstance(s, WatchedDeal) and s.turn == "good" for s in ahead):
        return False
    gbu = state.find(GbuState)
    if gbu is not None and gbu.table:
        return True  # laid when it was played before in this hand, not yet turned
    live = len(state.live_seats)
    later = ahead[1:] if state.step_begun else ahead
    owed = len(state.to_deal) + sum(len(s.cards) * live for s in later if isinstance(s, Deal))
    return len(state.deck) >= owed + 3


def _jack_table(state: HandState, role: Role | None) -> None:
    """Jack the Shifter playing the Good, the Bad and the Ugly: lay its table at the
    end of the street the switch came in (not mid-street: the sheet lays it after a
    street), then turn the card this street turns."""
    gbu = state.find(GbuState)
    if gbu is None or not gbu.table:
        DealTableCards(count=3).begin(state)
    if role is not None:
        TurnTableCard(role=role).begin(state)


def holds_down_jack(state: HandState, seat: int) -> bool:
    return any(ALL_CARDS[card].rank == JACK and not up for card, up in state.cards[seat])


def jack_choices(state: HandState, seat: int) -> list[LegalAction]:
    """A switch to each agreed game (when the seat has a jack to show) and keeping the game."""
    switches = [
        LegalAction(kind=ActionName.SWITCH_GAME, game=game) for game in switchable_games(state)
    ]
    can_switch = not _jack(state).down or holds_down_jack(state, seat)
    return (switches if can_switch else []) + [LegalAction(kind=ActionName.KEEP_GAME)]


@dataclass(frozen=True, kw_only=True)
class JackBet(Bet):
    """A betting round in which a player may, on their turn, show a face-down jack and
    switch the game; not in the ``last`` round."""

    last: bool = False

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        actions = super().legal_actions(state, seat)
        if not self.last and actions and holds_down_jack(state, seat):
            actions += [
                LegalAction(kind=ActionName.SWITCH_GAME, game=game)
                for game in switchable_games(state)
            ]
        return actions

    def moves(self) -> Mapping[ActionName, Move]:
        return JACK_MOVES


@dataclass(frozen=True, kw_only=True)
class LastJackOffer(Step):
    """Before the final betting round the dealer asks every player in turn whether to
    show a face-down jack; everyone is asked, so the question gives nothing away."""

    def begin(self, state: HandState) -> None:
        if switchable_games(state):
            state.kept(JackState).queue = [s for s in state.order() if not state.folded[s]]

    def run(self, state: HandState) -> bool:
        jack = state.find(JackState)
        queue = jack.queue if jack is not None else []
        while queue and state.folded[queue[0]]:
            queue.pop(0)
        if jack is None or not queue or not switchable_games(state):
            if jack is not None:
                jack.queue = []
            return True
        jack.offer, jack.down = queue[0], True
        return False

    def actor(self, state: HandState) -> int | None:
        return _jack(state).offer

    def forfeit(self, state: HandState, seat: int) -> None:
        _end_offer(state, seat)

    def legal_actions(self, state: HandState, seat: int) -> list[LegalAction]:
        return jack_choices(state, seat) if _jack(state).offer == seat else []

    def moves(self) -> Mapping[ActionName, Move]:
        return JACK_MOVES


def verify_switch_game(state: HandState, seat: int, args: ActionArgs) -> None:
    name, game = state.names[seat], args.game
    chance = _jack_chance(state, seat)
    if chance is None:
        raise NoJackError(
            f"{name} cannot switch the game: only the player just dealt a face-up jack, "
            "or one showing a face-down jack before the last betting round, may",
            code="switch_no_jack",
            params={"name": name},
        )
    if chance == "down" and not holds_down_jack(state, seat):
        raise NoJackError(
            f"{name} cannot switch the game: {name} has no face-down jack",
            code="switch_no_down_jack",
            params={"name": name},
        )
    if game not in switchable_games(state):
        playing = current_game(state)
        if game == playing:
            raise GameSwitchError(
                f"{name} cannot switch to {game}: it is already played",
                code="switch_same_game",
                params={"name": name, "game": str(game)},
            )
        agreed = ", ".join(agreed_games(state)) or "none"
        raise GameSwitchError(
            f"{name} cannot switch to {game!r}: the games agreed on are {agreed}",
            code="switch_not_agreed",
            params={"name": name, "game": str(game), "games": tuple(agreed_games(state))},
        )


def switch_game(state: HandState, seat: int, args: ActionArgs) -> Event:
    game = args.game
    assert game is not None  # verified: a game agreed on
    if _jack_chance(state, seat) == "down":
        at = next(
            i
            for i, (card, up) in enumerate(state.cards[seat])
            if not up and ALL_CARDS[card].rank == JACK
        )
        card = state.cards[seat][at][0]
        state.cards[seat][at] = (card, True)
        state.record(
            EventKind.REVEAL, seat, card=card, face_up=True, text="shows a jack", code="shows_jack"
        )
    _end_offer(state, seat)
    state.kept(JackState).game = game
    event = state.record(EventKind.SWITCH_GAME, seat, text=game, code="game", params={"game": game})
    # Ruling 23: the whole hand becomes the new game from its first card, so its wild
    # cards count every card dealt so far (what was done, a fold or a payment, stays).
    if _JACK_WATCH.get(game) == "sequence":
        read_sequence_so_far(state, seat)
    else:
        ranking = _rules_of(game).ranking
        state.wild = sorted(ranking.wild if isinstance(ranking, HighRanking) else ())
    return event


def verify_keep_game(state: HandState, seat: int, args: ActionArgs) -> None:
    name = state.names[seat]
    if _jack(state).offer != seat:
        raise NoJackError(
            f"{name} cannot keep the game: {name} was not offered a switch",
            code="keep_not_offered",
            params={"name": name},
        )


def keep_game(state: HandState, seat: int, args: ActionArgs) -> Event:
    _end_offer(state, seat)
    game = current_game(state)
    return state.record(EventKind.KEEP_GAME, seat, text=game, code="game", params={"game": game})


# Jack the Shifter's steps answer both; outside them the same checks refuse both.
JACK_MOVES: Mapping[ActionName, Move] = {
    ActionName.SWITCH_GAME: Move(verify_switch_game, switch_game),
    ActionName.KEEP_GAME: Move(verify_keep_game, keep_game),
}


def refuse_switch(state: HandState, seat: int) -> None:
    verify_switch_game(state, seat, ActionArgs())


def refuse_keep(state: HandState, seat: int) -> None:
    verify_keep_game(state, seat, ActionArgs())


def _jack_chance(state: HandState, seat: int) -> Literal["up", "down"] | None:
    """Why ``seat`` may switch now: a face-up jack just dealt, or a face-down one to show."""
    if state.decision is not None:
        return None
    jack = _jack(state)
    if jack.offer == seat:
        return "down" if jack.down else "up"
    step = state.step
    betting = state.betting
    if (
        isinstance(step, JackBet)
        and not step.last
        and betting is not None
        and not betting.is_over
        and betting.actor == seat
    ):
        return "down"
    return None


def _end_offer(state: HandState, seat: int) -> None:
    jack = state.find(JackState)
    if jack is None or jack.offer != seat:
        return
    jack.offer, jack.down = None, False
    if jack.queue and jack.queue[0] == seat:
        jack.queue.pop(0)


def _rules_of(game: str) -> GameRules:
    from engine.games.catalog import GAMES

    return GAMES[game]
