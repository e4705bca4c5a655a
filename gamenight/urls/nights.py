"""One night, under ``nights/<night_id>/``: its plan and answers, the seats, the games
recorded from the table, and its report. Digital hands: gamenight/urls/digital.py."""

from django.urls import URLPattern, path

from gamenight.views import (
    expenses,
    groups,
    live_events,
    next_night,
    night_plan,
    nights,
    recording,
    recording_cards,
    reports,
    settling,
)

urlpatterns: list[URLPattern] = [
    # Planned: the plan, the players' answers and the calendar file.
    path("edit/", night_plan.night_edit, name="night_edit"),
    path("cancel/", night_plan.night_cancel, name="night_cancel"),
    path("answer/", groups.night_answer, name="night_answer"),
    path("night.ics", next_night.night_ics, name="night_ics"),
    # The night and its seats.
    path("", nights.night_detail, name="night_detail"),
    path("start/", nights.night_start, name="night_start"),
    path("arrive/", nights.night_arrive, name="night_arrive"),
    path("rebuy/", nights.night_rebuy, name="night_rebuy"),
    path("leave/", nights.night_leave, name="night_leave"),
    path("leave/fold/", nights.night_fold_leave, name="night_fold_leave"),
    path("split/", nights.night_split, name="night_split"),
    path("end/", nights.night_end, name="night_end"),
    # Server-sent events: "the night changed, fetch again" (gamenight/live/).
    path("events/", live_events.night_events, name="night_events"),
    # Recording a game dealt with real cards.
    path("record/<slug:game>/", recording.record_game, name="record_game"),
    path("record/<slug:game>/hand-name/", recording_cards.hand_name, name="record_hand_name"),
    path("deals/", recording.night_deals, name="night_deals"),
    path("deals/<id:transaction_id>/undo/", recording.undo_deal, name="undo_deal"),
    # The report and settling up.
    path("report/", reports.night_report, name="night_report"),
    path("report/chart.png", reports.night_report_png, name="night_report_png"),
    path("report/entries.csv", reports.night_report_csv, name="night_report_csv"),
    path("report/build/", reports.night_report_rebuild, name="night_report_rebuild"),
    path("report/mail/", reports.night_report_mail, name="night_report_mail"),
    path("report/paid/", settling.transfer_paid, name="transfer_paid"),
    # Shared costs (issue 28): money beside the chips, in the night's settle-up.
    path("costs/", expenses.night_costs, name="night_costs"),
    path("costs/add/", expenses.night_cost_add, name="night_cost_add"),
    path("costs/take-back/", expenses.night_cost_take_back, name="night_cost_take_back"),
]
