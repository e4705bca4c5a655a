"""The rule sheets' options that issue 13 found missing, one test (or a few) each.

Each test quotes the sheet or ruling it reproduces; random hands with the
options on run in the per-game invariant runs (test_game_random_hands.py and
its siblings).
"""

from __future__ import annotations

import json
import random

import pytest

from engine.cards import ALL_CARDS, Deck, parse_cards
from engine.errors import OutOfTurnError, SettlementError
from engine.games import ActionName, EventKind, HandState, make_rules, seat_view, table_view
from engine.games.families.shelby.json_io import settle_shelby_json
from engine.games.steps.claims import ClaimError
from engine.games.steps.flip import bar_for, second_deck_card, showing
from engine.table_hand import settle_table_hand_json

# ---------------------------------------------------------------- 1. Psycho Shelby low flushes

# Ben deals to Anna and himself: round 1 Anna 2♥ 3♥ K♣, Ben 4♠ 5♦ B♦; round 2
# Anna A♥ D♠, Ben 6♣ 9♠. Anna's best low three are A♥ 2♥ 3♥, a flush.
_LOW_FLUSH_DEAL = parse_cards("2♥ 4♠ 3♥ 5♦ K♣ B♦ A♥ 6♣ D♠ 9♠")


def _psycho_round_two(options: dict[str, object]) -> list[tuple[int, int, str]]:
    state = HandState.start(
        make_rules("psycho-shelby", options),
        names=["Anna", "Ben"],
        stacks=[50, 50],
        dealer=1,
        deck=Deck(random.Random(0), stacked=_LOW_FLUSH_DEAL),
        carry={"pot": 0},
    )
    for seat in (0, 1):
        state.act(ActionName.DROP, seat=seat)
    start = len(state.history)
    for seat in (0, 1):
        state.act(ActionName.HOLD, seat=seat)
    return [(e.seat, e.chips, e.text) for e in state.history[start:] if e.kind is EventKind.SETTLE]


def test_psycho_shelby_round_two_flushes_count_against_you_as_an_option() -> None:
    """RULINGS 6: "Low (Psycho Shelby round 2): ace-to-five: aces low, pairs count
    against you, straights and flushes ignored *(option: flushes count against you)*;
    3-2-A is best."

    Anna's 3-2-A of hearts is the best low; with the option it is a flush, so her
    best low is Q-2-A and Ben's 6-5-4 wins.
    """
    assert _psycho_round_two({})[-1] == (1, 4, "Ben → Anna: loses a round")
    assert _psycho_round_two({"flushes_count": True})[-1] == (0, 4, "Anna → Ben: loses a round")


def _shelby_json(options: dict[str, object]) -> dict[str, object]:
    return settle_shelby_json(
        {
            "kind": "shelby",
            "players": [{"name": "Anna", "stack": 40}, {"name": "Ben", "stack": 40}],
            "dealer": "Ben",
            "pot": 4,
            "round": 2,
            "options": {"variant": "psycho", **options},
            "hold": ["Anna", "Ben"],
            "showdown": {"cards": {"Anna": "A♥ 2♥ 3♥ K♣ D♠", "Ben": "4♠ 5♦ 6♣ B♦ 9♠"}},
        }
    )


def test_engine_settle_counts_psycho_shelby_low_flushes_when_asked() -> None:
    """RULINGS 6 *(option: flushes count against you)*, in ``engine settle``'s Shelby JSON."""
    assert _shelby_json({})["receives"] == {"Anna": 4}
    assert _shelby_json({"flushes_count": True})["receives"] == {"Ben": 4}


def test_low_flushes_are_psycho_shelby_only() -> None:
    with pytest.raises(SettlementError, match="no low round"):
        settle_shelby_json(
            {
                "kind": "shelby",
                "players": [{"name": "Anna", "stack": 40}, {"name": "Ben", "stack": 40}],
                "dealer": "Ben",
                "pot": 4,
                "options": {"flushes_count": True},
                "hold": [],
            }
        )


# ---------------------------------------------------------------- 2. pay or fold in Football


def _stud(game: str, options: dict[str, object], cards: str, players: int = 3) -> HandState:
    """A stud hand whose deck starts with ``cards``; the last seat deals."""
    return HandState.start(
        make_rules(game, options),
        names=["Anna", "Ben", "Carla", "Dan"][:players],
        stacks=[50] * players,
        dealer=players - 1,
        deck=Deck(random.Random(0), stacked=parse_cards(cards)),
    )


