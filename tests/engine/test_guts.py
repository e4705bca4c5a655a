"""Guts settlement: options and their combinations, chip movements, bad input, conservation.

The sheet's own examples are in ``test_guts_sheet_examples.py``.
"""

from __future__ import annotations

import doctest
import importlib
import json
from typing import Any

import pytest
from helpers.profiles import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import parse_cards
from engine.chips.movements import GUTS_POT, GUTS_RESERVE, Account, Movement
from engine.errors import (
    DuplicateCardError,
    EngineError,
    NegativeAmountError,
    SettlementError,
    ShowdownMismatchError,
    StackTooShortError,
    UnknownPlayerError,
)
from engine.games.families.guts import json_io as guts_json
from engine.games.families.guts.json_io import settle_guts_json
from engine.games.families.guts.settle import (
    GHOST,
    Declare,
    GutsOptions,
    GutsOutcome,
    GutsSettlement,
    GutsTable,
    declaration_order,
    may_be_in,
    pot_to_cover,
    settle_guts_deal,
)
from engine.hands.showdown import HostRanking, ShownCards

ANNA, BEN, CARLA, DAN = range(4)
NAMES = {ANNA: "Anna", BEN: "Ben", CARLA: "Carla", DAN: "Dan"}


def table(
    *, pot: int, reserve: int = 0, stacks: dict[int, int] | None = None, dealer: int = DAN
) -> GutsTable:
    return GutsTable(
        pot=pot,
        reserve=reserve,
        stacks=stacks if stacks is not None else dict.fromkeys(NAMES, 100),
        dealer=dealer,
        names=NAMES,
    )


def ranking(*groups: tuple[int, ...]) -> HostRanking:
    return HostRanking(groups=groups)


def replay(before: GutsTable, movements: tuple[Movement, ...]) -> dict[Account, int]:
    balances: dict[Account, int] = {GUTS_POT: before.pot, GUTS_RESERVE: before.reserve}
    for seat, stack in before.stacks.items():
        balances[seat] = stack
    for m in movements:
        assert m.amount > 0
        balances[m.source] -= m.amount
        balances[m.target] += m.amount
        assert balances[m.source] >= 0, m
    return balances


def json_deal(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": "guts",
        "players": [{"name": n, "stack": 100} for n in NAMES.values()],
        "dealer": "Dan",
        "pot": 20,
    }
    data.update(fields)
    return data


