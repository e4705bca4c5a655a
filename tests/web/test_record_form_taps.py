"""The record form of issue 14: the host enters what happened, the form adds it up.

Sat out, the "paid the pot" tick, names tapped in finishing order, the taps that work
without JavaScript, the bar alone on every change, and the night page's confirmation
after Confirm.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers.clients import client_for
from helpers.pages import alerts, record_url
from ledger_helpers import Table, assert_ledger_consistent, make_table, stacks

from gamenight.models import Transaction, TransactionKind

SIX = ("Anna", "Ben", "Carla", "Dan", "Eva", "Felix")


def hands() -> int:
    return Transaction.objects.filter(kind=TransactionKind.TABLE_HAND).count()


@pytest.fixture
def six(db: None) -> Table:
    return make_table(names=SIX)


def ids(table: Table) -> dict[str, int]:
    return {p.name: p.pk for p in table.players}


def sheet_at_six(table: Table) -> dict[str, Any]:
    """The Baseball sheet's five-player hand with Felix at the table, not dealt in:
    Anna's bets of 3 and her pot payment of 15 (the form adds it), Dan and Eva fold,
    Anna's four kings beat Ben and Carla."""
    by = ids(table)
    data: dict[str, Any] = {"key": "six-1"}
    for name in SIX[:5]:
        data[f"chips_{by[name]}"] = 3
    data[f"chips_{by['Felix']}"] = 0
    data[f"state_{by['Felix']}"] = "out"
    data[f"state_{by['Dan']}"] = "folded"
    data[f"state_{by['Eva']}"] = "folded"
    data[f"pays_{by['Anna']}"] = "on"
    data[f"paid_{by['Anna']}"] = 15
    data[f"cards_{by['Anna']}"] = "Ks Kh 9c 3c Bd 5h 8s"
    data[f"cards_{by['Ben']}"] = "Ds Dh Dd 4d 7c Ad 2h Bc"
    data[f"cards_{by['Carla']}"] = "2c 2d 5c 6d 7h 8d Tc"
    return data


def test_the_sheets_five_player_hand_is_recorded_at_a_six_player_table(six: Table) -> None:
    response = client_for(six.owner).post(
        record_url(six, "baseball"), {**sheet_at_six(six), "confirm": "1"}
    )
    assert response.status_code == 302, alerts(response.content.decode())
    # As on the sheet: Anna +12, the others -3; Felix sat out and keeps his 50.
    assert stacks(six.night) == {
        "Anna": 62,
        "Ben": 47,
        "Carla": 47,
        "Dan": 47,
        "Eva": 47,
        "Felix": 50,
    }
    assert_ledger_consistent(six.group)


def test_a_ticked_pot_payment_without_an_amount_adds_the_antes(six: Table) -> None:
    by = ids(six)
    data: dict[str, Any] = {"key": "tick", "preview": "1", "order": str(by["Ben"])}
    data |= {f"chips_{pid}": 3 for pid in by.values()}
    data[f"pays_{by['Anna']}"] = "on"
    html = client_for(six.owner).post(record_url(six, "baseball"), data).content.decode()
    assert alerts(html) == []
    # Six antes of 1 were the pot: 6 bets of 3 and Anna's 6.
    assert "-6 paid the pot: 6" in html
    assert "24 chips in the middle" in html


def test_names_tapped_in_order_rank_the_rest_last(six: Table) -> None:
    by = ids(six)
    data: dict[str, Any] = {"key": "order", "confirm": "1", "order": f"{by['Carla']}"}
    data |= {f"chips_{pid}": 2 for pid in by.values()}
    response = client_for(six.owner).post(record_url(six, "seven-card-stud"), data)
    assert response.status_code == 302, alerts(response.content.decode())
    assert stacks(six.night)["Carla"] == 60
    assert stacks(six.night)["Anna"] == 48


def test_a_tie_in_the_tapped_order_splits_the_pot(six: Table) -> None:
    by = ids(six)
    order = f"{by['Ben']}={by['Dan']}"
    data: dict[str, Any] = {"key": "tie", "confirm": "1", "order": order}
    data |= {f"chips_{pid}": 2 for pid in by.values()}
    assert client_for(six.owner).post(record_url(six), data).status_code == 302
    assert stacks(six.night)["Ben"] == stacks(six.night)["Dan"] == 54


