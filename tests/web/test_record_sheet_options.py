"""The record form under the night's house rules of issue 13: declarations, walk prices,
a jack's switch. Each refusal changes nothing and is worded in the page's language."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from helpers.clients import client_for
from helpers.pages import alerts, record_url
from ledger_helpers import Table, assert_ledger_consistent, make_table, stacks

from gamenight import services
from gamenight.forms.recording_games import GAMES, shelby_options
from gamenight.models import Deal, Entry, Transaction
from gamenight.services import TableHandInput
from gamenight.services.jack_games import set_jack_games

THREE = ("Anna", "Ben", "Carla")


@pytest.fixture
def three(db: None) -> Table:
    return make_table(names=THREE)


def _form(table: Table, key: str = "opt-1", **per_player: dict[str, Any]) -> dict[str, Any]:
    by_name = {p.name: p.pk for p in table.players}
    data: dict[str, Any] = {"key": key}
    for field, values in per_player.items():
        for name, value in values.items():
            data[f"{field}_{by_name[name]}"] = value
    return data


def _set_options(table: Table, game: str, options: dict[str, object]) -> None:
    table.night.game_options = {game: options}
    table.night.save(update_fields=["game_options"])


def _post(table: Table, game: str, data: dict[str, Any], *, german: bool = False) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="de") if german else client_for(table.owner)
    if german:
        client.force_login(table.owner)
    response = client.post(record_url(table, game), data)
    assert response.status_code in (200, 302)
    return response.content.decode()


def _refused(table: Table, game: str, data: dict[str, Any], *, german: bool = False) -> str:
    """Post a confirm that must be refused: nothing is written, the messages are returned."""
    before = Transaction.objects.count()
    html = _post(table, game, {**data, "confirm": "1"}, german=german)
    assert Transaction.objects.count() == before
    assert not Deal.objects.filter(night=table.night).exists()
    return " ".join(alerts(html)) + html


# ---------------------------------------------------------------- 1. Sequence high/low

CARDS = {
    "Anna": "Ah Kh Qh Jh Th 2c 3c",  # royal flush; J-10-3-2-A low
    "Ben": "As Ad Ac Kd Ks 9h 8h",  # aces full
    "Carla": "2d 3d 4s 5c 7h Qs Jd",  # 7-5-4-3-2 low
}


def _sequence(table: Table, declare: dict[str, str]) -> dict[str, Any]:
    return _form(table, chips={"Anna": 10, "Ben": 10, "Carla": 10}, cards=CARDS, declare=declare)


def test_the_form_offers_a_declaration_per_row_only_when_sequence_is_high_low(
    three: Table,
) -> None:
    """The English sheet, Sequence: "Alternatively, the game can be played high/low with
    declaration." Only then does each row ask high, low or both."""
    client = client_for(three.owner)
    plain = client.get(record_url(three, "sequence")).content.decode()
    assert 'name="declare_' not in plain
    _set_options(three, "sequence", {"high_low": True})
    html = client.get(record_url(three, "sequence")).content.decode()
    assert html.count('name="declare_') == 3 * 3  # high, low, both in each of three rows


def test_a_declared_hand_is_paid_by_the_declarations_and_booked(three: Table) -> None:
    """ "both must win or tie both ways, else gets nothing" (ruling 16): Anna's royal
    flush declared both and lost the low to Carla, so Ben's high and Carla's low split."""
    _set_options(three, "sequence", {"high_low": True})
    data = _sequence(three, {"Anna": "both", "Ben": "high", "Carla": "low"})
    preview = _post(three, "sequence", {**data, "preview": "1"})
    assert alerts(preview) == []
    assert "declared both but did not win both ways: nothing from the main pot" in preview
    _post(three, "sequence", {**data, "confirm": "1"})
    assert stacks(three.night) == {"Anna": 40, "Ben": 55, "Carla": 55}
    assert_ledger_consistent(three.group)


