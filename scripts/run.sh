#!/usr/bin/env bash
# Start the app's processes for one machine (SQLite, embedded broker) and stop
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

# 2. The Celery worker (to come with the report task), e.g.:
#    "$BIN/celery" -A gamenight worker -l info --pool=solo &
#    pids+=("$!")

echo "gamenight: http://localhost:$PORT  (Ctrl-C stops everything)"

# Return as soon as the first process exits; the trap then stops the others.
status=0
wait -n || status=$?
exit "$status"
