"""Shelby and Psycho Shelby (rules/guts.de.txt, "Shelby und Psycho Shelby"; ruling 15).

Each statement of the sheet is replayed with chips, then two whole games round
by round, then bad input, the JSON form and conservation over random games.
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
from engine.chips.movements import SHELBY_POT, Account
from engine.errors import (
    NegativeAmountError,
    SettlementError,
    ShowdownMismatchError,
    StackTooShortError,
    UnknownPlayerError,
)
from engine.games.families.shelby import json_io as shelby_json
from engine.games.families.shelby.hands import cards_held
from engine.games.families.shelby.json_io import settle_shelby_json
from engine.games.families.shelby.settle import (
    ShelbyOptions,
    ShelbyOutcome,
    ShelbyRoundSettlement,
    ShelbyState,
    ShelbyVariant,
    settle_shelby_round,
)
from engine.hands.showdown import HostRanking, ShownCards

ANNA, BEN, CARLA, DAN = range(4)
NAMES = {ANNA: "Anna", BEN: "Ben", CARLA: "Carla", DAN: "Dan"}
PSYCHO = ShelbyOptions(variant=ShelbyVariant.PSYCHO)


def state(
    *,
    pot: int,
    round_number: int = 1,
    stacks: dict[int, int] | None = None,
    shelbys: dict[int, int] | None = None,
) -> ShelbyState:
    return ShelbyState(
        pot=pot,
        round=round_number,
        stacks=stacks if stacks is not None else dict.fromkeys(NAMES, 50),
        shelbys=shelbys or {},
        dealer=DAN,
        names=NAMES,
    )


def ranking(*groups: tuple[int, ...]) -> HostRanking:
    return HostRanking(groups=groups)


def cards(**hands: str) -> ShownCards:
    seats = {name: seat for seat, name in NAMES.items()}
    return ShownCards(hands={seats[name]: tuple(parse_cards(h)) for name, h in hands.items()})


def replay(before: ShelbyState, settled: ShelbyRoundSettlement) -> dict[Account, int]:
    balances: dict[Account, int] = {SHELBY_POT: before.pot}
    for seat, stack in before.stacks.items():
        balances[seat] = stack
    for m in settled.movements:
        assert m.amount > 0
        balances[m.source] -= m.amount
        balances[m.target] += m.amount
        assert balances[m.source] >= 0, m
    return balances


@pytest.mark.parametrize(
    "name", ["engine.games.families.shelby.settle", "engine.games.families.shelby.hands"]
)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0


# ---------------------------------------------------------------- the sheet, rule by rule


def test_everyone_antes_before_the_deal() -> None:
    # "Vor dem Geben zahlen alle das Ante."
    settled = settle_shelby_round(state(pot=0), ShelbyOptions(ante=2), holders=[ANNA])
    assert settled.antes == dict.fromkeys(NAMES, 2)
    assert settled.pot == 8


def test_one_holder_gets_a_shelby_and_the_pot_stays() -> None:
    # "Nur einer hält: Er bekommt eine Marke, einen Shelby."
    settled = settle_shelby_round(state(pot=8, round_number=2), ShelbyOptions(), holders=[BEN])
    assert settled.outcome is ShelbyOutcome.SHELBY
    assert settled.shelby_to == BEN
    assert settled.next_state.shelbys == {BEN: 1}
    assert settled.pot == 8
    assert settled.movements == ()
    assert settled.next_state.round == 3


def test_three_shelbys_take_the_whole_pot_and_end_the_game() -> None:
    # "Wer drei Shelbys sammelt, gewinnt den ganzen Pot, und das Spiel ist vorbei."
    settled = settle_shelby_round(
        state(pot=30, round_number=3, shelbys={BEN: 2, CARLA: 1}), ShelbyOptions(), holders=[BEN]
    )
    assert settled.outcome is ShelbyOutcome.THIRD_SHELBY
    assert settled.game_over
    assert settled.takes == {BEN: 30}
    assert settled.stacks[BEN] == 80
    after = settled.next_state
    assert (after.pot, after.round, dict(after.shelbys)) == (0, 1, {})
    assert after.dealer == ANNA  # the next game is dealt by the player on the left


def test_several_holders_losers_pay_the_winner_directly_capped_at_the_limit() -> None:
    # "Mehrere halten: ... Jeder Verlierer zahlt so viel, wie im Pot liegt, höchstens bis
    # zu einer vereinbarten Grenze - und zwar direkt an den Gewinner, nicht in den Pot;
    # der bleibt liegen, bis jemand drei Shelbys hat."
    settled = settle_shelby_round(
        state(pot=12, round_number=2),
        ShelbyOptions(limit=10),
        holders=[ANNA, BEN, CARLA],
        showdown=ranking((CARLA,), (ANNA,), (BEN,)),
    )
    assert settled.outcome is ShelbyOutcome.WON
    assert settled.pays == {ANNA: 10, BEN: 10}
    assert settled.receives == {CARLA: 20}
    assert settled.pot == 12
    assert [(m.source, m.target, m.amount) for m in settled.movements] == [
        (ANNA, CARLA, 10),
        (BEN, CARLA, 10),
    ]
    assert settled.next_state.shelbys == {}  # a showdown gives no Shelby


def test_below_the_limit_losers_pay_the_whole_pot() -> None:
    settled = settle_shelby_round(
        state(pot=6, round_number=2),
        ShelbyOptions(limit=10),
        holders=[ANNA, BEN],
        showdown=ranking((ANNA,), (BEN,)),
    )
    assert settled.pays == {BEN: 6}


def test_nobody_holds_everyone_antes_again() -> None:
    # "Keiner hält: Alle zahlen erneut das Ante."
    settled = settle_shelby_round(state(pot=8, round_number=2), ShelbyOptions(), holders=[])
    assert settled.outcome is ShelbyOutcome.NOBODY_HELD
    assert settled.antes == dict.fromkeys(NAMES, 1)
    assert settled.pot == 12
    assert settled.next_state.round == 3


def test_after_round_four_everyone_antes_and_the_cards_are_redealt_shelbys_carry_over() -> None:
    # "Nach Runde 4 zahlen alle erneut das Ante, und es wird neu gegeben."
    # Ruling 15: "Shelbys carry over."
    settled = settle_shelby_round(
        state(pot=8, round_number=4, shelbys={ANNA: 2}), ShelbyOptions(), holders=[CARLA]
    )
    assert settled.redeal
    assert settled.antes == dict.fromkeys(NAMES, 1)
    after = settled.next_state
    assert (after.pot, after.round) == (12, 1)
    assert after.shelbys == {ANNA: 2, CARLA: 1}
    assert after.dealer == DAN  # the same game goes on


def test_who_drops_may_hold_again_next_round() -> None:
    # "Anders als im normalen Guts scheidet nicht aus, wer fallen lässt: In der nächsten
    # Runde darf er wieder halten."
    first = settle_shelby_round(state(pot=4, round_number=1), ShelbyOptions(), holders=[ANNA])
    second = settle_shelby_round(first.next_state, ShelbyOptions(), holders=[BEN])
    assert second.shelby_to == BEN


def test_shelby_hands_grow_two_one_two_two_and_are_ranked_as_guts_then_poker() -> None:
    # "Shelby hat vier Runden. In jeder bekommt jeder weitere verdeckte Karten"; ruling
    # 15: 2, then 1, then 2, then 2; two- and three-card Guts ranking while fewer than five.
    assert [cards_held(ShelbyVariant.SHELBY, r) for r in (1, 2, 3, 4)] == [2, 3, 5, 7]
    rounds = [
        # Round 1: a pair of twos beats ace-king.
        (cards(Anna="A♠ K♠", Ben="2♥ 2♦"), ((BEN,), (ANNA,))),
        # Round 2: three cards: Anna's straight flush beats Ben's pair.
        (cards(Anna="A♠ K♠ D♠", Ben="2♥ 2♦ 9♣"), ((ANNA,), (BEN,))),
        # Round 3: five cards: Ben's full house beats Anna's flush.
        (cards(Anna="A♠ K♠ D♠ 4♠ 5♠", Ben="2♥ 2♦ 9♣ 9♦ 9♥"), ((BEN,), (ANNA,))),
        # Round 4: seven cards, the best five: Anna's royal flush.
        (
            cards(Anna="A♠ K♠ D♠ 4♠ 5♠ B♠ 10♠", Ben="2♥ 2♦ 9♣ 9♦ 9♥ 2♣ 3♣"),
            ((ANNA,), (BEN,)),
        ),
    ]
    current = state(pot=4)
    for showdown, expected in rounds:
        settled = settle_shelby_round(
            current, ShelbyOptions(), holders=[ANNA, BEN], showdown=showdown
        )
        assert settled.showdown == expected
        current = settled.next_state


def test_tied_best_hands_share_the_losers_payments() -> None:
    # The sheet leaves ties open; like Guts, tied best hands share and pay nothing,
    # odd chips from the dealer's left (ruling 9).
    settled = settle_shelby_round(
        state(pot=5, round_number=3),
        ShelbyOptions(),
        holders=[ANNA, BEN, CARLA],
        showdown=ranking((ANNA, BEN), (CARLA,)),
    )
    assert settled.outcome is ShelbyOutcome.SPLIT
    assert settled.pays == {CARLA: 5}
    assert settled.receives == {ANNA: 3, BEN: 2}
    assert settled.reasons == (
        "Anna and Ben tie for the best hand: Carla pays 5 (the pot) directly to "
        "Anna and Ben (Anna 3, Ben 2); the pot stays",
    )


def test_all_holders_tied_nobody_pays() -> None:
    settled = settle_shelby_round(
        state(pot=5, round_number=3),
        ShelbyOptions(),
        holders=[ANNA, BEN],
        showdown=ranking((ANNA, BEN)),
    )
    assert settled.pays == settled.receives == {}
    assert settled.movements == ()


# ---------------------------------------------------------------- Psycho Shelby


def test_psycho_shelby_has_no_cap() -> None:
    # "Psycho Shelby hat keine Grenze: Jeder Verlierer zahlt dem Gewinner direkt ...
    # so viel, wie der Pot zu Beginn der Runde enthielt."
    settled = settle_shelby_round(
        state(pot=40, round_number=2),
        PSYCHO,
        holders=[ANNA, BEN],
        showdown=ranking((BEN,), (ANNA,)),
    )
    assert settled.pays == {ANNA: 40}
    with pytest.raises(SettlementError, match="Psycho Shelby has no limit"):
        ShelbyOptions(variant=ShelbyVariant.PSYCHO, limit=10)


def test_psycho_shelby_has_three_rounds_then_a_redeal() -> None:
    # "Es gibt drei Runden"
    settled = settle_shelby_round(state(pot=4, round_number=3), PSYCHO, holders=[])
    assert settled.redeal
    assert settled.antes == dict.fromkeys(NAMES, 2)  # nobody held, then the redeal
    assert (settled.next_state.round, settled.pot) == (1, 12)
    with pytest.raises(
        SettlementError, match="round 4 does not exist: Psycho Shelby has rounds 1 to 3"
    ):
        settle_shelby_round(state(pot=4, round_number=4), PSYCHO, holders=[])


def test_psycho_round_one_best_two_of_three_aces_best() -> None:
    # "1. Drei Karten verdeckt: höchste Hand aus nur zwei davon (A-A am besten)."
    settled = settle_shelby_round(
        state(pot=4),
        PSYCHO,
        holders=[ANNA, BEN, CARLA],
        showdown=cards(Anna="K♠ K♥ K♦", Ben="A♠ A♥ 2♣", Carla="A♦ K♣ D♣"),
    )
    assert settled.showdown == ((BEN,), (ANNA,), (CARLA,))


def test_psycho_round_two_lowest_three_of_five() -> None:
    # "2. Zwei Karten mehr: niedrigste Hand aus nur drei deiner fünf Karten (3-2-A am
    # besten)."
    settled = settle_shelby_round(
        state(pot=4, round_number=2),
        PSYCHO,
        holders=[ANNA, BEN, CARLA],
        showdown=cards(
            Anna="K♠ K♥ K♦ 4♦ 5♦",
            Ben="A♠ 3♥ 2♣ D♠ D♥",
            Carla="7♦ 6♣ 2♦ 9♥ 8♠",
        ),
    )
    assert settled.showdown == ((BEN,), (CARLA,), (ANNA,))


def test_psycho_round_three_baseball_wilds_and_an_extra_card_for_a_four() -> None:
    # "3. Zwei Karten mehr: höchste Pokerhand aus fünf Karten nach Baseball-Regeln - 3er
    # und 9er sind wild, und für eine 4 darfst du zu einem vereinbarten Preis eine
    # Extrakarte kaufen." Ruling 15: the price is paid to the pot.
    options = ShelbyOptions(variant=ShelbyVariant.PSYCHO, extra_card_price=3)
    settled = settle_shelby_round(
        state(pot=10, round_number=3),
        options,
        holders=[ANNA, BEN],
        extra_cards={ANNA: 1},
        showdown=cards(
            Anna="A♠ A♥ 2♣ 3♦ 7♥ 4♣ 9♠ A♣",  # 3 and 9 wild: five aces
            Ben="K♠ K♥ K♣ 4♦ 5♦ D♠ B♦",
        ),
    )
    assert settled.extra_cards == {ANNA: 3}
    assert settled.showdown == ((ANNA,), (BEN,))
    # The loser pays the pot as it was at the start of the round, before the extra card.
    assert settled.pays == {BEN: 10}
    assert settled.receives == {ANNA: 10}
    assert settled.movements[0].target == SHELBY_POT
    # Then the last round is over: everyone antes and the cards are redealt.
    assert settled.pot == 10 + 3 + 4
    assert settled.stacks == {ANNA: 50 - 3 + 10 - 1, BEN: 50 - 10 - 1, CARLA: 49, DAN: 49}


def test_an_extra_card_needs_a_four_shown() -> None:
    with pytest.raises(ShowdownMismatchError, match="Ben bought 1 extra cards but shows 0 fours"):
        settle_shelby_round(
            state(pot=10, round_number=3),
            PSYCHO,
            holders=[ANNA, BEN],
            extra_cards={BEN: 1},
            showdown=cards(Anna="A♠ A♥ 2♣ 3♦ 7♥ 4♣ 9♠", Ben="K♠ K♥ K♣ 6♦ 5♦ D♠ B♦ 2♦"),
        )


def test_extra_cards_are_sold_only_in_psycho_round_three() -> None:
    with pytest.raises(SettlementError, match="only Psycho Shelby's round 3 sells them"):
        settle_shelby_round(
            state(pot=10, round_number=2), PSYCHO, holders=[], extra_cards={ANNA: 1}
        )
    with pytest.raises(SettlementError, match=r"this is Shelby, round 3\)"):
        settle_shelby_round(
            state(pot=10, round_number=3), ShelbyOptions(), holders=[], extra_cards={ANNA: 1}
        )


# ---------------------------------------------------------------- whole games


def test_a_shelby_game_round_by_round() -> None:
    options = ShelbyOptions(limit=10)
    chips = dict.fromkeys(NAMES, 50)

    def play(current: ShelbyState, holders: list[int], showdown: Any = None) -> ShelbyState:
        settled = settle_shelby_round(current, options, holders=holders, showdown=showdown)
        for seat, delta in settled.net.items():
            chips[seat] += delta
        assert settled.stacks == chips
        return settled.next_state

    s = state(pot=0)
    # Round 1: everyone antes 1 (pot 4); Anna's pair beats Ben: Ben pays 4 to Anna.
    s = play(s, [ANNA, BEN], cards(Anna="8♠ 8♥", Ben="A♠ K♦"))
    assert (s.pot, chips) == (4, {ANNA: 53, BEN: 45, CARLA: 49, DAN: 49})
    # Round 2: nobody holds, everyone antes again: pot 8.
    s = play(s, [])
    assert (s.pot, s.round) == (8, 3)
    # Round 3: Carla alone: her first Shelby.
    s = play(s, [CARLA])
    assert s.shelbys == {CARLA: 1}
    # Round 4: Ben's hand is best; Anna and Carla pay him 8 each. Then all ante: pot 12.
    s = play(s, [ANNA, BEN, CARLA], ranking((BEN,), (ANNA, CARLA)))
    assert chips == {ANNA: 43, BEN: 59, CARLA: 39, DAN: 47}
    assert (s.pot, s.round, dict(s.shelbys)) == (12, 1, {CARLA: 1})
    # Redealt round 1: Carla alone again: two Shelbys.
    s = play(s, [CARLA])
    # Round 2: the pot is 12, the limit 10: Ben pays Dan 10.
    s = play(s, [BEN, DAN], ranking((DAN,), (BEN,)))
    assert chips == {ANNA: 43, BEN: 49, CARLA: 39, DAN: 57}
    # Round 3: Carla alone: the third Shelby takes the pot of 12; the game is over.
    s = play(s, [CARLA])
    assert chips == {ANNA: 43, BEN: 49, CARLA: 51, DAN: 57}
    assert sum(chips.values()) == 200
    assert (s.pot, s.round, dict(s.shelbys), s.dealer) == (0, 1, {}, ANNA)


def test_a_psycho_shelby_game_round_by_round() -> None:
    options = ShelbyOptions(variant=ShelbyVariant.PSYCHO, ante=2, extra_card_price=3)
    three = {ANNA: 100, BEN: 100, CARLA: 100}
    s = ShelbyState(pot=0, stacks=three, dealer=CARLA, names=NAMES)
    # Round 1: antes 2 each, pot 6; Anna's aces beat Ben's kings: Ben pays 6.
    r1 = settle_shelby_round(
        s, options, holders=[ANNA, BEN], showdown=cards(Anna="A♠ A♥ 2♣", Ben="K♠ K♥ K♣")
    )
    assert (r1.pays, r1.receives, r1.pot) == ({BEN: 6}, {ANNA: 6}, 6)
    # Round 2: all hold; Anna's 3-2-A is best, Carla's 7-6-2 next, Ben's K-5-4 last:
    # Ben and Carla pay Anna 6 each, no cap.
    r2 = settle_shelby_round(
        r1.next_state,
        options,
        holders=[ANNA, BEN, CARLA],
        showdown=cards(Anna="A♠ A♥ 2♣ 3♦ 7♥", Ben="K♠ K♥ K♣ 4♦ 5♦", Carla="8♠ 6♣ 7♦ 9♥ 2♥"),
    )
    assert r2.showdown == ((ANNA,), (CARLA,), (BEN,))
    assert r2.pays == {BEN: 6, CARLA: 6}
    # Round 3: Anna buys a card for her 4 (3 to the pot); five aces beat Ben's kings;
    # Ben pays the pot as it was at the start of the round, 6. Then everyone antes.
    r3 = settle_shelby_round(
        r2.next_state,
        options,
        holders=[ANNA, BEN],
        extra_cards={ANNA: 1},
        showdown=cards(Anna="A♠ A♥ 2♣ 3♦ 7♥ 4♣ 9♠ A♣", Ben="K♠ K♥ K♣ 4♦ 5♦ D♠ B♦"),
    )
    assert r3.pays == {BEN: 6}
    assert r3.redeal
    assert (r3.pot, r3.next_state.round) == (6 + 3 + 6, 1)
    assert r3.stacks == {
        ANNA: 100 - 2 + 6 + 12 - 3 + 6 - 2,
        BEN: 100 - 2 - 6 - 6 - 6 - 2,
        CARLA: 100 - 2 - 6 - 2,
    }
    assert sum(r3.stacks.values()) + r3.pot == 300


# ---------------------------------------------------------------- bad input


def test_a_holder_must_cover_the_payment() -> None:
    with pytest.raises(StackTooShortError) as caught:
        settle_shelby_round(
            state(pot=20, round_number=2, stacks={ANNA: 50, BEN: 12, CARLA: 50, DAN: 50}),
            PSYCHO,
            holders=[ANNA, BEN],
            showdown=ranking((ANNA,), (BEN,)),
        )
    assert str(caught.value) == "Ben cannot hold: a loser pays 20 and Ben has 12 — rebuy first"


def test_a_holder_covers_only_the_capped_payment_in_shelby() -> None:
    settled = settle_shelby_round(
        state(pot=20, round_number=2, stacks={ANNA: 50, BEN: 12, CARLA: 50, DAN: 50}),
        ShelbyOptions(limit=10),
        holders=[ANNA, BEN],
        showdown=ranking((ANNA,), (BEN,)),
    )
    assert settled.pays == {BEN: 10}


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: state(pot=-2, round_number=2), NegativeAmountError, "the pot is -2"),
        (
            lambda: state(pot=2, stacks={ANNA: -1, BEN: 3}),
            NegativeAmountError,
            "Anna's stack is -1",
        ),
        (
            lambda: state(pot=2, shelbys={ANNA: -1}),
            NegativeAmountError,
            "Anna has -1 Shelbys",
        ),
        (
            lambda: state(pot=2, shelbys={ANNA: 3}),
            SettlementError,
            "Anna already has 3 Shelbys: that game is over",
        ),
        (
            lambda: state(pot=2, shelbys={9: 1}),
            SettlementError,
            "seat 9 has Shelbys but is not at the table",
        ),
        (lambda: state(pot=2, round_number=5), SettlementError, "round 5 does not exist"),
        (
            lambda: state(pot=0, round_number=3),
            SettlementError,
            "the pot is empty in round 3",
        ),
    ],
)
def test_bad_states_are_refused(make: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        settle_shelby_round(make(), ShelbyOptions(), holders=[])


def test_unknown_and_repeated_holders() -> None:
    with pytest.raises(UnknownPlayerError, match="seat 8 held but is not at the table"):
        settle_shelby_round(state(pot=4), ShelbyOptions(), holders=[8])
    with pytest.raises(SettlementError, match="Ben is listed twice among the players who held"):
        settle_shelby_round(state(pot=4), ShelbyOptions(), holders=[BEN, BEN])


def test_negative_options_and_extra_cards() -> None:
    with pytest.raises(NegativeAmountError, match="the ante is 0"):
        ShelbyOptions(ante=0)
    with pytest.raises(NegativeAmountError, match="the limit is -5"):
        ShelbyOptions(limit=-5)
    with pytest.raises(NegativeAmountError, match="the price of an extra card is -1"):
        ShelbyOptions(variant=ShelbyVariant.PSYCHO, extra_card_price=-1)
    with pytest.raises(NegativeAmountError, match="Anna bought -1 extra cards"):
        settle_shelby_round(
            state(pot=4, round_number=3), PSYCHO, holders=[], extra_cards={ANNA: -1}
        )


def test_the_showdown_must_name_exactly_the_holders() -> None:
    with pytest.raises(ShowdownMismatchError, match="it names Carla, who was not in"):
        settle_shelby_round(
            state(pot=4),
            ShelbyOptions(),
            holders=[ANNA, BEN],
            showdown=ranking((ANNA,), (BEN, CARLA)),
        )
    with pytest.raises(ShowdownMismatchError, match="Anna and Ben held: the showdown is missing"):
        settle_shelby_round(state(pot=4), ShelbyOptions(), holders=[ANNA, BEN])


def test_the_cards_must_fit_the_round() -> None:
    with pytest.raises(
        ShowdownMismatchError, match="Anna shows 2 cards: in round 2 of Shelby a player holds 3"
    ):
        settle_shelby_round(
            state(pot=4, round_number=2),
            ShelbyOptions(),
            holders=[ANNA, BEN],
            showdown=cards(Anna="A♠ A♥", Ben="K♠ K♥ K♣"),
        )


# ---------------------------------------------------------------- JSON


def json_round(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": "shelby",
        "players": [
            {"name": "Anna", "stack": 40, "shelbys": 1},
            {"name": "Ben", "stack": 40},
            {"name": "Carla", "stack": 40},
        ],
        "dealer": "Carla",
        "pot": 6,
        "round": 2,
        "options": {"variant": "shelby", "ante": 1, "limit": 5},
    }
    data.update(fields)
    return data


def test_json_the_documented_example() -> None:
    answer = settle_shelby_json(
        json_round(
            hold=["Anna", "Ben"],
            showdown={"cards": {"Anna": "As Ad 4c", "Ben": "Kh Qh Jh"}},
        )
    )
    assert answer["outcome"] == "won"
    assert answer["showdown"] == [["Ben"], ["Anna"]]
    assert answer["pays"] == {"Anna": 5}
    assert answer["receives"] == {"Ben": 5}
    assert (answer["pot"], answer["round"], answer["settled_round"]) == (6, 3, 2)
    assert answer["players"][0] == {"name": "Anna", "stack": 35, "shelbys": 1}
    assert answer["movements"] == [
        {"from": "Anna", "to": "Ben", "amount": 5, "reason": "loses a round"}
    ]
    assert answer["reasons"] == [
        "hands shown: Ben: straight flush, king high; Anna: pair of aces",
        "Ben has the best hand: Anna pays 5 (the pot of 6 capped at the limit) "
        "directly to Ben; the pot stays",
    ]


def test_json_answer_feeds_the_next_round() -> None:
    first = settle_shelby_json(json_round(hold=["Anna"]))
    assert first["shelby"] == "Anna"
    follow = {k: first[k] for k in ("players", "dealer", "pot", "round")}
    second = settle_shelby_json({"kind": "shelby", **follow, "hold": ["Anna"]})
    assert second["outcome"] == "third_shelby"
    assert second["takes"] == {"Anna": 6}
    assert second["game_over"] is True


def test_json_psycho_extra_cards() -> None:
    answer = settle_shelby_json(
        json_round(
            round=3,
            options={"variant": "psycho", "extra_card_price": 2},
            extra_cards={"Ben": 1},
            hold=["Ben"],
        )
    )
    assert answer["extra_cards"] == {"Ben": 2}
    assert answer["redeal"] is True


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"hold": ["Zed"]}, UnknownPlayerError, '"hold": Zed is not at the table'),
        ({"options": {"variant": "crazy"}}, SettlementError, 'choose "shelby" or "psycho"'),
        ({"options": {"cap": 5}}, SettlementError, "unknown fields cap"),
        ({"round": "two"}, SettlementError, "round must be a whole number"),
        ({"hold": "Anna"}, SettlementError, '"hold" must be a list'),
        ({"extra_cards": {"Anna": "one"}}, SettlementError, "Anna's extra cards must be"),
        (
            {"players": [{"name": "Anna", "stack": 5, "shelbys": -2}], "dealer": "Anna"},
            NegativeAmountError,
            "Anna has -2 Shelbys",
        ),
        (
            {"hold": ["Anna", "Ben"], "showdown": {"ranking": ["Ben"]}},
            ShowdownMismatchError,
            "it leaves out Anna",
        ),
    ],
)
def test_json_bad_input_names_the_problem(
    fields: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        settle_shelby_json(json_round(**fields))


# ---------------------------------------------------------------- conservation


@settings(max_examples=examples(100))
@given(
    psycho=st.booleans(),
    limit=st.none() | st.integers(1, 30),
    stacks=st.lists(st.integers(0, 120), min_size=2, max_size=6),
    data=st.data(),
)
def test_chips_are_never_created_or_lost_over_random_shelby_games(
    psycho: bool, limit: int | None, stacks: list[int], data: st.DataObject
) -> None:
    options = (
        ShelbyOptions(variant=ShelbyVariant.PSYCHO, extra_card_price=2)
        if psycho
        else ShelbyOptions(limit=limit)
    )
    current = ShelbyState(pot=0, stacks=dict(enumerate(stacks)), dealer=0)
    total = sum(stacks)
    for _ in range(data.draw(st.integers(1, 15))):
        seats = [s for s, stack in current.stacks.items() if stack > 0]
        holders = data.draw(st.lists(st.sampled_from(seats), unique=True) if seats else st.just([]))
        order = data.draw(st.permutations(holders))
        showdown = ranking(*((s,) for s in order)) if len(holders) > 1 else None
        try:
            settled = settle_shelby_round(current, options, holders=holders, showdown=showdown)
        except StackTooShortError:
            return  # a rebuy is needed before this round can be played
        after = settled.next_state
        assert sum(after.stacks.values()) + after.pot == total
        assert all(stack >= 0 for stack in after.stacks.values())
        assert all(0 < n < 3 for n in after.shelbys.values())
        assert 1 <= after.round <= options.variant.rounds
        balances = replay(current, settled)
        assert balances[SHELBY_POT] == after.pot
        assert {s: balances[s] for s in current.stacks} == dict(after.stacks)
        if settled.game_over:
            assert after.pot == 0
        current = after


def test_json_the_documented_input_runs_as_documented() -> None:
    doc = shelby_json.__doc__ or ""
    block = doc.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    answer = settle_shelby_json(json.loads(block))
    assert (answer["outcome"], answer["pays"], answer["receives"]) == (
        "won",
        {"Anna": 5},
        {"Ben": 5},
    )
    assert (answer["pot"], answer["round"], answer["dealer"]) == (6, 3, "Carla")


def test_a_table_without_chips_cannot_start_a_game() -> None:
    with pytest.raises(StackTooShortError, match="nobody at the table has chips left to ante"):
        settle_shelby_round(
            state(pot=0, stacks=dict.fromkeys(NAMES, 0)), ShelbyOptions(), holders=[]
        )
