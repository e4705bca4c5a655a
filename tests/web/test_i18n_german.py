"""The UI in German: the main pages and the services' messages, with the browser asking for German.

LocaleMiddleware picks the language from ``Accept-Language`` (or the language
cookie set by /i18n/setlang/). Each page is checked on its visible text (and
its aria-labels, placeholders and titles): German words are there, English UI
words are not. Names of games stay English in German, as on the German rule
sheets (Baseball, Guts, Spit in the Ocean ...), so they are not in the list.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.http import HttpResponse
from django.test import Client
from django.utils import translation
from ledger_helpers import Table

from gamenight import services
from gamenight.models import Season, Transaction
from gamenight.services.showdowns import HostRanking

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}

# English UI words that must not show on a German page (whole words, case-sensitive).
ENGLISH = (
    "Log in",
    "Log out",
    "Sign up",
    "Poker night",
    "Players",
    "Player",
    "Record",
    "Undo",
    "Season",
    "Seasons",
    "Nights",
    "Standings",
    "Preview",
    "Rebuy",
    "Members",
    "Table",
    "Games recorded",
    "chips",
    "Net",
    "Points",
    "Average",
    "Won",
    "Folded",
    "Cards shown",
    "History",
    "Start the night",
    "End the night",
    "Username",
    "Password",
)


class _VisibleText(HTMLParser):
    """Text nodes outside <script>/<style>, plus the attributes a screen reader speaks."""

    SPOKEN = frozenset({"aria-label", "placeholder", "title", "alt"})

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        self.parts += [v for k, v in attrs if k in self.SPOKEN and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.parts.append(data.strip())


def visible_text(response: HttpResponse) -> str:
    parser = _VisibleText()
    parser.feed(response.content.decode())
    return "\n".join(parser.parts)


def english_words_in(text: str) -> list[str]:
    return [w for w in ENGLISH if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


def assert_german(response: HttpResponse, *words: str) -> str:
    assert response.headers["Content-Language"] == "de"
    assert '<html lang="de">' in response.content.decode()
    text = visible_text(response)
    missing = [w for w in words if w not in text]
    assert not missing, f"German words missing: {missing}\n{text}"
    found = english_words_in(text)
    assert not found, f"English words on a German page: {found}\n{text}"
    return text


@pytest.fixture(autouse=True)
def _back_to_the_default_language() -> Iterator[None]:
    """LocaleMiddleware leaves the request's language active in the test's thread:
    without this, German would leak into the next test (and into its service messages)."""
    yield
    translation.deactivate()


def german_client(table: Table | None = None) -> Client:
    client = Client(**GERMAN)
    if table is not None:
        client.force_login(table.owner)
    return client


@pytest.fixture
def season_with_a_closed_night(table: Table) -> Season:
    """A season whose one closed night Anna won: Anna +6, Ben -5, Carla -1."""
    season = services.create_season(
        group_id=table.group.pk, by=table.owner, name="Herbst", starts_on=datetime.date(2026, 9, 1)
    )
    night = services.create_night(
        group_id=table.group.pk,
        by=table.owner,
        date=datetime.date(2026, 12, 4),
        season_id=season.pk,
    )
    anna, ben, carla = table.ids
    services.start_night(night_id=night.pk, by=table.owner, key="season-start", players=table.ids)
    services.record_table_hand(
        night_id=night.pk,
        by=table.owner,
        key="season-hand",
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna: 5, ben: 5, carla: 1},
            folded=frozenset({carla}),
            showdown=HostRanking(groups=((anna,), (ben,))),
        ),
    )
    services.end_night(night_id=night.pk, by=table.owner)
    return season


def _record_stud_hand(table: Table, key: str = "hand-1") -> Transaction:
    anna, ben, carla = table.ids
    return services.record_table_hand(
        night_id=table.night.pk,
        by=table.owner,
        key=key,
        hand=services.TableHandInput(
            game="seven-card-stud",
            put_in={anna: 5, ben: 5, carla: 1},
            folded=frozenset({carla}),
            showdown=HostRanking(groups=((anna,), (ben,))),
        ),
    )


# ---------------------------------------------------------------- the pages


@pytest.mark.django_db
def test_the_home_page_speaks_german_to_a_visitor() -> None:
    response = german_client().get("/")
    assert_german(response, "Pokerabend", "Anmelden", "Registrieren", "Wer gibt")


@pytest.mark.django_db
def test_the_login_page_speaks_german() -> None:
    response = german_client().get("/accounts/login/")
    assert_german(response, "Anmelden", "Benutzername", "Passwort", "Noch kein Konto?")


@pytest.mark.django_db
def test_a_wrong_password_is_refused_in_german() -> None:
    response = german_client().post("/accounts/login/", {"username": "nobody", "password": "wrong"})
    assert_german(response, "Anmelden", "Benutzername")


@pytest.mark.django_db
def test_the_signup_page_speaks_german() -> None:
    response = german_client().get("/accounts/signup/")
    assert_german(response, "Registrieren", "Konto anlegen", "Passwort bestätigen")


def test_the_home_page_lists_the_groups_in_german(table: Table) -> None:
    response = german_client(table).get("/")
    assert_german(response, "Deine Runden", "Gastgeber", "Neue Runde", "Abmelden")


def test_the_group_page_speaks_german(table: Table) -> None:
    services.create_season(
        group_id=table.group.pk, by=table.owner, name="Herbst", starts_on=datetime.date(2026, 9, 1)
    )
    response = german_client(table).get(f"/groups/{table.group.pk}/")
    assert_german(
        response,
        "Du bist Gastgeber dieser Runde.",
        "Abende",
        "Abend planen",
        "Spieler hinzufügen",
        "Saisons",
        "Neue Saison",
        "Mitglieder",
        "Co-Gastgeber",
        "Einladungslink",
    )


def test_the_night_page_speaks_german(table: Table) -> None:
    _record_stud_hand(table)
    response = german_client(table).get(f"/nights/{table.night.pk}/")
    assert_german(
        response,
        "läuft",
        "Ante",
        "Startstapel",
        "Geber",
        "wählt das Spiel",
        "Tisch",
        "Nachkaufen",
        "Auszahlen und gehen",
        "Abend beenden",
        "Eingetragene Spiele",
        "gegeben von",
        "Rückgängig",
    )


def test_the_night_page_for_a_player_who_may_only_view_speaks_german(table: Table) -> None:
    client = Client(**GERMAN)
    client.force_login(table.viewer)
    response = client.get(f"/nights/{table.night.pk}/")
    text = assert_german(response, "Geber", "Tisch", "Noch keine Spiele eingetragen.")
    assert "Abend beenden" not in text


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (
            "baseball",
            (
                "Spiel eintragen",
                "Anderes Spiel",
                ": gesetzte Chips",  # each field names its player: "Anna: gesetzte Chips"
                "Alle: Ante und mitgehen",
                "dabei",
                "Pot bezahlt",
                "Pot nicht bezahlt (raus)",
                "Gezeigte Karten",
                "nächster Tipp: Gleichstand",
                "Karten statt Reihenfolge",
                "Trag das Spiel ein: Pot und Gewinner erscheinen hier.",
                "Vorschau",
            ),
        ),
        ("spit-in-the-ocean", ("Spit-Karte (in der Mitte)", "dabei", "Vorschau")),
        ("guts", ("Pot", "Reserve", "Drin", "Vorschau")),
        ("psycho-shelby", ("Runde", "Gehalten", "Gekaufte Extrakarten", "Vorschau")),
    ],
)
def test_the_recording_form_speaks_german(table: Table, game: str, words: tuple[str, ...]) -> None:
    response = german_client(table).get(f"/nights/{table.night.pk}/record/{game}/")
    assert response.status_code == 200
    assert_german(response, *words, "Heute eingetragene Spiele")


def test_the_preview_of_a_hand_speaks_german(table: Table) -> None:
    anna, ben, carla = table.ids
    data = {
        "key": "preview-key",
        "preview": "1",
        **{f"chips_{pid}": "3" for pid in table.ids},
        f"place_{anna}": "1",
        f"place_{ben}": "2",
        f"place_{carla}": "2",
    }
    response = german_client(table).post(f"/nights/{table.night.pk}/record/seven-card-stud/", data)
    # The preview's lines per player ("anted 1", "won 9 ...") come from the engine,
    # in English: only the page's own words are checked here.
    text = visible_text(response)
    for word in ("9 Chips in der Mitte", "Hauptpot", "Gewonnen von", "Stapel danach"):
        assert word in text
    for word in ("Preview", "Main pot", "Won by", "Stack after", "Confirm and record"):
        assert word not in text


def test_the_games_recorded_page_speaks_german(table: Table) -> None:
    _record_stud_hand(table)
    response = german_client(table).get(f"/nights/{table.night.pk}/deals/")
    assert_german(response, "Eingetragene Spiele", "gegeben von", "Rückgängig")


def test_the_standings_speak_german(table: Table, season_with_a_closed_night: Season) -> None:
    season = season_with_a_closed_night
    url = f"/groups/{table.group.pk}/seasons/{season.pk}/standings/"
    response = german_client(table).get(url, {"points": "on"})
    assert_german(
        response,
        "Rangliste: Herbst",
        "1 Abend gespielt",
        "Punkte",
        "Bilanz",
        "Gewonnen",
        "Schnitt",
        "Bester Abend",
        "Laufender Chipstand",
    )


def test_the_standings_of_a_season_without_a_closed_night_speak_german(table: Table) -> None:
    season = services.create_season(
        group_id=table.group.pk, by=table.owner, name="Herbst", starts_on=datetime.date(2026, 9, 1)
    )
    url = f"/groups/{table.group.pk}/seasons/{season.pk}/standings/"
    response = german_client(table).get(url)
    assert_german(response, "In dieser Saison ist noch kein Abend beendet.", "Nach Chips")


def test_a_players_history_speaks_german(table: Table, season_with_a_closed_night: Season) -> None:
    anna = table.ids[0]
    response = german_client(table).get(f"/groups/{table.group.pk}/players/{anna}/history/")
    assert_german(response, "Verlauf", "Bilanz über alle Abende", "Gegebene Spiele", "beendet")


def test_the_language_cookie_switches_to_german(table: Table) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(table.owner)
    assert "Your groups" in visible_text(client.get("/"))
    switched = client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert switched.status_code == 302
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert_german(client.get("/"), "Deine Runden")


def test_english_is_still_english(table: Table) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(table.owner)
    text = visible_text(client.get(f"/nights/{table.night.pk}/"))
    assert "End the night" in text
    assert "Abend beenden" not in text


# ---------------------------------------------------------------- the services' messages


def test_ending_a_night_with_chips_in_the_middle_is_refused_in_german(table: Table) -> None:
    anna, ben, _carla = table.ids
    services.record_guts_deal(
        night_id=table.night.pk,
        by=table.owner,
        key="guts-1",
        in_players=[anna, ben],
        showdown=HostRanking(groups=((anna,), (ben,))),
    )
    response = german_client(table).post(f"/nights/{table.night.pk}/end/")
    assert response.status_code == 422
    text = assert_german(response, "Teile zuerst die Chips in der Mitte auf.")
    assert "Es liegen noch Chips in der Mitte (Guts-Pot 3)" in text
    assert "chips are still in the middle" not in text


def test_a_second_player_of_the_same_name_is_refused_in_german(table: Table) -> None:
    response = german_client(table).post(
        f"/groups/{table.group.pk}/players/new/", {"key": "dup", "name": "Anna", "email": ""}
    )
    assert response.status_code == 422
    text = assert_german(response, "Neue Spieler")
    assert "Es gibt schon einen Spieler namens Anna" in text


def test_undoing_twice_is_refused_in_german(table: Table) -> None:
    hand = _record_stud_hand(table)
    services.undo(night_id=table.night.pk, by=table.owner, key="undo-1", transaction_id=hand.pk)
    response = german_client(table).post(
        f"/nights/{table.night.pk}/deals/{hand.pk}/undo/", {"key": "undo-2"}
    )
    text = assert_german(response, "Eingetragene Spiele")
    assert "Das wurde schon rückgängig gemacht" in text
    assert "undone already" not in text


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "the rebuy is 0: it must be at least 1 chip"),
        ("de", "Der Nachkauf ist 0: Es muss mindestens 1 Chip sein"),
    ],
)
def test_a_service_message_follows_the_active_language(
    table: Table, language: str, message: str
) -> None:
    with translation.override(language), pytest.raises(services.BadAmountError) as refused:
        services.rebuy(
            night_id=table.night.pk, by=table.owner, key="r0", player_id=table.ids[0], amount=0
        )
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("language", "message"),
    [
        (
            "en",
            "Undoing this would leave Anna with -10 chips: Anna played them in Seven-card"
            " stud #2. Undo Seven-card stud #2 first or, if that game stands, rebuy for Anna"
            " first.",
        ),
        (
            "de",
            "Nach dem Rückgängigmachen hätte Anna -10 Chips: Anna hat sie in Seven-Card Stud"
            " #2 gesetzt. Mach zuerst Seven-Card Stud #2 rückgängig oder, wenn dieses Spiel so"
            " stimmt, kauf zuerst für Anna nach.",
        ),
    ],
)
def test_a_message_naming_a_stack_follows_the_active_language(
    table: Table, language: str, message: str
) -> None:
    """Anna rebuys 20 (70) and loses 30 twice (10): undoing the rebuy would leave her at -10."""
    anna, ben, carla = table.ids
    night = table.night.pk
    rebuy = services.rebuy(night_id=night, by=table.owner, key="r", player_id=anna, amount=20)
    for key, winner in (("h1", ben), ("h2", carla)):
        services.record_table_hand(
            night_id=night,
            by=table.owner,
            key=key,
            hand=services.TableHandInput(
                game="seven-card-stud",
                ante=0,
                put_in={pid: 30 if pid in (anna, winner) else 0 for pid in table.ids},
                folded=frozenset(set(table.ids) - {anna, winner}),
                showdown=HostRanking(groups=((winner,), (anna,))),
            ),
        )
    with translation.override(language), pytest.raises(services.StackTooShortError) as refused:
        services.undo(night_id=night, by=table.owner, key="u", transaction_id=rebuy.pk)
    assert str(refused.value) == message


# ---------------------------------------------------------------- the catalogue


def _po_entries(path: Path) -> list[dict[str, object]]:
    """The entries of a .po file: msgid, msgstr (or msgstr[n]) and flags; enough for a check."""
    entries: list[dict[str, object]] = []
    current: dict[str, object] = {}
    key = ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if current:
                entries.append(current)
            current, key = {}, ""
        elif line.startswith("#,"):
            current["flags"] = line[2:].strip()
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            current[key] = str(current[key]) + _unquote(line)
        else:
            key, _, rest = line.partition(" ")
            current[key] = _unquote(rest)
    return entries


def _unquote(text: str) -> str:
    return text.strip()[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def test_every_message_has_a_german_translation_that_is_compiled() -> None:
    po = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"
    entries = [e for e in _po_entries(po) if e.get("msgid")]
    assert entries
    fuzzy = [e["msgid"] for e in entries if "fuzzy" in str(e.get("flags", ""))]
    empty = [
        e["msgid"]
        for e in entries
        if not e.get("msgstr") and not (e.get("msgstr[0]") and e.get("msgstr[1]"))
    ]
    assert not fuzzy, f"fuzzy entries: {fuzzy}"
    assert not empty, f"untranslated entries: {empty}"
    # The .mo is compiled from this .po: every plain entry comes back translated.
    stale = []
    with translation.override("de"):
        for e in entries:
            plain = "msgstr" in e and "msgctxt" not in e
            if plain and translation.gettext(str(e["msgid"])) != e["msgstr"]:
                stale.append(e["msgid"])
    assert not stale, f"run compilemessages: {stale}"
