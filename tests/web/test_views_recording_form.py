"""Recording games through the form: preview, confirm, the engine's numbers, bad input."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from helpers.clients import client_for
from helpers.pages import alerts, record_url
from ledger_helpers import Table, assert_ledger_consistent, make_table, pot, stacks

from gamenight import services
from gamenight.models import AccountKind, Transaction


def hand(table: Table, chips: dict[str, int], **per_player: dict[str, Any]) -> dict[str, Any]:
    """Form data by player name: ``state={"Dan": "folded"}``, ``place={"Anna": 1}``."""
    by_name = {p.name: p.pk for p in table.players}
    data: dict[str, Any] = {"key": "key-1"}
    for name, amount in chips.items():
        data[f"chips_{by_name[name]}"] = amount
    for field, values in per_player.items():
        for name, value in values.items():
            data[f"{field}_{by_name[name]}"] = value
    return data


FIVE = ("Anna", "Ben", "Carla", "Dan", "Eva")


@pytest.fixture
def five(db: None) -> Table:
    return make_table(names=FIVE)


def baseball_sheet(table: Table) -> dict[str, Any]:
    """The Baseball sheet: five ante 1, 15 in the pot after round one, Anna pays the pot
    (15 → 30); Anna K K 9 3 B 5 8 (four kings) beats Ben D D D 4 7 A 2 B. The chips are
    the bets: the form adds Anna's payment of 15."""
    return hand(
        table,
        {"Anna": 3, "Ben": 3, "Carla": 3, "Dan": 3, "Eva": 3},
        paid={"Anna": 15},
        state={"Dan": "folded", "Eva": "folded"},
        cards={
            "Anna": "Ks Kh 9c 3c Bd 5h 8s",
            "Ben": "Ds Dh Dd 4d 7c Ad 2h Bc",
            "Carla": "2c 2d 5c 6d 7h 8d Tc",
        },
    )


# ---------------------------------------------------------------- the Baseball sheet


