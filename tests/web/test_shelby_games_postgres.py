"""A Shelby game of several rounds counts once on PostgreSQL too (issue 23): the JSON
key that marks its later deals (models/deals.py) is read the same way there."""

from __future__ import annotations

import pytest
from ledger_helpers import make_table

from gamenight import services
from gamenight.models import Deal
from gamenight.models.deals import starts_a_game

pytestmark = pytest.mark.postgres


def test_only_the_first_deal_of_a_shelby_game_starts_a_game(on_postgres: None) -> None:
    table = make_table()
    anna, ben, _carla = table.ids
    for n, holder in enumerate((anna, anna, anna, ben)):
        services.record_shelby_round(
            night_id=table.night.pk, by=table.owner, key=f"s{n}", holders=[holder]
        )
    deals = Deal.objects.filter(night=table.night)
    assert deals.count() == 4
    assert list(deals.filter(starts_a_game()).values_list("number", flat=True)) == [1, 4]