# Two down each, then Anna's up card is the 3♣.
_UP_THREE = "K♠ K♥ K♦ D♠ D♥ D♦ 3♣ 7♦ 8♠"


@pytest.mark.parametrize("game", ["football", "woolworth"])
def test_football_and_woolworth_pay_or_fold_on_a_face_up_three_as_an_option(game: str) -> None:
    """The English sheet: "Some play that a player who is dealt a three face up must
    immediately either match the pot or fold." and "The wild cards and the card which
    entitles the player to an extra card can of course be varied. For example in
    Football ..."; RULINGS 11: *(options: ... no pay-or-fold ...)*: off by default here.
    """
    plain = _stud(game, {}, _UP_THREE)
    assert plain.decision is None
    assert plain.betting is not None
    paying = _stud(game, {"pay_or_fold": True}, _UP_THREE)
    assert paying.actor == 0
    assert [(a.kind, a.chips) for a in paying.legal_actions()] == [
        (ActionName.PAY_POT, 3),
        (ActionName.FOLD, 0),
    ]
    paying.act(ActionName.PAY_POT, seat=0)
    assert (paying.stacks, paying.pot) == ([46, 49, 49], 6)


# ---------------------------------------------------------------- 3. a fixed pot payment


def test_baseball_a_fixed_payment_instead_of_the_pot() -> None:
    """The English sheet: "Some only require a fixed payment to the pot as an
    alternative to folding." The German sheet: "Das Bezahlen des Pots wird auf einen
    festen Betrag begrenzt oder durch eine feste Zahlung ersetzt."

    The fixed payment replaces the pot: 2 chips with a pot of 3, and 2 chips too
    when the pot is smaller or larger.
    """
    state = _stud("baseball", {"pay_fixed": 2}, _UP_THREE)
    assert [(a.kind, a.chips) for a in state.legal_actions()] == [
        (ActionName.PAY_POT, 2),
        (ActionName.FOLD, 0),
    ]
    state.act(ActionName.PAY_POT, seat=0)
    assert (state.stacks, state.pot) == ([47, 49, 49], 5)
    big = _stud("baseball", {"pay_fixed": 10}, _UP_THREE)
    assert big.legal_actions()[0].chips == 10  # more than the pot of 3: still the fixed price


def _recorded_pay(amount: int | None, options: dict[str, object]) -> dict[str, object]:
    pay: dict[str, object] = {"player": "Anna", "action": "pay_pot"}
    if amount is not None:
        pay["amount"] = amount
    return settle_table_hand_json(
        {
            "game": "baseball",
            "dealer": "Carla",
            "ante": 1,
            "options": options,
            "players": [{"name": name, "stack": 40} for name in ("Anna", "Ben", "Carla")],
            "rounds": [
                [{"player": "Anna", "action": "bet", "amount": 2}]
                + [{"player": name, "action": "call"} for name in ("Ben", "Carla")],
                [pay],
            ],
            "showdown": {"ranking": ["Ben", "Anna", "Carla"]},
        }
    )


def _paid(answer: dict[str, object], *, before: int = 3) -> int:
    """What Anna paid beyond the ``before`` chips of her ante and bets."""
    players = answer["players"]
    assert isinstance(players, list)
    anna = next(p for p in players if p["name"] == "Anna")
    return 40 - before - int(anna["stack"])


def test_engine_settle_uses_and_checks_the_fixed_payment() -> None:
    """The recorded pay_pot of a hand with ``pay_fixed`` is the fixed amount, not the pot
    of 9; another amount is refused, naming the fixed payment."""
    assert _paid(_recorded_pay(None, {})) == 9
    assert _paid(_recorded_pay(None, {"pay_fixed": 4})) == 4
    assert _paid(_recorded_pay(4, {"pay_fixed": 4})) == 4
    for wrong in (9, 3):
        with pytest.raises(SettlementError, match="the fixed payment is 4"):
            _recorded_pay(wrong, {"pay_fixed": 4})


def test_engine_settle_uses_the_pot_cap_too() -> None:
    """RULINGS 11 *(options: ... pot payment capped at a fixed amount)*: the recorded
    payment is the capped pot."""
    assert _paid(_recorded_pay(None, {"pot_cap": 5})) == 5
    assert _paid(_recorded_pay(5, {"pot_cap": 5})) == 5
    with pytest.raises(SettlementError, match="capped at 5"):
        _recorded_pay(9, {"pot_cap": 5})


