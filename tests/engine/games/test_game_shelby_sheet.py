"""Shelby and Psycho Shelby as digital deals (guts.de.txt, "Shelby und Psycho Shelby"; ruling 15).

The sheet has no numeric example, so each of its sentences is replayed here
with chips through a stacked deck, then a whole game to three Shelbys over
chained deals. Dan deals: Anna, Ben, Carla, Dan get each card in that order.
"""

from __future__ import annotations

import random

from engine.cards import Deck, parse_cards
from engine.games import ActionName, EventKind, HandState, make_rules, seat_view, table_view
from engine.games.steps.shelby import ShelbyDealState

NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)

# Round 1: Anna A-A, Ben K-Q, Carla 7-7, Dan 9-2; round 2: Carla's 7♥ makes three
# sevens, Ben's K♥ a pair of kings; round 3: Carla's 7♠ four sevens; round 4: Anna
# ends with aces and threes, Ben with kings.
SHELBY_DEAL = parse_cards(
    "A♠ K♠ 7♣ 9♠ A♥ Q♥ 7♦ 2♦ "  # 2 cards each
    "3♣ K♥ 7♥ 5♠ "  # 1 card
    "4♦ 2♣ 7♠ 10♠ 8♦ 6♣ B♦ 10♥ "  # 2 cards
    "B♣ 4♣ 2♥ 8♠ 3♥ 5♥ 6♦ D♠"  # 2 cards
)

# Anna against Ben round by round: J-10 loses to K-K (two-card Guts); J-10-9 of
# spades, a straight flush, beats K-K-2 (three-card Guts); Q-J-10-9-8, a
# straight, beats three kings (five cards); four kings beat the straight (seven).
RANKING_DEAL = parse_cards(
    "B♠ K♣ 2♥ 3♦ 10♠ K♦ 4♣ 6♦ 9♠ 2♣ 7♥ 8♣ D♠ K♥ 5♥ 6♣ 8♦ 5♣ 7♦ 10♥ 3♥ K♠ B♥ D♥ 4♥ 5♦ 9♥ 9♦"
)

# Psycho Shelby. Round 1, best two of three: Anna A-A beats Ben K-K. Round 2, best
# low three of five: Carla 5-3-2 beats Dan 6-5-A. Round 3, best five with 3s and 9s
# wild: Anna three aces (A-A and the 9♣) and a 4♠; Ben four kings (K-K and two 3s)
# and a 4♥; Anna's extra card, the A♣, makes four aces.
PSYCHO_DEAL = parse_cards(
    "A♠ K♠ 5♣ 6♠ A♥ K♥ 8♦ 7♦ 2♣ D♣ B♥ 10♣ "  # 3 cards each
    "K♦ 3♣ 2♦ A♦ D♦ 5♠ 3♦ 5♦ "  # 2 cards
    "4♠ 3♥ 6♥ B♣ 9♣ 4♥ 7♠ 8♥ "  # 2 cards
    "A♣"  # the extra card
)


def _start(
    game: str = "shelby",
    *,
    cards: list[int] | None = None,
    stacks: list[int] | None = None,
    carry: dict[str, int] | None = None,
    options: dict[str, object] | None = None,
    dealer: int = DAN,
) -> HandState:
    deck = Deck(random.Random(0), stacked=cards if cards is not None else SHELBY_DEAL)
    return HandState.start(
        make_rules(game, options or {}),
        names=NAMES,
        stacks=stacks or [50] * 4,
        dealer=dealer,
        deck=deck,
        carry=carry if carry is not None else {"pot": 0},
    )


def _round(state: HandState, holders: set[int]) -> list[tuple[int, int, str]]:
    """Everyone holds or drops (in seat order, as it comes); the round's SETTLE events."""
    start = len(state.history)
    for seat in range(state.seat_count):
        state.act(seat=seat, action=ActionName.HOLD if seat in holders else ActionName.DROP)
    return [(e.seat, e.chips, e.text) for e in state.history[start:] if e.kind is EventKind.SETTLE]


def _carry(state: HandState) -> dict[str, int]:
    return dict(state.carry_out)


def test_shelby_deals_two_then_one_then_two_then_two_cards_face_down() -> None:
    state = _start()
    counts = []
    for _ in range(4):
        counts.append([len(cards) for cards in state.cards])
        assert all(not up for cards in state.cards for _, up in cards)
        _round(state, set())
    assert counts == [[2] * 4, [3] * 4, [5] * 4, [7] * 4]
    assert state.is_over


def test_a_new_game_antes_one_holder_gets_a_shelby() -> None:
    state = _start()
    settled = _round(state, {BEN})
    assert settled == [
        (ANNA, 1, "Anna → pot: ante: a new game starts"),
        (BEN, 1, "Ben → pot: ante: a new game starts"),
        (CARLA, 1, "Carla → pot: ante: a new game starts"),
        (DAN, 1, "Dan → pot: ante: a new game starts"),
        (BEN, 0, "a Shelby for Ben: 1"),
    ]
    assert state.stacks == [49] * 4
    assert _carry(state) == {"pot": 4, "shelbys_1": 1}


