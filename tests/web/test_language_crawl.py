"""Issue 15's proof: no English word on a German page, no German word on an English one.

A seeded group (tests/web/crawl_seed.py) is crawled as its host, its co-host, a
member who may only view, the phone of each seat link and a visitor: every link
followed from the start pages and a list of known URLs, every form seen sent
again with bad data, and the bad input the issue names (a card that is none,
a bet too big ...) shown. Each page's visible text (tests/web/crawl_text.py) is
checked by three detectors: the catalogue's English msgids, the engine's
English sentences caught while the crawl ran, and a list of English words. The
same crawl in English looks for the catalogue's German and German words.

Every named URL is either reached by the crawl or listed in NOT_A_PAGE with
the reason, so a new page cannot slip past.
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from crawl_seed import Crawl, seed_crawl
from crawl_text import (
    ENGLISH_CAPITALISED,
    ENGLISH_WORDS,
    GERMAN_WORDS,
    catalogue_phrases,
    fold,
    game_titles,
    phrases_in,
    umlauts_in,
    visible_text,
    without,
    words_in,
)
from crawler import Crawler, Form, Page, url_name
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation
from helpers.clients import client_for

import engine.errors
import engine.games.events
import engine.table_hand.settle
from engine.games.catalog import ENTRIES
from engine.games.families.guts.table import GutsSettlement
from engine.games.families.shelby.state import ShelbyRoundSettlement
from gamenight.models import NightReport, SeasonReport, Seat, SeatLink
from gamenight.reports import build

# Named URLs that are no page a person reads, or that the crawl reaches only
# through a form (reached by POST counts too: see _reached).
NOT_A_PAGE = {
    "logout": "a POST that ends the session; the crawl would log itself out",
    "healthz": "a health check for the load balancer, plain 'ok'",
    "seat_events": "a seat page's event stream (text/event-stream, no words: 'changed')",
    "night_events": "the TV's event stream (text/event-stream, no words: 'changed')",
    "tv_events": "the table link's event stream (text/event-stream, no words: 'changed')",
    "digital_replay_phh": "a PokerKit hand history file (PHH) for other programs, no page",
    "night_ics": "a calendar file (.ics) for calendar apps, no page",
    "player_link_ics": "a calendar file (.ics) for calendar apps, no page",
    "player_link_feed": "a calendar feed (.ics, linked as webcal://) for calendar apps, no page",
    "night_cost_take_back": "the take-back of a shared cost, a form only when the night has "
    "one (tests/reports/test_shared_costs.py posts it, its refusal in both languages)",
    "pokernow_confirm": "the confirm of a PokerNow preview, which needs a real PokerNow file "
    "uploaded first (tests/web/test_views_group_transfer.py posts one)",
    "app_manifest": "the web app manifest (JSON); its name in both languages: "
    "tests/web/test_app_shell.py",
    "app_service_worker": "the service worker's script, no words",
}

# ---------------------------------------------------------------- allowed
# English the engine makes that no page may show: none (each is worded from its
# code, gamenight/engine_words/). Kept as the one place an exception would go.
ENGINE_OWNED_PENDING: tuple[str, ...] = ()


# ---------------------------------------------------------------- the engine's English


@dataclass
class EngineTexts:
    """Every English sentence the engine made while the crawl ran."""

    texts: set[str] = field(default_factory=set)

    def add(self, text: object) -> None:
        text = fold(str(text or ""))
        if sum(c.isalpha() for c in text) >= 5 and (" " in text or len(text) >= 8):
            self.texts.add(text)
        elif re.fullmatch(r"[a-z]{4,}", text):
            self.texts.add(text)  # a word of the log ("spit"): matched as a whole word

    def found_in(self, text: str) -> list[str]:
        folded = fold(text)
        return [
            t
            for t in sorted(self.texts)
            if t in folded and (" " in t or re.search(rf"(?<![\w-]){t}(?![\w-])", folded))
        ]


@pytest.fixture
def engine_texts(monkeypatch: pytest.MonkeyPatch) -> EngineTexts:
    caught = EngineTexts()
    error_init = engine.errors.EngineError.__init__

    def error(self: engine.errors.EngineError, message: str = "", **kwargs: Any) -> None:
        caught.add(message)
        error_init(self, message, **kwargs)

    monkeypatch.setattr(engine.errors.EngineError, "__init__", error)
    for cls in (engine.table_hand.settle.Reason, engine.games.events.Event):
        original = cls.__init__

        def made(self: Any, *args: Any, __original: Any = original, **kwargs: Any) -> None:
            __original(self, *args, **kwargs)
            caught.add(getattr(self, "text", ""))

        monkeypatch.setattr(cls, "__init__", made)
    # A Guts deal's and a Shelby round's explanation: one English sentence per reason.
    for cls in (GutsSettlement, ShelbyRoundSettlement):
        original = cls.__init__

        def settled(self: Any, *args: Any, __original: Any = original, **kwargs: Any) -> None:
            __original(self, *args, **kwargs)
            for reason in getattr(self, "reasons", ()):
                caught.add(reason)

        monkeypatch.setattr(cls, "__init__", settled)
    return caught


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    yield
    translation.deactivate()


# ---------------------------------------------------------------- the crawl


@dataclass
class Visit:
    role: str
    page: Page


def _start_pages(crawl: Crawl) -> list[str]:
    group, night, ended, season = crawl.group, crawl.running, crawl.ended, crawl.season
    g = group.pk
    nights = {h.night_id for h in crawl.hands.values()} | {night.pk, ended.pk}
    # The installed app's start (a redirect to the group) and its page for a page
    # not kept offline, which nothing links to.
    urls = ["/", reverse("group_detail", args=[g]), reverse("app_start"), reverse("app_offline")]
    for n in sorted(nights):
        urls += [
            reverse("night_detail", args=[n]),
            reverse("night_deals", args=[n]),
            reverse("night_start", args=[n]),
        ]
    for hand in [*crawl.hands.values(), *crawl.finished.values()]:
        urls += [
            reverse("digital_table", args=[hand.night_id, hand.pk]),
            reverse("digital_table_state", args=[hand.night_id, hand.pk]),
        ]
    urls += [reverse("record_game", args=[night.pk, e.name]) for e in ENTRIES]
    urls += [reverse("record_game", args=[ended.pk, "guts"])]
    urls += [reverse("rules_card", args=[e.name]) for e in ENTRIES]
    urls += [
        reverse("night_report", args=[ended.pk]),
        reverse("night_report_csv", args=[ended.pk]),
        reverse("season_report", args=[g, season.pk]),
        reverse("season_report_csv", args=[g, season.pk]),
        reverse("season_standings", args=[g, season.pk]),
        reverse("season_standings", args=[g, season.pk]) + "?points=on",
        reverse("chip_value", args=[g]),
        reverse("group_jack_games", args=[g]),
        reverse("night_create", args=[g]),
        reverse("next_night_plan", args=[g]),  # the same form, under its older address
        reverse("player_create", args=[g]),
        reverse("season_create", args=[g]),
        reverse("group_create"),
        reverse("password_change"),
        reverse("password_change_done"),
        reverse("night_report", args=[night.pk]),
    ]
    urls += [reverse("player_history", args=[g, p.pk]) for p in crawl.players]
    for tourney in crawl.tourneys:  # issue 27: the tournament, its setup and clock
        urls += [
            reverse("night_detail", args=[tourney.pk]),
            reverse("tournaments:page", args=[tourney.pk]),
            reverse("tournaments:setup", args=[tourney.pk]),
            reverse("tournaments:clock", args=[tourney.pk]),
            reverse("tournaments:clock_state", args=[tourney.pk]),
            reverse("night_report", args=[tourney.pk]),
        ]
    return urls


def _visitor_pages(crawl: Crawl) -> list[str]:
    return [
        "/",
        reverse("login"),
        reverse("signup"),
        reverse("password_reset"),
        reverse("password_reset_done"),
        reverse("password_reset_complete"),
        reverse("password_reset_confirm", args=["MQ", "no-such-token"]),
        reverse("group_join", args=[crawl.group.invite_token]),
        reverse("rules_card", args=["guts"]),
        reverse("player_link_page", args=[crawl.withdrawn_link]),
    ]


def _client(user: Any, language: str) -> Client:
    return client_for(user, HTTP_ACCEPT_LANGUAGE=language)


def _seat_starts(crawl: Crawl, family: str) -> list[str]:
    hand = crawl.hands[family]
    links = SeatLink.objects.filter(seat_id__in=hand.seat_ids, hand=None, revoked=False)
    phone = crawl.phones[family]
    held = [
        link.token
        for link in links
        if phone.get(reverse("seat_page", args=[link.token])).status_code == 200
    ]
    return [
        u for t in held for u in (reverse("seat_page", args=[t]), reverse("seat_state", args=[t]))
    ]


def _garbage(form: Form) -> dict[str, Any]:
    """The form's fields with values no form takes (and no idempotency key)."""
    data: dict[str, Any] = {}
    for name, kind, value in form.fields:
        if name in ("key", "csrfmiddlewaretoken"):
            continue
        if kind in ("hidden", "submit", "button"):
            data[name] = value
        elif kind.endswith("-off"):
            continue
        elif kind in ("checkbox", "radio"):
            data[name] = value or "on"
        elif kind == "select":
            data[name] = "nonsense"
        else:
            data[name] = "-1x"
    return data


