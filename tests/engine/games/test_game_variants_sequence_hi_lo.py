"""Sequence played high/low with declaration (ruling 16, issue 13), with a stacked deck.

The English sheet (stud-home-variants.en.txt, Sequence): "At the showdown, the
high hand wins the pot. Alternatively, the game can be played high/low with
declaration." It names no low rule and no way of declaring: the low is
ace-to-five over the best five, and everyone still in declares at once
(secretly, revealed together).

Carla deals to Anna, Ben and herself; no 2 is dealt face up, so nothing is wild:

    Anna   A♥ K♥ | Q♥ 9♥ 3♦ 8♥ | 7♣   flush, ace high     low 9-8-7-3-A
    Ben    A♠ 2♣ | 3♠ 4♦ 5♣ K♣ | 6♦   straight, six high  low 5-4-3-2-A
    Carla  Q♣ Q♦ | J♠ J♦ 10♣ 9♣ | 4♠  two pair, Q and J   low Q-J-10-9-4

Everyone antes 1 and checks until the last round, where Carla bets 4 and both
call: a pot of 15, its odd chip to the high half (8 high, 7 low).
"""

from __future__ import annotations

import json
import random

import pytest

from engine.cards import TWO, Deck, parse_cards
from engine.errors import IllegalActionError
from engine.games import (
    ActionName,
    EventKind,
    HandState,
    game_options,
    make_rules,
    seat_view,
    table_view,
)
from engine.games.steps.hi_lo_declare import (
    AlreadyDeclaredHighLowError,
    DeclareHighLow,
    FoldedDeclarationError,
    NotDeclaringHighLowError,
)
from engine.hands.rankings import LowRanking
from engine.hands.wild_low import low_scores, with_wilds_as_lowest

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)
HIGH, LOW, BOTH = ActionName.DECLARE_HIGH, ActionName.DECLARE_LOW, ActionName.DECLARE_BOTH

DEAL = parse_cards(
    "A♥ A♠ Q♣ K♥ 2♣ Q♦ "  # down
    "Q♥ 3♠ J♠ "  # 3rd street, up
    "9♥ 4♦ J♦ "  # 4th
    "3♦ 5♣ 10♣ "  # 5th
    "8♥ K♣ 9♣ "  # 6th
    "7♣ 6♦ 4♠"  # 7th, down
)


def _start() -> HandState:
    return HandState.start(
        make_rules("sequence", {"high_low": True}),
        names=NAMES,
        stacks=[100] * 3,
        dealer=CARLA,
        deck=Deck(random.Random(0), stacked=DEAL),
    )


def _to_the_declaration(*, carla_folds: bool = False) -> HandState:
    """Check every round; in the last the first to act bets 4 and the others call
    (with ``carla_folds``, Carla folds to the bet instead)."""
    state = _start()
    last_bet = len(state.rules.steps) - 2
    while state.betting is not None:
        seat = state.actor
        assert seat is not None
        legal = {action.kind for action in state.legal_actions()}
        if carla_folds and seat == CARLA and state.step_index == last_bet:
            folds = ActionName.FOLD in legal
            state.act(ActionName.FOLD if folds else ActionName.CHECK, seat=seat)
        elif state.step_index == last_bet and ActionName.BET in legal:
            state.act(ActionName.BET, seat=seat, amount=4)
        elif ActionName.CALL in legal:
            state.act(ActionName.CALL, seat=seat)
        else:
            state.act(ActionName.CHECK, seat=seat)
    assert isinstance(state.step, DeclareHighLow)
    return state


def _declare(state: HandState, **declared: ActionName) -> None:
    for name, action in declared.items():
        state.act(action, seat=NAMES.index(name))


def _wins(state: HandState) -> list[tuple[int, int, str]]:
    return [(e.seat, e.chips, e.text) for e in state.history if e.kind is EventKind.WIN]


