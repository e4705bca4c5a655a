"""The draw, the table card and the house options of Spit in the Ocean and the draw games.

Illegal draws raise their own error and change nothing; the stock, once
empty, is refilled from the discards with the hand's seed; each option
changes exactly what it says.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import pytest

from engine.cards import Deck, parse_card, parse_cards
from engine.errors import IllegalActionError, OutOfTurnError
from engine.games import EventKind, HandState, make_rules, table_view
from engine.games.events import ActionName
from engine.games.steps.draw import CardNotHeldError, DrawSizeError, DrawState

NAMES = ["Anna", "Ben", "Carla"]
ANNA, BEN, CARLA = range(3)

# Anna deals: Ben, Carla, Anna get a card each round; then the spit card.
FOUR_EACH = parse_cards("A♠ K♠ 2♥ A♥ K♥ 3♥ 7♣ 7♦ 4♥ 8♣ 9♦ 5♥ 7♥")
# Five each for the five-card games, then Wild Widow's card is the 4th card dealt.
FIVE_EACH = parse_cards("A♠ K♠ 2♥ A♥ K♥ 3♥ 7♣ 7♦ 4♥ 8♣ 9♦ 5♥ 10♠ 10♦ 6♥ 2♣ 2♦")


def _start(
    game: str = "spit-in-the-ocean",
    options: Mapping[str, object] | None = None,
    stacked: list[int] | None = None,
) -> HandState:
    deck = Deck(random.Random(5), stacked=FOUR_EACH if stacked is None else stacked)
    return HandState.start(
        make_rules(game, options), names=NAMES, stacks=[30] * 3, dealer=ANNA, deck=deck
    )


def _to_the_draw(state: HandState) -> None:
    for seat in (BEN, CARLA, ANNA):
        state.act(ActionName.CHECK, seat=seat)


def _rejects(state: HandState, error: type[IllegalActionError], act: Callable[[], object]) -> str:
    before = state.to_json()
    with pytest.raises(error) as caught:
        act()
    assert state.to_json() == before
    return str(caught.value)


def test_drawing_during_the_betting_is_refused() -> None:
    state = _start()
    message = _rejects(
        state, OutOfTurnError, lambda: state.act(ActionName.DRAW, seat=BEN, cards=[])
    )
    assert message == "Ben cannot draw: nobody is drawing now"


def test_drawing_out_of_turn_is_refused() -> None:
    state = _start()
    _to_the_draw(state)
    message = _rejects(
        state, OutOfTurnError, lambda: state.act(ActionName.DRAW, seat=CARLA, cards=[])
    )
    assert message == "Carla cannot draw: it is Ben's turn"
    assert not state.can(ActionName.DRAW, seat=CARLA, cards=[])
    assert state.can(ActionName.DRAW, seat=BEN, cards=[])


def test_throwing_away_a_card_not_held_is_refused() -> None:
    state = _start()
    _to_the_draw(state)
    message = _rejects(
        state,
        CardNotHeldError,
        lambda: state.act(ActionName.DRAW, seat=BEN, cards=parse_cards("K♥")),
    )
    assert message == "Ben cannot throw away Kh: it is not in their hand"
    _rejects(state, CardNotHeldError, lambda: state.act(ActionName.DRAW, seat=BEN, cards=[99]))
    ace = parse_card("A♠")
    _rejects(
        state, CardNotHeldError, lambda: state.act(ActionName.DRAW, seat=BEN, cards=[ace, ace])
    )


def test_a_draw_of_five_is_refused() -> None:
    state = _start("five-card-draw", stacked=FIVE_EACH)
    _to_the_draw(state)
    held = [card for card, _ in state.cards[BEN]]
    message = _rejects(
        state, DrawSizeError, lambda: state.act(ActionName.DRAW, seat=BEN, cards=held)
    )
    assert message == "Ben cannot draw 5: at most 4 cards"


def test_the_option_draw_at_most_two() -> None:
    state = _start(options={"max_draw": 2})
    _to_the_draw(state)
    three = parse_cards("7♣ 8♣ A♥")
    message = _rejects(
        state, DrawSizeError, lambda: state.act(ActionName.DRAW, seat=BEN, cards=three)
    )
    assert message == "Ben cannot draw 3: at most 2 cards"
    assert state.legal_actions()[0].max_amount == 2
    state.act(ActionName.DRAW, seat=BEN, cards=three[:2])
    assert state.actor == CARLA


def test_the_option_three_and_four_with_an_ace_shows_the_ace() -> None:
    state = _start("five-card-draw", {"max_draw": 3, "ace_draws_more": True}, FIVE_EACH)
    _to_the_draw(state)
    # Ben holds A♠ A♥ 7♣ 8♣ 10♠: four thrown, an ace kept and shown.
    assert state.legal_actions()[0].max_amount == 4
    state.act(ActionName.DRAW, seat=BEN, cards=parse_cards("A♥ 7♣ 8♣ 10♠"))
    reveal = next(e for e in state.history if e.kind is EventKind.REVEAL)
    assert (reveal.seat, reveal.card, reveal.face_up) == (BEN, parse_card("A♠"), True)
    assert (parse_card("A♠"), True) in state.cards[BEN]
    assert "As" in [c["card"] for c in table_view(state)["players"][BEN]["cards"]]
    # Carla holds K♠ K♥ 7♦ 9♦ 10♦, no ace: three at most.
    four = parse_cards("K♥ 7♦ 9♦ 10♦")
    message = _rejects(
        state, DrawSizeError, lambda: state.act(ActionName.DRAW, seat=CARLA, cards=four)
    )
    assert message == "Carla cannot draw 4: at most 3 cards, one more when keeping an ace"
    assert state.legal_actions()[0].max_amount == 3


def test_four_with_an_ace_needs_the_ace_kept() -> None:
    state = _start("five-card-draw", {"max_draw": 3, "ace_draws_more": True}, FIVE_EACH)
    _to_the_draw(state)
    both_aces = parse_cards("A♠ A♥ 7♣ 8♣")
    _rejects(state, DrawSizeError, lambda: state.act(ActionName.DRAW, seat=BEN, cards=both_aces))


def test_standing_pat_is_recorded_without_a_card() -> None:
    state = _start()
    _to_the_draw(state)
    event = state.act(ActionName.DRAW, seat=BEN, cards=[])
    assert (event.kind, event.card, event.text) == (EventKind.DRAW, None, "stands pat")


def test_the_stock_runs_out_and_the_discards_are_reshuffled_by_the_seed() -> None:
    # Eight players, 33 cards out: 19 in the stock; four draws of four empty it.
    names = [f"P{seat}" for seat in range(8)]

    def hand() -> HandState:
        rules = make_rules("spit-in-the-ocean")
        state = HandState.start(
            rules, names=names, stacks=[20] * 8, dealer=7, rng=random.Random(11)
        )
        for seat in range(8):
            state.act(ActionName.CHECK, seat=seat)
        for seat in range(5):
            state.act(ActionName.DRAW, seat=seat, cards=[card for card, _ in state.cards[seat]])
        return state

    state = hand()
    assert state.kept(DrawState).reshuffles == 1
    held = [card for cards in state.cards for card, _ in cards]
    assert len(set(held)) == len(held) == 32
    assert len(held) + len(state.table) + len(state.set_aside) + len(state.deck) == 52
    # The fifth drawer never gets back their own discards.
    thrown = [e.card for e in state.history if e.kind is EventKind.DRAW and e.seat == 4]
    assert not set(thrown) & {card for card, _ in state.cards[4]}
    assert hand().to_json() == state.to_json()
    restored = HandState.from_json(state.to_json())
    for seat in range(5, 8):
        for copy in (state, restored):
            copy.act(ActionName.DRAW, seat=seat, cards=[card for card, _ in copy.cards[seat]][:3])
    assert restored.to_json() == state.to_json()


def test_only_the_spit_card_wild_leaves_its_rank_natural() -> None:
    # The spit card is the 7♥; Ben holds A♠ A♥ 7♣ 8♣, Carla K♠ K♥ 7♦ 9♦,
    # Anna 2♥ 3♥ 4♥ 5♥.
    plain = _start()
    _to_the_draw(plain)
    only = _start(options={"only_spit_wild": True})
    _to_the_draw(only)
    assert only.wild is None
    assert only.wild_cards == [parse_card("7♥")]
    for state in (plain, only):
        for seat in (BEN, CARLA, ANNA):
            state.act(ActionName.DRAW, seat=seat, cards=[])
        for seat in (BEN, CARLA, ANNA):
            state.act(ActionName.CHECK, seat=seat)
    shows = {e.seat: e.text for e in plain.history if e.kind is EventKind.SHOW}
    assert shows[BEN] == "four of a kind, aces"
    shows = {e.seat: e.text for e in only.history if e.kind is EventKind.SHOW}
    assert shows[BEN] == "three of a kind, aces"
    assert shows[CARLA] == "three of a kind, kings"
    assert shows[ANNA] == "straight flush, six high"
    assert only.payouts == [3, 0, 0]


def test_no_draw_is_one_betting_round_and_the_showdown() -> None:
    state = _start(options={"no_draw": True})
    _to_the_draw(state)
    assert state.is_over
    assert not [e for e in state.history if e.kind is EventKind.DRAW]
    # Everyone checked: the first player left of the dealer shows first.
    assert [e.seat for e in state.history if e.kind is EventKind.SHOW] == [BEN, CARLA, ANNA]


def test_wild_widow_card_is_in_no_hand_and_its_rank_is_wild() -> None:
    state = _start("wild-widow", stacked=[*FIVE_EACH[:12], parse_card("10♣"), *FIVE_EACH[12:]])
    widow = parse_card("10♣")
    assert state.kept(DrawState).widow == widow
    assert state.wild == [widow.rank]
    assert state.table == []
    table_event = next(e for e in state.history if e.kind is EventKind.TABLE_CARD)
    assert (table_event.card, table_event.face_up, table_event.text) == (widow, True, "widow")
    # The widow came before the fifth round of cards.
    deals = [e for e in state.history if e.kind in (EventKind.DEAL, EventKind.TABLE_CARD)]
    assert deals.index(table_event) == 12
    assert all(len(cards) == 5 for cards in state.cards)
    _to_the_draw(state)
    for seat in (BEN, CARLA, ANNA):
        state.act(ActionName.DRAW, seat=seat, cards=[])
        assert widow not in [card for card, _ in state.cards[seat]]
    for seat in (BEN, CARLA, ANNA):
        state.act(ActionName.CHECK, seat=seat)
    shows = {e.seat: e.text for e in state.history if e.kind is EventKind.SHOW}
    # Ben: A♠ A♥ 7♣ 8♣ 10♠, the 10♠ wild: three aces (the widow plays for nobody).
    assert shows[BEN] == "three of a kind, aces"


def test_the_spit_option_wild_widow_deals_five_with_the_widow() -> None:
    state = _start(options={"wild_widow": True}, stacked=FIVE_EACH)
    assert all(len(cards) == 5 for cards in state.cards)
    assert state.kept(DrawState).widow is not None
    assert state.table == []


def test_the_fixed_limit_option_sets_the_bet_size() -> None:
    state = _start(options={"fixed_limit": 3})
    bet = next(a for a in state.legal_actions() if a.kind.value == "bet")
    assert (bet.min_amount, bet.max_amount) == (3, 3)
    _to_the_draw(state)
    for seat in (BEN, CARLA, ANNA):
        state.act(ActionName.DRAW, seat=seat, cards=[])
    bet = next(a for a in state.legal_actions() if a.kind.value == "bet")
    assert (bet.min_amount, bet.max_amount) == (6, 6)


@pytest.mark.parametrize(
    ("game", "players"), [("spit-in-the-ocean", 2), ("spit-in-the-ocean", 9), ("wild-widow", 9)]
)
def test_table_sizes_outside_the_game_are_refused(game: str, players: int) -> None:
    from engine.games import TableSizeError

    with pytest.raises(TableSizeError):
        HandState.start(
            make_rules(game),
            names=[f"P{seat}" for seat in range(players)],
            stacks=[10] * players,
            dealer=0,
            rng=random.Random(0),
        )
