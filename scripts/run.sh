#!/usr/bin/env bash
# Start the app's processes for one machine (SQLite, embedded broker; Redis when
# REDIS_URL is set): the web server and the Celery worker, and stop
# all of them when any one exits, on Ctrl-C or on TERM. Called by `make run`
# after the migrations; HOST and PORT may be overridden from the environment.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=.venv/bin
HOST=${HOST:-0.0.0.0}
PORT=${PORT:-8000}

pids=()
stop_all() {
    trap - EXIT INT TERM
    for pid in "${pids[@]}"; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
}
trap stop_all EXIT INT TERM

# 1. The web server.
"$BIN/python" manage.py runserver "$HOST:$PORT" &
pids+=("$!")

# 2. The Celery worker that builds the reports: on the embedded filesystem
#    broker under var/celery/, or on Redis when REDIS_URL is set. The command
#    is gamenight.commands.WORKER (as in docker-compose.yml and the tests).
WORKER="celery -A gamenight worker --loglevel=INFO --concurrency=2"
# shellcheck disable=SC2086  # the command is split into its words on purpose
"$BIN/"$WORKER &
pids+=("$!")

echo "gamenight: http://localhost:$PORT  (Ctrl-C stops everything)"

# Return as soon as the first process exits; the trap then stops the others.
status=0
wait -n || status=$?
exit "$status"
