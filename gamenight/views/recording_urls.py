"""URLs of recording physically dealt games, undo, and the standings."""

from django.urls import URLPattern, URLResolver, path

from gamenight import url_converters  # noqa: F401  (registers <id:...>)
from gamenight.views import recording, standings

urlpatterns: list[URLPattern | URLResolver] = [
    path("nights/<id:night_id>/record/<slug:game>/", recording.record_game, name="record_game"),
    path("nights/<id:night_id>/deals/", recording.night_deals, name="night_deals"),
    path(
        "nights/<id:night_id>/deals/<id:transaction_id>/undo/",
        recording.undo_deal,
        name="undo_deal",
    ),
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
]