def test_the_option_is_off_by_default_and_adds_the_declaration() -> None:
    """The option names the sheet; off, Sequence is played for high as before."""
    (spec,) = game_options("sequence")
    assert (spec.name, spec.kind, spec.default) == ("high_low", "bool", False)
    assert spec.rule == "stud-home-variants.en.txt"
    plain = make_rules("sequence")
    assert not any(isinstance(step, DeclareHighLow) for step in plain.steps)
    assert plain.low is None
    assert plain.options == ()
    played = make_rules("sequence", {"high_low": True})
    assert isinstance(played.steps[-1], DeclareHighLow)
    assert played.low == LowRanking()


def test_high_wins_one_half_and_low_the_other() -> None:
    """Anna declares high, Ben low, Carla high: Anna's flush takes the high half
    (8, the odd chip), Ben's wheel the low half (7); Carla's two pair nothing.
    Ben's straight would beat Carla for high, but he plays only for low."""
    state = _to_the_declaration()
    assert state.pot == 15
    _declare(state, Anna=HIGH, Ben=LOW, Carla=HIGH)
    assert state.is_over
    assert state.payouts == [8, 7, 0]
    assert _wins(state) == [
        (ANNA, 8, "main pot (high), flush, ace high"),
        (BEN, 7, "main pot (low), 5-4-3-2-A low"),
    ]
    reveals = [(e.seat, e.text) for e in state.history if e.kind is EventKind.REVEAL]
    assert reveals == [(ANNA, "high"), (BEN, "low"), (CARLA, "high")]
    assert sum(state.stacks) == 300


def test_both_who_loses_one_way_gets_nothing() -> None:
    """Anna declares both: her flush is the best high, but her 9-8 low loses to Ben's
    wheel, so she gets nothing; the pot is paid as if she had not been in it: the
    high half to Carla's two pair (the only high left), the low half to Ben."""
    state = _to_the_declaration()
    _declare(state, Anna=BOTH, Ben=LOW, Carla=HIGH)
    assert state.payouts == [0, 7, 8]
    assert [seat for seat, _, _ in _wins(state)] == [CARLA, BEN]


def test_both_who_wins_both_ways_takes_the_whole_pot() -> None:
    """Ben declares both: his straight beats Carla's two pair (Anna plays low) and his
    wheel beats Anna's 9-8 low: he takes both halves."""
    state = _to_the_declaration()
    _declare(state, Anna=LOW, Ben=BOTH, Carla=HIGH)
    assert state.payouts == [0, 15, 0]


def test_a_side_nobody_declared_leaves_the_whole_pot_to_the_other() -> None:
    """Everyone declares high: no low half, Anna's flush takes all 15."""
    state = _to_the_declaration()
    _declare(state, Anna=HIGH, Ben=HIGH, Carla=HIGH)
    assert state.payouts == [15, 0, 0]


def test_no_declaration_shows_before_all_have_declared() -> None:
    """Declared at once, secretly: until the last declaration no view (the table's,
    another player's, or the declarer's own log) says who plays for what."""
    state = _to_the_declaration()
    _declare(state, Anna=LOW, Ben=BOTH)
    assert not state.is_over
    views = [table_view(state), *(seat_view(state, s) for s in range(3))]
    for view in views:
        texts = {entry["text"] for entry in view["log"]}
        assert not texts & {"high", "low", "both"}
        assert "declared" in texts
    # Carla still has all three choices; the two who declared have none left.
    assert [a["kind"] for a in seat_view(state, CARLA)["legal_actions"]] == [
        "declare_high",
        "declare_low",
        "declare_both",
    ]
    assert seat_view(state, ANNA)["legal_actions"] == []
    assert seat_view(state, BEN)["legal_actions"] == []
    # Whoever declares first, the others may declare too: all at once, not in turn.
    assert state.can(HIGH, seat=CARLA)
    state.act(HIGH, seat=CARLA)
    texts = [e["text"] for e in table_view(state)["log"] if e["kind"] == "reveal"]
    assert texts == ["low", "both", "high"]


