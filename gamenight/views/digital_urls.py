"""URLs of digital hands: a player's seat by its link, the shared table, the host's moves."""

from django.urls import URLPattern, URLResolver, path

from gamenight import url_converters  # noqa: F401  (registers <id:...>)
from gamenight.views import digital

urlpatterns: list[URLPattern | URLResolver] = [
    path("s/<token:token>/", digital.seat_page, name="seat_page"),
    path("s/<token:token>/state/", digital.seat_state, name="seat_state"),
    path("s/<token:token>/act/", digital.seat_act, name="seat_act"),
    path("nights/<id:night_id>/hands/start/", digital.hand_start, name="digital_start"),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/table/",
        digital.table_page,
        name="digital_table",
    ),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/table/state/",
        digital.table_state,
        name="digital_table_state",
    ),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/act-for/",
        digital.hand_act_for,
        name="digital_act_for",
    ),
    path(
        "nights/<id:night_id>/hands/<id:hand_id>/abandon/",
        digital.hand_abandon,
        name="digital_abandon",
    ),
    path(
        "nights/<id:night_id>/links/<id:link_id>/revoke/",
        digital.link_revoke,
        name="digital_revoke_link",
    ),
]