MODULES = [
    "engine.games.families.guts.settle",
    "engine.chips.dealer",
    "engine.chips.movements",
    "engine.chips.seats",
    "engine.games.families.guts.options",
    "engine.games.families.guts.showdown",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0


# ---------------------------------------------------------------- movements and reasons


def test_movements_replay_to_the_next_table() -> None:
    before = table(pot=80)
    settled = settle_guts_deal(
        before,
        GutsOptions(limit=100),
        in_players=[ANNA, BEN, CARLA, DAN],
        showdown=ranking((BEN,), (ANNA, CARLA, DAN)),
    )
    balances = replay(before, settled.movements)
    assert balances[GUTS_POT] == settled.pot == 100
    assert balances[GUTS_RESERVE] == settled.reserve == 140
    assert {s: balances[s] for s in NAMES} == dict(settled.stacks)
    assert [(m.source, m.target, m.amount) for m in settled.movements] == [
        (GUTS_POT, BEN, 80),
        (ANNA, GUTS_POT, 80),
        (CARLA, GUTS_POT, 80),
        (DAN, GUTS_POT, 80),
        (GUTS_POT, GUTS_RESERVE, 140),
    ]


def test_reasons_tell_the_story_of_the_deal() -> None:
    settled = settle_guts_deal(
        table(pot=80),
        GutsOptions(limit=100),
        in_players=[ANNA, BEN, CARLA, DAN],
        showdown=ranking((BEN,), (ANNA, CARLA, DAN)),
    )
    assert settled.reasons == (
        "Ben has the best hand and takes the pot of 80",
        "Anna, Carla and Dan pay the pot, each 80",
        "the next pot is the limit, 100; 140 go to the reserve, which now holds 140",
    )


def test_reasons_of_a_pot_won_alone_and_refilled() -> None:
    settled = settle_guts_deal(
        table(pot=100, reserve=140), GutsOptions(limit=100), in_players=[CARLA]
    )
    assert settled.reasons == (
        "only Carla was in: Carla takes the pot of 100 without showing",
        "100 come from the reserve: the next pot is 100, 40 stay in the reserve",
    )


def test_the_deal_passes_left_skipping_players_without_chips() -> None:
    settled = settle_guts_deal(
        table(pot=10, stacks={ANNA: 0, BEN: 50, CARLA: 50, DAN: 50}),
        GutsOptions(),
        in_players=[BEN],
    )
    assert settled.next_table.dealer == BEN


def test_declaration_order_starts_left_of_the_dealer_and_skips_the_broke() -> None:
    t = table(pot=10, stacks={ANNA: 10, BEN: 0, CARLA: 10, DAN: 10}, dealer=ANNA)
    assert declaration_order(t) == (CARLA, DAN, ANNA)


def test_a_player_without_chips_does_not_ante() -> None:
    settled = settle_guts_deal(
        table(pot=0, stacks={ANNA: 0, BEN: 5, CARLA: 5, DAN: 5}),
        GutsOptions(),
        in_players=[BEN],
    )
    assert settled.antes == {BEN: 1, CARLA: 1, DAN: 1}
    assert settled.takes == {BEN: 3}


def test_may_be_in_lists_stacks_that_cover_the_pot_after_the_ante() -> None:
    t = table(pot=0, stacks={ANNA: 0, BEN: 3, CARLA: 4, DAN: 50})
    assert pot_to_cover(t, GutsOptions()) == 3
    assert may_be_in(t, GutsOptions()) == (CARLA, DAN)


def test_pot_to_cover_counts_the_antes_of_this_deal() -> None:
    assert pot_to_cover(table(pot=0), GutsOptions(ante=2)) == 8
    assert pot_to_cover(table(pot=10), GutsOptions()) == 10
    assert pot_to_cover(table(pot=10), GutsOptions(one_loser_pays=True)) == 14
    assert pot_to_cover(table(pot=10, reserve=5), GutsOptions(limit=10, one_loser_pays=True)) == 10


# ---------------------------------------------------------------- options in detail


def test_antes_above_the_limit_wait_in_the_reserve() -> None:
    settled = settle_guts_deal(table(pot=0), GutsOptions(limit=3), in_players=[ANNA])
    assert settled.takes == {ANNA: 3}
    # One ante waited in the reserve and becomes the next pot.
    assert (settled.pot, settled.reserve) == (1, 0)


def test_nobody_in_at_the_limit_sends_the_antes_to_the_reserve() -> None:
    settled = settle_guts_deal(table(pot=100, reserve=7), GutsOptions(limit=100), in_players=[])
    assert (settled.pot, settled.reserve) == (100, 11)


def test_without_a_limit_a_leftover_reserve_joins_the_pot() -> None:
    settled = settle_guts_deal(table(pot=10, reserve=30), GutsOptions(), in_players=[ANNA])
    assert (settled.takes, settled.pot, settled.reserve) == ({ANNA: 10}, 30, 0)


def test_in_turn_the_dealer_declared_in_alone_also_takes_by_default() -> None:
    settled = settle_guts_deal(
        table(pot=10, stacks={ANNA: 50, BEN: 50, CARLA: 50, DAN: 3}),
        GutsOptions(declare=Declare.IN_TURN, ghost_hand=True),
        in_players=[DAN],
    )
    # No risk, no cover needed, and the ghost hand is not played.
    assert settled.outcome is GutsOutcome.DEALER_BY_DEFAULT
    assert settled.takes == {DAN: 10}


def test_one_loser_tied_for_weakest_both_pay() -> None:
    settled = settle_guts_deal(
        table(pot=10),
        GutsOptions(one_loser_pays=True),
        in_players=[ANNA, BEN, CARLA],
        showdown=ranking((ANNA,), (BEN, CARLA)),
    )
    assert settled.pays == {BEN: 14, CARLA: 14}


def test_one_loser_when_all_in_tie_nobody_pays() -> None:
    settled = settle_guts_deal(
        table(pot=10),
        GutsOptions(one_loser_pays=True),
        in_players=[ANNA, BEN],
        showdown=ranking((ANNA, BEN)),
    )
    assert settled.pays == {}
    assert settled.takes == {ANNA: 7, BEN: 7}


def test_one_loser_and_nobody_in_antes_only_once() -> None:
    settled = settle_guts_deal(table(pot=10), GutsOptions(one_loser_pays=True), in_players=[])
    assert settled.antes == dict.fromkeys(NAMES, 1)
    assert settled.pot == 14


def test_no_split_lower_hands_still_pay_into_the_standing_pot() -> None:
    settled = settle_guts_deal(
        table(pot=10),
        GutsOptions(no_split=True),
        in_players=[ANNA, BEN, CARLA],
        showdown=ranking((ANNA, BEN), (CARLA,)),
    )
    assert settled.takes == {}
    assert settled.pays == {CARLA: 10}
    assert settled.pot == 20


def test_ghost_tying_the_best_hand_makes_everyone_in_pay() -> None:
    settled = settle_guts_deal(
        table(pot=10),
        GutsOptions(ghost_hand=True),
        in_players=[ANNA, BEN],
        showdown=ranking((ANNA, GHOST), (BEN,)),
    )
    assert settled.outcome is GutsOutcome.GHOST_WON
    assert settled.pays == {ANNA: 10, BEN: 10}
    assert settled.pot == 30


def test_ghost_hand_against_a_single_player() -> None:
    beaten = settle_guts_deal(
        table(pot=10),
        GutsOptions(ghost_hand=True),
        in_players=[CARLA],
        showdown=ranking((GHOST,), (CARLA,)),
    )
    assert (beaten.takes, beaten.pays, beaten.pot) == ({}, {CARLA: 10}, 20)
    won = settle_guts_deal(
        table(pot=10),
        GutsOptions(ghost_hand=True),
        in_players=[CARLA],
        showdown=ranking((CARLA,), (GHOST,)),
    )
    assert (won.outcome, won.takes, won.pot) == (GutsOutcome.WON, {CARLA: 10}, 0)


def test_ghost_hand_with_one_loser_only_the_weakest_pays() -> None:
    settled = settle_guts_deal(
        table(pot=10),
        GutsOptions(ghost_hand=True, one_loser_pays=True),
        in_players=[ANNA, BEN],
        showdown=ranking((GHOST,), (ANNA,), (BEN,)),
    )
    assert settled.pays == {BEN: 14}


def test_split_odd_chips_go_from_the_dealers_left() -> None:
    settled = settle_guts_deal(
        table(pot=10, dealer=BEN),
        GutsOptions(),
        in_players=[ANNA, BEN, CARLA, DAN],
        showdown=ranking((ANNA, BEN, DAN), (CARLA,)),
    )
    # Left of Ben: Carla (not a winner), Dan, Anna, Ben.
    assert settled.takes == {DAN: 4, ANNA: 3, BEN: 3}


def test_three_card_guts_with_the_ghost_hand() -> None:
    settled = settle_guts_deal(
        table(pot=10),
        GutsOptions(three_cards=True, ghost_hand=True),
        in_players=[ANNA, BEN],
        showdown=ShownCards(
            hands={
                ANNA: parse_cards("A♠ 2♥ 3♦"),
                BEN: parse_cards("K♠ K♥ 7♦"),
                GHOST: parse_cards("Q♣ K♣ A♣"),
            }
        ),
    )
    assert settled.showdown == ((GHOST,), (ANNA,), (BEN,))
    assert settled.pays == {ANNA: 10, BEN: 10}


# ---------------------------------------------------------------- bad input


def test_a_player_whose_stack_does_not_cover_the_pot_cannot_be_in() -> None:
    with pytest.raises(StackTooShortError) as caught:
        settle_guts_deal(
            table(pot=20, stacks={ANNA: 50, BEN: 12, CARLA: 50, DAN: 50}),
            GutsOptions(),
            in_players=[ANNA, BEN],
            showdown=ranking((ANNA,), (BEN,)),
        )
    assert str(caught.value) == "Ben cannot be in: the pot is 20 and Ben has 12 — rebuy first"


def test_the_stack_must_cover_the_pot_with_this_deals_antes() -> None:
    with pytest.raises(StackTooShortError, match="the pot is 4 and Ben has 2"):
        settle_guts_deal(
            table(pot=0, stacks={ANNA: 50, BEN: 3, CARLA: 50, DAN: 50}),
            GutsOptions(),
            in_players=[ANNA, BEN],
            showdown=ranking((ANNA,), (BEN,)),
        )


def test_a_stack_below_the_ante_must_rebuy() -> None:
    with pytest.raises(StackTooShortError, match="Ben cannot ante: the ante is 5 and Ben has 3"):
        settle_guts_deal(
            table(pot=0, stacks={ANNA: 50, BEN: 3, CARLA: 50, DAN: 50}),
            GutsOptions(ante=5),
            in_players=[],
        )


def test_an_unknown_player_in_is_named() -> None:
    with pytest.raises(UnknownPlayerError, match="seat 7 was in but is not at the table"):
        settle_guts_deal(table(pot=10), GutsOptions(), in_players=[ANNA, 7])


def test_a_player_listed_twice_as_in() -> None:
    with pytest.raises(SettlementError, match="Anna is listed twice among the players who were in"):
        settle_guts_deal(table(pot=10), GutsOptions(), in_players=[ANNA, ANNA])


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: table(pot=-1), "the pot is -1: it cannot be negative"),
        (lambda: table(pot=1, reserve=-3), "the reserve is -3: it cannot be negative"),
        (
            lambda: table(pot=1, stacks={ANNA: -5, BEN: 1, CARLA: 1, DAN: 1}),
            "Anna's stack is -5: a stack cannot be negative",
        ),
    ],
)
def test_negative_numbers_are_refused(make: Any, message: str) -> None:
    with pytest.raises(NegativeAmountError, match=message):
        settle_guts_deal(make(), GutsOptions(), in_players=[])


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"ante": 0}, "the ante is 0: it must be at least 1 chip"),
        ({"ante": -2}, "the ante is -2"),
        ({"limit": -100}, "the limit is -100: it must be at least 1 chip"),
    ],
)
def test_negative_options_are_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(NegativeAmountError, match=message):
        GutsOptions(**fields)