# Forms whose bad-data post does something for good (ends a night, revokes a link,
# answers or withdraws a request for a seat, removes a member, rotates the invite,
# leaves the group page): posted last.
LAST = (
    "night_end",
    "digital_abandon",
    "digital_revoke_link",
    "seat_move_approve",
    "seat_move_refuse",
    "seat_request_withdraw",
    "member_remove",
    "group_invite_rotate",
    "player_link_revoke",
)


def _post_forms(crawler: Crawler, role: str, visits: list[Visit], sent: set[object]) -> None:
    forms = sorted(crawler.forms.values(), key=lambda f: url_name(f.action) in LAST)
    for form in forms:
        # The same form on the pages of several roles is sent once (a login
        # sent by each role would lock the address out).
        seen = (form.action, form.method, tuple(sorted(n for n, _, _ in form.fields)))
        if seen in sent:
            continue
        sent.add(seen)
        if form.action.startswith(("/i18n/", "/accounts/logout/", "/admin/")):
            continue
        if form.method == "get":
            data = {name: value for name, kind, value in form.fields if not kind.endswith("-off")}
            response = crawler.client.get(form.action, data)
        else:
            response = crawler.client.post(form.action, _garbage(form))
        url = f"{form.action} [{form.method.upper()} bad data]"
        visits.append(Visit(role, crawler.keep(url, response)))
        crawler.pages[url].name = url_name(form.action)


