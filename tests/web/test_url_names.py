"""Every URL name and its path, as they were before the URLs moved into gamenight/urls.py
(now gamenight/urls/, one module an area).

The table was generated from the URL modules of the branch point (views/*_urls.py),
by reverse() with the sample arguments below: a link in a template, a mail or a
bookmark keeps working only if each name still gives the same path and that path
still resolves to the same name.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

BEFORE: list[tuple[str, dict[str, Any], str]] = [
    ("home", {}, "/"),
    ("healthz", {}, "/healthz"),
    ("set_language", {}, "/i18n/setlang/"),
    ("signup", {}, "/accounts/signup/"),
    ("login", {}, "/accounts/login/"),
    ("logout", {}, "/accounts/logout/"),
    ("password_change", {}, "/accounts/password/"),
    ("password_change_done", {}, "/accounts/password/done/"),
    ("password_reset", {}, "/accounts/password/reset/"),
    ("password_reset_done", {}, "/accounts/password/reset/sent/"),
    (
        "password_reset_confirm",
        {"uidb64": "MQ", "token": "abc-def"},
        "/accounts/password/reset/MQ/abc-def/",
    ),
    ("password_reset_complete", {}, "/accounts/password/reset/done/"),
    ("group_create", {}, "/groups/new/"),
    ("group_detail", {"group_id": 11}, "/groups/11/"),
    ("group_invite_rotate", {"group_id": 11}, "/groups/11/invite/rotate/"),
    ("group_invite_single", {"group_id": 11}, "/groups/11/invite/single/"),
    ("member_remove", {"group_id": 11, "membership_id": 12}, "/groups/11/members/12/remove/"),
    ("member_role", {"group_id": 11, "membership_id": 12}, "/groups/11/members/12/role/"),
    ("group_jack_games", {"group_id": 11}, "/groups/11/jack-games/"),
    ("group_join", {"token": "Tok-en_9"}, "/join/Tok-en_9/"),
    # Issue 17: export and import.
    ("group_import", {}, "/groups/import/"),
    ("group_transfer", {"group_id": 11}, "/groups/11/transfer/"),
    ("group_export", {"group_id": 11}, "/groups/11/export.json"),
    ("group_ledger_csv", {"group_id": 11}, "/groups/11/ledger.csv"),
    ("pokernow_preview", {"group_id": 11}, "/groups/11/pokernow/"),
    ("pokernow_confirm", {"group_id": 11}, "/groups/11/pokernow/confirm/"),
    ("player_create", {"group_id": 11}, "/groups/11/players/new/"),
    ("season_create", {"group_id": 11}, "/groups/11/seasons/new/"),
    ("season_edit", {"group_id": 11, "season_id": 3}, "/groups/11/seasons/3/edit/"),
    ("night_create", {"group_id": 11}, "/groups/11/nights/new/"),
    ("night_detail", {"night_id": 11}, "/nights/11/"),
    ("night_start", {"night_id": 11}, "/nights/11/start/"),
    ("night_arrive", {"night_id": 11}, "/nights/11/arrive/"),
    ("night_rebuy", {"night_id": 11}, "/nights/11/rebuy/"),
    ("night_leave", {"night_id": 11}, "/nights/11/leave/"),
    ("night_fold_leave", {"night_id": 11}, "/nights/11/leave/fold/"),
    ("night_split", {"night_id": 11}, "/nights/11/split/"),
    ("night_end", {"night_id": 11}, "/nights/11/end/"),
    ("rules_card", {"game": "guts"}, "/rules/guts/"),
    ("record_game", {"night_id": 11, "game": "guts"}, "/nights/11/record/guts/"),
    (
        "record_hand_name",
        {"night_id": 11, "game": "baseball"},
        "/nights/11/record/baseball/hand-name/",
    ),
    ("night_deals", {"night_id": 11}, "/nights/11/deals/"),
    ("undo_deal", {"night_id": 11, "transaction_id": 12}, "/nights/11/deals/12/undo/"),
    ("season_standings", {"group_id": 11, "season_id": 12}, "/groups/11/seasons/12/standings/"),
    ("player_history", {"group_id": 11, "player_id": 12}, "/groups/11/players/12/history/"),
    ("player_rename", {"group_id": 11, "player_id": 12}, "/groups/11/players/12/rename/"),
    ("player_hide", {"group_id": 11, "player_id": 12}, "/groups/11/players/12/hide/"),
    ("player_merge", {"group_id": 11, "player_id": 12}, "/groups/11/players/12/merge/"),
    ("player_login", {"group_id": 11, "player_id": 12}, "/groups/11/players/12/login/"),
    ("night_report", {"night_id": 11}, "/nights/11/report/"),
    ("night_report_png", {"night_id": 11}, "/nights/11/report/chart.png"),
    ("night_report_csv", {"night_id": 11}, "/nights/11/report/entries.csv"),
    ("night_report_rebuild", {"night_id": 11}, "/nights/11/report/build/"),
    ("night_report_mail", {"night_id": 11}, "/nights/11/report/mail/"),
    ("season_report", {"group_id": 11, "season_id": 12}, "/groups/11/seasons/12/report/"),
    (
        "season_report_png",
        {"group_id": 11, "season_id": 12},
        "/groups/11/seasons/12/report/chart.png",
    ),
    (
        "season_report_csv",
        {"group_id": 11, "season_id": 12},
        "/groups/11/seasons/12/report/entries.csv",
    ),
    (
        "season_report_rebuild",
        {"group_id": 11, "season_id": 12},
        "/groups/11/seasons/12/report/build/",
    ),
    ("season_report_mail", {"group_id": 11, "season_id": 12}, "/groups/11/seasons/12/report/mail/"),
    ("chip_value", {"group_id": 11}, "/groups/11/chip-value/"),
    ("seat_page", {"token": "Tok-en_9"}, "/s/Tok-en_9/"),
    ("seat_state", {"token": "Tok-en_9"}, "/s/Tok-en_9/state/"),
    ("seat_act", {"token": "Tok-en_9"}, "/s/Tok-en_9/act/"),
    ("seat_events", {"token": "Tok-en_9"}, "/s/Tok-en_9/events/"),
    ("night_events", {"night_id": 11}, "/nights/11/events/"),
    ("tv_page", {"token": "Tok-en_9"}, "/tv/Tok-en_9/"),
    ("tv_state", {"token": "Tok-en_9"}, "/tv/Tok-en_9/state/"),
    ("tv_events", {"token": "Tok-en_9"}, "/tv/Tok-en_9/events/"),
    (
        "table_link_renew",
        {"night_id": 11, "link_id": 12},
        "/nights/11/table-link/12/renew/",
    ),
    ("digital_start", {"night_id": 11}, "/nights/11/hands/start/"),
    ("digital_table", {"night_id": 11, "hand_id": 12}, "/nights/11/hands/12/table/"),
    ("digital_table_state", {"night_id": 11, "hand_id": 12}, "/nights/11/hands/12/table/state/"),
    ("digital_replay", {"night_id": 11, "hand_id": 12}, "/nights/11/hands/12/replay/"),
    (
        "digital_replay_json",
        {"night_id": 11, "hand_id": 12},
        "/nights/11/hands/12/replay/hand.json",
    ),
    (
        "digital_replay_phh",
        {"night_id": 11, "hand_id": 12},
        "/nights/11/hands/12/replay/hand.phh",
    ),
    ("digital_act_for", {"night_id": 11, "hand_id": 12}, "/nights/11/hands/12/act-for/"),
    ("digital_abandon", {"night_id": 11, "hand_id": 12}, "/nights/11/hands/12/abandon/"),
    ("digital_revoke_link", {"night_id": 11, "link_id": 12}, "/nights/11/links/12/revoke/"),
    # The next night and the players' own links (issue 17).
    ("next_night_plan", {"group_id": 11}, "/groups/11/next-night/"),
    ("night_answer", {"night_id": 11}, "/nights/11/answer/"),
    ("night_ics", {"night_id": 11}, "/nights/11/night.ics"),
    ("player_link_page", {"token": "Tok-en_9"}, "/p/Tok-en_9/"),
    ("player_link_answer", {"token": "Tok-en_9", "night_id": 11}, "/p/Tok-en_9/nights/11/answer/"),
    ("player_link_ics", {"token": "Tok-en_9", "night_id": 11}, "/p/Tok-en_9/nights/11/night.ics"),
    ("player_link_report", {"token": "Tok-en_9", "night_id": 11}, "/p/Tok-en_9/nights/11/report/"),
    ("player_link_standings", {"token": "Tok-en_9", "season_id": 12}, "/p/Tok-en_9/seasons/12/"),
    ("player_link_make", {"group_id": 11, "player_id": 12}, "/groups/11/players/12/link/"),
    (
        "player_link_revoke",
        {"group_id": 11, "player_id": 12, "link_id": 13},
        "/groups/11/players/12/link/13/revoke/",
    ),
    # Added since: settle-up that finishes (issue 17).
    ("transfer_paid", {"night_id": 11}, "/nights/11/report/paid/"),
    ("group_owes", {"group_id": 11}, "/groups/11/owes/"),
    # Added since: a night from plan to start, one way (issue 23).
    ("night_edit", {"night_id": 11}, "/nights/11/edit/"),
    ("night_cancel", {"night_id": 11}, "/nights/11/cancel/"),
    ("night_delete", {"group_id": 11, "night_id": 12}, "/groups/11/nights/12/delete/"),
    # Issue 22: the page that follows a group file's import.
    ("group_import_status", {"import_id": 11}, "/groups/import/11/"),
    # Issue 22: a seat moves to a new phone only when its player asks and the host approves.
    ("seat_request", {"token": "Tok-en_9"}, "/tv/Tok-en_9/seat/"),
    ("seat_request_ask", {"token": "Tok-en_9"}, "/tv/Tok-en_9/seat/ask/"),
    ("seat_request_withdraw", {"token": "Tok-en_9"}, "/tv/Tok-en_9/seat/withdraw/"),
    ("seat_moves_poll", {"night_id": 11}, "/nights/11/seat-moves/"),
    (
        "seat_move_approve",
        {"night_id": 11, "move_id": 12},
        "/nights/11/seat-moves/12/approve/",
    ),
    ("seat_move_refuse", {"night_id": 11, "move_id": 12}, "/nights/11/seat-moves/12/refuse/"),
    # Issue 28: money among friends.
    ("group_money", {"group_id": 11}, "/groups/11/money/"),
    ("night_costs", {"night_id": 11}, "/nights/11/costs/"),
    ("night_cost_add", {"night_id": 11}, "/nights/11/costs/add/"),
    ("night_cost_take_back", {"night_id": 11}, "/nights/11/costs/take-back/"),
    (
        "player_payment",
        {"group_id": 11, "player_id": 12},
        "/groups/11/players/12/payment/",
    ),
    ("player_link_payment", {"token": "Tok-en_9"}, "/p/Tok-en_9/payment/"),
    ("player_link_feed", {"token": "Tok-en_9"}, "/p/Tok-en_9/calendar.ics"),
    # Issue 26: the installable app.
    ("app_manifest", {}, "/manifest.webmanifest"),
    ("app_service_worker", {}, "/sw.js"),
    ("app_start", {}, "/start/"),
    ("app_offline", {}, "/offline/"),
]


@pytest.mark.parametrize(("name", "kwargs", "path"), BEFORE, ids=[row[0] for row in BEFORE])
def test_every_name_reverses_to_the_same_path(name: str, kwargs: dict[str, Any], path: str) -> None:
    assert reverse(name, kwargs=kwargs) == path
    assert resolve(path).url_name == name


def _names(patterns: list[URLPattern | URLResolver]) -> set[str]:
    names: set[str] = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace is None:  # the admin has its own namespace
                names |= _names(pattern.url_patterns)
        elif pattern.name:
            names.add(pattern.name)
    return names


def test_no_name_was_added_or_lost() -> None:
    assert _names(get_resolver().url_patterns) == {row[0] for row in BEFORE}
