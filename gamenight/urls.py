"""Every URL of the app, grouped by area.

Names and paths are what templates, mails and bookmarks use: they stay as they
are (tests/web/test_url_names.py). ``<id:...>`` and ``<token:...>`` are the
app's converters (gamenight/url_converters.py): an id too long for the database,
or a token with characters no token has, is a plain 404 before any query.
"""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from gamenight import url_converters  # noqa: F401  (registers <id:...> and <token:...>)
from gamenight.views import (
    accounts,
    app_shell,
    core,
    digital_host,
    digital_seat,
    digital_table,
    groups,
    live_events,
    next_night,
    night_plan,
    nights,
    people,
    player_links,
    players,
    recording,
    recording_cards,
    replay,
    reports,
    rules_cards,
    seasons,
    seat_requests,
    settling,
    standings,
    transfer,
    tv,
)

# A lock error raised outside a view (a session save, say) is the busy page too.
handler500 = "gamenight.busy.server_error"

urlpatterns: list[URLPattern | URLResolver] = [
    # ---------------------------------------------------------------- site and accounts
    path("", core.home, name="home"),
    path("healthz", core.healthz, name="healthz"),
    # The installable app (issue 26): its manifest, its service worker at the root
    # (scope: every page), where it opens, and its page for a page not kept offline.
    path("manifest.webmanifest", app_shell.manifest, name="app_manifest"),
    path("sw.js", app_shell.service_worker, name="app_service_worker"),
    path("start/", app_shell.start, name="app_start"),
    path("offline/", app_shell.offline, name="app_offline"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login_view, name="login"),
    path("accounts/logout/", accounts.logout_view, name="logout"),
    path("accounts/password/", accounts.password_change, name="password_change"),
    path("accounts/password/done/", accounts.password_change_done, name="password_change_done"),
    path("accounts/password/reset/", accounts.password_reset, name="password_reset"),
    path("accounts/password/reset/sent/", accounts.password_reset_done, name="password_reset_done"),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        accounts.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        accounts.password_reset_complete,
        name="password_reset_complete",
    ),
    path("rules/<slug:game>/", rules_cards.rules_card, name="rules_card"),
    # ---------------------------------------------------------------- groups and members
    path("groups/new/", groups.group_create, name="group_create"),
    path("groups/import/", transfer.group_import, name="group_import"),
    path(
        "groups/import/<id:import_id>/",
        transfer.group_import_status,
        name="group_import_status",
    ),
    path("groups/<id:group_id>/", groups.group_detail, name="group_detail"),
    path(
        "groups/<id:group_id>/invite/rotate/",
        groups.group_invite_rotate,
        name="group_invite_rotate",
    ),
    path(
        "groups/<id:group_id>/invite/single/",
        groups.group_invite_single,
        name="group_invite_single",
    ),
    path(
        "groups/<id:group_id>/jack-games/",
        groups.group_jack_games,
        name="group_jack_games",
    ),
    path(
        "groups/<id:group_id>/members/<id:membership_id>/remove/",
        groups.member_remove,
        name="member_remove",
    ),
    path(
        "groups/<id:group_id>/members/<id:membership_id>/role/",
        groups.member_role,
        name="member_role",
    ),
    path("join/<token:token>/", groups.group_join, name="group_join"),
    # ---------------------------------------------------------------- export and import
    path("groups/<id:group_id>/transfer/", transfer.group_transfer, name="group_transfer"),
    path("groups/<id:group_id>/export.json", transfer.group_export, name="group_export"),
    path("groups/<id:group_id>/ledger.csv", transfer.group_ledger_csv, name="group_ledger_csv"),
    path("groups/<id:group_id>/pokernow/", transfer.pokernow_preview, name="pokernow_preview"),
    path(
        "groups/<id:group_id>/pokernow/confirm/",
        transfer.pokernow_confirm,
        name="pokernow_confirm",
    ),
    path("groups/<id:group_id>/players/new/", players.player_create, name="player_create"),
    path("groups/<id:group_id>/seasons/new/", seasons.season_create, name="season_create"),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/edit/",
        seasons.season_edit,
        name="season_edit",
    ),
    # ---------------------------------------------------------------- the next night
    # One way to plan a night (issue 23): the next night's old address is the same form.
    path("groups/<id:group_id>/next-night/", night_plan.night_create, name="next_night_plan"),
    path("nights/<id:night_id>/answer/", groups.night_answer, name="night_answer"),
    path("nights/<id:night_id>/night.ics", next_night.night_ics, name="night_ics"),
    # A player's own read-only link (no login), made and revoked on the player's page.
    path("p/<token:token>/", player_links.player_link_page, name="player_link_page"),
    path(
        "p/<token:token>/nights/<id:night_id>/answer/",
        player_links.player_link_answer,
        name="player_link_answer",
    ),
    path(
        "p/<token:token>/nights/<id:night_id>/night.ics",
        player_links.player_link_ics,
        name="player_link_ics",
    ),
    path(
        "p/<token:token>/nights/<id:night_id>/report/",
        player_links.player_link_report,
        name="player_link_report",
    ),
    path(
        "p/<token:token>/seasons/<id:season_id>/",
        player_links.player_link_standings,
        name="player_link_standings",
    ),
    path(
        "groups/<id:group_id>/players/<id:player_id>/link/",
        player_links.player_link_make,
        name="player_link_make",
    ),
    path(
        "groups/<id:group_id>/players/<id:player_id>/link/<id:link_id>/revoke/",
        player_links.player_link_revoke,
        name="player_link_revoke",
    ),
    # ---------------------------------------------------------------- nights and seats
    path("groups/<id:group_id>/nights/new/", night_plan.night_create, name="night_create"),
    path("nights/<id:night_id>/edit/", night_plan.night_edit, name="night_edit"),
    path("nights/<id:night_id>/cancel/", night_plan.night_cancel, name="night_cancel"),
    path(
        "groups/<id:group_id>/nights/<id:night_id>/delete/",
        night_plan.night_delete,
        name="night_delete",
    ),
    path("nights/<id:night_id>/", nights.night_detail, name="night_detail"),
    path("nights/<id:night_id>/start/", nights.night_start, name="night_start"),
    path("nights/<id:night_id>/arrive/", nights.night_arrive, name="night_arrive"),
    path("nights/<id:night_id>/rebuy/", nights.night_rebuy, name="night_rebuy"),
    path("nights/<id:night_id>/leave/", nights.night_leave, name="night_leave"),
    path("nights/<id:night_id>/leave/fold/", nights.night_fold_leave, name="night_fold_leave"),
    path("nights/<id:night_id>/split/", nights.night_split, name="night_split"),
    path("nights/<id:night_id>/end/", nights.night_end, name="night_end"),
    # ---------------------------------------------------------------- recording
    path("nights/<id:night_id>/record/<slug:game>/", recording.record_game, name="record_game"),
    path(
        "nights/<id:night_id>/record/<slug:game>/hand-name/",
        recording_cards.hand_name,
        name="record_hand_name",
    ),
    path("nights/<id:night_id>/deals/", recording.night_deals, name="night_deals"),
    path(
        "nights/<id:night_id>/deals/<id:transaction_id>/undo/",
        recording.undo_deal,
        name="undo_deal",
    ),
    # ---------------------------------------------------------------- digital hands
    # A player's seat by its link (no login: the link and the phone holding it are
    # the key), the shared table, the host's moves.
    path("s/<token:token>/", digital_seat.seat_page, name="seat_page"),
    path("s/<token:token>/state/", digital_seat.seat_state, name="seat_state"),
    path("s/<token:token>/act/", digital_seat.seat_act, name="seat_act"),
    # Server-sent events: "the night changed, fetch again" (gamenight/live/).
    path("s/<token:token>/events/", live_events.seat_events, name="seat_events"),
    path("nights/<id:night_id>/events/", live_events.night_events, name="night_events"),
    # The night's TV by its table link (no login, read-only; the host renews it).
    path("tv/<token:token>/", tv.tv_page, name="tv_page"),
    path("tv/<token:token>/state/", tv.tv_state, name="tv_state"),
    path("tv/<token:token>/events/", live_events.tv_events, name="tv_events"),
    # A player's new phone asks for their seat from the table link; the host answers.
    path("tv/<token:token>/seat/", seat_requests.seat_request_page, name="seat_request"),
    path("tv/<token:token>/seat/ask/", seat_requests.seat_request_ask, name="seat_request_ask"),
    path(
        "tv/<token:token>/seat/withdraw/",
        seat_requests.seat_request_withdraw,
        name="seat_request_withdraw",
    ),
    path("nights/<id:night_id>/seat-moves/", digital_host.seat_moves_poll, name="seat_moves_poll"),
    path(
        "nights/<id:night_id>/seat-moves/<id:move_id>/approve/",
        digital_host.seat_move_approve,
        name="seat_move_approve",
    ),
    path(
        "nights/<id:night_id>/seat-moves/<id:move_id>/refuse/",
        digital_host.seat_move_refuse,
        name="seat_move_refuse",
    ),
    path(
        "nights/<id:night_id>/table-link/<id:link_id>/renew/",
        digital_host.table_link_renew,
        name="table_link_renew",
    ),
    path("nights/<id:night_id>/hands/start/", digital_host.hand_start, name="digital_start"),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/table/",
        digital_table.table_page,
        name="digital_table",
    ),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/table/state/",
        digital_table.table_state,
        name="digital_table_state",
    ),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/act-for/",
        digital_host.hand_act_for,
        name="digital_act_for",
    ),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/abandon/",
        digital_host.hand_abandon,
        name="digital_abandon",
    ),
    # A finished hand replayed move by move, and its downloads (gamenight/views/replay.py).
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/replay/",
        replay.replay_page,
        name="digital_replay",
    ),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/replay/hand.json",
        replay.replay_json_download,
        name="digital_replay_json",
    ),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/replay/hand.phh",
        replay.replay_phh_download,
        name="digital_replay_phh",
    ),
    path(
        "nights/<id:night_id>/links/<id:link_id>/revoke/",
        digital_host.link_revoke,
        name="digital_revoke_link",
    ),
    # ---------------------------------------------------------------- reports and standings
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/standings/",
        standings.season_standings,
        name="season_standings",
    ),
    path(
        "groups/<id:group_id>/players/<id:player_id>/history/",
        standings.player_history,
        name="player_history",
    ),
    path(
        "groups/<id:group_id>/players/<id:player_id>/rename/",
        people.player_rename,
        name="player_rename",
    ),
    path(
        "groups/<id:group_id>/players/<id:player_id>/hide/",
        people.player_hide,
        name="player_hide",
    ),
    path(
        "groups/<id:group_id>/players/<id:player_id>/login/",
        people.player_login,
        name="player_login",
    ),
    path(
        "groups/<id:group_id>/players/<id:player_id>/merge/",
        people.player_merge,
        name="player_merge",
    ),
    path("nights/<id:night_id>/report/", reports.night_report, name="night_report"),
    path(
        "nights/<id:night_id>/report/chart.png", reports.night_report_png, name="night_report_png"
    ),
    path(
        "nights/<id:night_id>/report/entries.csv",
        reports.night_report_csv,
        name="night_report_csv",
    ),
    path(
        "nights/<id:night_id>/report/build/",
        reports.night_report_rebuild,
        name="night_report_rebuild",
    ),
    path(
        "nights/<id:night_id>/report/mail/",
        reports.night_report_mail,
        name="night_report_mail",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/",
        reports.season_report,
        name="season_report",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/chart.png",
        reports.season_report_png,
        name="season_report_png",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/entries.csv",
        reports.season_report_csv,
        name="season_report_csv",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/build/",
        reports.season_report_rebuild,
        name="season_report_rebuild",
    ),
    path(
        "groups/<id:group_id>/seasons/<id:season_id>/report/mail/",
        reports.season_report_mail,
        name="season_report_mail",
    ),
    path("groups/<id:group_id>/chip-value/", reports.chip_value, name="chip_value"),
    path("nights/<id:night_id>/report/paid/", settling.transfer_paid, name="transfer_paid"),
    path("groups/<id:group_id>/owes/", settling.group_owes, name="group_owes"),
]
