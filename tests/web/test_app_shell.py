"""The installable app (issue 26).

The manifest in both languages with its icons, the service worker at the root,
which pages the phone keeps, where the installed app opens, and the page for a
page not kept offline.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from helpers.clients import client_for
from ledger_helpers import Table
from PIL import Image

from gamenight.pages.offline_pages import kept

pytestmark = pytest.mark.django_db


def _body(response: Any) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


@pytest.mark.parametrize(("language", "name"), [("en", "Poker night"), ("de", "Pokerabend")])
def test_the_manifest_names_the_app_in_the_page_s_language(language: str, name: str) -> None:
    response = Client(headers={"accept-language": language}).get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    assert "Accept-Language" in response["Vary"]
    manifest = json.loads(response.content)
    assert manifest["name"] == name
    assert manifest["lang"] == language
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/start/"
    assert manifest["scope"] == "/"
    assert manifest["theme_color"] == "#0f5132"
    assert [(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]] == [
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    ]


def test_every_icon_of_the_manifest_is_a_png_of_its_size(client: Client) -> None:
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    for icon in manifest["icons"]:
        image = Image.open(io.BytesIO(_body(client.get(icon["src"]))))
        assert image.format == "PNG"
        assert f"{image.width}x{image.height}" == icon["sizes"]


def test_every_page_links_the_manifest_and_the_home_screen_icon(client: Client) -> None:
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">' in html


def test_the_service_worker_is_served_from_the_root_and_never_from_a_cache(
    client: Client,
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    config = json.loads(body.split("var CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["offline"] == "/offline/"
    assert config["start"] == "/start/"
    assert len(config["version"]) == 12
    assert client.get("/sw.js").content.decode() == body  # the same worker until it changes


@pytest.mark.parametrize(
    ("path", "is_kept"),
    [
        ("/", True),
        ("/groups/3/", True),
        ("/nights/3/", True),
        ("/nights/3/record/baseball/", True),
        ("/nights/3/deals/", True),
        ("/s/token/", False),  # a seat is live: never a copy
        ("/tv/token/", False),
        ("/nights/3/report/", False),
        ("/groups/3/export.json", False),
    ],
)
def test_the_phone_keeps_the_pages_of_the_table_and_no_live_page(path: str, is_kept: bool) -> None:
    assert kept(path) is is_kept


def test_the_installed_app_opens_on_the_host_s_group(table: Table) -> None:
    response = client_for(table.owner).get("/start/")
    assert response.status_code == 302
    assert response["Location"] == f"/groups/{table.group.pk}/"
    nobody = User.objects.create_user(username="new-host", password="felt-table-4-chips")
    assert client_for(nobody).get("/start/")["Location"] == "/"
    assert Client().get("/start/")["Location"].startswith("/accounts/login/")


def test_the_offline_page_speaks_both_languages() -> None:
    english = Client().get("/offline/")
    german = Client(headers={"accept-language": "de"}).get("/offline/")
    assert "No connection" in english.content.decode()
    assert "Keine Verbindung" in german.content.decode()