def test_several_hold_each_loser_pays_the_winner_the_pot_and_the_pot_stays() -> None:
    state = _start()
    _round(state, {BEN})  # pot 4
    settled = _round(state, {ANNA, BEN, CARLA})  # Carla's three sevens win
    assert settled == [
        (ANNA, 4, "Anna → Carla: loses a round"),
        (BEN, 4, "Ben → Carla: loses a round"),
    ]
    assert state.stacks == [45, 45, 57, 49]
    assert _carry(state) == {"pot": 4, "shelbys_1": 1}


def test_the_payment_is_capped_at_the_agreed_limit() -> None:
    state = _start(options={"limit": 5})
    _round(state, set())  # new game and nobody held: pot 8
    assert _carry(state) == {"pot": 8}
    settled = _round(state, {ANNA, CARLA})
    assert settled == [(ANNA, 5, "Anna → Carla: loses a round")]
    assert state.stacks == [43, 48, 53, 48]
    assert any(
        "the pot of 8 capped at the limit" in r for r in state.kept(ShelbyDealState).reasons[1]
    )


def test_nobody_holds_everyone_antes_again() -> None:
    state = _start(carry={"pot": 10})
    settled = _round(state, set())
    assert [(seat, chips) for seat, chips, _ in settled] == [(s, 1) for s in range(4)]
    assert all(text.endswith("ante: nobody held") for _, _, text in settled)
    assert _carry(state) == {"pot": 14}


def test_dropping_does_not_end_a_players_game() -> None:
    state = _start()
    _round(state, {ANNA})
    assert state.folded == [False] * 4
    assert [a.kind for a in state.legal_actions()] == [ActionName.HOLD, ActionName.DROP]
    _round(state, {BEN})
    assert _carry(state) == {"pot": 4, "shelbys_0": 1, "shelbys_1": 1}


def test_after_round_four_everyone_antes_the_cards_are_redealt_and_shelbys_carry_over() -> None:
    state = _start(options={"limit": 5})
    _round(state, {ANNA, CARLA})  # Anna's aces beat Carla's sevens: 4 to Anna
    _round(state, set())  # everyone antes: pot 8
    _round(state, {BEN})  # a Shelby for Ben
    settled = _round(state, {ANNA, BEN, CARLA})  # four sevens: 5 each (capped) to Carla
    assert settled == [
        (ANNA, 5, "Anna → Carla: loses a round"),
        (BEN, 5, "Ben → Carla: loses a round"),
        (ANNA, 1, "Anna → pot: ante: the last round is over, the cards are redealt"),
        (BEN, 1, "Ben → pot: ante: the last round is over, the cards are redealt"),
        (CARLA, 1, "Carla → pot: ante: the last round is over, the cards are redealt"),
        (DAN, 1, "Dan → pot: ante: the last round is over, the cards are redealt"),
    ]
    assert state.is_over
    assert state.stacks == [46, 42, 53, 47]
    assert _carry(state) == {"pot": 12, "shelbys_1": 1}
    assert sum(state.stacks) + 12 == 200


def test_two_three_five_and_seven_cards_are_ranked_as_the_sheet_says() -> None:
    state = _start(cards=RANKING_DEAL, stacks=[100] * 4, carry={"pot": 10})
    payers = []
    for _ in range(4):
        settled = _round(state, {ANNA, BEN})
        payers.append(settled[0][2])
    assert payers == [
        "Anna → Ben: loses a round",  # K-K beats J-10
        "Ben → Anna: loses a round",  # a three-card straight flush beats K-K-2
        "Ben → Anna: loses a round",  # a straight beats three kings
        "Anna → Ben: loses a round",  # four kings over the straight
    ]
    assert state.stacks == [99] * 4
    assert _carry(state) == {"pot": 14}


def test_tied_best_hands_share_the_losers_payments() -> None:
    # Anna and Ben both K-Q, Carla J-10 loses: her 10 is shared, 5 each.
    cards = parse_cards("K♠ K♦ B♣ 2♠ D♥ D♣ 10♦ 3♠") + parse_cards("4♠ 5♠ 6♠ 7♠")
    state = _start(cards=cards, carry={"pot": 10})
    settled = _round(state, {ANNA, BEN, CARLA})
    assert settled == [
        (CARLA, 5, "Carla → Anna: loses a round"),
        (CARLA, 5, "Carla → Ben: loses a round"),
    ]
    assert state.kept(ShelbyDealState).outcome == "split"


