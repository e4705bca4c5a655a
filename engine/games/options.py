"""House options as data: each has a name, a kind, a default, a line of help and its rule.

Values arrive as Python values (a web form already parsed) or as text from the
command line (``--option pot_cap=10``); both are read here, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from engine.games.errors import GameOptionError
from engine.text import whole_number

OptionKind = Literal["bool", "count", "face", "choice"]

_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


@dataclass(frozen=True, kw_only=True)
class OptionSpec:
    """One house option. A ``count`` may be ``None`` (no cap) or a whole number from
    ``least`` (0 unless given); a ``choice`` is one of ``choices``. ``rule`` names where
    the option comes from ("RULINGS 11", "baseball.de.txt"); ``help`` is English for the
    command line, the web words options itself."""

    name: str
    kind: OptionKind
    default: object
    help: str
    rule: str
    choices: tuple[str, ...] = ()
    least: int = 0
    overrides: str = ""
    """Another option of the game this one makes pointless when both are set (a fixed
    pot payment and a cap on the pot payment, ruling 20): the game then ignores the
    other, and a house-rules form refuses the two together (:func:`check_together`)."""


def check_together(game: str, specs: tuple[OptionSpec, ...], values: Mapping[str, object]) -> None:
    """Refuse two options set together when one makes the other pointless; ``values``
    as :func:`read_options` reads them (unset counts options left at none or off)."""
    for spec in specs:
        other = spec.overrides
        if other and _is_set(values.get(spec.name)) and _is_set(values.get(other)):
            raise GameOptionError(
                f"{game}: {other} has no effect with {spec.name}: leave one of them empty",
                code="option_overrides",
                params={"game": game, "option": spec.name, "overridden": other},
            )


def _is_set(value: object) -> bool:
    return value is not None and value is not False


def read_options(
    game: str, specs: tuple[OptionSpec, ...], given: Mapping[str, object]
) -> dict[str, object]:
    """Every option of the game: the given values read and checked, defaults for the rest."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise GameOptionError(
            f"{game} has no option {unknown[0]!r}; its options: {known}",
            code="option_unknown",
            params={"game": game, "option": unknown[0]},
        )
    values = {spec.name: spec.default for spec in specs}
    for name, raw in given.items():
        values[name] = _read(game, by_name[name], raw)
    return values


def _read(game: str, spec: OptionSpec, raw: object) -> object:
    text = raw.strip().lower() if isinstance(raw, str) else None
    if spec.kind == "bool":
        if isinstance(raw, bool):
            return raw
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise GameOptionError(
            f"{game}: {spec.name} is yes or no, not {raw!r}",
            code="option_yes_no",
            params={"game": game, "option": spec.name, "value": str(raw)},
        )
    if spec.kind == "face":
        if text in ("up", "down"):
            return text
        raise GameOptionError(
            f"{game}: {spec.name} is up or down, not {raw!r}",
            code="option_up_down",
            params={"game": game, "option": spec.name, "value": str(raw)},
        )
    if spec.kind == "choice":
        if text in spec.choices:
            return text
        raise GameOptionError(
            f"{game}: {spec.name} is one of {', '.join(spec.choices)}, not {raw!r}",
            code="option_choice",
            params={"game": game, "option": spec.name, "value": str(raw)},
        )
    if raw is None or text in ("none", ""):
        return None
    value: int | None = None
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    elif text is not None:
        value = whole_number(text)
    if value is None or value < spec.least:
        least = f" from {spec.least}" if spec.least else ""
        raise GameOptionError(
            f"{game}: {spec.name} is a whole number of chips{least} or none, not {raw!r}",
            code="option_chips",
            params={"game": game, "option": spec.name, "value": str(raw), "least": spec.least},
        )
    return value
