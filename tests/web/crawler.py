"""A small crawler over the Django test client: pages, their links and their forms.

Used by tests/web/test_language_crawl.py: it follows every link of the site
from a few start pages, keeps every page it reached with the URL name it
resolved to, and collects every form it saw so that the test can send each
one again with bad data.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

from django.http import HttpResponse
from django.test import Client
from django.urls import Resolver404, resolve

# Never followed: leaving (the session ends), the admin (Django's own, English
# only), the language switch (a POST), files of the build.
SKIP_PREFIXES = ("/accounts/logout/", "/admin/", "/i18n/", "/static/", "/media/")


@dataclass(frozen=True)
class Form:
    page: str
    action: str
    method: str
    fields: tuple[tuple[str, str, str], ...]  # name, type (tag or input type), value


@dataclass
class Page:
    url: str
    name: str
    status: int
    content_type: str
    body: str


class _Links(HTMLParser):
    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.links: list[str] = []
        self.forms: list[Form] = []
        self._form: dict[str, str] | None = None
        self._fields: list[tuple[str, str, str]] = []
        self._select: str | None = None
        self._first_option = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "img" and a.get("src"):
            self.links.append(a["src"])
        for hx in ("hx-get",):
            if a.get(hx):
                self.links.append(a[hx])
        if tag == "form":
            self._form = {
                "action": a.get("action") or self.page,
                "method": (a.get("method") or "get").lower(),
            }
            self._fields = []
        elif self._form is not None and tag in ("input", "textarea", "button") and a.get("name"):
            kind = a.get("type", "text") if tag == "input" else tag
            if kind in ("checkbox", "radio") and "checked" not in a:
                kind += "-off"
            self._fields.append((a["name"], kind, a.get("value", "")))
        elif self._form is not None and tag == "select" and a.get("name"):
            self._select, self._first_option = a["name"], True
        elif self._select is not None and tag == "option":
            if self._first_option or "selected" in a:
                self._fields = [f for f in self._fields if f[0] != self._select]
                self._fields.append((self._select, "select", a.get("value", "")))
            self._first_option = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        if tag == "form" and self._form is not None:
            self.forms.append(
                Form(self.page, self._form["action"], self._form["method"], tuple(self._fields))
            )
            self._form = None


def local(url: str, base: str) -> str | None:
    """The site path (and query) of a link, or None for another site or a skipped path."""
    url = urldefrag(url)[0]
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    if not url.startswith("/"):
        base_dir = base.split("?")[0].rsplit("/", 1)[0]
        url = f"{base_dir}/{url}"
    if url.startswith(SKIP_PREFIXES):
        return None
    # A rules card is the same page from every night ("?night=" only adds a back link).
    if url.startswith("/rules/"):
        url = url.split("?")[0]
    return url


def url_name(url: str) -> str:
    try:
        return resolve(urlsplit(url).path).url_name or ""
    except Resolver404:
        return ""


@dataclass
class Crawler:
    client: Client
    # Every page of the seeded group is well under this; the cap stops a loop of new URLs.
    limit: int = 1200
    pages: dict[str, Page] = field(default_factory=dict)
    forms: dict[tuple[str, str, tuple[str, ...]], Form] = field(default_factory=dict)

    def get(self, url: str, **headers: str) -> HttpResponse:
        response: HttpResponse = self.client.get(url, **headers)
        return response

    def crawl(self, starts: Iterable[str]) -> dict[str, Page]:
        queue = deque(u for u in starts if u not in self.pages)
        seen = set(self.pages) | set(queue)
        while queue and len(self.pages) < self.limit:
            url = queue.popleft()
            response = self.get(url)
            page = self.keep(url, response)
            moved = local(response.headers.get("Location", ""), url)
            if moved is not None and moved not in seen:
                seen.add(moved)
                queue.append(moved)
            if not page.content_type.startswith("text/html"):
                continue
            parser = _Links(url)
            parser.feed(page.body)
            for form in parser.forms:
                self.forms.setdefault(
                    (form.action, form.method, tuple(sorted(n for n, _, _ in form.fields))), form
                )
            for href in parser.links:
                target = local(href, url)
                if target is not None and target not in seen:
                    seen.add(target)
                    queue.append(target)
        return self.pages

    def post(self, url: str, data: dict[str, object], label: str, **headers: str) -> Page:
        """Send a form; the answer is kept (as ``label``) and its forms collected."""
        response: HttpResponse = self.client.post(url, data, **headers)
        page = self.keep(label, response)
        page.name = url_name(url)
        if page.content_type.startswith("text/html"):
            parser = _Links(url)
            parser.feed(page.body)
            for form in parser.forms:
                self.forms.setdefault(
                    (form.action, form.method, tuple(sorted(n for n, _, _ in form.fields))), form
                )
        return page

    def keep(self, url: str, response: HttpResponse) -> Page:
        kind = response.headers.get("Content-Type", "")
        body = response.content.decode("utf-8", "replace") if not kind.startswith("image/") else ""
        page = Page(url, url_name(url), response.status_code, kind, body)
        self.pages[url] = page
        return page