def test_a_missing_declaration_is_refused_in_german_and_nothing_is_written(three: Table) -> None:
    _set_options(three, "sequence", {"high_low": True})
    data = _sequence(three, {"Anna": "both", "Ben": "high"})
    html = _refused(three, "sequence", data, german=True)
    assert "Carla zeigt Karten: wähle High, Low oder beides." in html
    assert stacks(three.night) == {"Anna": 50, "Ben": 50, "Carla": 50}


def test_places_cannot_settle_a_declared_hand(three: Table) -> None:
    _set_options(three, "sequence", {"high_low": True})
    data = _form(
        three,
        chips={"Anna": 10, "Ben": 10, "Carla": 10},
        place={"Anna": 1, "Ben": 2, "Carla": 3},
    )
    html = _refused(three, "sequence", data, german=True)
    assert "mit Ansage wird nach den gezeigten Karten abgerechnet" in html


def test_a_declaration_other_than_high_low_or_both_is_refused(three: Table) -> None:
    _set_options(three, "sequence", {"high_low": True})
    data = _sequence(three, {"Anna": "both", "Ben": "middle", "Carla": "low"})
    assert "Declare high, low or both." in _refused(three, "sequence", data)


# ---------------------------------------------------------------- 2. walks and their price

FIVE = ("Anna", "Ben", "Carla", "Dan", "Eva")


@pytest.fixture
def five(db: None) -> Table:
    return make_table(names=FIVE)


def _baseball(table: Table, walks: str, anna_cards: str) -> dict[str, Any]:
    """Anna's two face-up 4s each brought a walk; Ben and Carla fold, Dan and Eva call 4.
    The chips are the bets: the form adds what the walks cost."""
    return _form(
        table,
        chips={"Anna": 4, "Ben": 1, "Carla": 1, "Dan": 4, "Eva": 4},
        state={"Ben": "folded", "Carla": "folded"},
        walk={"Anna": walks},
        cards={
            "Anna": anna_cards,
            "Dan": "Qs Qh Qd Jc 7s Ah 2c",
            "Eva": "2s 2h 5d 6c 8s Tc Th",
        },
    )


ANNA_NINE = "4s 4h Kd Kc Ks 9h 2d 7c 8c"


def test_no_walk_is_offered_when_the_nights_buy_walk_rule_is_off(five: Table) -> None:
    """Issue 14: "A paid walk was charged although the night's buy-walk rule was off"."""
    html = client_for(five.owner).get(record_url(five, "baseball")).content.decode()
    assert 'name="walk_' not in html
    _set_options(five, "baseball", {"buy_walk": True})
    html = client_for(five.owner).get(record_url(five, "baseball")).content.decode()
    assert html.count('name="walk_') == 5


def test_the_walk_field_and_its_prices_speak_german(five: Table) -> None:
    _set_options(five, "baseball", {"walk_price": 2, "walk_price_per_street": 1})
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(five.owner)
    html = client.get(record_url(five, "baseball")).content.decode()
    assert "Walk gekauft" in html
    assert "Ein Walk kostet je nach Straße 2/3/4/5/6 Chips: ein Preis je gekauftem Walk" in html


def test_a_walk_posted_while_the_rule_is_off_is_refused_and_nothing_charged(five: Table) -> None:
    html = _refused(five, "baseball", _baseball(five, "5", "4s Kd Kc Ks 9h 2d 7c 8c"))
    assert "Tonight&#x27;s house rules do not sell the walk: reload the page." in html
    assert stacks(five.night) == dict.fromkeys(FIVE, 50)


def test_the_service_charges_no_walk_the_night_does_not_sell(five: Table) -> None:
    """Not the form alone: a walk handed to the service directly is refused too."""
    ids = {p.name: p.pk for p in five.players}
    hand = TableHandInput(
        game="baseball",
        put_in={ids["Anna"]: 6, ids["Ben"]: 1, ids["Carla"]: 1, ids["Dan"]: 1, ids["Eva"]: 1},
        folded=frozenset({ids["Ben"], ids["Carla"], ids["Dan"], ids["Eva"]}),
        walk_purchases=(services.recording.WalkPurchase(seat=ids["Anna"], amount=5),),
    )
    with pytest.raises(services.LedgerError, match="do not sell the walk"):
        services.record_table_hand(night_id=five.night.pk, by=five.owner, key="w", hand=hand)
    assert not Transaction.objects.filter(idempotency_key="w").exists()