def _sheet(crawl: Crawl, **fields: dict[str, object]) -> dict[str, object]:
    """Recording form data by player name: ``chips={"Anna": 5}``, ``folded={"Ben": "on"}``."""
    by_name = {p.name: p.pk for p in crawl.players}
    data: dict[str, object] = {"key": "bad-input"}
    for name, values in fields.items():
        if isinstance(values, dict):
            data.update({f"{name}_{by_name[n]}": v for n, v in values.items()})
        else:
            data[name] = values
    return data


def _bad_input(crawl: Crawl, host: Crawler) -> None:
    """The previews and the refusals the issue names, as the host meets them."""
    night = crawl.running.pk
    four = {"Anna": 5, "Ben": 5, "Carla": 5, "Dan": 5}
    places = {"Anna": 1, "Ben": 2, "Carla": 3, "Dan": 4}
    cases: list[tuple[str, dict[str, object]]] = [
        ("seven-card-stud", _sheet(crawl, chips=four, place=places, preview="1")),
        (
            "seven-card-stud",
            _sheet(
                crawl,
                chips=four,
                cards={
                    "Anna": "As Ah Ks Kh 2c 3c 4d",
                    "Ben": "Ds Dh Dd 7c 8c 9d 2h",
                    "Carla": "2s 3s 4s 5s 7h 8h 9h",
                    "Dan": "Ts Th Td Tc 5h 6h Jc",
                },
                preview="1",
            ),
        ),
        ("seven-card-stud", _sheet(crawl, chips=four, cards={"Anna": "Zx Ah"}, preview="1")),
        ("seven-card-stud", _sheet(crawl, chips=four, cards={"Anna": "Ds Ds"}, preview="1")),
        (
            "seven-card-stud",
            _sheet(
                crawl, chips={"Anna": 5, "Ben": 3, "Carla": 5, "Dan": 5}, place=places, preview="1"
            ),
        ),
        (
            "seven-card-stud",
            _sheet(
                crawl,
                chips={"Anna": 500, "Ben": 5, "Carla": 5, "Dan": 5},
                place=places,
                preview="1",
            ),
        ),
        (
            "baseball",
            _sheet(
                crawl,
                chips={"Anna": 8, "Ben": 3, "Carla": 3, "Dan": 3},
                paid={"Anna": 5},
                walk={"Ben": 0},
                folded={"Carla": "on", "Dan": "on"},
                place={"Anna": 1, "Ben": 2},
                preview="1",
            ),
        ),
        (
            "spit-in-the-ocean",
            _sheet(crawl, chips=four, spit="7d", place=places, preview="1"),
        ),
        (
            "texas-holdem",
            _sheet(
                crawl,
                chips=four,
                board="Ks Qs 8s 6s 2s",
                cards={"Anna": "As Js", "Ben": "Ac 3d", "Carla": "4c 7d", "Dan": "9h 9d"},
                preview="1",
            ),
        ),
        (
            "omaha-hi-lo",
            _sheet(
                crawl,
                chips=four,
                board="Ks Qs 8s 6s 2s",
                cards={
                    "Anna": "As Js 9d 9c",
                    "Ben": "Ac 3d Kd Jh",
                    "Carla": "4c 7d Kh Td",
                    "Dan": "5c 5d 6h 7h",
                },
                preview="1",
            ),
        ),
        (
            "guts",
            _sheet(
                crawl,
                **{"in": {"Anna": "on", "Ben": "on"}},
                place={"Anna": 1, "Ben": 2},
                preview="1",
            ),
        ),
        (
            "guts",
            _sheet(
                crawl,
                **{"in": {"Anna": "on", "Ben": "on"}},
                cards={"Anna": "As Ad 4c", "Ben": "Ks Kd"},
                preview="1",
            ),
        ),
        (
            "shelby",
            _sheet(
                crawl,
                **{"in": {"Carla": "on", "Dan": "on"}},
                place={"Carla": 1, "Dan": 2},
                preview="1",
            ),
        ),
        ("psycho-shelby", _sheet(crawl, **{"in": {"Carla": "on"}}, preview="1")),
        ("five-card-draw", _sheet(crawl, chips=four, cards={"Anna": "As Ad Kc"}, preview="1")),
    ]
    for n, (game, data) in enumerate(cases):
        url = reverse("record_game", args=[night, game])
        host.post(url, data, f"{url} [bad input {n}]")
    undone = crawl.undone
    assert undone is not None
    url = reverse("undo_deal", args=[night, undone.pk])
    host.post(url, {"key": "undo-again"}, f"{url} [undo twice]")
    # A player in a digital hand who leaves: "fold and cash out" is offered.
    hand = crawl.hands["stud"]
    in_hand = Seat.objects.get(pk=hand.seat_ids[0]).player_id
    url = reverse("night_leave", args=[hand.night_id])
    host.post(url, {"key": "leave-in-hand", "player": str(in_hand)}, f"{url} [leave in a hand]")