def test_the_choices_stay_private_until_everyone_has_decided() -> None:
    state = _start()
    state.act(ActionName.HOLD, seat=CARLA)  # at once: any order
    state.act(ActionName.DROP, seat=ANNA)
    for view in (table_view(state), seat_view(state, BEN)):
        assert [e["text"] for e in view["log"] if e["kind"] == "declare"] == ["declared"] * 2
        assert not any(e["kind"] == "reveal" for e in view["log"])
    assert [a["kind"] for a in seat_view(state, DAN)["legal_actions"]] == ["hold", "drop"]
    assert seat_view(state, CARLA)["legal_actions"] == []
    state.act(ActionName.DROP, seat=BEN)
    state.act(ActionName.HOLD, seat=DAN)
    reveals = [(e.seat, e.text) for e in state.history if e.kind is EventKind.REVEAL]
    assert reveals == [(ANNA, "dropped"), (BEN, "dropped"), (CARLA, "held"), (DAN, "held")]
    # The holders' hands were compared, but their cards stay hidden: they are still in play.
    table = table_view(state)
    assert all(player["cards"] == [] for player in table["players"])
    assert [c["card"] for c in seat_view(state, CARLA)["players"][CARLA]["cards"]] == [
        "7c",
        "7d",
        "7h",
    ]


def test_a_whole_game_to_three_shelbys_over_chained_deals() -> None:
    state = _start()
    _round(state, {ANNA})  # new game: pot 4; Anna's first Shelby
    _round(state, set())  # pot 8
    _round(state, {ANNA, CARLA})  # four sevens: Anna pays 8 to Carla
    _round(state, {BEN})  # Ben's first Shelby; everyone antes for the redeal
    assert state.stacks == [39, 47, 55, 47]
    carry = _carry(state)
    assert carry == {"pot": 12, "shelbys_0": 1, "shelbys_1": 1}
    # The next deal: Anna deals, the game goes on with the pot and the Shelbys.
    state = _start(
        cards=Deck(random.Random(5)).codes(), stacks=state.stacks, carry=carry, dealer=ANNA
    )
    _round(state, {ANNA})
    assert _carry(state) == {"pot": 12, "shelbys_0": 2, "shelbys_1": 1}
    settled = _round(state, {ANNA})
    assert settled == [(ANNA, 12, "pot → Anna: third Shelby"), (ANNA, 0, "a Shelby for Anna: 3")]
    assert state.is_over  # after round 2: the game is over
    assert [len(cards) for cards in state.cards] == [3] * 4
    assert state.stacks == [51, 47, 55, 47]
    assert _carry(state) == {"pot": 0}
    # A new game: everyone antes before the deal (taken when round 1 is settled).
    state = _start(stacks=state.stacks, carry=_carry(state), dealer=BEN)
    _round(state, set())
    assert state.stacks == [49, 45, 53, 45]
    assert _carry(state) == {"pot": 8}


def test_psycho_shelby_three_rounds_losers_pay_the_pot_at_the_start_of_the_round() -> None:
    state = _start("psycho-shelby", cards=PSYCHO_DEAL, stacks=[100] * 4)
    assert [len(cards) for cards in state.cards] == [3] * 4
    assert _round(state, {ANNA, BEN})[-1] == (BEN, 4, "Ben → Anna: loses a round")
    assert [len(cards) for cards in state.cards] == [5] * 4
    assert _round(state, {CARLA, DAN}) == [(DAN, 4, "Dan → Carla: loses a round")]
    assert state.stacks == [103, 95, 103, 95]
    # Round 3: Anna (then Ben) holds a 4 and may buy an extra card first.
    assert state.actor == ANNA
    assert [a.kind for a in state.legal_actions()] == [
        ActionName.BUY_CARD,
        ActionName.DECLINE_CARD,
    ]
    state.act(ActionName.BUY_CARD, seat=ANNA)
    assert [c for c, _ in state.cards[ANNA]][-1] == parse_cards("A♣")[0]
    assert state.actor == BEN  # Anna had one 4 and bought its card: Ben's turn
    settled = _round_after_offers(state, {ANNA, BEN}, declines={BEN})
    assert settled[:2] == [
        (ANNA, 1, "Anna → pot: extra cards for 4s"),
        # The pot was 4 at the start of the round; Anna's extra card does not count.
        (BEN, 4, "Ben → Anna: loses a round"),
    ]
    assert state.is_over
    assert state.stacks == [105, 90, 102, 94]
    assert _carry(state) == {"pot": 9}


def _round_after_offers(
    state: HandState, holders: set[int], *, declines: set[int]
) -> list[tuple[int, int, str]]:
    start = len(state.history)
    for seat in sorted(declines):
        state.act(ActionName.DECLINE_CARD, seat=seat)
    for seat in range(state.seat_count):
        state.act(seat=seat, action=ActionName.HOLD if seat in holders else ActionName.DROP)
    return [(e.seat, e.chips, e.text) for e in state.history[start:] if e.kind is EventKind.SETTLE]


def test_psycho_shelby_declining_the_extra_card_leaves_three_aces_to_lose() -> None:
    state = _start("psycho-shelby", cards=PSYCHO_DEAL, stacks=[100] * 4)
    _round(state, {ANNA, BEN})
    _round(state, {CARLA, DAN})
    settled = _round_after_offers(state, {ANNA, BEN}, declines={ANNA, BEN})
    assert settled[0] == (ANNA, 4, "Anna → Ben: loses a round")
    declines = [e.seat for e in state.history if e.kind is EventKind.DECLINE_CARD]
    assert declines == [ANNA, BEN]