def test_walks_on_different_streets_are_each_charged_their_price(five: Table) -> None:
    """The English sheet: the price "may vary according to whether the extra card is face
    up or face down, and how late in the game it is dealt": 2 on the first street, one
    more each street after; Anna's walks cost 2 and 4."""
    _set_options(five, "baseball", {"walk_price": 2, "walk_price_per_street": 1})
    form = client_for(five.owner).get(record_url(five, "baseball")).content.decode()
    assert "A walk costs 2/3/4/5/6 chips by street: one price per walk bought" in form
    data = _baseball(five, "2 4", ANNA_NINE)
    preview = _post(five, "baseball", {**data, "preview": "1"})
    assert alerts(preview) == []
    assert "bought the walk: 2" in preview
    assert "bought the walk: 4" in preview
    _post(five, "baseball", {**data, "confirm": "1"})
    anna = next(p for p in five.players if p.name == "Anna")
    reasons = sorted(
        Entry.objects.filter(account__player=anna, amount__lt=0).values_list("reason", flat=True)
    )
    assert reasons == [
        "anted 1",
        "bought the walk: 2",
        "bought the walk: 4",
        "put 3 into the betting",
    ]
    assert stacks(five.night)["Anna"] == 50 - 10 + 20  # the pot of 20
    assert_ledger_consistent(five.group)


def test_two_walks_bought_need_two_extra_cards(five: Table) -> None:
    _set_options(five, "baseball", {"walk_price": 2, "walk_price_per_street": 1})
    html = _refused(five, "baseball", _baseball(five, "2 4", "4s 4h Kd Kc Ks 9h 2d 7c"))
    assert "Anna bought the walk but shows 8 cards: Baseball takes at least 9 then" in html


def test_a_price_no_street_gives_is_refused_in_german(five: Table) -> None:
    _set_options(five, "baseball", {"walk_price": 2, "walk_price_per_street": 1})
    html = _refused(five, "baseball", _baseball(five, "2 9", ANNA_NINE), german=True)
    assert "Anna hat den Walk für 9 gekauft, aber ein Walk kostet je nach Straße 2/3/4/5/6" in html


def test_walk_prices_that_are_not_numbers_are_refused(five: Table) -> None:
    _set_options(five, "baseball", {"buy_walk": True})
    data = {**_baseball(five, "2", ANNA_NINE)}
    anna = next(p.pk for p in five.players if p.name == "Anna")
    data[f"walk_{anna}"] = "two"
    html = _refused(five, "baseball", data)
    assert "Anna: enter the price of each walk bought, e.g. 2 3." in html


# ---------------------------------------------------------------- 3. Jack the Shifter

# After the Bad (a 5) took Anna's two 5s and Ben's 5: five, six and seven cards.
GBU = {"Anna": "Ks Kh Kd 9c 2h", "Ben": "Qs Qh 8d 8c 3h Jc", "Carla": "As Ad 7c 6h 4s 3d Tc"}


def _jack(table: Table, switched: str) -> dict[str, Any]:
    data = _form(table, chips={"Anna": 6, "Ben": 6, "Carla": 6}, cards=GBU)
    return {**data, "switched": switched}


def test_the_jack_form_offers_the_groups_list_of_games(three: Table) -> None:
    """The sheet: "the group must have an agreed list of seven-card stud games"."""
    client = client_for(three.owner)
    html = client.get(record_url(three, "jack-the-shifter")).content.decode()
    assert 'value="good-bad-ugly"' in html
    set_jack_games(group_id=three.group.pk, by=three.owner, games=["baseball", "sequence"])
    html = client.get(record_url(three, "jack-the-shifter")).content.decode()
    assert 'value="good-bad-ugly"' not in html
    assert 'value="sequence"' in html