def test_the_baseball_sheet_preview_shows_the_pot_of_30_and_annas_four_kings(five: Table) -> None:
    response = client_for(five.owner).post(
        record_url(five, "baseball"), {**baseball_sheet(five), "preview": "1"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert alerts(html) == []
    assert "Main pot: 30" in html
    assert "Could win it: Anna, Ben, Carla" in html
    assert "four of a kind, kings" in html
    assert "-15 paid the pot: 15" in html
    assert re.findall(r'class="num net">([^<]+)<', html) == ["+12", "-3", "-3", "-3", "-3"]
    assert not Transaction.objects.filter(idempotency_key="key-1").exists()


def test_the_baseball_sheet_confirmed_records_once_and_goes_back_to_the_night(
    five: Table,
) -> None:
    response = client_for(five.owner).post(
        record_url(five, "baseball"), {**baseball_sheet(five), "confirm": "1"}
    )
    assert response.status_code == 302
    assert stacks(five.night) == {"Anna": 62, "Ben": 47, "Carla": 47, "Dan": 47, "Eva": 47}
    assert_ledger_consistent(five.group)


def test_a_double_post_with_the_same_key_records_one_transaction(five: Table) -> None:
    client = client_for(five.cohost)
    data = {**baseball_sheet(five), "confirm": "1"}
    first = client.post(record_url(five, "baseball"), data)
    second = client.post(record_url(five, "baseball"), data)
    assert first.status_code == second.status_code == 302
    assert Transaction.objects.filter(idempotency_key="key-1").count() == 1
    assert stacks(five.night)["Anna"] == 62


def test_an_htmx_confirm_redirects_the_client(five: Table) -> None:
    response = client_for(five.owner).post(
        record_url(five, "baseball"),
        {**baseball_sheet(five), "confirm": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert response["HX-Redirect"]


def test_an_htmx_preview_returns_the_form_partial(five: Table) -> None:
    response = client_for(five.owner).post(
        record_url(five, "baseball"),
        {**baseball_sheet(five), "preview": "1"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<form id="record-form"')
    assert "Main pot: 30" in html


# ---------------------------------------------------------------- side pots, places


def test_a_short_all_in_makes_a_side_pot_shown_in_the_preview(db: None) -> None:
    table = make_table(names=("Anna", "Ben", "Carla"))
    anna = table.players[0]
    services.rebuy(night_id=table.night.pk, by=table.owner, key="r", player_id=anna.pk, amount=1)
    # Everyone has 50 but Anna 51; Carla bets 20 more than Anna can... make Anna short:
    data = hand(
        table,
        {"Anna": 10, "Ben": 30, "Carla": 30},
        state={"Anna": "allin"},
        place={"Anna": 1, "Ben": 2, "Carla": 3},
    )
    # Anna is all-in with 10 although she has 51: the engine refuses, and says why.
    response = client_for(table.owner).post(
        record_url(table, "seven-card-stud"), {**data, "preview": "1"}
    )
    assert "Anna is marked all-in but put in 10 of 51 chips" in " ".join(
        alerts(response.content.decode())
    )


def test_side_pot_when_a_short_stack_is_all_in(db: None) -> None:
    table = make_table(names=("Anna", "Ben", "Carla"), stack=50)
    anna, ben, carla = table.ids
    # Anna loses 40 first, so she has 10 left for the next hand.
    services.record_table_hand(
        night_id=table.night.pk,
        by=table.owner,
        key="h0",
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna: 40, ben: 40, carla: 1},
            folded=frozenset({carla}),
            showdown=services_ranking(((ben,), (anna,))),
        ),
    )
    assert stacks(table.night) == {"Anna": 10, "Ben": 91, "Carla": 49}
    data = hand(
        table,
        {"Anna": 10, "Ben": 30, "Carla": 30},
        place={"Anna": 1, "Ben": 2, "Carla": 3},
    )
    client = client_for(table.owner)
    html = client.post(
        record_url(table, "seven-card-stud"), {**data, "preview": "1"}
    ).content.decode()
    assert alerts(html) == []
    assert "Main pot: 30" in html
    assert "Side pot 1: 40" in html
    assert "Could win it: Ben, Carla" in html
    assert (
        client.post(record_url(table, "seven-card-stud"), {**data, "confirm": "1"}).status_code
        == 302
    )
    # Anna wins the main pot (3 x 10); Ben, second, the side pot (2 x 20).
    assert stacks(table.night) == {"Anna": 30, "Ben": 101, "Carla": 19}
    assert_ledger_consistent(table.group)


def services_ranking(groups: tuple[tuple[int, ...], ...]) -> Any:
    from engine.hands.showdown import HostRanking

    return HostRanking(groups=groups)


def test_tied_places_split_the_pot_with_the_odd_chip_from_the_dealers_left(table: Table) -> None:
    data = hand(table, {"Anna": 3, "Ben": 3, "Carla": 3}, place={"Anna": 1, "Ben": 1, "Carla": 2})
    html = client_for(table.owner).post(
        record_url(table, "seven-card-stud"), {**data, "preview": "1"}
    )
    text = html.content.decode()
    assert "Won by: Ben, Anna (4 each)" in text
    assert "Odd chips: Ben" in text
    # The bar itself, before any tap opens it, says who takes what (issue 23).
    assert bar_summary(text) == "Pot 9 Ben 5 · Anna 4"


def bar_summary(html: str) -> str:
    """The bar's one line, shown without a tap, its tags and runs of space folded."""
    found = re.search(r'<summary class="bar-summary">(.*?)</summary>', html, re.S)
    assert found is not None, "no bar summary"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


# ---------------------------------------------------------------- Guts


def test_a_guts_deal_that_fills_the_reserve(db: None) -> None:
    """Limit 100, pot 80, three losers pay 80: the next pot is 100, the reserve 140."""
    owner = User.objects.create(username="host")
    group = services.create_group(name="Guts night", host=owner)
    ids = [services.add_player(group_id=group.pk, by=owner, name=n).pk for n in FIVE[:4]]
    night = services.create_night(
        group_id=group.pk,
        by=owner,
        date=datetime.date(2026, 12, 4),
        ante=20,
        starting_stack=200,
        game_options={"guts": {"limit": 100}},
    )
    services.start_night(night_id=night.pk, by=owner, key="start", players=ids)
    table = Table(group, night, list(group.players.all()), owner, owner, owner, owner)
    data = hand(
        table,
        {},
        **{"in": dict.fromkeys(FIVE[:4], "on")},
        place={"Anna": 1, "Ben": 2, "Carla": 2, "Dan": 3},
    )
    client = client_for(owner)
    html = client.post(record_url(table, "guts"), {**data, "preview": "1"}).content.decode()
    assert alerts(html) == []
    assert re.search(r'class="next-pot">100<', html)
    assert re.search(r'class="next-reserve">140<', html)
    assert bar_summary(html) == "Next pot 100 · Reserve 140 Anna +60"
    assert client.post(record_url(table, "guts"), {**data, "confirm": "1"}).status_code == 302
    night.refresh_from_db()
    assert pot(night, AccountKind.GUTS_POT) == 100
    assert pot(night, AccountKind.GUTS_RESERVE) == 140
    # Everyone anted 20 (pot 80); Anna takes it, the three others pay 80 each.
    assert stacks(night) == {"Anna": 260, "Ben": 100, "Carla": 100, "Dan": 100}
    assert_ledger_consistent(group)


def test_a_shelby_round_with_one_holder_gives_a_marker(table: Table) -> None:
    data = hand(table, {}, **{"in": {"Anna": "on"}})
    client = client_for(table.owner)
    assert client.post(record_url(table, "shelby"), {**data, "confirm": "1"}).status_code == 302
    html = client.get(record_url(table, "shelby")).content.decode()
    assert "1 Shelby" in html
    assert "Round <strong>2</strong>" in html


def test_spit_cards_count_the_spit_card_for_every_hand(table: Table) -> None:
    data = hand(
        table,
        {"Anna": 2, "Ben": 2, "Carla": 2},
        cards={"Anna": "As Ad 4c 5c", "Ben": "Kh Kd 2c 2d", "Carla": "Qh Jh 8c 7c"},
    )
    data["spit"] = "7d"
    html = client_for(table.owner).post(
        record_url(table, "spit-in-the-ocean"), {**data, "preview": "1"}
    )
    text = html.content.decode()
    assert alerts(text) == []
    # The spit 7 is everyone's fifth card and wild: Ben's two pair become a full house.
    assert "Won by: Ben" in text
    assert "full house, kings over twos" in text
    assert "three of a kind, aces" in text


# ---------------------------------------------------------------- the stepper


def test_the_plus_button_re_renders_the_form_with_one_more_chip(table: Table) -> None:
    anna = table.ids[0]
    data = {**hand(table, {"Anna": 3, "Ben": 1, "Carla": 1}), "step": f"chips_{anna}:1"}
    html = client_for(table.owner).post(record_url(table, "seven-card-stud"), data).content.decode()
    assert re.search(rf'name="chips_{anna}" value="4"', html)
    assert 'value="key-1"' in html
    assert not Transaction.objects.filter(idempotency_key="key-1").exists()


def test_the_minus_button_stops_at_zero(table: Table) -> None:
    anna = table.ids[0]
    data = {**hand(table, {"Anna": 0, "Ben": 1, "Carla": 1}), "step": f"chips_{anna}:-1"}
    html = client_for(table.owner).post(record_url(table, "seven-card-stud"), data).content.decode()
    assert re.search(rf'name="chips_{anna}" value="0"', html)


# ---------------------------------------------------------------- bad input


def post_bad(table: Table, data: dict[str, Any], game: str = "seven-card-stud") -> str:
    before = Transaction.objects.count()
    response = client_for(table.owner).post(record_url(table, game), {**data, "confirm": "1"})
    assert response.status_code == 200
    assert Transaction.objects.count() == before
    return " ".join(alerts(response.content.decode())) + response.content.decode()


GOOD = {"Anna": 3, "Ben": 3, "Carla": 3}
PLACES = {"Anna": 1, "Ben": 2, "Carla": 3}


def test_negative_chips_are_refused(table: Table) -> None:
    html = post_bad(table, hand(table, {**GOOD, "Anna": -3}, place=PLACES))
    assert "Chips cannot be negative." in html


def test_huge_chips_are_refused(table: Table) -> None:
    html = post_bad(table, hand(table, {**GOOD, "Anna": 10**12}, place=PLACES))
    assert "That is more chips than any table holds." in html


def test_more_chips_than_the_stack_are_refused(table: Table) -> None:
    html = post_bad(table, hand(table, {**GOOD, "Anna": 51, "Ben": 51, "Carla": 51}, place=PLACES))
    assert "Anna put in 51 but had only 50" in html


def test_non_numeric_chips_are_refused(table: Table) -> None:
    html = post_bad(table, hand(table, {**GOOD, "Anna": "lots"}, place=PLACES))
    assert "Enter a whole number of chips." in html


def test_another_groups_player_is_refused(table: Table) -> None:
    stranger = services.add_player(
        group_id=services.group_for_viewing(
            table.outsider, table.outsider.memberships.get().group_id
        ).pk,
        by=table.outsider,
        name="Zed",
    )
    data = {**hand(table, GOOD, place=PLACES), f"chips_{stranger.pk}": 5}
    html = post_bad(table, data)
    assert "This form names a player who is not at this night&#x27;s table" in html
    assert f"Player {stranger.pk}" not in html


def test_bad_cards_are_refused_with_the_token(table: Table) -> None:
    html = post_bad(table, hand(table, GOOD, cards={"Anna": "As Xx", "Ben": "Kd", "Carla": "2c"}))
    assert "Anna:" in html
    assert "Xx" in html


def test_a_missing_showdown_is_explained(table: Table) -> None:
    html = post_bad(table, hand(table, GOOD))
    assert "enter the showdown" in html


def test_places_and_cards_together_are_refused(table: Table) -> None:
    html = post_bad(table, hand(table, GOOD, place=PLACES, cards={"Anna": "As"}))
    assert "Enter either the finishing order or the cards, not both." in html


def test_a_closed_night_records_nothing(table: Table) -> None:
    services.end_night(night_id=table.night.pk, by=table.owner)
    html = post_bad(table, hand(table, GOOD, place=PLACES))
    assert "The night is closed: nothing more can be recorded." in html
    form = client_for(table.owner).get(record_url(table, "guts")).content.decode()
    assert "The night is closed" in form


def test_a_guts_player_who_cannot_cover_the_pot_is_refused(db: None) -> None:
    table = make_table(names=("Anna", "Ben", "Carla"), stack=1)
    data = hand(table, {}, **{"in": {"Anna": "on", "Ben": "on"}}, place={"Anna": 1, "Ben": 2})
    html = post_bad(table, data, game="guts")
    assert Transaction.objects.filter(idempotency_key="key-1").count() == 0
    assert "error" in html


def test_confirm_goes_back_to_the_night_page(five: Table) -> None:
    response = client_for(five.owner).post(
        record_url(five, "baseball"), {**baseball_sheet(five), "confirm": "1"}
    )
    assert response["Location"] == f"/nights/{five.night.pk}/"


# ---------------------------------------------------------------- card counts


def test_five_card_draw_refuses_nine_cards_and_records_nothing(table: Table) -> None:
    """Ben's nine cards were named the winner; a draw hand is five cards."""
    cards = {
        "Anna": "As Ad Kc Qh 2s",
        "Ben": "Ks Kd 8c 7h 6d 5c 4s 3h 2d",
        "Carla": "Qs Qd 3c 4d 5h",
    }
    html = post_bad(table, hand(table, GOOD, cards=cards), game="five-card-draw")
    assert "Ben shows 9 cards: Five-card draw takes 5" in html


def test_five_card_draw_refuses_three_cards_in_the_preview(table: Table) -> None:
    cards = {"Anna": "As Ad Kc Qh 2s", "Ben": "Ks Kd 8c 7h 6d", "Carla": "Qs Qd 3c"}
    data = {**hand(table, GOOD, cards=cards), "preview": "1"}
    text = client_for(table.owner).post(record_url(table, "five-card-draw"), data).content.decode()
    assert "Carla shows 3 cards: Five-card draw takes 5" in text
    assert "Main pot" not in text


def test_a_card_count_is_refused_in_german_on_a_german_page(table: Table) -> None:
    cards = {
        "Anna": "As Ad Kc Qh 2s",
        "Ben": "Ks Kd 8c 7h 6d 5c 4s 3h 2d",
        "Carla": "Qs Qd 3c 4d 5h",
    }
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(table.owner)
    data = {**hand(table, GOOD, cards=cards), "confirm": "1"}
    text = client.post(record_url(table, "five-card-draw"), data).content.decode()
    assert "Ben zeigt 9 Karten: bei Five-Card Draw sind es 5" in text
    assert "shows" not in text
    assert not Transaction.objects.filter(idempotency_key="key-1").exists()


def test_spit_in_the_ocean_refuses_six_cards_in_hand(table: Table) -> None:
    cards = {"Anna": "As Ad 4c 5c", "Ben": "Kh Kd 2c 2d Qs Js", "Carla": "Qh Jh 8c 7c"}
    data = {**hand(table, {"Anna": 2, "Ben": 2, "Carla": 2}, cards=cards), "spit": "7d"}
    html = post_bad(table, data, game="spit-in-the-ocean")
    assert "Ben shows 6 cards: Spit in the Ocean takes 4" in html


def test_the_baseball_engine_message_for_a_card_without_a_four_is_german(five: Table) -> None:
    data = baseball_sheet(five)
    anna = next(p.pk for p in five.players if p.name == "Anna")
    data[f"cards_{anna}"] = "Ks Kh 9c 3c Bd 5h 8s 8h"
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(five.owner)
    text = client.post(record_url(five, "baseball"), {**data, "preview": "1"}).content.decode()
    assert (
        "Anna zeigt 8 Karten: bei Baseball sind es 7 und eine mehr für jede 4, die eine "
        "Extrakarte brachte (Anna zeigt 0 davon: höchstens 7)"
    ) in text


def test_a_bought_walk_needs_the_extra_card_shown(five: Table) -> None:
    """Variant "Walk kaufen": who pays gets the extra card, who does not gets none."""
    five.night.game_options = {"baseball": {"buy_walk": True}}  # the night sells walks
    five.night.save(update_fields=["game_options"])
    data = baseball_sheet(five)
    by_name = {p.name: p.pk for p in five.players}
    data[f"walk_{by_name['Carla']}"] = 5  # the form adds the 5 to Carla's 3
    html = post_bad(five, data, game="baseball")
    assert "Carla bought the walk but shows 7 cards: Baseball takes at least 8 then" in html
    assert "Ben shows 8 cards but bought no walk" in html


def test_a_folded_player_may_show_no_cards(five: Table) -> None:
    data = baseball_sheet(five)
    html = client_for(five.owner).post(record_url(five, "baseball"), {**data, "preview": "1"})
    assert alerts(html.content.decode()) == []


def test_the_guts_count_is_worded_in_german(table: Table) -> None:
    data = hand(
        table,
        {},
        **{"in": {"Anna": "on", "Ben": "on"}},
        cards={"Anna": "As Ad 4c", "Ben": "Ks Kd"},
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(table.owner)
    text = client.post(record_url(table, "guts"), {**data, "preview": "1"}).content.decode()
    assert "Anna zeigt 3 Karten: bei Guts sind es 2" in text


# ---------------------------------------------------------------- Second Hand High


def test_second_hand_high_by_places_pays_the_second_place(table: Table) -> None:
    """Ruling 16: the second best hand at the showdown wins."""
    data = hand(table, GOOD, place=PLACES)
    client = client_for(table.owner)
    html = client.post(
        record_url(table, "second-hand-high"), {**data, "preview": "1"}
    ).content.decode()
    assert alerts(html) == []
    assert "Won by: Ben" in html
    assert (
        client.post(record_url(table, "second-hand-high"), {**data, "confirm": "1"}).status_code
        == 302
    )
    assert stacks(table.night) == {"Anna": 47, "Ben": 56, "Carla": 47}
    assert_ledger_consistent(table.group)


def test_second_hand_high_a_tie_for_first_place_lets_the_next_place_win(table: Table) -> None:
    data = hand(table, GOOD, place={"Anna": 1, "Ben": 1, "Carla": 2})
    html = client_for(table.owner).post(
        record_url(table, "second-hand-high"), {**data, "preview": "1"}
    )
    assert "Won by: Carla" in html.content.decode()


def test_second_hand_high_by_cards_pays_the_second_best_hand(table: Table) -> None:
    cards = {
        "Anna": "As Ah Ad 2c 5h 7s 9d",
        "Ben": "Ks Kd 8c 6h 4d 3c 2s",
        "Carla": "Qs Th 8d 6c 4s 3h 2d",
    }
    data = {**hand(table, GOOD, cards=cards), "preview": "1"}
    html = (
        client_for(table.owner).post(record_url(table, "second-hand-high"), data).content.decode()
    )
    assert alerts(html) == []
    assert "Won by: Ben" in html


def test_recording_a_hand_with_nine_draw_cards_without_the_form_is_refused(table: Table) -> None:
    """The services share the engine's check: no caller can book a nine-card draw hand."""
    from engine.cards import parse_cards
    from engine.hands.showdown import ShownCards
    from engine.hands.size import HandSizeError

    anna, ben, carla = table.ids
    hands = {
        anna: "As Ad Kc Qh 2s",
        ben: "Ks Kd 8c 7h 6d 5c 4s 3h 2d",
        carla: "Qs Qd 3c 4d 5h",
    }
    showdown = ShownCards(
        hands={p: tuple(int(c) for c in parse_cards(t)) for p, t in hands.items()}
    )
    with pytest.raises(HandSizeError, match="Ben shows 9 cards: five-card draw takes 5"):
        services.record_table_hand(
            night_id=table.night.pk,
            by=table.owner,
            key="h9",
            hand=services.TableHandInput(
                game="five-card-draw", put_in={anna: 3, ben: 3, carla: 3}, showdown=showdown
            ),
        )
    assert not Transaction.objects.filter(idempotency_key="h9").exists()
    assert stacks(table.night) == {"Anna": 50, "Ben": 50, "Carla": 50}


def test_wild_widow_makes_its_rank_wild_but_belongs_to_no_hand(table: Table) -> None:
    """Rule sheet: the widow card "gehört niemandem, aber die drei anderen Karten ihres
    Werts sind wild"."""
    cards = {"Anna": "As Ad 4c 5c 8h", "Ben": "Kh Kd 2c 2d Qs", "Carla": "Qh Qc 8c 7c 3s"}
    data = {**hand(table, {"Anna": 2, "Ben": 2, "Carla": 2}, cards=cards), "spit": "7d"}
    response = client_for(table.owner).post(
        record_url(table, "wild-widow"), {**data, "preview": "1"}
    )
    text = response.content.decode()
    assert alerts(text) == []
    assert "Widow card (in the middle)" in text
    # Carla's 7 of clubs is wild: three queens. The 7 of diamonds in the middle is nobody's,
    # so Ben keeps two pair (with it he would have a full house).
    assert "three of a kind, queens" in text
    assert "two pair, kings and twos" in text
    assert "Won by: Carla" in text


# ---------------------------------------------------------------- the night's house rules


def test_the_nights_spit_calls_let_players_show_five_cards_in_hand(table: Table) -> None:
    """The night's house rules (the digital games' options) decide the count:
    "Spit!" called during a five-card deal gives five cards in hand."""
    cards = {"Anna": "As Ad 4c 5c 6h", "Ben": "Kh Kd 2c 2d Qs", "Carla": "Qh Jh 8c 7c 3s"}
    data = {**hand(table, {"Anna": 2, "Ben": 2, "Carla": 2}, cards=cards), "spit": "7d"}
    html = post_bad(table, data, game="spit-in-the-ocean")
    assert "Anna shows 5 cards: Spit in the Ocean takes 4" in html
    table.night.game_options = {"spit-in-the-ocean": {"spit_call": True}}
    table.night.save(update_fields=["game_options"])
    response = client_for(table.owner).post(
        record_url(table, "spit-in-the-ocean"), {**data, "preview": "1"}
    )
    assert alerts(response.content.decode()) == []
    assert "Won by: Ben" in response.content.decode()


def test_the_nights_bought_walks_refuse_an_extra_card_nobody_paid_for(five: Table) -> None:
    five.night.game_options = {"baseball": {"buy_walk": True}}
    five.night.save(update_fields=["game_options"])
    html = post_bad(five, baseball_sheet(five), game="baseball")
    assert "Ben shows 8 cards but bought no walk" in html
