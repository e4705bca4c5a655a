"""Hypothesis profiles: quick for a developer's `make test`, the full counts in CI.

Each property test states the number of examples it runs in CI, through
``examples(n)``; the loaded profile scales it. ``ci`` runs every test's full
count, ``dev`` (the default outside CI) a tenth of it, ``thorough`` ten times
it (for a night's run hunting a rare case). ``HYPOTHESIS_PROFILE`` chooses the
profile; without it, ``CI=true`` means ``ci`` and anything else ``dev``.

The scale lives in the profile's ``max_examples`` (``CI_EXAMPLES`` in CI), so
a test without an ``examples(n)`` of its own also runs the profile's count.
"""

from __future__ import annotations

import math
import os

from hypothesis import settings

from helpers.ci import in_ci

# Hypothesis's own default; the counts written in the tests are CI counts.
CI_EXAMPLES = 100

PROFILES = {"dev": CI_EXAMPLES // 10, "ci": CI_EXAMPLES, "thorough": CI_EXAMPLES * 10}


def register_and_load() -> str:
    """Register every profile and load the one the environment asks for; its name."""
    for name, max_examples in PROFILES.items():
        # No deadline: a test's speed depends on the machine (2 cores shared
        # here), and a timed assertion is no assertion.
        settings.register_profile(name, max_examples=max_examples, deadline=None)
    name = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if in_ci() else "dev")
    if name not in PROFILES:
        raise ValueError(f"HYPOTHESIS_PROFILE={name!r}: choose one of {', '.join(PROFILES)}")
    settings.load_profile(name)
    return name


def examples(ci_count: int) -> int:
    """The examples a test that runs ``ci_count`` in CI runs under the loaded profile."""
    return max(1, math.ceil(ci_count * settings.default.max_examples / CI_EXAMPLES))


def spacing(ci_every: int) -> int:
    """How many steps apart a test that checks every ``ci_every`` steps in CI checks
    under the loaded profile: ten times as far apart in ``dev``, every step in
    ``thorough``; a test always checks its first and last step as well."""
    return max(1, math.ceil(ci_every * CI_EXAMPLES / settings.default.max_examples))