def test_a_jack_hand_switched_to_the_good_bad_ugly_is_recorded(three: Table) -> None:
    """Switched to The Good, the Bad and the Ugly, whose Bad takes its rank "from every
    hand": Anna's five cards are a hand, her three kings win."""
    data = _jack(three, "good-bad-ugly")
    preview = _post(three, "jack-the-shifter", {**data, "preview": "1"})
    assert alerts(preview) == []
    _post(three, "jack-the-shifter", {**data, "confirm": "1"})
    assert stacks(three.night) == {"Anna": 62, "Ben": 44, "Carla": 44}
    assert Deal.objects.filter(night=three.night, game="jack-the-shifter").count() == 1
    assert_ledger_consistent(three.group)


def test_without_the_switch_five_cards_are_refused(three: Table) -> None:
    """ "The game begins as ordinary seven-card stud": seven cards, in German."""
    html = _refused(three, "jack-the-shifter", _jack(three, ""), german=True)
    assert "Anna zeigt 5 Karten: bei Jack the Shifter sind es 7" in html


def test_a_hand_switched_to_the_good_bad_ugly_refuses_eight_cards(three: Table) -> None:
    data = _jack(three, "good-bad-ugly")
    carla = next(p.pk for p in three.players if p.name == "Carla")
    data[f"cards_{carla}"] = "As Ad 7c 6h 4s 3d Tc 4c"
    html = _refused(three, "jack-the-shifter", data)
    assert "Carla shows 8 cards: The Good, the Bad and the Ugly takes 4 to 7" in html


def test_a_switch_to_a_game_off_the_groups_list_is_refused(three: Table) -> None:
    set_jack_games(group_id=three.group.pk, by=three.owner, games=["baseball"])
    html = _refused(three, "jack-the-shifter", _jack(three, "good-bad-ugly"))
    assert "That game is not on the group&#x27;s list for a jack: reload the page." in html


# ---------------------------------------------------------------- the wild rank in force


def test_a_jack_hand_switched_to_the_good_bad_ugly_ranks_the_goods_wild_rank(
    three: Table,
) -> None:
    """The Good, the Bad and the Ugly: the Good's rank is wild (ruling 16): with 3s wild
    Ben's 3 makes his queens full, over Anna's three kings."""
    data = {**_jack(three, "good-bad-ugly"), "wild": "3"}
    _post(three, "jack-the-shifter", {**data, "confirm": "1"})
    assert stacks(three.night) == {"Anna": 44, "Ben": 62, "Carla": 44}


def test_a_wild_rank_where_the_game_in_force_takes_none_is_refused(three: Table) -> None:
    data = {**_jack(three, "second-hand-high"), "wild": "3"}
    html = _refused(three, "jack-the-shifter", data, german=True)
    assert "Nur Sequence und The Good, the Bad and the Ugly nehmen einen wilden Rang" in html


def test_a_sequence_low_counts_the_wild_rank_in_force(three: Table) -> None:
    """Sequence: "If a two is dealt as a face-up card, all twos become wild" and so on
    upward; with 7s wild at the end Carla's 7 plays as the ace her low lacks."""
    _set_options(three, "sequence", {"high_low": True})
    data = {**_sequence(three, {"Anna": "high", "Ben": "high", "Carla": "low"}), "wild": "7"}
    preview = _post(three, "sequence", {**data, "preview": "1"})
    assert alerts(preview) == []
    assert "5-4-3-2-A" in preview


def test_a_wild_rank_that_is_not_a_rank_is_refused(three: Table) -> None:
    data = {**_sequence(three, {}), "wild": "7h"}
    assert "A wild rank is one rank, such as 7 or Q." in _refused(three, "sequence", data)


# ---------------------------------------------------------------- issue 16: the bring-in


