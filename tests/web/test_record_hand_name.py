"""The hand's name under a cards field of the recording form, as the host types it."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from helpers.clients import client_for
from ledger_helpers import Table, make_table

from gamenight.forms.recording_games import GAMES


def name_url(table: Table, game: str = "baseball") -> str:
    return f"/nights/{table.night.pk}/record/{game}/hand-name/"


def _german(table: Table) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(table.owner)
    return client


def _text(response: object) -> str:
    return response.content.decode().strip()  # type: ignore[attr-defined]


def test_the_sheets_hand_written_with_ranks_alone_is_named(table: Table) -> None:
    anna = table.ids[0]
    response = client_for(table.owner).get(name_url(table), {f"cards_{anna}": "K K 9 3 B 5 8"})
    assert response.status_code == 200
    assert "four of a kind, kings" in _text(response)


def test_the_name_is_german_on_a_german_page(table: Table) -> None:
    response = _german(table).get(name_url(table), {"cards": "K♠ K♥ 9♣ 3 B 5 8"})
    assert "Vierling, Könige" in _text(response)


def test_a_card_that_cannot_be_read_is_named_in_german(table: Table) -> None:
    response = _german(table).get(name_url(table), {"cards": "K K Zx"})
    assert response.status_code == 200
    assert "„Zx“ ist keine Karte" in _text(response)


def test_the_same_card_twice_is_refused(table: Table) -> None:
    response = client_for(table.owner).get(name_url(table), {"cards": "Ks K♠ 9"})
    assert "is the same card as" in _text(response)


def test_nothing_typed_yet_gives_no_name(table: Table) -> None:
    assert _text(client_for(table.owner).get(name_url(table), {"cards": ""})) == ""


def test_too_few_cards_for_the_ranking_is_no_error_yet(table: Table) -> None:
    response = client_for(table.owner).get(name_url(table, "omaha"), {"cards": "A K"})
    assert response.status_code == 200
    assert _text(response) == ""


def test_the_spit_card_counts_for_the_hand_and_makes_its_rank_wild(table: Table) -> None:
    # 7 7 in hand, the spit card a 7: three sevens wild with the spit card in every
    # hand: five of a kind would need two more; with K K it is five kings... keep it
    # plain: K K 7 + spit 7 makes four kings (both sevens wild).
    response = client_for(table.owner).get(
        name_url(table, "spit-in-the-ocean"), {"cards": "K K 7 2", "spit": "7d"}
    )
    assert "four of a kind, kings" in _text(response)


def test_without_the_spit_card_the_hand_has_no_wild_cards(table: Table) -> None:
    response = client_for(table.owner).get(
        name_url(table, "spit-in-the-ocean"), {"cards": "K K 7 2"}
    )
    assert "pair of kings" in _text(response)


def test_the_board_belongs_to_the_hand(table: Table) -> None:
    response = client_for(table.owner).get(
        name_url(table, "texas-holdem"), {"cards": "A A", "board": "A K K 5 2"}
    )
    assert "full house, aces over kings" in _text(response)


def test_an_omaha_hi_lo_hand_is_named_by_its_low_too(table: Table) -> None:
    """Issue 23: the low winner's hand was named "high card, ace" alone."""
    client = client_for(table.owner)

    def _text(response: object) -> str:
        return re.sub(r"<[^>]+>", "", response.content.decode()).strip()  # type: ignore[attr-defined]

    board = {"board": "Ks Qd 8s 7d 2c"}
    low = client.get(name_url(table, "omaha-hi-lo"), {"cards": "Ac 3h 4s Jd", **board})
    assert _text(low) == "high card, ace; 8-7-3-2-A low"
    german = _german(table).get(name_url(table, "omaha-hi-lo"), {"cards": "Ac 3h 4s Jd", **board})
    assert _text(german) == "Höchste Karte: Ass; Low 8-7-3-2-A"
    # No qualifying low: the high alone, as before; Omaha high has no low at all.
    high = client.get(name_url(table, "omaha-hi-lo"), {"cards": "Ah Kh Js Jc", **board})
    assert _text(high) == "pair of kings"
    assert _text(client.get(name_url(table, "omaha"), {"cards": "Ac 3h 4s Jd", **board})) == (
        "high card, ace"
    )