# ---------------------------------------------------------------- 4. the walk's price


def _check_through(state: HandState) -> None:
    """Everyone checks the betting round under way (and no further)."""
    under_way = state.betting
    while state.betting is not None and state.betting is under_way and state.decision is None:
        seat = state.actor
        assert seat is not None
        state.act(ActionName.CHECK, seat=seat)


# Anna's first up card is the 4♣; after a checked round her fourth card is the 4♦.
_TWO_WALKS = "K♠ K♥ K♦ D♠ D♥ D♦ 4♣ 7♦ 8♠ 4♦ 2♣ 2♦"


def _walk_prices(options: dict[str, object]) -> list[int]:
    state = _stud("baseball", {"pay_or_fold": False, **options}, _TWO_WALKS)
    prices = []
    for _ in range(2):
        assert state.decision is not None
        assert state.decision.kind == "buy_walk"
        prices.append(state.decision.chips)
        state.act(ActionName.DECLINE_WALK, seat=0)
        _check_through(state)
    return prices


def test_the_walk_price_varies_by_face_and_street() -> None:
    """The English sheet: "Some play that the extra card given when a four appears must
    be paid for. The price may be a fixed amount paid to the pot or may vary according
    to whether the extra card is face up or face down, and how late in the game it is
    dealt." RULINGS 11: without a price of its own, "the walk must be bought at the
    limit's highest bet"."""
    assert _walk_prices({"buy_walk": True}) == [5, 5]
    assert _walk_prices({"walk_price": 2}) == [2, 2]
    assert _walk_prices({"walk_price": 2, "walk_price_per_street": 3}) == [2, 5]
    assert _walk_prices({"walk_price": 2, "walk_price_up": 4}) == [2, 2]  # dealt down
    assert _walk_prices({"walk_price": 2, "walk_price_up": 4, "extra_face": "up"}) == [4, 4]
    assert _walk_prices({"walk_price_up": 1, "extra_face": "up", "walk_price_per_street": 1}) == [
        1,
        2,
    ]


def test_a_priced_walk_is_paid_into_the_pot() -> None:
    state = _stud("baseball", {"pay_or_fold": False, "walk_price": 2}, _TWO_WALKS)
    state.act(ActionName.BUY_WALK, seat=0)
    assert (state.stacks[0], state.pot) == (47, 5)
    assert [(e.kind, e.chips) for e in state.history if e.kind is EventKind.BUY_WALK] == [
        (EventKind.BUY_WALK, 2)
    ]


# ---------------------------------------------------------------- 5. claiming a face-down 4

# Anna's and Ben's first cards are face-down 4s; Anna's K♣ showing opens the betting.
_DOWN_FOURS = "4♠ 4♥ 5♣ 6♠ 7♠ 8♣ K♣ D♣ B♣ 2♦ 2♥ 2♣ 2♠"


def _claiming(claim: str, **options: object) -> HandState:
    return _stud(
        "baseball",
        {"down_extras": True, "down_claim": claim, "pay_or_fold": False, **options},
        _DOWN_FOURS,
    )


def _cards(state: HandState, seat: int) -> list[tuple[str, bool]]:
    return [(str(ALL_CARDS[card]), up) for card, up in state.cards[seat]]


def _seen_by(state: HandState, viewer: int | None) -> str:
    view = table_view(state) if viewer is None else seat_view(state, viewer)
    return json.dumps(view)


def test_a_face_down_four_revealed_as_soon_as_it_is_dealt() -> None:
    """The English sheet: "Possible rules for claiming extra cards for face down fours
    are: 1. the four must be revealed as soon as it is dealt, and the extra card is
    dealt immediately"."""
    state = _claiming("dealt")
    # Anna's 4♠ is shown at once and her extra card (the 4♥) comes before Ben's card;
    # that extra card is a face-down 4 too: shown, and the 5♣ follows for Anna.
    assert _cards(state, 0)[:3] == [("4s", True), ("4h", True), ("5c", False)]
    assert [e.kind for e in state.history[3:7]] == [
        EventKind.DEAL,
        EventKind.REVEAL,
        EventKind.DEAL,
        EventKind.REVEAL,
    ]


