"""Moves on every screen at once: a change of a night is pushed to its open pages.

:mod:`gamenight.live.publish` announces, after the commit, that a night changed
(once a transaction); :mod:`gamenight.live.hub` hears it in each web process and
renders each open screen's new live part once (:mod:`gamenight.live.screens`:
a seat's own view, the table's view), which :mod:`gamenight.live.stream` sends
down that screen's server-sent event stream. A page that misses a push (a cut
connection) asks for its live part as by polling (a conditional GET, 304 when
nothing changed for it); what a screen may see is decided where it always was.
Between processes the announcement travels over the Channels layer (Redis in
production; under `make run`, Unix sockets between its workers:
:mod:`gamenight.live.unix_layer`).
"""
