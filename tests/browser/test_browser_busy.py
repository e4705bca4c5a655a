"""A database too busy to write: the phone says nothing was recorded, and the same form
sent again records the game once.

htmx leaves an error response unswapped unless the page's htmx-config says
otherwise; the 503 of gamenight/busy.py is swapped in above the page's content.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_steps import fits_phone, preview_a_hand
from django.db import OperationalError
from playwright.sync_api import expect

from gamenight import services
from gamenight.models import Transaction, TransactionKind


def test_a_busy_database_is_shown_and_sending_again_records_once(
    page: Any, running_night: Any, live_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = services.record_table_hand
    tries: list[int] = []

    def busy_the_first_time(**kwargs: Any) -> Transaction:
        tries.append(1)
        if len(tries) == 1:
            raise OperationalError("database is locked")
        return real(**kwargs)

    # The live server runs in this process: the view finds the patched service.
    monkeypatch.setattr(services, "record_table_hand", busy_the_first_time)
    preview_a_hand(page, running_night, live_server.url)
    confirm = page.get_by_role("button", name="Confirm and record")
    confirm.click()
    alert = page.locator("#main > p[role=alert]")
    expect(alert).to_contain_text("nothing was recorded")
    fits_phone(page)
    hands = Transaction.objects.filter(night=running_night.night, kind=TransactionKind.TABLE_HAND)
    assert hands.count() == 0
    # The form is still there with its key: the second tap records the hand.
    confirm.click()
    expect(page.get_by_role("heading", name="Table")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert hands.count() == 1
    assert len(tries) == 2
