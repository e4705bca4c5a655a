"""Every page in English has no German: the language crawl's second half, in a file
of its own so that `make ci`'s two processes crawl the two languages at once (with
`--dist loadfile` a file runs whole on one process; together they held one for
about 170 s). The crawl itself is in tests/web/test_language_crawl.py.
"""

from __future__ import annotations

from collections import defaultdict

from crawl_seed import seed_crawl
from test_language_crawl import (
    Visit,
    _check,
    _default_language,  # noqa: F401 (autouse: every page asked in the crawl's language)
    _Once,
    _report,
    _text,
    crawl_all,
    german_findings,
)


def test_every_page_in_english_has_no_german(db: None) -> None:
    crawl = seed_crawl()
    visits: list[Visit] = []
    counts = crawl_all(crawl, "en", visits)
    _check(visits)
    findings: dict[tuple[str, str], list[str]] = defaultdict(list)
    names = [*crawl.names(), "Friday poker", "Other group", crawl.season.name]
    checked = _Once(lambda text: german_findings(text, names))
    for visit in visits:
        for kind, text in checked(_text(visit.page)):
            findings[(kind, text)].append(f"{visit.role}: {visit.page.url}")
    print(f"pages crawled in English by role: {counts}")
    assert not findings, "German on English pages:\n" + _report(findings)