def test_three_card_orders_need_three_card_guts() -> None:
    with pytest.raises(SettlementError, match="only apply to three-card Guts"):
        GutsOptions(flush_over_straight=True)


def test_a_pot_above_the_limit_is_refused() -> None:
    with pytest.raises(SettlementError, match="the pot is 120 but the limit is 100"):
        settle_guts_deal(table(pot=120), GutsOptions(limit=100), in_players=[])


def test_the_dealer_must_sit_at_the_table() -> None:
    with pytest.raises(UnknownPlayerError, match="the dealer, seat 9, is not at the table"):
        settle_guts_deal(table(pot=10, dealer=9), GutsOptions(), in_players=[])


@pytest.mark.parametrize(
    ("groups", "message"),
    [
        (((ANNA,),), r"must name exactly .* \(Anna, Ben and Carla\): it leaves out Ben and Carla"),
        (((ANNA,), (BEN, CARLA, DAN)), "it names Dan, who was not in"),
        (((ANNA, BEN), (CARLA, ANNA)), "it names Anna twice"),
        (((ANNA,), (), (BEN, CARLA)), "the ranking has an empty place"),
        (
            ((ANNA,), (GHOST,), (BEN, CARLA)),
            "the ranking names a ghost hand, but this deal has none",
        ),
    ],
)
def test_a_ranking_must_name_exactly_the_players_who_were_in(
    groups: tuple[tuple[int, ...], ...], message: str
) -> None:
    with pytest.raises(ShowdownMismatchError, match=message):
        settle_guts_deal(
            table(pot=10),
            GutsOptions(),
            in_players=[ANNA, BEN, CARLA],
            showdown=HostRanking(groups=groups),
        )