def _seat_bad_input(crawl: Crawl, family: str, seat: Crawler) -> None:
    hand = crawl.hands[family]
    for token_page in [p for p in list(seat.pages) if p.startswith("/s/") and p.count("/") == 3]:
        token = token_page.split("/")[2]
        url = reverse("seat_act", args=[token])
        for n, data in enumerate(
            (
                {
                    "action": "bet",
                    "amount": "99999",
                    "version": str(hand.version),
                    "key": "b1",
                    "hand": str(hand.pk),
                },
                {"action": "check", "version": "0", "key": "b2", "hand": str(hand.pk)},
                {
                    "action": "draw",
                    "cards": ["Zx"],
                    "version": str(hand.version),
                    "key": "b3",
                    "hand": str(hand.pk),
                },
            )
        ):
            seat.post(url, data, f"{url} [bad move {n}]")


def _words_outside_pages(crawl: Crawl, language: str, visits: list[Visit]) -> None:
    """What people read outside a page: the reports' mails and the password mail (as
    the worker and the mail server send them), the charts' title, axis, labels and
    legend (drawn into a PNG)."""
    from django.core import mail as outbox

    from gamenight.reports import charts_png
    from gamenight.reports import mail as report_mail

    drawn: list[dict[str, Any]] = []
    real = charts_png.line_chart_png

    def draw(**kwargs: Any) -> bytes:
        drawn.append(kwargs)
        return real(**kwargs)

    charts_png.line_chart_png = draw
    try:
        with translation.override(language):
            build.night_chart(crawl.ended.pk)
            build.season_chart(crawl.season.pk)
    finally:
        charts_png.line_chart_png = real
    for chart in drawn:
        words = [chart["title"], chart["y_label"], *chart["labels"], *chart["series"]]
        body = "\n".join(str(w) for w in words)
        visits.append(Visit("chart", Page("chart.png", "", 200, "text/plain", body)))
    outbox.outbox = []
    for report in (
        NightReport.objects.get(night=crawl.ended),
        SeasonReport.objects.get(season=crawl.season),
    ):
        report.language = language
        report_mail.send_report(report)
    crawl.owner.email = "host@example.com"
    crawl.owner.save(update_fields=["email"])
    Client(HTTP_ACCEPT_LANGUAGE=language).post(
        reverse("password_reset"), {"email": crawl.owner.email}
    )
    translation.deactivate()
    for message in outbox.outbox:
        body = f"{message.subject}\n{message.body}"
        visits.append(Visit("mail", Page(f"mail: {message.subject}", "", 200, "text/plain", body)))
    assert len(outbox.outbox) >= 3, "the reports' mails and the password mail"


