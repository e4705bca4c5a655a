"""A season's scoring rule: points by a night's finishing place (a list, or a formula
of the number of players and the place), points for taking part, how many of a
player's best nights count, and what breaks a tie.

The rule is stored on the season as JSON (``Season.scoring``); an empty dict is
the plain chip count the app always had, so older seasons read as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

MAX_PLACES = 20
MAX_POINTS = 1000

# What breaks a tie on points (or on chips), in the order tried after the main figure.
TIE_BREAKS: dict[str, Any] = {
    "net": _("more chips won"),
    "wins": _("more nights won"),
    "best": _("the better best night"),
    "played": _("more nights played"),
}


@dataclass(frozen=True)
class Formula:
    """Points from the number of players at a night (``n``) and a player's place (``r``),
    as The Tournament Director's points formulas are written (it names them n and r)."""

    slug: str
    label: Any
    points: Callable[[int, int], float]


def _half_up(value: float) -> int:
    return math.floor(value + 0.5)


# The formulas home leagues type into The Tournament Director's points formula box,
# with where each comes from (tests/web/test_scoring_formulas.py pins the figures):
FORMULAS = {
    formula.slug: formula
    for formula in (
        # "n - r + 1": a point for every player outlasted and one for taking part; the
        # "(n-r)+1" of the TD forum's "Point Formulas" thread, so that last place
        # still scores (also the "Linear" preset of league sites, "p - f + 1").
        Formula("linear", _("TD linear: n - r + 1"), lambda n, r: n - r + 1),
        # "10 * sqrt(n) / sqrt(r)": the PokerStars / CardPlayer leaderboard formula
        # "Points = 10 * [sqrt(n)/sqrt(k)] * [1+log(b+0.25)]" as home-league pages
        # quote it (davidspokerparlor.com, "The PokerStars Method"), without the
        # buy-in factor: a home group's buy-in is the same every night, and the
        # factor would only scale every night alike. Rounded half up.
        Formula(
            "sqrt", _("TD square root: 10 * sqrt(n) / sqrt(r)"), lambda n, r: 10 * math.sqrt(n / r)
        ),
    )
}


@dataclass(frozen=True)
class ScoringRule:
    places: tuple[int, ...] = ()
    """Points for 1st, 2nd, ... place of a night; empty: the standings rank by chips."""
    formula: str = ""
    """A :data:`FORMULAS` slug: points from the players and the place instead of ``places``."""
    taking_part: int = 0
    """Points for every closed night a player sat at, whatever the place."""
    best_nights: int = 0
    """Only a player's best N nights count for points (0: every night)."""
    tie_break: str = "net"
    empty_nights: bool = False
    """A night without a game gives the points for taking part too (and nothing else);
    off, such a night counts for nobody."""

    @property
    def by_points(self) -> bool:
        return bool(self.places) or bool(self.formula) or self.taking_part > 0

    @property
    def counts_empty_nights(self) -> bool:
        return self.empty_nights and self.taking_part > 0

    def to_json(self) -> dict[str, Any]:
        if not self.by_points:
            return {}
        return {
            **({"formula": self.formula} if self.formula else {}),
            "places": list(self.places),
            "taking_part": self.taking_part,
            "best_nights": self.best_nights,
            "tie_break": self.tie_break,
            "empty_nights": self.empty_nights,
        }

    @classmethod
    def from_json(cls, data: object) -> ScoringRule:
        """Whatever is stored, a rule: a value out of range is dropped, not trusted."""
        if not isinstance(data, dict):
            return cls()
        places = data.get("places")
        clean = tuple(
            p for p in (places if isinstance(places, list) else []) if _whole(p, MAX_POINTS)
        )[:MAX_PLACES]
        taking_part = data.get("taking_part", 0)
        best = data.get("best_nights", 0)
        tie = data.get("tie_break", "net")
        formula = data.get("formula", "")
        return cls(
            places=clean,
            formula=formula if isinstance(formula, str) and formula in FORMULAS else "",
            taking_part=taking_part if _whole(taking_part, MAX_POINTS) else 0,
            best_nights=best if _whole(best, 1000) else 0,
            tie_break=tie if tie in TIE_BREAKS else "net",
            empty_nights=data.get("empty_nights") is True,
        )


def _whole(value: object, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


@dataclass(frozen=True)
class Preset:
    slug: str
    label: Any
    rule: ScoringRule


# Common league formulas; the host picks one and may change any number of it.
PRESETS = (
    Preset("chips", _("Chips: whoever won the most chips leads"), ScoringRule()),
    Preset(
        "classic",
        _("Classic league: 10, 7, 5, 3, 2, 1 by place"),
        ScoringRule(places=(10, 7, 5, 3, 2, 1)),
    ),
    Preset(
        "f1",
        pgettext_lazy("scoring preset", "Formula 1: 25, 18, 15, 12, 10, 8, 6, 4, 2, 1"),
        ScoringRule(places=(25, 18, 15, 12, 10, 8, 6, 4, 2, 1)),
    ),
    Preset(
        "turnout",
        _("Turnout counts: 5, 3, 1 by place and 2 for taking part"),
        ScoringRule(places=(5, 3, 1), taking_part=2),
    ),
    Preset("td_linear", FORMULAS["linear"].label, ScoringRule(formula="linear")),
    Preset("td_sqrt", FORMULAS["sqrt"].label, ScoringRule(formula="sqrt")),
    Preset(
        "best10",
        _("Best 10 nights: 10, 7, 5, 3, 2, 1, only a player's 10 best nights count"),
        ScoringRule(places=(10, 7, 5, 3, 2, 1), best_nights=10),
    ),
)


def preset(slug: str) -> ScoringRule | None:
    return next((p.rule for p in PRESETS if p.slug == slug), None)


def night_points(rule: ScoringRule, place: int, players: int = 0) -> int:
    """A night's points for a finishing place (1 is the winner) among ``players``."""
    formula = FORMULAS.get(rule.formula)
    if formula is not None:
        by_place = max(0, _half_up(formula.points(max(players, place), place)))
    else:
        by_place = rule.places[place - 1] if place <= len(rule.places) else 0
    return by_place + rule.taking_part


def season_points(rule: ScoringRule, per_night: list[int]) -> int:
    """The points that count: every night's, or only the best N nights'."""
    if rule.best_nights:
        return sum(sorted(per_night, reverse=True)[: rule.best_nights])
    return sum(per_night)
