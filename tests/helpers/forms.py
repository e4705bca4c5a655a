"""A page's form as a browser would send it, for tests that fill in a form as a host does.

Only what the browser sends: checked boxes and radios, the selected option of
each select (the first one when none is marked), text areas' text, every other
input's value; no submit button unless the test names one.
"""

from __future__ import annotations

from html.parser import HTMLParser

Fields = dict[str, list[str]]


class _Form(HTMLParser):
    def __init__(self, action: str) -> None:
        super().__init__()
        self.action = action
        self.fields: Fields = {}
        self.found = False
        self._inside = False
        self._select: str | None = None
        self._select_first: str | None = None
        self._select_chosen = False
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v if v is not None else "" for k, v in attrs}
        if tag == "form":
            self._inside = a.get("action") == self.action and not self.found
            self.found = self.found or self._inside
            return
        if not self._inside:
            return
        name = a.get("name", "")
        if tag == "input" and name and a.get("type", "text") not in ("submit", "button"):
            box = a.get("type") in ("checkbox", "radio")
            if box and "checked" not in a:
                return
            self.fields.setdefault(name, []).append(a.get("value", "on" if box else ""))
        elif tag == "select" and name:
            self._select, self._select_first, self._select_chosen = name, None, False
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in a:
                self.fields.setdefault(self._select, []).append(value)
                self._select_chosen = True
        elif tag == "textarea" and name:
            self._textarea = name
            self.fields[name] = [""]

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self.fields[self._textarea][-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._inside = False
        elif tag == "select" and self._select is not None:
            if not self._select_chosen and self._select_first is not None:
                self.fields.setdefault(self._select, []).append(self._select_first)
            self._select = None
        elif tag == "textarea":
            if self._textarea is not None:
                # A browser drops the one newline right after <textarea>.
                self.fields[self._textarea][-1] = self.fields[self._textarea][-1].removeprefix("\n")
            self._textarea = None


def form_fields(page: str, action: str) -> Fields:
    """The fields the form posting to ``action`` sends as shown, each name's values."""
    parser = _Form(action)
    parser.feed(page)
    assert parser.found, f"no form posts to {action}"
    return parser.fields


def as_post(fields: Fields, **changes: str | list[str] | None) -> dict[str, str | list[str]]:
    """The fields with ``changes`` (None: left out, as an unticked box), ready for
    Django's test client (a one-value field as its value, others as the list)."""
    data: dict[str, str | list[str]] = {k: v[0] if len(v) == 1 else v for k, v in fields.items()}
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data
