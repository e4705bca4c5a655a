"""ASGI entry point: the web process (uvicorn under gunicorn, ``make run``)."""

import os

from django.conf import settings
from django.core.asgi import get_asgi_application

from engine.games import odds_warm_up

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gamenight.settings")

application = get_asgi_application()

# The first odds a TV asks for would otherwise fill the evaluator's tables while it
# waits; here a daemon thread fills them while the process waits for its first request.
if settings.ODDS_WARM_UP:
    odds_warm_up.warm_up_in_background()