def test_the_ghost_hand_must_be_ranked_when_played() -> None:
    with pytest.raises(ShowdownMismatchError, match="it leaves out the ghost hand"):
        settle_guts_deal(
            table(pot=10),
            GutsOptions(ghost_hand=True),
            in_players=[ANNA, BEN],
            showdown=ranking((ANNA,), (BEN,)),
        )


def test_a_showdown_is_needed_when_two_are_in() -> None:
    with pytest.raises(
        ShowdownMismatchError, match="Anna and Ben were in: the showdown is missing"
    ):
        settle_guts_deal(table(pot=10), GutsOptions(), in_players=[ANNA, BEN])


def test_cards_must_be_two_per_hand_or_three_with_three_card_guts() -> None:
    with pytest.raises(ShowdownMismatchError, match="Ben shows 3 cards: two-card Guts deals 2"):
        settle_guts_deal(
            table(pot=10),
            GutsOptions(),
            in_players=[ANNA, BEN],
            showdown=ShownCards(hands={ANNA: parse_cards("As Ad"), BEN: parse_cards("Ks Kd Kh")}),
        )


def test_the_same_card_in_two_hands_is_refused() -> None:
    with pytest.raises(DuplicateCardError, match="As appears twice"):
        settle_guts_deal(
            table(pot=10),
            GutsOptions(),
            in_players=[ANNA, BEN],
            showdown=ShownCards(hands={ANNA: parse_cards("As Ad"), BEN: parse_cards("As Kd")}),
        )