def crawl_all(crawl: Crawl, language: str, visits: list[Visit]) -> dict[str, int]:
    """Crawl as every role; returns pages reached per role."""
    counts: dict[str, int] = {}
    starts = _start_pages(crawl)
    crawlers: list[tuple[str, Crawler]] = []
    for role, user in (("host", crawl.owner), ("co-host", crawl.cohost), ("player", crawl.viewer)):
        crawler = Crawler(_client(user, language))
        crawler.crawl(starts)
        crawlers.append((role, crawler))
    for family in crawl.hands:
        phone = crawl.phones[family]
        phone.defaults["HTTP_ACCEPT_LANGUAGE"] = language
        crawler = Crawler(phone)
        crawler.crawl(_seat_starts(crawl, family))
        crawlers.append((f"seat ({family})", crawler))
    visitor = Crawler(Client(HTTP_ACCEPT_LANGUAGE=language))
    visitor.crawl(_visitor_pages(crawl))
    crawlers.append(("visitor", visitor))
    # A new phone waiting for the host to give it a seat (issue 22).
    asking = crawl.asking_phone
    assert asking is not None
    asking.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    new_phone = Crawler(asking)
    new_phone.crawl([reverse("seat_request", args=[crawl.table_link])])
    crawlers.append(("new phone", new_phone))
    _bad_input(crawl, crawlers[0][1])
    for role, crawler in crawlers:
        if role.startswith("seat"):
            _seat_bad_input(crawl, role[6:-1], crawler)
    for role, crawler in crawlers:
        visits += [Visit(role, p) for p in crawler.pages.values()]
    # The bad-data posts come after every page was seen: some of them change things.
    sent: set[object] = set()
    for role, crawler in crawlers:
        _post_forms(crawler, role, visits, sent)
    for role, crawler in crawlers:
        key = role.split(" ")[0]
        counts[key] = counts.get(key, 0) + len(crawler.pages)
    _words_outside_pages(crawl, language, visits)
    counts["mails and charts"] = sum(v.role in ("mail", "chart") for v in visits)
    return counts


# ---------------------------------------------------------------- findings


# The CSV's last two columns are the ledger's memos (reason, summary), worded by
# the engine's side: each cell is checked on its own (see _memo_findings).
MEMO_COLUMNS = 2


def _text(page: Page) -> str:
    if page.content_type.startswith("text/html"):
        return visible_text(page.body)
    if page.content_type.startswith("text/csv"):
        rows = list(csv.reader(io.StringIO(page.body)))
        return "\n".join(" | ".join(r[:-MEMO_COLUMNS] if i else r) for i, r in enumerate(rows))
    if page.content_type.startswith("text/plain"):
        return page.body
    return ""


def _memos(page: Page) -> set[str]:
    if not page.content_type.startswith("text/csv"):
        return set()
    rows = list(csv.reader(io.StringIO(page.body)))[1:]
    return {cell for r in rows for cell in r[-MEMO_COLUMNS:] if cell}


# Each language is offered in its own name by the language switch.
LANGUAGE_NAMES = ["English", "Deutsch"]


def english_findings(text: str, names: list[str], engine: EngineTexts) -> list[tuple[str, str]]:
    # Game titles stay English in German ("The Good, the Bad and the Ugly"): a piece
    # of one ("the Bad") is no finding.
    titles = game_titles("de")
    said = [t for t in engine.found_in(text) if not any(t in title for title in titles)]
    found = [("engine", t) for t in said]
    # What the engine said is a finding of its own: its words are not counted again.
    text = without(fold(text), said)
    text = without(text, names + titles + LANGUAGE_NAMES)
    found += [("catalogue", t) for t in phrases_in(text, catalogue_phrases("en"))]
    rest = without(text, [t for _, t in found])
    found += [("word", w) for w in words_in(rest, ENGLISH_WORDS + ENGLISH_CAPITALISED)]
    return found


