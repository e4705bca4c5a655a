"""A group and what hangs off it, under ``groups/``: members and invites, people,
seasons with their standings and reports, planning nights, export and import."""

from django.urls import URLPattern, URLResolver, include, path

from gamenight.views import (
    groups,
    night_plan,
    payment,
    people,
    player_links,
    players,
    reports,
    seasons,
    settling,
    standings,
    transfer,
)

# A player of the group: ``groups/<group_id>/players/<player_id>/``.
_player: list[URLPattern] = [
    path("history/", standings.player_history, name="player_history"),
    path("rename/", people.player_rename, name="player_rename"),
    path("hide/", people.player_hide, name="player_hide"),
    path("login/", people.player_login, name="player_login"),
    path("merge/", people.player_merge, name="player_merge"),
    # A player's own read-only link (no login), made and revoked here, opened under p/.
    path("link/", player_links.player_link_make, name="player_link_make"),
    path("link/<id:link_id>/revoke/", player_links.player_link_revoke, name="player_link_revoke"),
    # How the player likes to be paid (issue 28).
    path("payment/", payment.player_payment, name="player_payment"),
]

# A season: ``groups/<group_id>/seasons/<season_id>/``.
_season: list[URLPattern] = [
    path("edit/", seasons.season_edit, name="season_edit"),
    path("standings/", standings.season_standings, name="season_standings"),
    path("report/", reports.season_report, name="season_report"),
    path("report/chart.png", reports.season_report_png, name="season_report_png"),
    path("report/entries.csv", reports.season_report_csv, name="season_report_csv"),
    path("report/build/", reports.season_report_rebuild, name="season_report_rebuild"),
    path("report/mail/", reports.season_report_mail, name="season_report_mail"),
]

# One group: ``groups/<group_id>/``.
_group: list[URLPattern | URLResolver] = [
    path("", groups.group_detail, name="group_detail"),
    path("invite/rotate/", groups.group_invite_rotate, name="group_invite_rotate"),
    path("invite/single/", groups.group_invite_single, name="group_invite_single"),
    path("jack-games/", groups.group_jack_games, name="group_jack_games"),
    path("members/<id:membership_id>/remove/", groups.member_remove, name="member_remove"),
    path("members/<id:membership_id>/role/", groups.member_role, name="member_role"),
    # Export and import.
    path("transfer/", transfer.group_transfer, name="group_transfer"),
    path("export.json", transfer.group_export, name="group_export"),
    path("ledger.csv", transfer.group_ledger_csv, name="group_ledger_csv"),
    path("pokernow/", transfer.pokernow_preview, name="pokernow_preview"),
    path("pokernow/confirm/", transfer.pokernow_confirm, name="pokernow_confirm"),
    # People and seasons.
    path("players/new/", players.player_create, name="player_create"),
    path("players/<id:player_id>/", include(_player)),
    path("seasons/new/", seasons.season_create, name="season_create"),
    path("seasons/<id:season_id>/", include(_season)),
    # Planning a night. One way to plan a night (issue 23): the next night's old
    # address is the same form.
    path("next-night/", night_plan.night_create, name="next_night_plan"),
    path("nights/new/", night_plan.night_create, name="night_create"),
    path("nights/<id:night_id>/delete/", night_plan.night_delete, name="night_delete"),
    # Chips and who owes whom.
    path("chip-value/", reports.chip_value, name="chip_value"),
    path("money/", groups.group_money, name="group_money"),
    path("owes/", settling.group_owes, name="group_owes"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("new/", groups.group_create, name="group_create"),
    path("import/", transfer.group_import, name="group_import"),
    path("import/<id:import_id>/", transfer.group_import_status, name="group_import_status"),
    path("<id:group_id>/", include(_group)),
]
