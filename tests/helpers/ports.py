"""A free loopback port for a server a test starts (PostgreSQL, Redis, `make run`).

Asking the kernel for port 0 and closing the socket leaves a gap before the
server binds, in which another process asking the same way may be given the
same port: with two pytest-xdist processes starting servers at once, that is a
real collision. Each xdist process (``PYTEST_XDIST_WORKER``, gw0, gw1, ...)
draws instead from a band of its own below the kernel's ephemeral range
(32768 and up, where port-0 binds and outgoing connections land), so the
processes of one run never draw the same port; the draw is random within the
band and checked by binding, so runs of other checkouts rarely meet either.
"""

from __future__ import annotations

import os
import random
import socket

# Bands of 1,000 ports from 20000: one for a run without xdist, one per process.
FIRST, BAND, BANDS = 20_000, 1_000, 12


def _band() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw") and worker[2:].isdigit():
        return 1 + int(worker[2:]) % (BANDS - 1)
    return 0


def free_port() -> int:
    """A port of this process's band that nothing listens on now."""
    start = FIRST + _band() * BAND
    for port in random.sample(range(start, start + BAND), BAND):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {start}-{start + BAND - 1}")