def german_findings(text: str, names: list[str]) -> list[tuple[str, str]]:
    text = without(text, names + game_titles("en") + LANGUAGE_NAMES)
    found = [("catalogue", t) for t in phrases_in(text, catalogue_phrases("de"))]
    rest = text
    found += [("word", w) for w in words_in(rest, GERMAN_WORDS)]
    found += [("umlaut", w) for w in umlauts_in(rest)]
    return found


def _pending_pattern(shape: str) -> re.Pattern[str]:
    return re.compile(".+?".join(re.escape(part) for part in shape.split("…")))


def _pending(text: str) -> bool:
    return any(_pending_pattern(p).fullmatch(text) for p in ENGINE_OWNED_PENDING)


def _report(findings: dict[tuple[str, str], list[str]]) -> str:
    lines = []
    for (kind, text), where in sorted(findings.items()):
        lines.append(f"{kind}: {text!r} on {len(where)} page(s), e.g. {where[0]}")
    return "\n".join(lines)


def _reached(visits: list[Visit]) -> set[str]:
    return {v.page.name for v in visits if v.page.name}


def _named_urls() -> set[str]:
    names: set[str] = set()

    def walk(patterns: list[URLPattern | URLResolver]) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                if p.namespace in ("admin",) or str(p.pattern).startswith("i18n/"):
                    continue
                walk(p.url_patterns)
            elif p.name:
                names.add(p.name)

    walk(get_resolver().url_patterns)
    return names


@dataclass
class _Once:
    """The detectors run once per distinct text: the roles see many pages alike (the
    host's and the co-host's night, every seat's rules card), and the detectors were a
    fifth of the crawl's time (cProfile, 2026-12-02)."""

    detect: Callable[[str], list[tuple[str, str]]]
    seen: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def __call__(self, text: str) -> list[tuple[str, str]]:
        if text not in self.seen:
            self.seen[text] = self.detect(text)
        return self.seen[text]


def _check(visits: list[Visit]) -> None:
    errors = [f"{v.role}: {v.page.url} -> {v.page.status}" for v in visits if v.page.status >= 500]
    assert not errors, "server errors:\n" + "\n".join(errors)
    missed = _named_urls() - _reached(visits) - set(NOT_A_PAGE)
    assert not missed, f"named URLs neither crawled nor listed in NOT_A_PAGE: {sorted(missed)}"


def test_every_page_in_german_has_no_english(db: None, engine_texts: EngineTexts) -> None:
    crawl = seed_crawl()
    visits: list[Visit] = []
    counts = crawl_all(crawl, "de", visits)
    _check(visits)
    findings: dict[tuple[str, str], list[str]] = defaultdict(list)
    names = [*crawl.names(), "Friday poker", "Other group"]
    checked = _Once(lambda text: english_findings(text, names, engine_texts))
    for visit in visits:
        found = list(checked(_text(visit.page)))
        for memo in _memos(visit.page):
            if checked(memo):
                found.append(("memo", memo))
        for kind, text in found:
            if not (kind in ("engine", "memo") and _pending(text)):
                findings[(kind, text)].append(f"{visit.role}: {visit.page.url}")
    print(f"pages crawled in German by role: {counts}")
    assert not findings, "English on German pages:\n" + _report(findings)


def test_the_crawl_finds_english_on_a_german_page() -> None:
    """The detectors themselves: each catches its kind of English."""
    engine = EngineTexts({"pair of kings"})
    text = "Anna zeigt pair of kings\nHauptpot: 64\nBen hat 3 Chips gesetzt, Carla with"
    found = english_findings(text, ["Anna", "Ben", "Carla"], engine)
    assert ("engine", "pair of kings") in found
    assert ("word", "with") in found
    assert not english_findings("Anna zeigt ein Paar Könige. Hauptpot: 64", ["Anna"], engine)
    assert ("catalogue", "Main pot") in english_findings("Main pot: 64", [], EngineTexts())


def test_the_crawl_finds_german_on_an_english_page() -> None:
    found = german_findings("Anna shows a pair\nHauptpot: 64\nRückgängig", ["Anna"])
    assert ("word", "Hauptpot") in found
    assert ("umlaut", "Rückgängig") in found
    assert not german_findings("Anna shows a pair of kings. Main pot: 64", ["Anna"])


def test_a_page_name_missing_from_the_crawl_is_named() -> None:
    with pytest.raises(AssertionError, match="night_end"):
        _check([Visit("host", Page("/", "home", 200, "text/html", ""))])
