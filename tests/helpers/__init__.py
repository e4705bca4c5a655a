"""Helpers shared by every test folder (web, reports, browser, engine).

The root tests/conftest.py puts tests/ on sys.path (pytest's rootdir-relative
"prepend" import mode, as for each folder's own helper modules), so a test
imports these as ``from helpers.clients import client_for``. Helpers that only
one folder needs stay beside it (tests/web/ledger_helpers.py, seat_phones.py,
tests/reports/report_people.py).
"""