def test_face_down_fours_revealed_in_order_before_the_next_betting_round() -> None:
    """The English sheet: "2. any concealed fours are revealed in clockwise order and
    extra cards given immediately before the next betting round".

    The whole street is dealt first; then Anna's, then Ben's 4 is shown and each gets
    an extra card (2♦, 2♥), and only then the betting round opens."""
    state = _claiming("before_betting")
    assert _cards(state, 0) == [("4s", True), ("6s", False), ("Kc", True), ("2d", False)]
    assert _cards(state, 1) == [("4h", True), ("7s", False), ("Qc", True), ("2h", False)]
    assert _cards(state, 2) == [("5c", False), ("8c", False), ("Jc", True)]
    reveals = [i for i, e in enumerate(state.history) if e.kind is EventKind.REVEAL]
    last_deal = max(
        i for i, e in enumerate(state.history) if e.kind is EventKind.DEAL and e.seat == 2
    )
    assert reveals[0] > last_deal
    assert state.betting is not None
    assert state.actor == 0


def test_a_face_down_four_claimed_whenever_its_holder_wishes() -> None:
    """The English sheet: "3. concealed fours may be revealed whenever the holder wishes,
    and an extra card is given as soon as the four is revealed."

    Nothing happens at the deal; Ben claims out of turn during the betting, the 4♥ is
    shown and the 2♦ dealt to him at once. Until then nobody else sees the 4♥."""
    state = _claiming("any_time")
    assert _cards(state, 1) == [("4h", False), ("7s", False), ("Qc", True)]
    for viewer in (None, 0, 2):
        assert '"4h"' not in _seen_by(state, viewer)
    assert '"4h"' in _seen_by(state, 1)
    assert state.actor == 0
    claim = {"kind": "claim_extra", "min_amount": None, "max_amount": None}
    assert any(a.items() >= claim.items() for a in seat_view(state, 1)["legal_actions"])
    assert ActionName.CLAIM_EXTRA in [a.kind for a in state.legal_actions()]  # Anna's too
    assert seat_view(state, 2)["legal_actions"] == []  # Carla holds no 4
    event = state.act(ActionName.CLAIM_EXTRA, seat=1)
    assert (event.kind, event.card, event.face_up) == (EventKind.REVEAL, _code("4♥"), True)
    assert _cards(state, 1) == [("4h", True), ("7s", False), ("Qc", True), ("2d", False)]
    assert '"4h"' in _seen_by(state, 2)
    assert '"2d"' not in _seen_by(state, 2)
    assert state.actor == 0  # the betting goes on where it was
    _check_through(state)
    assert len(state.cards[0]) == 4  # the next street: Anna's 4♠ still hidden, unclaimed
    assert _cards(state, 0)[0] == ("4s", False)


def _code(text: str) -> int:
    return int(parse_cards(text)[0])


def test_a_claim_refused_changes_nothing() -> None:
    cases = [
        (_claiming("any_time"), 2, "claim_no_card", "Carla holds no face-down four"),
        (_claiming("dealt"), 0, "claim_not_in_game", "not revealed for one at will"),
        (_stud("baseball", {}, _DOWN_FOURS), 0, "claim_not_in_game", "at will"),
    ]
    for state, seat, code, words in cases:
        before = state.to_json()
        with pytest.raises(ClaimError, match=words) as caught:
            state.act(ActionName.CLAIM_EXTRA, seat=seat)
        assert caught.value.code == code
        assert state.to_json() == before


def test_a_walk_bought_for_a_claim_during_the_betting_round() -> None:
    """The English sheet's way 3, and "the extra card ... must be paid for": the
    betting waits for Ben's answer; his chips move in the round too, so that nothing
    is created or lost."""
    state = _claiming("any_time", buy_walk=True)
    state.act(ActionName.BET, seat=0, amount=2)
    state.act(ActionName.CLAIM_EXTRA, seat=1)
    assert state.actor == 1
    assert [a.kind for a in state.legal_actions()] == [ActionName.BUY_WALK, ActionName.DECLINE_WALK]
    with pytest.raises(ClaimError):
        state.act(ActionName.CLAIM_EXTRA, seat=0)  # a question waits
    state.act(ActionName.BUY_WALK, seat=1)
    assert state.stacks[1] == 49 - 5
    assert _cards(state, 1)[-1] == ("2d", False)
    state.act(ActionName.CALL, seat=1)
    state.act(ActionName.CALL, seat=2)
    assert sum(state.stacks) + state.pot == 150
    assert state.stacks == [47, 42, 47]


