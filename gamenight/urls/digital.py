"""The host's side of the hands the app deals, under ``nights/<night_id>/``: starting
and running a hand, its replay and downloads, the seat links and the table link,
and the players' requests to move to a new phone. The players' and the TV's own
pages: gamenight/urls/links.py."""

from django.urls import URLPattern, URLResolver, include, path

from gamenight.views import digital_host, digital_table, replay

# One hand: ``nights/<night_id>/hands/<hand_id>/``.
_hand: list[URLPattern] = [
    path("table/", digital_table.table_page, name="digital_table"),
    path("table/state/", digital_table.table_state, name="digital_table_state"),
    path("act-for/", digital_host.hand_act_for, name="digital_act_for"),
    path("abandon/", digital_host.hand_abandon, name="digital_abandon"),
    # A finished hand replayed move by move, and its downloads (gamenight/views/replay.py).
    path("replay/", replay.replay_page, name="digital_replay"),
    path("replay/hand.json", replay.replay_json_download, name="digital_replay_json"),
    path("replay/hand.phh", replay.replay_phh_download, name="digital_replay_phh"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("hands/start/", digital_host.hand_start, name="digital_start"),
    path("hands/<id:hand_id>/", include(_hand)),
    path("links/<id:link_id>/revoke/", digital_host.link_revoke, name="digital_revoke_link"),
    path(
        "table-link/<id:link_id>/renew/",
        digital_host.table_link_renew,
        name="table_link_renew",
    ),
    path("seat-moves/", digital_host.seat_moves_poll, name="seat_moves_poll"),
    path(
        "seat-moves/<id:move_id>/approve/",
        digital_host.seat_move_approve,
        name="seat_move_approve",
    ),
    path("seat-moves/<id:move_id>/refuse/", digital_host.seat_move_refuse, name="seat_move_refuse"),
]