def test_a_house_option_changes_the_ranking(db: None) -> None:
    """Simple No-Peek Baseball plays without wild cards: 3 3 9 9 are two pair."""
    table = make_table()
    night = table.night
    night.game_options = {"no-peek-baseball": {"simple": True}}
    night.save(update_fields=["game_options"])
    plain = client_for(table.owner).get(name_url(table, "no-peek-baseball"), {"cards": "3 3 9 9 K"})
    assert "two pair, nines and threes" in _text(plain)


@pytest.mark.parametrize("who", ["owner", "cohost"])
def test_hosts_get_the_name(table: Table, who: str) -> None:
    response = client_for(getattr(table, who)).get(name_url(table), {"cards": "A A"})
    assert response.status_code == 200
    assert "pair of aces" in _text(response)


def test_a_member_who_may_only_view_gets_403(table: Table) -> None:
    response = client_for(table.viewer).get(name_url(table), {"cards": "A A"})
    assert response.status_code == 403
    assert "pair" not in _text(response)


def test_another_groups_night_is_a_404_page(table: Table) -> None:
    response = client_for(table.outsider, raise_request_exception=False).get(
        name_url(table), {"cards": "A A"}
    )
    assert response.status_code == 404
    assert "pair" not in _text(response)


def test_an_unknown_night_or_game_is_404(table: Table) -> None:
    client = client_for(table.owner, raise_request_exception=False)
    assert client.get(name_url(table, "canasta"), {"cards": "A A"}).status_code == 404
    assert client.get("/nights/99999/record/baseball/hand-name/").status_code == 404


def test_anonymous_is_sent_to_log_in(table: Table) -> None:
    response = client_for(None).get(name_url(table), {"cards": "A A"})
    assert response.status_code == 302
    assert "login" in response["Location"]


def test_a_post_is_refused(table: Table) -> None:
    assert client_for(table.owner).post(name_url(table), {"cards": "A A"}).status_code == 405


@pytest.mark.parametrize(
    "cards", ["\x00", "A" * 5000, "♠♠♠", "10 10 10 10 10", "K,K;;K", "💩", "Ks\ufe0f"]
)
def test_odd_input_never_breaks_the_page(table: Table, cards: str) -> None:
    response = client_for(table.owner, raise_request_exception=False).get(
        name_url(table), {"cards": cards}
    )
    assert response.status_code == 200


def test_the_form_includes_the_picker_for_each_row(table: Table) -> None:
    html = client_for(table.owner).get(f"/nights/{table.night.pk}/record/baseball/").content
    text = html.decode()
    for pid in table.ids:
        assert f'name="cards_{pid}"' in text
        assert f'id="id_cards_{pid}-picker"' in text
    assert f"/nights/{table.night.pk}/record/baseball/hand-name/" in text
    assert "cardpicker.js" in text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_answers_every_kind_of_hand(table: Table, game: str) -> None:
    client = client_for(table.owner, raise_request_exception=False)
    for cards in ("", "K", "K K 9 3 B 5 8", "As Ks", "A K Q J 10 9 8 7 6 5", "Zx", "Ks Ks"):
        for extra in ({}, {"spit": "7"}, {"spit": "Zz"}, {"board": "A K Q 2 3"}, {"board": "A"}):
            response = client.get(name_url(table, game), {"cards": cards, **extra})
            assert response.status_code == 200, (game, cards, extra)


def test_a_bad_spit_card_is_left_to_its_own_field(table: Table) -> None:
    response = client_for(table.owner).get(
        name_url(table, "spit-in-the-ocean"), {"cards": "K K 7 2", "spit": "Zz"}
    )
    assert "Zz" not in _text(response)
    assert "pair of kings" in _text(response)
