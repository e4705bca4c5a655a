"""The links that need no login: whoever holds one is let in as far as it reaches.

``join/<token>/`` an invite into a group; ``p/<token>/`` a player's own read-only
page; ``s/<token>/`` a player's seat at a digital hand (the link and the phone
holding it are the key); ``tv/<token>/`` the night's table, read-only (the host
renews it), where a player's new phone also asks for their seat.
"""

from django.urls import URLPattern, URLResolver, include, path

from gamenight.views import digital_seat, groups, live_events, player_links, seat_requests, tv

_player: list[URLPattern] = [
    path("", player_links.player_link_page, name="player_link_page"),
    path(
        "nights/<id:night_id>/answer/", player_links.player_link_answer, name="player_link_answer"
    ),
    path("nights/<id:night_id>/night.ics", player_links.player_link_ics, name="player_link_ics"),
    # The group's nights as a subscription (webcal) and how the player likes to be paid.
    path("calendar.ics", player_links.player_link_feed, name="player_link_feed"),
    path("payment/", player_links.player_link_payment, name="player_link_payment"),
    path(
        "nights/<id:night_id>/report/", player_links.player_link_report, name="player_link_report"
    ),
    path(
        "seasons/<id:season_id>/",
        player_links.player_link_standings,
        name="player_link_standings",
    ),
]

_seat: list[URLPattern] = [
    path("", digital_seat.seat_page, name="seat_page"),
    path("state/", digital_seat.seat_state, name="seat_state"),
    path("act/", digital_seat.seat_act, name="seat_act"),
    # Server-sent events: "the night changed, fetch again" (gamenight/live/).
    path("events/", live_events.seat_events, name="seat_events"),
]

_tv: list[URLPattern] = [
    path("", tv.tv_page, name="tv_page"),
    path("state/", tv.tv_state, name="tv_state"),
    path("events/", live_events.tv_events, name="tv_events"),
    # A player's new phone asks for their seat from the table link; the host answers.
    path("seat/", seat_requests.seat_request_page, name="seat_request"),
    path("seat/ask/", seat_requests.seat_request_ask, name="seat_request_ask"),
    path("seat/withdraw/", seat_requests.seat_request_withdraw, name="seat_request_withdraw"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("join/<token:token>/", groups.group_join, name="group_join"),
    path("p/<token:token>/", include(_player)),
    path("s/<token:token>/", include(_seat)),
    path("tv/<token:token>/", include(_tv)),
]
