"""The tournament's URLs, under their own namespace (``tournaments:page`` ...).

Included by gamenight/urls/__init__.py at the root: the paths sit beside the night's own
(``/nights/<id>/tournament/``) and the TV's (``/tv/<token>/clock/state/``).
"""

from django.urls import URLPattern, path

from gamenight.tournaments import views

app_name = "tournaments"

urlpatterns: list[URLPattern] = [
    path("nights/<id:night_id>/tournament/", views.tournament_page, name="page"),
    path("nights/<id:night_id>/tournament/setup/", views.tournament_setup, name="setup"),
    path("nights/<id:night_id>/tournament/start/", views.tournament_start, name="start"),
    path("nights/<id:night_id>/tournament/out/", views.tournament_knockout, name="knockout"),
    path("nights/<id:night_id>/tournament/register/", views.tournament_register, name="register"),
    path("nights/<id:night_id>/tournament/rebuy/", views.tournament_rebuy, name="rebuy"),
    path("nights/<id:night_id>/tournament/add-on/", views.tournament_add_on, name="add_on"),
    path("nights/<id:night_id>/tournament/undo/", views.tournament_undo, name="undo"),
    path("nights/<id:night_id>/tournament/clock/", views.tournament_clock, name="clock_move"),
    path("nights/<id:night_id>/tournament/move/", views.tournament_seat_move, name="seat_move"),
    path(
        "nights/<id:night_id>/tournament/final-table/",
        views.tournament_final_table,
        name="final_table",
    ),
    path("nights/<id:night_id>/tournament/chop/", views.tournament_chop, name="chop"),
    # The clock on a member's phone, and its live part (the TV's is the table link's page).
    path("nights/<id:night_id>/clock/", views.clock_page, name="clock"),
    path("nights/<id:night_id>/clock/state/", views.clock_state, name="clock_state"),
    path("tv/<token:token>/clock/state/", views.tv_clock_state, name="tv_clock_state"),
]