def _refused(state: HandState, action: ActionName, seat: int) -> IllegalActionError:
    before = state.to_json()
    assert not state.can(action, seat=seat)
    with pytest.raises(IllegalActionError) as caught:
        state.act(action, seat=seat)
    assert state.to_json() == before
    return caught.value


def test_a_second_declaration_is_refused_and_the_first_stands() -> None:
    state = _to_the_declaration()
    state.act(LOW, seat=ANNA)
    error = _refused(state, HIGH, ANNA)
    assert isinstance(error, AlreadyDeclaredHighLowError)
    assert error.code == "declare_again"
    assert str(error) == "Anna has already declared: the first declaration stands"


def test_declaring_while_betting_or_in_plain_sequence_is_refused() -> None:
    state = _start()
    error = _refused(state, BOTH, ANNA)
    assert isinstance(error, NotDeclaringHighLowError)
    assert error.code == "declare_not_now"
    assert str(error) == "Anna cannot declare both ways: nobody is declaring high or low now"
    plain = HandState.start(
        make_rules("sequence"), names=NAMES, stacks=[100] * 3, dealer=CARLA, rng=random.Random(1)
    )
    assert isinstance(_refused(plain, HIGH, BEN), NotDeclaringHighLowError)


def test_a_player_who_folded_cannot_declare() -> None:
    """In the last round Carla checks, Anna bets 4, Ben calls and Carla folds: only
    Anna and Ben declare."""
    state = _to_the_declaration(carla_folds=True)
    error = _refused(state, LOW, CARLA)
    assert isinstance(error, FoldedDeclarationError)
    assert error.code == "declare_folded"
    _declare(state, Anna=HIGH, Ben=LOW)
    # Pot: 3 antes, Anna's and Ben's 4 (Carla folded to the bet): 11, 6 high and 5 low.
    assert state.payouts == [6, 5, 0]


def test_a_saved_hand_keeps_the_secret_declarations() -> None:
    state = _to_the_declaration()
    state.act(BOTH, seat=ANNA)
    copy = HandState.from_json(state.to_json())
    assert copy.rules == state.rules
    for hand in (state, copy):
        hand.act(LOW, seat=BEN)
        hand.act(HIGH, seat=CARLA)
    assert copy.to_json() == state.to_json()
    assert copy.payouts == [0, 7, 8]
    assert json.loads(copy.to_json())["game"] == "sequence"


def test_a_wild_card_plays_as_the_lowest_rank_the_low_lacks() -> None:
    """Twos wild (a face-up 2 came first): Ben's 2♣ is the ace his 3-4-5-9 lacks
    (an ace beats a two in an ace-to-five low), so his low is 9-5-4-3-A."""
    cards = [int(c) for c in parse_cards("2♣ 3♠ 4♦ 5♣ K♣ K♦ 9♠")]
    natural = [c for c in cards if c >> 2 != TWO]
    assert with_wilds_as_lowest(cards, {TWO}) == [*natural, 12 * 4]  # the ace of clubs
    scores = low_scores({BEN: cards}, wild={TWO})
    assert scores.names[BEN] == "9-5-4-3-A low"
    # Without wild cards the 2 is only a 2.
    assert low_scores({BEN: cards}).names[BEN] == "9-5-4-3-2 low"


def test_a_player_who_leaves_during_the_declaration_is_not_waited_for() -> None:
    """Anna and Carla have declared; Ben, still to declare, goes home: the two are
    revealed at once and Ben's chips stay in the pot. Carla's Q-J-10-9-4 is the
    only low declared: the low half is hers."""
    state = _to_the_declaration()
    _declare(state, Anna=HIGH, Carla=LOW)
    state.forfeit(seat=BEN)
    assert state.is_over
    assert state.payouts == [8, 0, 7]
    reveals = [(e.seat, e.text) for e in state.history if e.kind is EventKind.REVEAL]
    assert reveals == [(ANNA, "high"), (CARLA, "low")]
