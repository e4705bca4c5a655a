"""The Tournament Director's points formulas as presets (where they come from: see
gamenight/services/scoring.py), figures by hand for 7 players:
- linear n - r + 1: 7, 6, 5, 4, 3, 2, 1;
- 10 * sqrt(n / r): 26.46, 18.71, 15.28, 13.23, 11.83, 10.80, 10.00,
  rounded half up 26, 19, 15, 13, 12, 11, 10."""

from __future__ import annotations

from gamenight.services.scoring import ScoringRule, night_points, preset


def test_linear() -> None:
    rule = preset("td_linear")
    assert rule is not None
    assert [night_points(rule, r, 7) for r in range(1, 8)] == [7, 6, 5, 4, 3, 2, 1]


def test_square_root() -> None:
    rule = preset("td_sqrt")
    assert rule is not None
    assert [night_points(rule, r, 7) for r in range(1, 8)] == [26, 19, 15, 13, 12, 11, 10]


def test_a_formula_rule_is_stored_and_read_back() -> None:
    rule = ScoringRule(formula="sqrt", taking_part=2)
    assert rule.by_points
    assert ScoringRule.from_json(rule.to_json()) == rule
    assert night_points(rule, 1, 4) == 20 + 2
    assert ScoringRule.from_json({"formula": "nonsense", "places": [3]}).formula == ""
