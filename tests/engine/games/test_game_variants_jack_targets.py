"""Jack the Shifter switching to the English page's own stud games (ruling 16, issue 13).

The sheet: "whenever a jack is dealt as an upcard, the player who receives the
jack can change the game to any seven-card stud game on the agreed list". The
Good, the Bad and the Ugly, Sequence and Second Hand High are such games. Carla
deals to Anna, Ben and herself; Ben's face-up J♠ on 3rd street switches the
rest of the hand, which is then played to the end with everyone checking.
"""

from __future__ import annotations

import random

from engine.cards import FOUR, SEVEN, Deck, parse_cards
from engine.games import ActionName, EventKind, HandState, make_rules
from engine.games.steps.variants import GbuState, JackState

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)


def _start(deal: str) -> HandState:
    return HandState.start(
        make_rules("jack-the-shifter"),
        names=NAMES,
        stacks=[100] * 3,
        dealer=CARLA,
        deck=Deck(random.Random(0), stacked=parse_cards(deal)),
    )


def _play_out(state: HandState) -> None:
    """Everyone keeps the game when asked and checks; the hand runs to its end."""
    while not state.is_over:
        seat = state.actor
        assert seat is not None
        kinds = [a.kind for a in state.legal_actions()]
        action = ActionName.KEEP_GAME if ActionName.KEEP_GAME in kinds else ActionName.CHECK
        state.act(action, seat=seat)


def _wins(state: HandState) -> list[tuple[int, str]]:
    return [(e.seat, e.text) for e in state.history if e.kind is EventKind.WIN]


def _shows(state: HandState) -> dict[int, str]:
    return {e.seat: e.text for e in state.history if e.kind is EventKind.SHOW}


GBU_DEAL = (
    "2♣ 5♠ 8♠ 3♦ 6♦ 9♣ "  # down
    "K♠ J♠ Q♥ "  # up: Ben's J♠ switches to the Good, the Bad and the Ugly
    "7♥ 4♠ A♣ "  # the table: the Good (7s wild), the Bad (4s go), the Ugly (aces fold)
    "7♣ 4♦ 10♦ "  # 4th
    "3♠ A♦ 10♠ "  # 5th: Ben's face-up A♦
    "3♥ 5♦ Q♦ "  # 6th
    "K♦ 6♠ 2♦"  # 7th, down
)


def test_a_jack_switches_to_the_good_the_bad_and_the_ugly() -> None:
    """The sheet: "three cards are dealt face down to the table" after the first
    street; the Good after the fourth card is wild, the Bad after the fifth is
    discarded, an up card of the Ugly's rank after the sixth folds its holder."""
    state = _start(GBU_DEAL)
    assert state.actor == BEN
    state.act(ActionName.SWITCH_GAME, seat=BEN, game="good-bad-ugly")
    assert state.kept(JackState).game == "good-bad-ugly"
    # The street ends, then the table is laid: Carla's Q♥ came first.
    assert state.cards[CARLA][-1] == (parse_cards("Q♥")[0], True)
    assert state.kept(GbuState).table == parse_cards("7♥ 4♠ A♣")
    assert state.wild == []
    _play_out(state)
    assert state.wild == [SEVEN]
    discards = [(e.seat, e.card) for e in state.history if e.kind is EventKind.DISCARD]
    assert discards == [(BEN, parse_cards("4♦")[0])]
    assert state.folded[BEN]  # his face-up A♦ when the Ugly was an ace
    assert FOUR not in {card >> 2 for card, _ in state.cards[BEN]}
    shows = _shows(state)
    assert set(shows) == {ANNA, CARLA}
    assert shows[ANNA] == "four of a kind, threes"  # her 7♣ wild
    assert _wins(state)[0][0] == ANNA
    assert state.payouts == [3, 0, 0]


