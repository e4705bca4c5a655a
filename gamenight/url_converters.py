"""Path converters of the app's URLs.

Django's ``<int:...>`` takes any number of digits, so ``/nights/99999999999999999999/``
reached the database and crashed it (SQLite: "Python int too large", PostgreSQL:
"out of range") with a 500. An id is at most 18 digits (a 64-bit key holds
them all); a longer one does not match, so it is a plain 404.

A link's token (a seat, an invite) is URL-safe base64 from :mod:`secrets`:
anything else (a NUL byte, which PostgreSQL refuses in text, or 10 kB of
junk) is a 404 before any query.
"""

from __future__ import annotations

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class TokenConverter:
    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(IdConverter, "id")
register_converter(TokenConverter, "token")