def test_a_folded_player_tapped_in_the_order_is_left_out(six: Table) -> None:
    by = ids(six)
    order = f"{by['Anna']} {by['Ben']}"
    data: dict[str, Any] = {"key": "fold", "confirm": "1", "order": order}
    data |= {f"chips_{pid}": 2 for pid in by.values()}
    data[f"state_{by['Anna']}"] = "folded"
    assert client_for(six.owner).post(record_url(six), data).status_code == 302
    assert stacks(six.night)["Ben"] == 60
    assert stacks(six.night)["Anna"] == 48


def _taps(table: Table, data: dict[str, Any], *acts: str) -> str:
    """The form after taps without JavaScript, each on the form the last one drew."""
    client = client_for(table.owner)
    html = ""
    for act in acts:
        html = client.post(record_url(table), {**data, "act": act}).content.decode()
        data = _posted(html)
    return html


def _posted(html: str) -> dict[str, Any]:
    """What the drawn form would post: its inputs with their values."""
    form = html[html.index('<form id="record-form"') :]
    data: dict[str, Any] = {}
    for tag in re.findall(r"<input[^>]+>", form):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name is None or ('type="checkbox"' in tag and "checked" not in tag):
            continue
        checkbox = 'type="checkbox"' in tag
        data[name.group(1)] = value.group(1) if value else ("on" if checkbox else "")
    return data


def test_taps_without_javascript_fill_the_table_cycle_the_state_and_order_the_names(
    six: Table,
) -> None:
    by = ids(six)
    start = _posted(client_for(six.owner).get(record_url(six)).content.decode())
    html = _taps(
        six,
        start,
        "call:1",
        "fill",
        f"cycle:{by['Dan']}",
        f"tap:{by['Eva']}",
        f"chips_{by['Anna']}:1",
    )
    data = _posted(html)
    # The ante and one bet, then one bet more: everyone in for 3, Anna for 4.
    assert data[f"chips_{by['Ben']}"] == "3"
    assert data[f"chips_{by['Anna']}"] == "4"
    assert data[f"state_{by['Dan']}"] == "folded"
    assert data["order"] == str(by["Eva"])
    assert re.search(r'class="place">1</span> Eva', html)
    assert not hands()


def test_the_steppers_step_by_the_nights_bet(six: Table) -> None:
    six.night.game_options = {"betting": {"low": 5, "high": 10}}
    six.night.save(update_fields=["game_options"])
    by = ids(six)
    start = _posted(client_for(six.owner).get(record_url(six)).content.decode())
    data = _posted(_taps(six, start, f"chips_{by['Ben']}:1", f"same:{by['Carla']}"))
    assert data[f"chips_{by['Ben']}"] == "6"
    assert data[f"chips_{by['Carla']}"] == "6"


def test_every_change_gets_the_bar_alone_with_the_pot_and_who_wins(six: Table) -> None:
    by = ids(six)
    data: dict[str, Any] = {"key": "bar", "bar": "1", "order": str(by["Felix"])}
    data |= {f"chips_{pid}": 3 for pid in by.values()}
    html = (
        client_for(six.owner)
        .post(record_url(six), data, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="record-bar")
        .content.decode()
    )
    assert html.lstrip().startswith('<div id="record-bar"')
    assert re.search(r"Pot <strong>18</strong>", html)
    assert re.search(r"Felix <strong>18</strong>", html)
    assert "Confirm and record" in html
    assert not hands()


def test_the_bar_says_what_is_wrong_and_names_the_player(six: Table) -> None:
    by = ids(six)
    data: dict[str, Any] = {"key": "bar", "bar": "1", f"cards_{by['Ben']}": "As Xx"}
    data |= {f"chips_{pid}": 3 for pid in by.values()}
    html = client_for(six.owner).post(record_url(six), data, HTTP_HX_REQUEST="true")
    bar = html.content.decode()
    assert bar.lstrip().startswith('<div id="record-bar"')
    assert re.search(r'field-message">Ben: [^<]*Xx', bar)