def test_the_good_the_bad_and_the_ugly_cannot_start_once_its_good_is_missed() -> None:
    """A jack after the 4th street: the Good's turn is past, so it is not offered."""
    deal = (
        "2♣ 5♠ 8♠ 3♦ 6♦ 9♣ "
        "K♠ 4♥ Q♥ "  # no jack on 3rd street
        "7♣ 4♦ 10♦ "  # 4th
        "3♠ J♦ 10♠ "  # 5th: Ben's J♦
        "3♥ 5♦ Q♦ K♦ 6♠ 2♦"
    )
    state = _start(deal)
    for _ in range(2):
        index = state.step_index
        while state.step_index == index:
            actor = state.actor
            assert actor is not None
            state.act(ActionName.CHECK, seat=actor)
    assert state.actor == BEN
    games = [a.game for a in state.legal_actions() if a.kind is ActionName.SWITCH_GAME]
    assert "good-bad-ugly" not in games
    assert {"sequence", "second-hand-high"} <= set(games)


SEQUENCE_DEAL = (
    "9♣ 5♠ 8♠ 9♦ 6♦ K♣ "  # down
    "K♠ J♠ 2♥ "  # up: Ben's J♠ switches to Sequence; Carla's 2♥ then makes 2s wild
    "3♣ 7♣ 10♦ "  # 4th: Anna's 3♣ moves it to 3s
    "Q♠ 4♦ 6♠ "  # 5th: Ben's 4♦ moves it to 4s
    "8♦ 5♦ Q♦ "  # 6th: Ben's 5♦ while 4s are wild moves it to 5s
    "A♦ 4♣ 2♦"  # 7th, down: face-down cards move nothing
)


def test_a_jack_switches_to_sequence() -> None:
    """The sheet: "If a two is dealt as a face-up card, all twos become wild. If a
    three is dealt face up when twos are wild, twos cease to be wild and threes
    become wild instead ... And so on"."""
    state = _start(SEQUENCE_DEAL)
    state.act(ActionName.SWITCH_GAME, seat=BEN, game="sequence")
    assert state.wild == [parse_cards("2♥")[0] >> 2]
    _play_out(state)
    changes = [e.text for e in state.history if e.kind is EventKind.WILD_CHANGE]
    assert changes == [
        "twos are wild",
        "threes are wild instead of twos",
        "fours are wild instead of threes",
        "fives are wild instead of fours",
    ]
    shows = _shows(state)
    # 5s wild: Ben's 5♠ 5♦ stand in beside his 4♦ 4♣; Carla's 2s are plain again.
    assert shows[BEN].startswith("four of a kind")
    assert shows[CARLA] == "pair of twos"
    assert _wins(state)[0][0] == BEN
    assert state.payouts == [0, 3, 0]


SECOND_DEAL = (
    "9♣ K♠ 2♠ 9♦ K♦ 3♣ "  # down
    "9♥ J♠ 5♥ "  # up: Ben's J♠ switches to Second Hand High
    "2♣ 4♣ 7♦ "
    "Q♠ 6♦ 8♠ "
    "8♦ 10♦ Q♦ "
    "3♦ 2♥ A♦"
)


def test_a_jack_switches_to_second_hand_high() -> None:
    """The sheet: "if there is a showdown, the second highest hand wins": Anna's
    three nines lose to Ben's pair of kings."""
    state = _start(SECOND_DEAL)
    state.act(ActionName.SWITCH_GAME, seat=BEN, game="second-hand-high")
    _play_out(state)
    shows = _shows(state)
    assert shows[ANNA] == "three of a kind, nines"
    assert shows[BEN] == "pair of kings"
    assert _wins(state)[0][0] == BEN
    assert state.payouts == [0, 3, 0]


def test_kept_as_seven_card_stud_the_best_hand_wins_the_same_cards() -> None:
    """The same cards without the switch: the high hand wins, as the sheet's last line."""
    state = _start(SECOND_DEAL)
    _play_out(state)
    assert _wins(state)[0][0] == ANNA
