"""The skeleton pages: home, health check and the locally served htmx script."""

import re

import pytest
from django.conf import settings
from django.test import Client, override_settings

PLAIN_STATIC_STORAGES = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


@pytest.mark.django_db
def test_home_renders_with_title(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<title>Poker night</title>" in html
    assert 'name="viewport"' in html
    assert "hx-headers" in html


def test_healthz_returns_ok(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"].startswith("text/plain")


# Serve static files straight from the finders, as in development.
@override_settings(WHITENOISE_USE_FINDERS=True, STORAGES=PLAIN_STATIC_STORAGES)
@pytest.mark.django_db
def test_htmx_is_served_from_static_not_a_cdn(client: Client) -> None:
    html = client.get("/").content.decode()
    sources = re.findall(r'<script[^>]*\bsrc="([^"]+)"', html)
    htmx = [src for src in sources if re.search(r"/htmx[-.\w]*\.js$", src)]
    assert htmx, f"no htmx script tag in {sources}"
    for src in sources:
        assert src.startswith("/static/"), src
        assert "://" not in src, src
    script = client.get(htmx[0])
    assert script.status_code == 200
    body = b"".join(script.streaming_content) if script.streaming else script.content
    assert b"htmx" in body


@override_settings(WHITENOISE_USE_FINDERS=True, STORAGES=PLAIN_STATIC_STORAGES)
@pytest.mark.django_db
def test_the_site_has_an_icon_at_the_root_and_in_every_pages_head(client: Client) -> None:
    """Issue 23: /favicon.ico was a 404 on every page a browser opened."""
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    body = b"".join(icon.streaming_content) if icon.streaming else icon.content
    assert body[:4] == b"\x00\x00\x01\x00"  # an icon file, not a page
    html = client.get("/").content.decode()
    linked = re.findall(r'<link rel="icon" href="([^"]+)"', html)
    assert linked == ["/static/root/favicon.ico"]
    again = client.get(linked[0])
    assert (b"".join(again.streaming_content) if again.streaming else again.content) == body
