"""Properties of pots and payouts that hold for every hand (hypothesis).

Hands are drawn the way betting leaves them: anyone still in and not all-in
has put in the most anyone put in; all-in and folded players anything up to
that. Scores come from a few values so that ties, split pots and odd chips are
common.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from helpers.profiles import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.betting.opening import clockwise_from_dealer_left
from engine.chips.pots import PotSettlement, build_pots, settle_pots
from engine.table_hand import settle_table_hand_json


@dataclass(frozen=True)
class Case:
    contributions: dict[int, int]
    folded: frozenset[int]
    all_in: frozenset[int]
    scores: dict[int, int]
    dealer: int

    @property
    def order(self) -> list[int]:
        return clockwise_from_dealer_left(dealer=self.dealer, seat_count=len(self.contributions))

    def settle(self) -> PotSettlement:
        split = build_pots(contributions=self.contributions, folded=self.folded, all_in=self.all_in)
        return settle_pots(split, scores=self.scores, order=self.order)


@st.composite
def cases(draw: st.DrawFn) -> Case:
    n = draw(st.integers(2, 8))
    seats = list(range(n))
    raw = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    folded = draw(st.sets(st.sampled_from(seats), max_size=n - 1))
    live = [s for s in seats if s not in folded]
    all_in = draw(st.sets(st.sampled_from(live)))
    top = max(raw)
    contributions = {s: top if s in live and s not in all_in else raw[s] for s in seats}
    scores = {s: draw(st.integers(0, 3)) for s in live}
    return Case(
        contributions=contributions,
        folded=frozenset(folded),
        all_in=frozenset(all_in),
        scores=scores,
        dealer=draw(st.sampled_from(seats)),
    )


PROPERTY_SETTINGS = settings(max_examples=examples(500))


@PROPERTY_SETTINGS
@given(cases())
def test_no_chip_is_ever_created_or_lost(case: Case) -> None:
    result = case.settle()
    assert sum(result.payouts().values()) == sum(case.contributions.values())
    assert sum(result.net().values()) == 0
    assert result.split.total == sum(case.contributions.values())


@PROPERTY_SETTINGS
@given(cases())
def test_no_player_wins_from_an_opponent_more_than_they_put_in(case: Case) -> None:
    result = case.settle()
    c = case.contributions
    for seat, payout in result.payouts().items():
        assert payout <= sum(min(c[seat], c[other]) for other in c)
    for pot in result.split.pots:
        deepest = max(pot.contributed.values())
        assert all(pot.contributed.get(s, 0) == deepest for s in pot.eligible)


@PROPERTY_SETTINGS
@given(cases())
def test_a_folded_player_never_wins(case: Case) -> None:
    result = case.settle()
    for seat in case.folded:
        assert result.won(seat) == 0
        assert result.net()[seat] <= 0
        assert all(seat not in award.winners for award in result.awards)


@PROPERTY_SETTINGS
@given(cases(), st.randoms(use_true_random=False))
def test_the_order_of_entry_never_changes_the_result(case: Case, rng: random.Random) -> None:
    seats = list(case.contributions)
    rng.shuffle(seats)
    shuffled = Case(
        contributions={s: case.contributions[s] for s in seats},
        folded=frozenset(rng.sample(sorted(case.folded), len(case.folded))),
        all_in=frozenset(rng.sample(sorted(case.all_in), len(case.all_in))),
        scores={s: case.scores[s] for s in seats if s in case.scores},
        dealer=case.dealer,
    )
    a, b = case.settle(), shuffled.settle()
    assert a.payouts() == b.payouts()
    assert [(w.pot.amount, w.pot.eligible, w.winners, w.odd_chips) for w in a.awards] == [
        (w.pot.amount, w.pot.eligible, w.winners, w.odd_chips) for w in b.awards
    ]


@PROPERTY_SETTINGS
@given(cases())
def test_split_pots_share_evenly_with_odd_chips_clockwise_from_the_dealers_left(
    case: Case,
) -> None:
    result = case.settle()
    for award in result.awards:
        eligible_scores = [case.scores.get(s, 0) for s in award.pot.eligible]
        if award.pot.contested:
            assert all(case.scores[w] == max(eligible_scores) for w in award.winners)
        in_order = [s for s in case.order if s in award.winners]
        assert list(award.winners) == in_order
        odd = award.pot.amount - award.share * len(award.winners)
        assert 0 <= odd < len(award.winners)
        assert award.odd_chips == award.winners[:odd]


# ---------------------------------------------------------------- the table-hand JSON


@st.composite
def table_hands(draw: st.DrawFn) -> dict[str, object]:
    case = draw(cases())
    names = [f"P{s}" for s in case.contributions]
    live = [s for s in case.contributions if s not in case.folded]
    groups: dict[int, list[str]] = {}
    for s in live:
        groups.setdefault(case.scores[s], []).append(names[s])
    return {
        "game": "five-card-draw",
        "dealer": names[case.dealer],
        "ante": 0,
        "players": names,
        "put_in": {names[s]: c for s, c in case.contributions.items()},
        "folded": [names[s] for s in sorted(case.folded)],
        "all_in": [names[s] for s in sorted(case.all_in)],
        "showdown": {"ranking": [groups[v] for v in sorted(groups, reverse=True)]},
    }


@settings(max_examples=examples(300))
@given(table_hands(), st.randoms(use_true_random=False))
def test_a_table_hand_entered_in_any_order_settles_the_same_and_explains_every_chip(
    hand: dict[str, object], rng: random.Random
) -> None:
    answer = settle_table_hand_json(hand)
    players = answer["players"]
    assert sum(p["net"] for p in players) == 0
    for p in players:
        assert sum(r["chips"] for r in p["reasons"]) == p["net"]
    reordered = dict(hand)
    put_in = list(hand["put_in"].items())  # type: ignore[attr-defined]
    rng.shuffle(put_in)
    reordered["put_in"] = dict(put_in)
    reordered["folded"] = rng.sample(hand["folded"], len(hand["folded"]))  # type: ignore[arg-type]
    reordered["all_in"] = rng.sample(hand["all_in"], len(hand["all_in"]))  # type: ignore[arg-type]
    assert settle_table_hand_json(reordered) == answer
