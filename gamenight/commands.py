"""The commands that start the app's processes, in one place.

docker-compose.yml, the Dockerfile, scripts/run.sh and the tests use these
exact commands; tests/reports/test_compose_file.py checks that they agree.
"""

from __future__ import annotations

WORKER: tuple[str, ...] = (
    "celery",
    "-A",
    "gamenight",
    "worker",
    "--loglevel=INFO",
    "--concurrency=2",
    "-B",
)
"""The Celery worker (prefork: a child killed mid-task gives its message back), with
beat embedded (``-B``): the report sweep is a beat entry, so it runs wherever the
worker runs. Beat keeps its schedule in memory (CELERY_BEAT_SCHEDULER): it needs
no file. One worker per deployment: a second one would run a second beat."""

WEB: tuple[str, ...] = (
    "gunicorn",
    "gamenight.asgi:application",
    "--worker-class",
    "gamenight.asgi_worker.Worker",
    "--bind",
    "0.0.0.0:8000",
    "--graceful-timeout",
    "5",
    "--keep-alive",
    "15",
    "--access-logfile",
    "-",
    "--logger-class",
    "gamenight.log_masking.GunicornLogger",
    "--no-control-socket",
)
"""The web app in production (docker-compose.yml and `make run`, scripts/run.sh).

uvicorn workers under gunicorn (gamenight/asgi_worker.py): the seat pages and
the TV keep an event stream open (gamenight/live/) that must not hold a worker.
The number of workers is WEB_CONCURRENCY (gunicorn reads it): 3 in
docker-compose.yml, where Redis carries a move between them; 2 under `make run`,
where Unix sockets in var/live/ do (gamenight/live/unix_layer.py). A stopping server gives
the requests in flight 5 s (an event stream never ends by itself); an idle
phone's connection stays open 15 s, so its next fetch needs no new one. The logger
class masks seat and invite tokens in the access and error logs. No control
socket: nothing uses gunicorn's control interface, and its one default path
(~/.gunicorn/gunicorn.ctl) would be shared by every server of the user."""

MIGRATE: tuple[str, ...] = ("python", "manage.py", "migrate", "--noinput")
COLLECTSTATIC: tuple[str, ...] = ("python", "manage.py", "collectstatic", "--noinput")


def shell(command: tuple[str, ...]) -> str:
    """The command as one line of shell (every word here is shell-safe)."""
    return " ".join(command)