# ---------------------------------------------------------------- JSON


def test_json_ranking_accepts_names_and_tied_lists_and_the_ghost() -> None:
    answer = settle_guts_json(
        json_deal(
            options={"ghost_hand": True, "limit": 30},
            **{"in": ["Anna", "Ben", "Carla"]},
            showdown={"ranking": ["Ben", ["ghost", "Anna"], "Carla"]},
        )
    )
    assert answer["outcome"] == "won"
    assert answer["showdown"] == [["Ben"], ["ghost", "Anna"], ["Carla"]]
    assert answer["pays"] == {"Anna": 20, "Carla": 20}
    assert (answer["pot"], answer["reserve"]) == (30, 10)
    assert answer["movements"][0] == {
        "from": "guts_pot",
        "to": "Ben",
        "amount": 20,
        "reason": "takes the pot: the best hand",
    }


def test_json_answer_feeds_the_next_deal() -> None:
    first = settle_guts_json(
        json_deal(**{"in": ["Anna", "Ben"]}, showdown={"ranking": ["Anna", "Ben"]})
    )
    follow = {k: first[k] for k in ("players", "dealer", "pot", "reserve")}
    second = settle_guts_json({"kind": "guts", **follow, "in": ["Carla"]})
    assert second["takes"] == {"Carla": 20}
    assert second["outcome"] == "alone"


