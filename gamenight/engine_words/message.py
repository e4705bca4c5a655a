"""A worded engine message: one text, or a text chosen by one of its parameters
(a bet's or a raise's limit, a ranking's or the cards' showdown)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.functional import Promise


@dataclass(frozen=True)
class ByParam:
    """``texts[params[param]]``, or ``other`` for any other value."""

    param: str
    texts: Mapping[object, Promise]
    other: Promise

    def pick(self, params: Mapping[str, object]) -> Promise:
        return self.texts.get(params.get(self.param), self.other)

    def all(self) -> tuple[Promise, ...]:
        return (*self.texts.values(), self.other)


Message = Promise | ByParam


def by(param: str, texts: Mapping[object, Promise], other: Promise) -> ByParam:
    return ByParam(param=param, texts=texts, other=other)


def pick(message: Message, params: Mapping[str, object]) -> Promise:
    return message.pick(params) if isinstance(message, ByParam) else message


def texts(message: Message) -> tuple[Promise, ...]:
    """Every text a message may show (for the catalogue's test)."""
    return message.all() if isinstance(message, ByParam) else (message,)
