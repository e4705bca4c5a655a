"""A house option that counts chips reads ASCII digits only (engine/games/options.py).

``"²".isdigit()`` is True yet ``int("²")`` raised a bare ValueError (a traceback in
``python -m engine simulate --option pot_cap=²``, a 500 in the web), and ``"١٢"``
was quietly read as 12.
"""

from __future__ import annotations

import pytest

from engine.games.errors import GameOptionError
from engine.games.options import OptionSpec, read_options

CAP = OptionSpec(name="pot_cap", kind="count", default=None, help="", rule="")
NOT_ASCII = ["\u00b2", "1\u00b2", "\u2460", "\u0661\u0662", "\uff13", "9" * 30]


@pytest.mark.parametrize("typed", NOT_ASCII)
def test_a_chip_option_refuses_digits_that_are_not_ascii(typed: str) -> None:
    with pytest.raises(GameOptionError, match="whole number of chips"):
        read_options("baseball", (CAP,), {"pot_cap": typed})


@pytest.mark.parametrize(("typed", "read"), [("12", 12), (" 7 ", 7), (5, 5), ("none", None)])
def test_a_chip_option_reads_what_a_person_types(typed: object, read: object) -> None:
    assert read_options("baseball", (CAP,), {"pot_cap": typed}) == {"pot_cap": read}
