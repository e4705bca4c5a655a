"""Every URL of the app: the site's own pages here, each area in its module.

An area's module holds the paths under its prefix (``groups/<id:group_id>/``,
``nights/<id:night_id>/`` ...), so each prefix is written once. Names and
paths are what templates, mails and bookmarks use: they stay as they are
(tests/web/test_url_names.py). ``<id:...>`` and ``<token:...>`` are the app's
converters (gamenight/url_converters.py): an id too long for the database,
or a token with characters no token has, is a plain 404 before any query.
"""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from gamenight import url_converters  # noqa: F401  (registers <id:...> and <token:...>)
from gamenight.views import app_shell, core, rules_cards

# A lock error raised outside a view (a session save, say) is the busy page too.
handler500 = "gamenight.busy.server_error"

urlpatterns: list[URLPattern | URLResolver] = [
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
    path("rules/<slug:game>/", rules_cards.rules_card, name="rules_card"),
    path("accounts/", include("gamenight.urls.accounts")),
    path("groups/", include("gamenight.urls.groups")),
    path("nights/<id:night_id>/", include("gamenight.urls.nights")),
    path("nights/<id:night_id>/", include("gamenight.urls.digital")),
    # The links that need no login: an invite, a player's own page, a seat, the TV.
    path("", include("gamenight.urls.links")),
    # Tournament nights: their own module and namespace (tournaments:page ...).
    path("", include("gamenight.tournaments.urls")),
]
