"""axe-core finds nothing on the main pages, in English and German, light and dark (issue 26).

axe-core and the rules it runs: tests/browser/axe_scan.py. The pages: logging in
and signing up, the groups, a group, the running night, a record form, the games
recorded tonight, a seat of a digital hand, the TV, a finished hand's replay, the
night's and the season's report, the standings, a player's history, a rules card
and the page for a page not kept offline. Each is scanned as the page loads and again
in the other colour scheme; a failure lists every rule broken, by page, with
its first element and the count of pages of each kind.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from axe_scan import axe_violations
from browser_steps import log_in
from playwright.sync_api import expect

from engine.games import ActionName
from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import DigitalHand, HandStatus, SeatLink
from gamenight.reports import build
from gamenight.services import digital, table_links

NAMES = ("Anna", "Ben", "Carla", "Dan")
SCHEMES = ("light", "dark")
LOCALES = ("en-US", "de-DE")


@dataclass(frozen=True)
class AxeNight:
    host: Any
    paths: dict[str, str]
    """The page's name: its path, for the logged-in host."""
    seats: tuple[str, str]
    """Two seat links of the running digital hand: one for each language's phone."""


def _table_hand(night: Any, host: Any, ids: list[int], key: str) -> None:
    anna, ben, carla, dan = ids
    services.record_table_hand(
        night_id=night.pk,
        by=host,
        key=key,
        hand=services.TableHandInput(
            game="baseball",
            put_in={anna: 5, ben: 5, carla: 3, dan: 1},
            folded=frozenset({carla, dan}),
            showdown=HostRanking(groups=((anna,), (ben,))),
        ),
    )


def _night(group: Any, host: Any, ids: list[int], season: Any, day: int) -> Any:
    night = services.create_night(
        group_id=group.pk,
        by=host,
        date=datetime.date(2025, 3, day),
        season_id=season.pk,
        place="Kitchen",
        allowed_games=["baseball", "seven-card-stud", "guts"],
        starting_stack=100,
    )
    services.start_night(night_id=night.pk, by=host, key=f"start-{day}", players=ids)
    night.refresh_from_db()
    return night


def _fold_to_the_end(hand: DigitalHand, host: Any) -> DigitalHand:
    """The host folds for whoever is to act (checks when there is no bet) until one
    player is left: a finished hand."""
    for n in range(100):
        hand.refresh_from_db()
        if hand.status != HandStatus.RUNNING:
            break
        state = digital.hand_state(hand)
        assert state.actor is not None
        kinds = {a.kind for a in state.legal_actions()}
        digital.act_for_absent(
            night_id=hand.night_id,
            hand_id=hand.pk,
            by=host,
            seat=state.actor,
            action=ActionName.FOLD if ActionName.FOLD in kinds else ActionName.CHECK,
            version=hand.version,
            key=f"fold-{n}",
        )
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED
    return hand


@pytest.fixture
def axe_night(live_db: None) -> AxeNight:
    """An ended night with its reports, a running night, and a night with a digital hand
    played to its end and one running."""
    from django.contrib.auth.models import User

    host = User.objects.create_user(username="host", password="felt-table-4-chips")
    group = services.create_group(name="Friday Felt", host=host)
    players = [services.add_player(group_id=group.pk, by=host, name=n) for n in NAMES]
    ids = [p.pk for p in players]
    season = services.create_season(
        group_id=group.pk, by=host, name="Spring", starts_on=datetime.date(2025, 3, 1)
    )
    ended = _night(group, host, ids, season, 7)
    _table_hand(ended, host, ids, "ended-1")
    services.end_night(night_id=ended.pk, by=host)
    build.build_night(ended.pk)
    build.build_season(season.pk)
    running = _night(group, host, ids, season, 14)
    _table_hand(running, host, ids, "running-1")
    dealt = _night(group, host, ids, season, 15)
    done = digital.start_hand(night_id=dealt.pk, by=host, key="done", game="seven-card-stud")
    done = _fold_to_the_end(done, host)
    hand = digital.start_hand(night_id=dealt.pk, by=host, key="deal", game="seven-card-stud")
    seats = tuple(
        SeatLink.objects.get(seat_id=hand.seat_ids[seat], hand=None, revoked=False).token
        for seat in (0, 1)
    )
    tv = table_links.live_table_link(dealt).token
    paths = {
        "home": "/",
        "group": f"/groups/{group.pk}/",
        "night": f"/nights/{running.pk}/",
        "record form": f"/nights/{running.pk}/record/baseball/",
        "games recorded": f"/nights/{running.pk}/deals/",
        "digital night": f"/nights/{dealt.pk}/",
        "TV": f"/tv/{tv}/",
        "replay": f"/nights/{dealt.pk}/hands/{done.pk}/replay/",
        "night report": f"/nights/{ended.pk}/report/",
        "season report": f"/groups/{group.pk}/seasons/{season.pk}/report/",
        "standings": f"/groups/{group.pk}/seasons/{season.pk}/standings/",
        "player": f"/groups/{group.pk}/players/{ids[0]}/history/",
        "rules": f"/rules/baseball/?night={running.pk}",
        "offline": "/offline/",
    }
    return AxeNight(host=host, paths=paths, seats=(seats[0], seats[1]))


def _scan(page: Any, name: str, found: dict[str, list[str]], counts: Counter[str]) -> None:
    """Both colour schemes of the page already loaded."""
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        for violation in axe_violations(page):
            nodes = violation["nodes"]
            found.setdefault(f"{name} ({scheme})", []).append(
                f"{violation['id']} ({violation['impact']}, {len(nodes)}x): "
                f"{nodes[0]['target']} {nodes[0]['failureSummary'][:160]!r}"
            )
            counts[f"{name} ({scheme})"] += 1


def _report(found: dict[str, list[str]], counts: Counter[str]) -> str:
    lines = [f"{page}: {counts[page]} rule(s)" for page in sorted(counts)]
    lines += [f"{page}: {line}" for page, broken in sorted(found.items()) for line in broken]
    return "\n".join(lines)


@pytest.mark.parametrize("locale", LOCALES)
def test_axe_finds_nothing_on_the_main_pages(
    open_phone: Any, axe_night: AxeNight, live_server: Any, locale: str
) -> None:
    found: dict[str, list[str]] = {}
    counts: Counter[str] = Counter()
    scanned = 0
    page = open_phone(locale=locale)
    for name, path in (("login", "/accounts/login/"), ("signup", "/accounts/signup/")):
        page.goto(path)
        _scan(page, name, found, counts)
        scanned += 1
    log_in(page, axe_night.host, live_server.url)
    for name, path in axe_night.paths.items():
        response = page.goto(path)
        assert response is not None
        assert response.ok, f"{path}: {response.status}"
        _scan(page, name, found, counts)
        scanned += 1
    # A player's phone holds its seat link (the first to open it keeps it).
    seat = axe_night.seats[LOCALES.index(locale)]
    player = open_phone(locale=locale)
    player.goto(f"/s/{seat}/")
    expect(player.locator("#live")).to_be_visible()
    _scan(player, "seat", found, counts)
    scanned += 1
    assert scanned == len(axe_night.paths) + 3
    assert not found, f"axe-core ({locale}):\n{_report(found, counts)}"


def test_the_scan_sees_a_violation(open_phone: Any, live_db: None) -> None:
    """The scan is not empty: a button without a name is found."""
    page = open_phone()
    page.goto("/accounts/login/")
    page.evaluate("document.querySelector('main').appendChild(document.createElement('button'))")
    ids = {v["id"] for v in axe_violations(page)}
    assert "button-name" in ids, ids
