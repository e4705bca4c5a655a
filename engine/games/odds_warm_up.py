"""The odds' evaluator tables filled before the first TV asks (issue 16).

A fresh process met thousands of new seven-card rank shapes in its first odds
and worked each out in Python: up to 170 ms for six players on a quiet machine,
against a warm call's ten. Filling every seven-card shape of the games whose
tables show odds most (seven-card stud without wild cards, the Baseball family's
3s and 9s) takes about a second of CPU once, so the web process does it in a
daemon thread as it starts (gamenight/asgi.py), never in a request or a test's
set-up. Other wild ranks (Football, Woolworth, a Sequence's moving rank) still
fill as they are met.
"""

from __future__ import annotations

import threading
from typing import Final

from engine.hands.evaluate import fast_evaluator
from engine.hands.rankings import BASEBALL_WILD

WARM_WILDS: Final = (frozenset[int](), BASEBALL_WILD)
# A stud hand at the showdown: the odds deal every player up to it.
CARDS: Final = 7


def warm_odds_tables() -> int:
    """Fill the shared evaluators' tables; how many rank shapes they now hold."""
    return sum(fast_evaluator(wild).warm(cards=CARDS) for wild in WARM_WILDS)


def warm_up_in_background() -> threading.Thread:
    """:func:`warm_odds_tables` in a daemon thread (a process may exit before it ends)."""
    thread = threading.Thread(target=warm_odds_tables, name="odds-warm-up", daemon=True)
    thread.start()
    return thread