# ---------------------------------------------------------------- 6. No Peek's second deck


def _no_peek(options: dict[str, object], seed: int) -> HandState:
    return HandState.start(
        make_rules("no-peek", {"start_card": True, **options}),
        names=["Anna", "Ben", "Carla"],
        stacks=[50, 50, 50],
        dealer=2,
        rng=random.Random(seed),
    )


def test_no_peeks_start_card_from_a_second_deck() -> None:
    """The English sheet: "Some begin by turning up a card from a second deck. The
    player to dealer's left must start by flipping cards until able to beat this card,
    before beginning the first round of betting." The German sheet: "(vom Stapel oder
    aus einem zweiten Kartenspiel)". RULINGS 12: the piles and the extra cards
    ("auf deinen Stapel") come from the game's own deck.

    The game's deck keeps every card but the 21 of the piles; the start card can be
    one a player holds in their pile too, and the first player must beat it.
    """
    duplicate = None
    for seed in range(200):
        state = _no_peek({"start_card_deck": "second"}, seed)
        assert len(state.deck) == 52 - 21
        assert state.table == [second_deck_card(state.seed)]
        held = {card for cards in state.cards for card, _ in cards}
        assert len(held) == 21
        if state.table[0] in held:
            duplicate = state
            break
    assert duplicate is not None  # a second deck: the same card may be in a pile
    same = _no_peek({}, 0)
    assert len(same.deck) == 52 - 22
    assert same.table[0] not in {card for cards in same.cards for card, _ in cards}


def test_the_start_card_from_a_second_deck_must_be_beaten_first() -> None:
    """ "... must start by flipping cards until able to beat this card": Anna flips on
    while her face-up cards do not beat the start card from the second deck."""
    state = _no_peek({"start_card_deck": "second"}, 1)
    bar = bar_for(state, 0)
    while state.betting is None:
        assert state.actor == 0
        assert showing(state, 0) <= bar
        state.act(ActionName.FLIP, seat=0)
        if state.folded[0]:
            break
    assert state.folded[0] or showing(state, 0) > bar
    restored = HandState.from_json(state.to_json())
    assert restored.table == state.table


def test_no_peek_baseballs_extra_card_goes_on_top_of_the_pile_and_is_flipped_next() -> None:
    """RULINGS 12: "flipping a 4 puts an extra face-down card on top of that player's
    pile (the sheet: "auf deinen Stapel"), flipped next". Anna flips the 4♠; her next
    flip is the extra card (the Q♦, the first card after the piles), not her 2♠."""
    piles = "4♠ 5♦ 6♦ 2♠ 7♦ 8♦ K♠ B♣ 10♣ A♣ 7♣ 8♣ K♥ B♥ 10♥ 5♠ 6♠ 7♠ 5♥ 6♥ 7♥"
    state = HandState.start(
        make_rules("no-peek-baseball"),
        names=["Anna", "Ben", "Carla"],
        stacks=[50, 50, 50],
        dealer=2,
        deck=Deck(random.Random(0), stacked=parse_cards(piles + " D♦")),
    )
    state.act(ActionName.FLIP, seat=0)
    assert state.cards[0][:2] == [(_code("4♠"), True), (_code("D♦"), False)]
    # Ben's 5♦ beats the 4, Carla's 6♦ the 5; then it is Anna's turn again.
    while not (state.actor == 0 and state.betting is None):
        seat = state.actor
        assert seat is not None
        kinds = [a.kind for a in state.legal_actions()]
        state.act(ActionName.FLIP if ActionName.FLIP in kinds else ActionName.CHECK, seat=seat)
    assert state.act(ActionName.FLIP, seat=0).card == _code("D♦")


# ---------------------------------------------------------------- 7. Spit! at any moment

# Anna deals to Ben, Carla, Dan and herself, five cards each.
_SPIT_DEAL = "A♠ D♠ 7♣ K♥ A♥ B♠ 5♥ K♦ 7♦ K♣ 10♠ 5♣ 6♠ 4♦ 9♠ 8♦ 3♣ 2♣ 3♥ 2♦ 4♠ K♠"


