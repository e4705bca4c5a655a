"""The league pages of the seeded five-season group fit a 360 px phone, element by element.

``fits_phone`` looks at the page's scroll width; a table inside a scrolling box
passes that check while its columns are cut off. Here every element's right
edge must be inside the screen (in English and in German, whose words are longer).
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_steps import log_in

from gamenight.demo import SeedOptions, seed_demo
from gamenight.models import Night, NightStatus
from gamenight.reports import build

NARROW = {"width": 360, "height": 800}
FIVE_SEASONS = SeedOptions(seasons=5, nights=3, games=8, players=8)

# The elements sticking out past the right edge of the screen, described.
WIDER_THAN_SCREEN = """(limit) => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > limit + 0.5)
  .slice(0, 8)
  .map((e) => `${e.tagName}.${e.className} right=${e.getBoundingClientRect().right}`)"""


@pytest.fixture
def league(live_db: None) -> Any:
    result = seed_demo(FIVE_SEASONS)
    season = result.seasons[-1]
    night = Night.objects.filter(season=season, status=NightStatus.CLOSED).order_by("-date")[0]
    build.build_night(night.pk)
    build.build_season(season.pk)
    return result, season, night


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_league_pages_fit_a_360px_phone(
    open_phone: Any, league: Any, live_server: Any, locale: str
) -> None:
    result, season, night = league
    group = result.group
    player = group.players.order_by("pk")[0]
    page = open_phone(locale=locale)
    page.set_viewport_size(NARROW)
    log_in(page, result.host, live_server.url)
    paths = [
        f"/groups/{group.pk}/",
        f"/groups/{group.pk}/seasons/{season.pk}/standings/",
        f"/groups/{group.pk}/seasons/{season.pk}/standings/?points=on",
        f"/groups/{group.pk}/players/{player.pk}/history/",
        f"/groups/{group.pk}/seasons/{season.pk}/report/",
        f"/nights/{night.pk}/report/",
        f"/nights/{night.pk}/deals/",
        f"/groups/{group.pk}/seasons/new/",
    ]
    for path in paths:
        response = page.goto(path)
        assert response is not None, path
        assert response.ok, f"{path}: {response.status}"
        page.wait_for_load_state()
        wider = page.evaluate(WIDER_THAN_SCREEN, NARROW["width"])
        assert not wider, f"{path} ({locale}): wider than 360 px: {wider}"
