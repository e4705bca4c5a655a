"""Stale tabs and undo order under real concurrency, on PostgreSQL.

The version check and the undo-order check run inside the write that holds the
night's lock, so two requests at the same moment are decided one after the other.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from ledger_helpers import assert_ledger_consistent, make_table, run_together

from engine.hands.showdown import HostRanking
from gamenight import services
from gamenight.models import Transaction, TransactionKind

pytestmark = pytest.mark.postgres


def test_two_tabs_confirming_one_preview_at_once_record_it_once(on_postgres: None) -> None:
    table = make_table()
    anna, ben, carla = table.ids
    seen = services.table_version(table.night)
    entered = services.TableHandInput(
        game="seven-card-stud",
        put_in={anna: 3, ben: 3, carla: 3},
        showdown=HostRanking(groups=((anna,), (ben,), (carla,))),
    )

    def confirm(key: str) -> Callable[[], Transaction]:
        return lambda: services.record_table_hand(
            night_id=table.night.pk, by=table.owner, key=key, hand=entered, table_version=seen
        )

    results = run_together([confirm(f"tab-{i}") for i in range(4)])
    recorded = [r for r in results if isinstance(r, Transaction)]
    refused = [r for r in results if isinstance(r, services.TableChangedError)]
    assert (len(recorded), len(refused)) == (1, 3), results
    assert Transaction.objects.filter(kind=TransactionKind.TABLE_HAND).count() == 1
    assert_ledger_consistent(table.group)


def test_undoing_a_guts_deal_while_the_next_is_recorded_never_leaves_both(
    on_postgres: None,
) -> None:
    table = make_table()
    anna, ben, _carla = table.ids
    first = services.record_guts_deal(
        night_id=table.night.pk,
        by=table.owner,
        key="g1",
        in_players=[anna, ben],
        showdown=HostRanking(groups=((anna,), (ben,))),
    )
    results = run_together(
        [
            lambda: services.undo(
                night_id=table.night.pk, by=table.owner, key="u1", transaction_id=first.pk
            ),
            lambda: services.record_guts_deal(
                night_id=table.night.pk,
                by=table.cohost,
                key="g2",
                in_players=[anna, ben],
                showdown=HostRanking(groups=((ben,), (anna,))),
            ),
        ]
    )
    undone, second = results
    assert isinstance(second, Transaction), results
    if isinstance(undone, Transaction):
        # The undo went first: the second deal was settled on the empty pot.
        assert undone.pk < second.pk
    else:
        assert isinstance(undone, services.UndoOrderError), results
        assert "Guts #2" in str(undone)
    assert_ledger_consistent(table.group)
