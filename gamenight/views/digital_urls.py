"""URLs of digital hands: a player's seat by its link, the shared table, the host's moves."""

from django.urls import URLPattern, URLResolver, path

from gamenight.views import digital

urlpatterns: list[URLPattern | URLResolver] = [
    path("s/<str:token>/", digital.seat_page, name="seat_page"),
    path("s/<str:token>/state/", digital.seat_state, name="seat_state"),
    path("s/<str:token>/act/", digital.seat_act, name="seat_act"),
    path("nights/<int:night_id>/hands/start/", digital.hand_start, name="digital_start"),
    path(
        "nights/<int:night_id>/hands/<int:hand_id>/table/",
        digital.table_page,
        name="digital_table",
    ),
    path(
        "nights/<int:night_id>/hands/<int:hand_id>/table/state/",
        digital.table_state,
        name="digital_table_state",
    ),
    path(
        "nights/<int:night_id>/hands/<int:hand_id>/act-for/",
        digital.hand_act_for,
        name="digital_act_for",
    ),
    path(
        "nights/<int:night_id>/hands/<int:hand_id>/abandon/",
        digital.hand_abandon,
        name="digital_abandon",
    ),
    path(
        "nights/<int:night_id>/links/<int:link_id>/revoke/",
        digital.link_revoke,
        name="digital_revoke_link",
    ),
]
