"""Walks bought at a price that varies, recorded as totals (``walk_purchases``).

The English sheet (stud-home-variants.en.txt), Baseball: "Some play that the
extra card given when a four appears must be paid for. The price may be a fixed
amount paid to the pot or may vary according to whether the extra card is face
up or face down, and how late in the game it is dealt." Ruling 11: without a
price of its own the walk costs the limit's largest bet.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import SettlementError
from engine.hands.size import buys_walks
from engine.table_hand import settle_table_hand_json

# Anna's two face-up 4s each brought a walk: nine cards.
ANNA = "4s 4h Kd Kc Ks 9h 2d 7c 8c"
BEN = "Qs Qh Qd Jc 7s Ah 2c"


def _hand(walks: list[int], options: dict[str, object], **fields: Any) -> dict[str, Any]:
    paid = sum(walks)
    return {
        "game": "baseball",
        "dealer": "Ben",
        "players": ["Anna", "Ben"],
        "options": {"pay_or_fold": False, **options},
        "put_in": {"Anna": 5 + paid, "Ben": 5},
        "walk_purchases": [{"player": "Anna", "amount": w} for w in walks],
        "showdown": {"cards": {"Anna": ANNA, "Ben": BEN}},
        **fields,
    }


def test_two_walks_on_different_streets_cost_their_streets_price() -> None:
    """ "how late in the game it is dealt": 2 on the first street, 1 more each street."""
    per_street = {"walk_price": 2, "walk_price_per_street": 1}
    answer = settle_table_hand_json(_hand([2, 4], per_street))
    anna = answer["players"][0]
    assert [r["reason"] for r in anna["reasons"]][:4] == [
        "anted 1",
        "put 4 into the betting",
        "bought the walk: 2",
        "bought the walk: 4",
    ]
    assert anna["net"] == 5


def test_a_price_no_street_gives_is_refused() -> None:
    per_street = {"walk_price": 2, "walk_price_per_street": 1}
    with pytest.raises(SettlementError) as refused:
        settle_table_hand_json(_hand([2, 7], per_street))
    assert refused.value.code == "walk_price"
    assert "Anna bought the walk for 7 but a walk costs 2/3/4/5/6 by street" in str(refused.value)


def test_a_face_up_walk_costs_the_face_up_price() -> None:
    """ "whether the extra card is face up or face down\""""
    by_face = {"walk_price": 2, "walk_price_up": 3, "extra_face": "up"}
    assert settle_table_hand_json(_hand([3, 3], by_face))["players"][0]["net"] == 5
    with pytest.raises(SettlementError, match="the walk costs 3"):
        settle_table_hand_json(_hand([2, 3], by_face))


def test_the_limits_largest_bet_is_the_hosts_to_give() -> None:
    """Ruling 11: "the walk must be bought at the limit's highest bet", which the
    settlement does not know: any amount is taken."""
    assert settle_table_hand_json(_hand([5, 5], {"buy_walk": True}))["players"][0]["net"] == 5


def test_a_price_alone_makes_the_walk_bought() -> None:
    """A price for the walk is the rule "buy the walk": who bought none has no extra card."""
    assert buys_walks({"walk_price": 2})
    assert buys_walks({"walk_price_per_street": 1})
    assert not buys_walks({"walk_price": None, "walk_price_per_street": 0})
    with pytest.raises(SettlementError, match="Anna shows 9 cards but bought no walk"):
        settle_table_hand_json(_hand([], {"walk_price": 2}))


def test_two_walks_bought_need_two_extra_cards_shown() -> None:
    """Each walk bought is one extra card: two prices entered, nine cards shown."""
    data = _hand([2, 3], {"walk_price": 2, "walk_price_per_street": 1})
    assert settle_table_hand_json(data)["players"][0]["put_in"] == 10
    data["showdown"]["cards"]["Anna"] = "4s 4h Kd Kc Ks 9h 2d 7c"
    with pytest.raises(SettlementError, match="bought the walk but shows 8 cards"):
        settle_table_hand_json(data)
