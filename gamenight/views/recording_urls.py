"""URLs of recording physically dealt games, undo, and the standings."""

from django.urls import URLPattern, URLResolver, path

from gamenight.views import recording, standings

urlpatterns: list[URLPattern | URLResolver] = [
    path("nights/<int:night_id>/record/<slug:game>/", recording.record_game, name="record_game"),
    path("nights/<int:night_id>/deals/", recording.night_deals, name="night_deals"),
    path(
        "nights/<int:night_id>/deals/<int:transaction_id>/undo/",
        recording.undo_deal,
        name="undo_deal",
    ),
    path(
        "groups/<int:group_id>/seasons/<int:season_id>/standings/",
        standings.season_standings,
        name="season_standings",
    ),
    path(
        "groups/<int:group_id>/players/<int:player_id>/history/",
        standings.player_history,
        name="player_history",
    ),
]
