"""Moves on every screen at once: a change of a night is announced to its open pages.

:mod:`gamenight.live.publish` announces, after the commit, that a night changed;
:mod:`gamenight.live.stream` holds each open seat and table page's server-sent
event stream and passes the announcement on. The page then asks for its live part
as it did by polling (a conditional GET, 304 when nothing changed for it), so the
event carries no cards and no state: what a page may see is decided where it
always was. Between processes the announcement travels over the Channels layer
(Redis in production, in memory in the one process of `make run`).
"""
