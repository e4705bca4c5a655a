"""The night report and its CSV in German (issue 15): game titles, not internal names; the
Guts pot's rows and column worded in the reader's language; German CSV headers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from crawl_seed import Crawl, seed_crawl
from crawl_text import visible_text
from django.db import transaction
from django.utils import translation
from helpers.clients import client_for

from gamenight import services, tasks
from gamenight.models import NightReport
from gamenight.reports import build


@pytest.fixture(scope="module")
def crawl(django_db_setup: None, django_db_blocker: Any) -> Iterator[Crawl]:
    """The crawl's group, seeded once for the module (about 5 s of CPU each time);
    each test runs in a savepoint inside it and changes nothing the next one sees."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield seed_crawl()
        transaction.set_rollback(True)


def test_the_german_night_report_names_games_and_guts_rows_in_german(
    crawl: Crawl, db: None
) -> None:
    client = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE="de")
    html = client.get(f"/nights/{crawl.ended.pk}/report/").content.decode()
    text = visible_text(html)
    dealers = re.search(r'class="list dealers">(.*?)</ul>', html, re.S)
    assert dealers is not None
    assert "Spit in the Ocean 1" in dealers.group(1)
    assert "spit-in-the-ocean" not in text
    assert "no-peek" not in text
    guts = re.search(r'class="nets guts-history">(.*?)</table>', html, re.S)
    assert guts is not None
    assert "<th>Spiel</th>" in guts.group(1)
    assert "Geber" not in guts.group(1)
    assert ">Teilung<" in guts.group(1)
    assert ">split<" not in guts.group(1)


def test_the_csv_has_german_headers_kinds_and_game_titles(crawl: Crawl, db: None) -> None:
    client = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE="de")
    lines = client.get(f"/nights/{crawl.ended.pk}/report/entries.csv").content.decode().splitlines()
    assert lines[0].startswith("Buchung,Vorgang,Zeit,Art,")
    assert any(",Seven-Card Stud," in line or ",Seven-card stud," in line for line in lines)
    assert not any(",seven-card-stud," in line for line in lines)
    english = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE="en")
    head = english.get(f"/nights/{crawl.ended.pk}/report/entries.csv").content.decode()
    assert head.startswith("entry,transaction,time,kind,")


@pytest.mark.parametrize(("language", "day"), [("de", "4. Dez."), ("en", "Dec. 4")])
def test_the_standings_show_the_short_day_of_the_language(
    crawl: Crawl, db: None, language: str, day: str
) -> None:
    client = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE=language)
    url = f"/groups/{crawl.group.pk}/seasons/{crawl.season.pk}/standings/"
    text = visible_text(client.get(url).content.decode())
    assert f"({day})" in text  # the best night
    assert re.search(rf"^{re.escape(day)}\s*$", text, re.M)  # the chart's label


def _charts(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """Every chart drawn from now on: its title, axis and labels."""
    from gamenight.reports import charts_png

    drawn: list[dict[str, object]] = []
    real = charts_png.line_chart_png

    def draw(**kwargs: object) -> bytes:
        drawn.append(kwargs)
        return real(**kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(charts_png, "line_chart_png", draw)
    return drawn


def test_a_night_ended_in_german_is_built_and_mailed_in_german(
    crawl: Crawl, db: None, monkeypatch: pytest.MonkeyPatch, mailoutbox: list[Any]
) -> None:
    drawn = _charts(monkeypatch)
    night = crawl.running
    services.split_night_pots(
        night_id=night.pk, by=crawl.owner, key="split-crawl", players=crawl.ids[:4]
    )
    german = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE="de")
    assert german.post(f"/nights/{night.pk}/end/", {"confirm": "1"}).status_code == 302
    translation.deactivate()  # the worker's own language is the default, English
    report = NightReport.objects.get(night=night)
    assert report.language == "de"
    assert build.build_night(night.pk) == "built"
    assert drawn[-1]["title"] == "Stapel im Lauf des Abends"
    assert drawn[-1]["y_label"] == "Chips"
    assert "Start" in drawn[-1]["labels"]  # type: ignore[operator]
    report.refresh_from_db()
    assert report.csv.startswith("Buchung,")
    tasks.mail_report.apply(args=["night", report.pk, report.built_generation])
    assert mailoutbox
    message = mailoutbox[0]
    assert message.subject == "Friday poker: der Abend vom 11. Dezember 2026"
    assert "Wer zahlt wem" in message.body
    assert re.search(r"-> Anna: \d+,\d\d\u00a0€\n", message.body)


def test_a_reader_of_another_language_gets_the_chart_in_theirs(
    crawl: Crawl,  # built in English, the language of the seeding
    db: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = _charts(monkeypatch)
    german = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE="de")
    response = german.get(f"/nights/{crawl.ended.pk}/report/chart.png")
    assert response.status_code == 200
    assert response.content.startswith(b"\x89PNG")
    assert drawn[-1]["title"] == "Stapel im Lauf des Abends"
    english = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE="en")
    count = len(drawn)
    stored = english.get(f"/nights/{crawl.ended.pk}/report/chart.png")
    assert stored.content == bytes(NightReport.objects.get(night=crawl.ended).png)
    assert len(drawn) == count  # the stored chart, not drawn again


def test_the_first_and_last_day_of_a_chart_stay_inside_it() -> None:
    """A centred "15. Jan." at the right edge ran off the chart on a phone."""
    from gamenight.charts import line_chart

    svg = line_chart(labels=["8. Jan.", "15. Jan."], series=[("Anna", [3, 5])])
    assert re.search(r'text-anchor="start"[^>]*>8\. Jan\.<', svg)
    assert re.search(r'text-anchor="end"[^>]*>15\. Jan\.<', svg)


def test_an_english_sentence_ending_with_a_time_has_one_period(crawl: Crawl, db: None) -> None:
    """Django's English "2:55 p.m." made "It works until 12/08/2026 2:55 p.m.."."""
    client = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE="en")
    text = visible_text(client.get(f"/groups/{crawl.group.pk}/").content.decode())
    assert re.search(r"It works until \d\d/\d\d/\d{4} \d\d:\d\d\. *$", text, re.M)
    assert ".." not in text
