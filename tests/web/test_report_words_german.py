"""The night report and its CSV in German (issue 15): game titles, not internal names; the
Guts pot's rows and column worded in the reader's language; German CSV headers."""

from __future__ import annotations

import re

import pytest
from crawl_seed import seed_crawl
from crawl_text import visible_text
from helpers.clients import client_for


@pytest.mark.django_db
def test_the_german_night_report_names_games_and_guts_rows_in_german() -> None:
    crawl = seed_crawl()
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


@pytest.mark.django_db
def test_the_csv_has_german_headers_kinds_and_game_titles() -> None:
    crawl = seed_crawl()
    client = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE="de")
    lines = client.get(f"/nights/{crawl.ended.pk}/report/entries.csv").content.decode().splitlines()
    assert lines[0].startswith("Buchung,Vorgang,Zeit,Art,")
    assert any(",Seven-Card Stud," in line or ",Seven-card stud," in line for line in lines)
    assert not any(",seven-card-stud," in line for line in lines)
    english = client_for(crawl.owner, HTTP_ACCEPT_LANGUAGE="en")
    head = english.get(f"/nights/{crawl.ended.pk}/report/entries.csv").content.decode()
    assert head.startswith("entry,transaction,time,kind,")