def test_a_confirm_lands_on_the_night_page_with_the_result_and_an_undo(six: Table) -> None:
    by = ids(six)
    data: dict[str, Any] = {"key": "done", "confirm": "1", "order": str(by["Ben"])}
    data |= {f"chips_{pid}": 2 for pid in by.values()}
    client = client_for(six.owner)
    response = client.post(record_url(six), data, follow=True)
    assert response.redirect_chain[-1][0] == f"/nights/{six.night.pk}/"
    html = response.content.decode()
    recorded = Transaction.objects.get(idempotency_key="done")
    card = html[html.index('id="recorded"') :]
    assert "Seven-card stud recorded" in card
    assert "Ben +10" in card
    assert f"/deals/{recorded.pk}/undo/" in card
    assert "Next to deal: Ben" in card
    # Shown once: the night page drawn again has no confirmation.
    assert 'id="recorded"' not in client.get(f"/nights/{six.night.pk}/").content.decode()


def test_an_amount_left_beside_a_box_ticked_off_again_is_no_payment(six: Table) -> None:
    by = ids(six)
    data: dict[str, Any] = {"key": "untick", "preview": "1", "ticks": "True"}
    data |= {f"chips_{pid}": 3 for pid in by.values()}
    data |= {"order": str(by["Ben"]), f"paid_{by['Anna']}": 15}
    html = client_for(six.owner).post(record_url(six, "baseball"), data).content.decode()
    assert alerts(html) == []
    assert "paid the pot" not in html
    assert "18 chips in the middle" in html


def test_everyone_antes_and_calls_leaves_a_folded_player_at_the_ante(six: Table) -> None:
    """Issue 23: the tap booked Dan, who had folded, at the full call (the pot showed 30
    for 20). He antes; Felix, who sat out, puts in nothing; the bar says so."""
    by = ids(six)
    start = _posted(client_for(six.owner).get(record_url(six)).content.decode())
    start |= {"call": "5", f"state_{by['Dan']}": "folded", f"state_{by['Felix']}": "out"}
    start["order"] = str(by["Anna"])
    html = _taps(six, start, "fill")
    data = _posted(html)
    assert [data[f"chips_{by[name]}"] for name in ("Anna", "Ben", "Carla", "Eva")] == ["5"] * 4
    assert data[f"chips_{by['Dan']}"] == "1"
    assert re.search(r"Pot <strong>21</strong>", html)
    assert (
        "Everyone antes and calls: Ben, Carla, Eva and Anna in for 5 each; "
        "folded with the ante alone (1): Dan; sat out: Felix." in html
    )
    # The next change says nothing more about the tap.
    assert "Everyone antes and calls:" not in _taps(six, data, f"chips_{by['Anna']}:1")


def test_the_bar_drops_the_fill_note_once_a_row_no_longer_holds_what_it_put_in(
    six: Table,
) -> None:
    by = ids(six)
    data = _posted(_taps(six, {"key": "note", "call": "4"}, "fill"))
    assert data["filled"] == "1"
    data[f"chips_{by['Ben']}"] = "7"  # typed afterwards, with the note's flag still posted
    html = client_for(six.owner).post(record_url(six), {**data, "bar": "1"}).content.decode()
    assert "Everyone antes and calls:" not in html


def test_an_all_in_player_is_filled_with_at_most_their_stack() -> None:
    from gamenight.forms.recording_taps import State, fill_chips

    assert fill_chips(State.ALL_IN, call=60, ante=1, stack=45) == 45
    assert fill_chips(State.IN, call=60, ante=1, stack=45) == 60  # the bar says it is short
    assert fill_chips(State.FOLDED, call=60, ante=2, stack=45) == 2
    assert fill_chips(State.OUT, call=60, ante=1, stack=45) is None


def test_the_rows_go_round_from_the_dealers_left(six: Table) -> None:
    """Issue 23: the rows started at seat 1 whoever dealt; the cards go round from the
    dealer's left, and the dealer is served last."""
    by = ids(six)
    client = client_for(six.owner)

    def rows() -> list[str]:
        html = client.get(record_url(six)).content.decode()
        names = {str(pid): name for name, pid in by.items()}
        return [names[p] for p in re.findall(r'<li class="seat [^"]*" data-player="(\d+)"', html)]

    assert rows() == ["Ben", "Carla", "Dan", "Eva", "Felix", "Anna"]  # Anna deals
    data: dict[str, Any] = {"key": "first", "confirm": "1", "order": str(by["Ben"])}
    data |= {f"chips_{pid}": 1 for pid in by.values()}
    assert client.post(record_url(six), data).status_code == 302  # the deal passes to Ben
    assert rows() == ["Carla", "Dan", "Eva", "Felix", "Anna", "Ben"]
