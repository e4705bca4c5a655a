"""Settings of the whole suite: the hypothesis profile (see helpers/profiles.py).

Loaded before any test module is imported, so that the counts given to
``@settings(max_examples=examples(n))`` at import already follow the profile.
Hypothesis's plugin names the loaded profile in pytest's header.
"""

from __future__ import annotations

from helpers.profiles import register_and_load

register_and_load()
