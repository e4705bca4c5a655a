"""Reading the app's pages: URLs of the recording pages, the messages shown, rules cards."""

from __future__ import annotations

import re
from html import unescape
from typing import Any, Protocol

from gamenight.models import Night, Transaction


class AtNight(Protocol):
    """Anything of a night, such as tests/web's Table."""

    @property
    def night(self) -> Night: ...


def _night(at: Night | AtNight) -> Night:
    return at if isinstance(at, Night) else at.night


def record_url(at: Night | AtNight, game: str = "seven-card-stud") -> str:
    return f"/nights/{_night(at).pk}/record/{game}/"


def undo_url(at: Night | AtNight, record: Transaction) -> str:
    return f"/nights/{_night(at).pk}/deals/{record.pk}/undo/"


def alerts(html: str) -> list[str]:
    """The text of every message shown with role="alert", tags and runs of space folded."""
    return [
        re.sub(r"<[^>]+>|\s+", " ", text).strip()
        for text in re.findall(r'role="alert">(.*?)</(?:p|div)>', html, re.S)
    ]


def card_paragraphs(client: Any, game: str, language: str) -> list[str]:
    """The rules paragraphs of a card page, as a reader sees them (no back link)."""
    response = client.get(f"/rules/{game}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, (game, language)
    html = response.content.decode()
    article = re.search(r'<article class="card rules-card".*?</article>', html, flags=re.S)
    assert article, game
    body = article.group(0).split("<details>")[0]
    return [
        " ".join(unescape(re.sub(r"<[^>]+>", "", p)).split())
        for p in re.findall(r"<p>(.*?)</p>", body, flags=re.S)
    ]