def _spit(**options: object) -> HandState:
    return HandState.start(
        make_rules("spit-in-the-ocean", {"spit_call": True, **options}),
        names=["Anna", "Ben", "Carla", "Dan"],
        stacks=[50] * 4,
        dealer=0,
        deck=Deck(random.Random(7), stacked=parse_cards(_SPIT_DEAL)),
    )


def test_spit_may_be_called_at_any_moment_of_the_deal() -> None:
    """The German sheet: "„Spit!“: ... Während des Gebens darf jeder jederzeit „Spit!“
    rufen - dann kommt die nächste Karte als Spit-Karte offen in die Mitte, und es wird
    weitergegeben, bis jeder fünf Karten hat." RULINGS 13 *(options: ... "Spit!" called
    during a five-card deal ...)*.

    Ben, dealt the first card, is asked; Carla, not asked, calls at that moment: the
    Q♠, which would have been her card, is the spit card, and the deal goes on.
    """
    state = _spit(spit_call_any_card=True)
    assert [len(cards) for cards in state.cards] == [0, 1, 0, 0]
    assert state.actor == 1
    carla = seat_view(state, 2)["legal_actions"]
    assert [a["kind"] for a in carla] == ["call_spit"]
    state.act(ActionName.CALL_SPIT, seat=2)
    assert state.table == [_code("D♠")]
    assert [len(cards) for cards in state.cards] == [5, 5, 5, 5]
    assert state.cards[2][0] == (_code("7♣"), False)


def test_with_spit_at_any_moment_the_deal_stops_after_every_card() -> None:
    """ "jederzeit": after each card but the last, the player just dealt it is asked;
    between rounds only is the house option (after four cards each, not one)."""
    state = _spit(spit_call_any_card=True)
    asked = []
    while state.step_index == 0 and not state.table:
        seat = state.actor
        assert seat is not None
        asked.append(seat)
        state.act(ActionName.PASS_SPIT, seat=seat)
    assert asked == [1, 2, 3, 0] * 4 + [1, 2, 3]  # the twentieth card asks nobody
    assert state.table == [_code("4♠")]  # nobody called: the dealer turns it after the deal
    rounds = _spit(spit_call_any_card=False)
    assert [len(cards) for cards in rounds.cards] == [1, 1, 1, 1]
    refused = _spit(spit_call_any_card=False)
    before = refused.to_json()
    with pytest.raises(OutOfTurnError):
        refused.act(ActionName.CALL_SPIT, seat=2)  # between rounds: Ben is asked first
    assert refused.to_json() == before


def _recorded_walk(amount: int | None, options: dict[str, object]) -> dict[str, object]:
    walk: dict[str, object] = {"player": "Anna", "action": "buy_walk"}
    if amount is not None:
        walk["amount"] = amount
    return settle_table_hand_json(
        {
            "game": "baseball",
            "dealer": "Carla",
            "ante": 1,
            "options": options,
            "players": [{"name": name, "stack": 40} for name in ("Anna", "Ben", "Carla")],
            "rounds": [[walk]],
            "showdown": {"ranking": ["Ben", "Anna", "Carla"]},
        }
    )


def test_engine_settle_uses_and_checks_a_fixed_walk_price() -> None:
    """The English sheet: the walk's price "may be a fixed amount paid to the pot or may
    vary according to whether the extra card is face up or face down": a recorded walk
    without an amount costs the fixed price of its face; another amount is refused."""
    assert _paid(_recorded_walk(None, {"walk_price": 2}), before=1) == 2
    assert _paid(_recorded_walk(None, {"walk_price": 2, "walk_price_up": 4}), before=1) == 2
    up = {"walk_price": 2, "walk_price_up": 4, "extra_face": "up"}
    assert _paid(_recorded_walk(None, up), before=1) == 4
    assert _paid(_recorded_walk(4, up), before=1) == 4
    with pytest.raises(SettlementError, match="the walk costs 4"):
        _recorded_walk(2, up)
    # A price that grows with the streets is the host's to give: the price of a street
    # (2 on the first, one more on each of the four later ones), nothing else.
    assert _paid(_recorded_walk(5, {"walk_price": 2, "walk_price_per_street": 1}), before=1) == 5
    with pytest.raises(SettlementError, match="a walk costs 2/3/4/5/6 by street"):
        _recorded_walk(7, {"walk_price": 2, "walk_price_per_street": 1})
    with pytest.raises(SettlementError, match="needs an amount"):
        _recorded_walk(None, {"walk_price": 2, "walk_price_per_street": 1})
