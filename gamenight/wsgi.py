"""WSGI entry point: `gunicorn gamenight.wsgi:application`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gamenight.settings")

application = get_wsgi_application()
