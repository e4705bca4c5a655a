"""The commands that start the app's processes, in one place.

docker-compose.yml, scripts/run.sh and the worker tests (tests/reports) use
these exact commands; tests/reports/test_compose_file.py checks that they agree.
"""

from __future__ import annotations

WORKER: tuple[str, ...] = (
    "celery",
    "-A",
    "gamenight",
    "worker",
    "--loglevel=INFO",
    "--concurrency=2",
)
"""The Celery worker (prefork: a child killed mid-task gives its message back)."""

WEB: tuple[str, ...] = (
    "gunicorn",
    "gamenight.wsgi:application",
    "--bind",
    "0.0.0.0:8000",
    "--workers",
    "3",
    "--access-logfile",
    "-",
)
"""The web app in production (docker-compose.yml)."""

MIGRATE: tuple[str, ...] = ("python", "manage.py", "migrate", "--noinput")
COLLECTSTATIC: tuple[str, ...] = ("python", "manage.py", "collectstatic", "--noinput")


def shell(command: tuple[str, ...]) -> str:
    """The command as one line of shell (every word here is shell-safe)."""
    return " ".join(command)
