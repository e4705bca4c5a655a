"""The installable app (issue 26): its manifest, its service worker, where it opens.

- ``/manifest.webmanifest``: the app's name in the page's language, its icons,
  theme colour, ``display: standalone`` and ``/start/`` as the place it opens.
- ``/sw.js``: the service worker (templates/pwa/sw.js), at the site's root so
  that its scope is every page. It keeps the pages the host needs at the table
  through a Wi-Fi drop (gamenight/pages/offline_pages.py says which).
- ``/start/``: the host's group, or the home page for someone in no group.
- ``/offline/``: what the service worker shows for a page it has not kept.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import get_template, render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from gamenight.http import AuthenticatedHttpRequest
from gamenight.pages.offline_pages import KEPT_PAGES, start_group_id

THEME = "#0f5132"  # --felt in static/css/app.css, and the pages' theme-color
BACKGROUND = "#f4f6f5"  # --bg


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the language LocaleMiddleware chose for the request."""
    data = {
        "id": reverse("app_start"),
        "name": _("Poker night"),
        "short_name": _("Poker night"),
        "description": _("Record a home poker night at the table and settle every pot."),
        "lang": get_language(),
        "dir": "ltr",
        "start_url": reverse("app_start"),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def _worker_config() -> dict[str, object]:
    config: dict[str, object] = {
        "offline": reverse("app_offline"),
        "start": reverse("app_start"),
        "static": settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/",
        # Hashed names (collectstatic's manifest, `make run`) never change their
        # content: served from the phone without asking. Plain names (make dev,
        # the tests) are asked for first, so a changed file is never stale.
        "staticForever": bool(getattr(settings, "STATIC_MANIFEST", False)),
        "pages": [pattern.pattern for pattern in KEPT_PAGES],
        "icons": [
            static("icons/icon-192.png"),
            static("icons/icon-512.png"),
            static("root/favicon.ico"),
        ],
    }
    source = get_template("pwa/sw.js").template.source  # type: ignore[attr-defined]
    digest = hashlib.sha256((json.dumps(config, sort_keys=True) + source).encode()).hexdigest()
    # A new worker (and fresh caches) whenever its code or a kept file changes.
    config["version"] = digest[:12]
    return config


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    body = render_to_string("pwa/sw.js", {"config": json.dumps(_worker_config())})
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    # The browser looks for a new worker on every visit; never an old copy.
    response["Cache-Control"] = "no-cache"
    return response


@login_required
@require_GET
def start(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Where the installed app opens: the host's group."""
    group_id = start_group_id(request.user)
    if group_id is None:
        return redirect("home")
    return redirect("group_detail", group_id=group_id)


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "pwa/offline.html")
