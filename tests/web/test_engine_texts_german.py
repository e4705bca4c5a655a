"""The engine's reasons, pot names and hand names in the page's language."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from ledger_helpers import Table, make_table

from engine.hands.showdown import HostRanking
from engine.table_hand import settle_table_hand
from engine.table_hand.model import TableHand, TablePlayer
from gamenight.engine_words import reason_text

FIVE = ("Anna", "Ben", "Carla", "Dan", "Eva")


@pytest.fixture
def five(db: None) -> Table:
    return make_table(names=FIVE)


def baseball_preview(table: Table, lang: str) -> str:
    """The Baseball sheet: Anna pays the pot (15) and wins 30 with four kings."""
    by_name = {p.name: p.pk for p in table.players}
    # The bets; the pot payment is the form's to add.
    chips = {"Anna": 3, "Ben": 3, "Carla": 3, "Dan": 3, "Eva": 3}
    cards = {
        "Anna": "Ks Kh 9c 3c Bd 5h 8s",
        "Ben": "Ds Dh Dd 4d 7c Ad 2h Bc",
        "Carla": "2c 2d 5c 6d 7h 8d Tc",
    }
    data: dict[str, Any] = {"key": "key-1", "preview": "1", f"paid_{by_name['Anna']}": 15}
    data |= {f"chips_{by_name[n]}": c for n, c in chips.items()}
    data |= {f"state_{by_name[n]}": "folded" for n in ("Dan", "Eva")}
    data |= {f"cards_{by_name[n]}": c for n, c in cards.items()}
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(table.owner)
    response = client.post(f"/nights/{table.night.pk}/record/baseball/", data)
    assert response.status_code == 200
    return re.sub(r"<[^>]+>|\s+", " ", response.content.decode())


def test_the_baseball_preview_in_german_names_pots_reasons_and_hands_in_german(
    five: Table,
) -> None:
    text = baseball_preview(five, "de")
    assert "Hauptpot: 30" in text
    assert "-1 Ante gesetzt: 1" in text
    assert "-1 1 Ante" not in text  # the number once beside the chips, not twice
    assert "-15 den Pot bezahlt: 15" in text
    assert "+30 aus dem Hauptpot gewonnen: 30 (Vierling, Könige)" in text
    for english in ("anted", "paid the pot", "main pot", "four of a kind", "Main pot"):
        assert english not in text


def test_the_baseball_preview_in_english_is_unchanged(five: Table) -> None:
    text = baseball_preview(five, "en")
    assert "Main pot: 30" in text
    assert "-1 anted 1" in text
    assert "-15 paid the pot: 15" in text
    assert "+30 won 30 from the main pot (four of a kind, kings)" in text


def ranked_hand() -> Any:
    """Anna all-in short, Ben and Carla tie second for the side pot: a split with an
    odd chip, a side pot, places by the host."""
    return settle_table_hand(
        TableHand(
            game="seven-card-stud",
            dealer=0,
            players=tuple(TablePlayer(name=n) for n in ("Anna", "Ben", "Carla", "Dan")),
            put_in={0: 5, 1: 10, 2: 10, 3: 8},
            folded=frozenset({3}),
            all_in=frozenset({0}),
            showdown=HostRanking(groups=((0,), (1, 2))),
        )
    )


def test_in_english_every_reason_reads_as_the_engine_wrote_it() -> None:
    settled = ranked_hand()
    with translation.override("en"):
        for player in settled.players:
            for reason in player.reasons:
                assert reason.code
                assert reason_text(reason) == reason.text


def test_in_german_a_side_pot_split_and_an_odd_chip_are_german() -> None:
    settled = ranked_hand()
    with translation.override("de"):
        texts = [reason_text(r) for p in settled.players for r in p.reasons]
    assert "aus dem Hauptpot gewonnen: 20 (vom Gastgeber als Erster gewertet)" in texts
    assert (
        "aus Nebenpot 1 gewonnen: 6, geteilt mit Carla "
        "(vom Gastgeber gleichauf als Zweiter gewertet)" in texts
    )
    assert "übriger Chip aus Nebenpot 1 (Sitzreihenfolge links vom Geber)" in texts
    assert not [t for t in texts if re.search(r"\b(won|pot|anted|side)\b", t)]


def _engine_error(call: Any) -> Exception:
    try:
        call()
    except Exception as error:  # the engine's error is what is tested
        return error
    raise AssertionError("the engine accepted the hand")


def _table(game: str, cards: dict[str, str], **extra: Any) -> dict[str, Any]:
    return {
        "game": game,
        "dealer": "Carla",
        "players": ["Anna", "Ben", "Carla"],
        "put_in": {"Anna": 3, "Ben": 3, "Carla": 3},
        "showdown": {"cards": cards},
        **extra,
    }


SEVEN = {"Anna": "As Ad Kc Qh 2s 3d 5h", "Ben": "Ks Kd 8c 7h 6d Tc Js"}
FOUR = {"Anna": "As Ad Kc Qh", "Ben": "Ks Kd 8c 7h", "Carla": "Qs Qd 4c 3c"}
CARD_COUNT_ERRORS: dict[str, dict[str, Any]] = {
    "hand_size": _table(
        "five-card-draw", {"Anna": "As Ad Kc", "Ben": "Ks Kd 8c 7h 6d", "Carla": "Qs Qd 4c 3c 2c"}
    ),
    "hand_size_range": _table("good-bad-ugly", {**SEVEN, "Carla": "Qs Qd 4c"}),
    "hand_size_walks": _table("baseball", {**SEVEN, "Carla": "Qs Qd 4c 9h 8d 7c 6s 5s 5c"}),
    "hand_size_bought": _table(
        "baseball",
        {**SEVEN, "Carla": "Qs Qd 4c 9h 8d 7c 6s"},
        walk_purchases=[{"player": "Carla", "amount": 0}],
    ),
    "hand_size_not_bought": _table(
        "baseball",
        {**SEVEN, "Anna": "As Ad Kc Qh 2s 3d 5h 4h", "Carla": "Qs Qd 4c 9h 8d 7c 6s 5s"},
        walk_purchases=[{"player": "Anna", "amount": 0}],
    ),
    "spit_card": _table("spit-in-the-ocean", FOUR, wild="9"),
    "no_shared_card": _table(
        "wild-widow",
        {"Anna": "As Ad Kc Qh 2s", "Ben": "Ks Kd 8c 7h 6d", "Carla": "Qs Qd 4c 3c 2c"},
        wild="9",
    ),
}
CARD_COUNT_ERRORS["no_shared_card"]["showdown"]["shared"] = "9h"


@pytest.mark.parametrize("code", sorted(CARD_COUNT_ERRORS))
def test_every_card_count_error_is_worded_in_german(code: str) -> None:
    from engine.table_hand import settle_table_hand_json
    from gamenight.engine_words import error_text

    error = _engine_error(lambda: settle_table_hand_json(CARD_COUNT_ERRORS[code]))
    assert getattr(error, "code", "") == code
    with translation.override("de"):
        german = error_text(error)
    with translation.override("en"):
        english = error_text(error)
    assert german != english
    assert "Anna" in german or "Carla" in german or code in ("spit_card", "no_shared_card")
    for word in ("shows", "takes", "shares", "bought", "walk "):
        assert word not in german, german


def test_a_shelby_count_is_worded_in_german() -> None:
    from engine.games.families.shelby.json_io import settle_shelby_json
    from gamenight.engine_words import error_text

    error = _engine_error(
        lambda: settle_shelby_json(
            {
                "kind": "shelby",
                "players": [{"name": "Anna", "stack": 20}, {"name": "Ben", "stack": 20}],
                "dealer": "Ben",
                "pot": 4,
                "round": 1,
                "hold": ["Anna", "Ben"],
                "showdown": {"cards": {"Anna": "As Ad 4c", "Ben": "Ks Kd"}},
            }
        )
    )
    with translation.override("de"):
        assert error_text(error) == "Anna zeigt 3 Karten: in Runde 1 von Shelby hält man 2"


def test_an_error_without_a_code_keeps_the_engines_text() -> None:
    from engine.errors import SettlementError
    from gamenight.engine_words import error_text

    with translation.override("de"):
        assert error_text(SettlementError("plain English")) == "plain English"


def test_a_psycho_shelby_count_with_bought_cards_is_worded_in_german() -> None:
    from engine.games.families.shelby.json_io import settle_shelby_json
    from gamenight.engine_words import error_text

    error = _engine_error(
        lambda: settle_shelby_json(
            {
                "kind": "shelby",
                "options": {"variant": "psycho"},
                "players": [{"name": "Anna", "stack": 20}, {"name": "Ben", "stack": 20}],
                "dealer": "Ben",
                "pot": 4,
                "round": 3,
                "hold": ["Anna", "Ben"],
                "extra_cards": {"Anna": 1},
                "showdown": {
                    "cards": {"Anna": "As Ad 4c 5c 6c 7d 8d", "Ben": "Ks Kd 2c 3h 9s Th Jh"}
                },
            }
        )
    )
    with translation.override("de"):
        assert error_text(error) == (
            "Anna zeigt 7 Karten: in Runde 3 von Psycho Shelby hält man 8 (1 für 4er gekauft)"
        )


@pytest.fixture
def three(db: None) -> Table:
    return make_table(names=("Anna", "Ben", "Carla"))


def _german_post(table: Table, game: str, data: dict[str, Any]) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(table.owner)
    response = client.post(f"/nights/{table.night.pk}/record/{game}/", data)
    assert response.status_code == 200
    return re.sub(r"<[^>]+>|\s+", " ", response.content.decode())


def test_a_showdown_that_leaves_a_player_out_is_worded_in_german(three: Table) -> None:
    ids = {p.name: p.pk for p in three.players}
    data: dict[str, Any] = {"key": "key-1", "preview": "1"}
    data |= {f"chips_{pk}": 3 for pk in ids.values()}
    data[f"cards_{ids['Anna']}"] = "As Ad Kc Qh 2s 3d 5h"
    data[f"cards_{ids['Ben']}"] = "Ks Kd 8c 7h 6d Tc Js"
    text = _german_post(three, "seven-card-stud", data)
    assert "Bei den gezeigten Karten fehlt Carla, noch im Spiel." in text
    assert "leaves out" not in text


def test_a_missing_showdown_is_worded_in_german(three: Table) -> None:
    ids = {p.name: p.pk for p in three.players}
    data: dict[str, Any] = {"key": "key-1", "preview": "1"}
    data |= {f"chips_{pk}": 3 for pk in ids.values()}
    text = _german_post(three, "seven-card-stud", data)
    assert (
        "Anna, Ben und Carla sind noch im Spiel: gib den Showdown ein "
        "(die Karten oder die Reihenfolge des Gastgebers)"
    ) in text
    assert "enter the showdown" not in text
