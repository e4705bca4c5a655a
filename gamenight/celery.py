"""The Celery application: `celery -A gamenight worker -l info`.

The broker comes from the settings: REDIS_URL when set, otherwise an embedded
filesystem broker (see gamenight/settings.py).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gamenight.settings")

app = Celery("gamenight")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
