"""The worked examples of the Guts rule sheet, replayed as digital deals with a stacked deck.

Pot 10: Anna (7-7), Ben (A-K) and Carla (3-3) are in, Dan and Eva out; Anna
takes the 10, Ben and Carla pay 10 each, the next pot is 20. Limit 100, pot
80, four in: the winner takes 80, three losers pay 80 each, 240: the next pot
is 100 and 140 go to the reserve, which refills the later pots won alone.
"""

from __future__ import annotations

import random

from engine.cards import Deck, parse_cards
from engine.games import ActionName, EventKind, HandState, make_rules, seat_view, table_view
from engine.games.steps.declare import GutsState

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eva"]
ANNA, BEN, CARLA, DAN, EVA = range(5)

# Eva deals, so Anna (on her left) gets the first card of each round.
SHEET_DEAL = parse_cards("7♠ A♠ 3♠ 9♦ 5♣ 7♥ K♥ 3♥ 2♦ 8♣")


def _deal(
    *,
    stacks: list[int],
    pot: int,
    reserve: int = 0,
    ins: set[int],
    options: dict[str, object] | None = None,
    cards: list[int] | None = None,
    dealer: int = EVA,
) -> HandState:
    deck = Deck(random.Random(0), stacked=cards if cards is not None else SHEET_DEAL)
    state = HandState.start(
        make_rules("guts", options or {}),
        names=NAMES[: len(stacks)],
        stacks=stacks,
        dealer=dealer,
        deck=deck,
        carry={"pot": pot, "reserve": reserve},
    )
    for seat in range(len(stacks)):
        action = ActionName.DECLARE_IN if seat in ins else ActionName.DECLARE_OUT
        state.act(seat=seat, action=action)
    assert state.is_over
    return state


def test_anna_takes_the_10_and_ben_and_carla_pay_10_each_next_pot_20() -> None:
    state = _deal(stacks=[50] * 5, pot=10, ins={ANNA, BEN, CARLA})
    assert state.stacks == [60, 40, 40, 50, 50]
    assert state.carry_out == {"pot": 20, "reserve": 0}
    assert state.kept(GutsState).outcome == "won"
    settles = [(e.seat, e.chips, e.text) for e in state.history if e.kind is EventKind.SETTLE]
    assert settles == [
        (ANNA, 10, "pot → Anna: takes the pot: the best hand"),
        (BEN, 10, "Ben → pot: pays the pot"),
        (CARLA, 10, "Carla → pot: pays the pot"),
    ]


def test_the_hands_shown_are_named_and_public_the_others_stay_hidden() -> None:
    state = _deal(stacks=[50] * 5, pot=10, ins={ANNA, BEN, CARLA})
    shows = {e.seat: e.text for e in state.history if e.kind is EventKind.SHOW}
    assert shows == {ANNA: "pair of sevens", BEN: "high card, ace", CARLA: "pair of threes"}
    table = table_view(state)
    assert [c["card"] for c in table["players"][ANNA]["cards"]] == ["7s", "7h"]
    assert table["players"][DAN]["cards"] == []
    assert table["carry"] == {"pot": 10, "reserve": 0}
    assert table["carry_out"] == {"pot": 20, "reserve": 0}


def test_limit_100_pot_80_three_losers_make_pot_100_and_reserve_140() -> None:
    cards = parse_cards("A♠ 2♠ 3♠ 4♠ 9♣ A♥ 7♦ 8♦ 9♦ 10♣")
    state = _deal(
        stacks=[200] * 5, pot=80, ins={ANNA, BEN, CARLA, DAN}, options={"limit": 100}, cards=cards
    )
    assert state.stacks == [280, 120, 120, 120, 200]
    assert state.carry_out == {"pot": 100, "reserve": 140}
    reasons = state.kept(GutsState).reasons
    assert "the next pot is the limit, 100; 140 go to the reserve, which now holds 140" in reasons


def test_the_reserve_refills_each_pot_won_alone_across_a_series_of_deals() -> None:
    stacks, carry = [200] * 5, {"pot": 80, "reserve": 0}
    total = sum(stacks) + sum(carry.values())
    seen = []
    plan = [{ANNA, BEN, CARLA, DAN}, {BEN}, {CARLA}, {DAN}, set(), {EVA}]
    for number, ins in enumerate(plan):
        state = _deal(
            stacks=stacks,
            pot=carry["pot"],
            reserve=carry["reserve"],
            ins=ins,
            options={"limit": 100},
            cards=parse_cards("A♠ 2♠ 3♠ 4♠ 9♣ A♥ 7♦ 8♦ 9♦ 10♣"),
            dealer=(EVA + number) % 5,
        )
        stacks, carry = state.stacks, state.carry_out
        assert sum(stacks) + sum(carry.values()) == total
        seen.append((carry["pot"], carry["reserve"]))
    # 100 from the reserve after Ben's pot, the last 40 after Carla's, then empty:
    # the empty pot takes an ante of 5, nobody in means 5 more, and Eva takes those 10.
    assert seen == [(100, 140), (100, 40), (40, 0), (0, 0), (10, 0), (0, 0)]


def test_a_pending_declaration_is_private_until_everyone_has_declared() -> None:
    deck = Deck(random.Random(0), stacked=SHEET_DEAL)
    state = HandState.start(
        make_rules("guts"),
        names=NAMES,
        stacks=[50] * 5,
        dealer=EVA,
        deck=deck,
        carry={"pot": 10, "reserve": 0},
    )
    state.act(ActionName.DECLARE_IN, seat=CARLA)  # at once: any order
    state.act(ActionName.DECLARE_OUT, seat=ANNA)
    for viewer in (ANNA, BEN, None):
        view = table_view(state) if viewer is None else seat_view(state, viewer)
        text = str(view)
        assert "'in'" not in text
        assert "'out'" not in text
        assert [e["text"] for e in view["log"] if e["kind"] == "declare"] == [
            "declared",
            "declared",
        ]
    # Everyone still to decide is offered the choice, not only the first of them.
    assert [a["kind"] for a in seat_view(state, DAN)["legal_actions"]] == [
        "declare_in",
        "declare_out",
    ]
    assert seat_view(state, CARLA)["legal_actions"] == []
    for seat in (BEN, DAN, EVA):
        state.act(ActionName.DECLARE_OUT, seat=seat)
    reveals = [(e.seat, e.text) for e in state.history if e.kind is EventKind.REVEAL]
    assert reveals == [(ANNA, "out"), (BEN, "out"), (CARLA, "in"), (DAN, "out"), (EVA, "out")]
    assert state.stacks == [50, 50, 60, 50, 50]  # Carla alone takes the 10 unshown
    assert state.shown == []
