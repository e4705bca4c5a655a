#!/usr/bin/env bash
# Start the app's processes for one machine, safe to serve to the home network
# (SQLite, embedded broker; Redis when REDIS_URL is set): gunicorn with DEBUG
# off and the Celery worker, and stop all of them when any one exits, on
# Ctrl-C or on TERM. Called by `make run` after the migrations.
#
# HOST and PORT may be overridden from the environment; ALLOWED_HOSTS too
# (by default this machine's names and addresses, gamenight/lan.py). The
# secret key is made on first start in var/secret_key (VAR_DIR moves var/).
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=.venv/bin
HOST=${HOST:-0.0.0.0}
PORT=${PORT:-8000}

# The static files, hashed and compressed for whitenoise (STATIC_MANIFEST=1:
# the manifest storage writes them and the processes below read its manifest).
export STATIC_MANIFEST=1
"$BIN/python" manage.py collectstatic --noinput --verbosity 0

pids=()
stop_all() {
    trap - EXIT INT TERM
    for pid in "${pids[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
}
trap stop_all EXIT INT TERM

# 1. The web server: gamenight.commands.WEB (as in docker-compose.yml) on HOST:PORT.
#    One worker without Redis: the in-memory channel layer that carries a move
#    to the other phones (gamenight/live/) lives inside one process.
if [ -z "${REDIS_URL:-}" ]; then
    export WEB_CONCURRENCY=1
fi
WEB="gunicorn gamenight.asgi:application --worker-class gamenight.asgi_worker.Worker --bind 0.0.0.0:8000 --graceful-timeout 5 --keep-alive 15 --access-logfile - --logger-class gamenight.log_masking.GunicornLogger --no-control-socket"
# shellcheck disable=SC2086  # the command is split into its words on purpose
"$BIN/"${WEB/0.0.0.0:8000/$HOST:$PORT} &
pids+=("$!")

# 2. The Celery worker that builds the reports: on the embedded filesystem
#    broker under var/celery/, or on Redis when REDIS_URL is set, with beat
#    embedded (-B) for the report sweep. The command is gamenight.commands.WORKER
#    (as in docker-compose.yml and the tests).
WORKER="celery -A gamenight worker --loglevel=INFO --concurrency=2 -B"
# In a process group of its own (setsid): a TERM sent to the whole group of this
# script (a service manager, a test harness) would otherwise reach the worker's pool
# children too, and Celery's warm shutdown then waits for ever on the dead child.
# The trap below stops the worker's main process, which stops its children itself.
# shellcheck disable=SC2086  # the command is split into its words on purpose
setsid "$BIN/"$WORKER &
pids+=("$!")

# Where the phones go (the LAN address and its QR code) and the names allowed.
"$BIN/python" -m gamenight.lan "$PORT" || true

# Return as soon as the first process exits; the trap then stops the others.
status=0
wait -n || status=$?
exit "$status"
