"""Every error the engine raises for a person carries a code (issue 15): a page words
it from the code and its parameters in the reader's language."""

from __future__ import annotations

from helpers.error_codes import EXEMPT, error_sites


def test_every_engine_error_outside_the_exempt_modules_passes_a_code() -> None:
    missing = [f"{s.path}:{s.line} {s.error}" for s in error_sites() if not s.codes]
    assert not missing, "engine errors without code=:\n" + "\n".join(missing)


def test_every_code_is_a_constant_the_wording_table_can_be_checked_against() -> None:
    odd = [f"{s.path}:{s.line}" for s in error_sites() if "<not a constant>" in s.codes]
    assert not odd


def test_the_walk_finds_the_errors_it_is_meant_to_check() -> None:
    sites = list(error_sites())
    # Well over a hundred errors are raised outside the exempt modules; a walk
    # that found few would pass vacuously.
    assert len(sites) > 150
    assert {"engine/cards.py", "engine/betting/round.py"} <= {s.path for s in sites}
    assert not any(s.path.startswith("engine/cli/") for s in sites)
    assert all(reason for reason in EXEMPT.values())