def test_json_in_turn_and_the_options() -> None:
    answer = settle_guts_json(json_deal(options={"declare": "in_turn"}, **{"in": []}))
    assert answer["outcome"] == "dealer_by_default"
    assert answer["takes"] == {"Dan": 20}


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"in": ["Zed"]}, UnknownPlayerError, '"in": Zed is not at the table'),
        ({"dealer": "Zed"}, UnknownPlayerError, "dealer: Zed is not at the table"),
        ({"pot": -4}, NegativeAmountError, "the pot is -4"),
        ({"pot": "ten"}, SettlementError, "pot must be a whole number, not 'ten'"),
        ({"pot": 2.5}, SettlementError, "pot must be a whole number"),
        ({"options": {"limt": 100}}, SettlementError, "unknown fields limt"),
        ({"options": {"declare": "shout"}}, SettlementError, "\"declare\" is 'shout'"),
        ({"options": {"no_split": "yes"}}, SettlementError, "no_split must be true or false"),
        ({"in": "Anna"}, SettlementError, '"in" must be a list'),
        ({"players": []}, SettlementError, '"players" must be a list'),
        (
            {"players": [{"name": "Anna", "stack": 1}, {"name": "Anna", "stack": 2}]},
            SettlementError,
            "two players are called Anna",
        ),
        (
            {"players": [{"name": "Anna", "stack": -1}, {"name": "Dan", "stack": 2}]},
            NegativeAmountError,
            "Anna's stack is -1",
        ),
        ({"showdown": {"winner": "Anna"}}, SettlementError, '"showdown" must be'),
        (
            {"in": ["Anna", "Ben"], "showdown": {"ranking": ["Anna"]}},
            ShowdownMismatchError,
            "it leaves out Ben",
        ),
        (
            {"in": ["Anna", "Ben"], "showdown": {"cards": {"Anna": "As Xd", "Ben": "Ks Kd"}}},
            EngineError,
            "unknown rank 'X'",
        ),
        ({"in": ["Anna"], "showdown": {"ranking": ["ghost", "Anna"]}}, UnknownPlayerError, "ghost"),
        ({"surprise": 1}, SettlementError, "unknown fields surprise"),
    ],
)
def test_json_bad_input_names_the_problem(
    fields: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        settle_guts_json(json_deal(**fields))


def test_json_a_player_called_ghost_with_a_ghost_hand() -> None:
    data = json_deal(options={"ghost_hand": True})
    data["players"][0]["name"] = "ghost"
    with pytest.raises(SettlementError, match='a player is called "ghost"'):
        settle_guts_json(data)


# ---------------------------------------------------------------- conservation


@st.composite
def guts_options(draw: st.DrawFn) -> GutsOptions:
    three = draw(st.booleans())
    return GutsOptions(
        limit=draw(st.none() | st.integers(1, 60)),
        ante=draw(st.integers(1, 3)),
        declare=draw(st.sampled_from(Declare)),
        one_loser_pays=draw(st.booleans()),
        no_split=draw(st.booleans()),
        ghost_hand=draw(st.booleans()),
        three_cards=three,
        straight_flush_over_trips=three and draw(st.booleans()),
        flush_over_straight=three and draw(st.booleans()),
        ante_when_nobody_in=draw(st.booleans()),
    )


@st.composite
def host_ranking(draw: st.DrawFn, entrants: list[int]) -> HostRanking:
    order = draw(st.permutations(entrants))
    cuts = [draw(st.booleans()) for _ in order]
    groups: list[list[int]] = []
    for seat, new_group in zip(order, cuts, strict=True):
        if new_group or not groups:
            groups.append([seat])
        else:
            groups[-1].append(seat)
    return HostRanking(groups=tuple(tuple(g) for g in groups))


def check_invariants(before: GutsTable, options: GutsOptions, settled: GutsSettlement) -> None:
    start = sum(before.stacks.values()) + before.pot + before.reserve
    after = settled.next_table
    assert sum(after.stacks.values()) + after.pot + after.reserve == start
    assert after.reserve >= 0
    assert all(stack >= 0 for stack in after.stacks.values())
    if options.limit is not None:
        assert after.pot <= options.limit
        # The reserve only holds chips while the pot is full.
        assert after.reserve == 0 or after.pot == options.limit
    else:
        assert after.reserve == 0
    balances = replay(before, settled.movements)
    assert balances[GUTS_POT] == after.pot
    assert balances[GUTS_RESERVE] == after.reserve
    assert {s: balances[s] for s in before.stacks} == dict(after.stacks)
    assert sum(settled.net.values()) == (before.pot + before.reserve) - (after.pot + after.reserve)


@settings(max_examples=examples(150))
@given(
    options=guts_options(),
    stacks=st.lists(st.integers(0, 300), min_size=2, max_size=7),
    data=st.data(),
)
def test_chips_are_never_created_or_lost_over_a_series_of_deals(
    options: GutsOptions, stacks: list[int], data: st.DataObject
) -> None:
    current = GutsTable(pot=0, stacks=dict(enumerate(stacks)), dealer=len(stacks) - 1, names={})
    for _ in range(data.draw(st.integers(1, 12))):
        try:
            able = may_be_in(current, options)
        except StackTooShortError:
            return  # someone cannot ante: the night needs a rebuy first
        in_players = data.draw(
            st.lists(st.sampled_from(able), unique=True) if able else st.just([])
        )
        entrants = in_players + ([GHOST] if options.ghost_hand else [])
        showdown = data.draw(host_ranking(entrants)) if entrants else None
        try:
            settled = settle_guts_deal(current, options, in_players=in_players, showdown=showdown)
        except StackTooShortError as exc:
            refused = str(exc)
        else:
            refused = ""
        if refused:
            # Nobody in and someone cannot ante again: the night needs a rebuy first.
            assert not in_players
            assert "ante" in refused
            return
        check_invariants(current, options, settled)
        current = settled.next_table


def documented_input(module_doc: str) -> dict[str, Any]:
    """The first ``::`` block of a module docstring: the documented JSON input."""
    block = module_doc.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    loaded: dict[str, Any] = json.loads(block)
    return loaded


def test_json_the_documented_example_runs_as_documented() -> None:
    answer = settle_guts_json(documented_input(guts_json.__doc__ or ""))
    assert answer["outcome"] == "won"
    assert answer["showdown"] == [["Anna"], ["Carla"], ["Ben"]]
    assert (answer["takes"], answer["pays"]) == ({"Anna": 10}, {"Ben": 10, "Carla": 10})
    assert (answer["pot"], answer["reserve"], answer["dealer"]) == (20, 0, "Anna")
    assert answer["players"][:2] == [{"name": "Anna", "stack": 60}, {"name": "Ben", "stack": 40}]


def test_a_table_without_chips_cannot_ante() -> None:
    with pytest.raises(StackTooShortError, match="nobody at the table has chips left to ante"):
        settle_guts_deal(table(pot=0, stacks=dict.fromkeys(NAMES, 0)), GutsOptions(), in_players=[])