def test_the_stud_record_form_names_the_bring_in_house_rule(three: Table) -> None:
    _set_options(three, "seven-card-stud", {"bring_in": True, "bring_in_amount": 2})
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(three.owner)
    html = client.get(record_url(three, "seven-card-stud")).content.decode()
    assert "Bring-in" in html
    assert "Höhe des Bring-ins: 2" in html


def test_a_stud_hand_with_the_bring_in_is_booked_from_the_form(three: Table) -> None:
    _set_options(three, "seven-card-stud", {"bring_in": True})
    data = _form(
        three,
        chips={"Anna": 9, "Ben": 9, "Carla": 2},
        cards={"Anna": "Ah Ad Ac Kd Ks 9h 8h", "Ben": "2d 3d 4s 5c 7h Qs Jd"},
        state={"Carla": "folded"},
    )
    _post(three, "seven-card-stud", {**data, "confirm": "1"})
    assert Deal.objects.filter(night=three.night, game="seven-card-stud").exists()
    assert_ledger_consistent(three.group)


# ---------------------------------------------------------------- ruling 20: a face-up 3


def test_football_offers_paid_the_pot_only_with_pay_or_fold(three: Table) -> None:
    """Ruling 20: in Football and Woolworth a face-up 3 costs nothing unless the house
    option pay-or-fold is on, so the form asks who paid only then."""
    client = client_for(three.owner)
    assert 'id="paid-pot"' not in client.get(record_url(three, "football")).content.decode()
    assert 'id="paid-pot"' in client.get(record_url(three, "baseball")).content.decode()
    _set_options(three, "football", {"pay_or_fold": True})
    assert 'id="paid-pot"' in client.get(record_url(three, "football")).content.decode()


@pytest.mark.parametrize(
    ("german", "message"),
    [
        (False, "Tonight&#x27;s house rules charge nothing for a face-up 3: reload the page."),
        (True, "Nach den Hausregeln von heute Abend kostet eine offene 3 nichts"),
    ],
)
def test_a_pot_payment_from_a_stale_tab_is_refused_in_woolworth(
    three: Table, german: bool, message: str
) -> None:
    data = _form(
        three,
        chips={"Anna": 7, "Ben": 1, "Carla": 1},
        pays={"Anna": "on"},
        paid={"Anna": "3"},
        state={"Ben": "folded", "Carla": "folded"},
    )
    assert message in _refused(three, "woolworth", data, german=german)


# ---------------------------------------------------------------- ruling 18: Psycho Shelby


def test_psycho_shelby_is_recorded_with_the_nights_flushes_and_card_price(three: Table) -> None:
    """The night's options reach the settlement: with "flushes count" Anna's all-spade
    hand is a flush, worse than any pair (ruling 18), so Ben's K-Q-J takes round 2;
    Carla's pair of aces is second. Each pays Ben the pot as it was, 3."""
    _set_options(three, "psycho-shelby", {"flushes_count": True, "extra_card_price": 4})
    client = client_for(three.owner)
    first = _form(three, key="ps-1", **{"in": {"Anna": "on"}})
    assert (
        client.post(record_url(three, "psycho-shelby"), {**first, "confirm": "1"}).status_code
        == 302
    )
    cards = {"Anna": "2s 5s 7s 9s Js", "Ben": "Kc Kd Qh Qc Jd", "Carla": "Ac Ad Ah 2h 2d"}
    second = _form(three, key="ps-2", **{"in": dict.fromkeys(THREE, "on")}, cards=cards)
    sent = client.post(record_url(three, "psycho-shelby"), {**second, "confirm": "1"})
    assert sent.status_code == 302
    # Antes 1 each: pot 3; round 2 costs Anna and Carla 3 each, to Ben.
    assert stacks(three.night) == {"Anna": 46, "Ben": 55, "Carla": 46}
    assert_ledger_consistent(three.group)
    options = shelby_options(GAMES["psycho-shelby"], three.night)
    assert options is not None
    assert (options.flushes_count, options.extra_card_price) == (True, 4)
