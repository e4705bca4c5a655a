#!/usr/bin/env bash
# Start the app's processes for one machine, safe to serve to the home network
# (SQLite, embedded broker; Redis when REDIS_URL is set): gunicorn with DEBUG
# off and the Celery worker. A worker that dies is started again (with a
# back-off) while the web server stays up; everything stops when the web server
# exits, on Ctrl-C or on TERM. Called by `make run` after the migrations.
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
#    Two uvicorn workers, one a core of a small machine: a move reaches the phones
#    served by the other worker over Unix sockets in var/live/ (or Redis when
#    REDIS_URL is set), gamenight/live/unix_layer.py. WEB_CONCURRENCY overrides it.
export WEB_CONCURRENCY=${WEB_CONCURRENCY:-2}
WEB="gunicorn gamenight.asgi:application --worker-class gamenight.asgi_worker.Worker --bind 0.0.0.0:8000 --graceful-timeout 5 --keep-alive 15 --access-logfile - --logger-class gamenight.log_masking.GunicornLogger --no-control-socket"
# shellcheck disable=SC2086  # the command is split into its words on purpose
"$BIN/"${WEB/0.0.0.0:8000/$HOST:$PORT} &
pids+=("$!")

# 2. The Celery worker that builds the reports: on the embedded filesystem
#    broker under var/celery/, or on Redis when REDIS_URL is set, with beat
#    embedded (-B) for the report sweep. The command is gamenight.commands.WORKER
#    (as in docker-compose.yml and the tests).
WORKER="celery -A gamenight worker --loglevel=INFO --concurrency=2 -B"
# A worker that dies (killed, out of memory, the broker gone) is started again by
# keep_worker, so the phones keep their pages and the reports are built late, not
# never (the report pages say they are delayed meanwhile: gamenight/reports/worker_seen.py).
# Its first restart is at once (1 s), each quick death after it waits twice as long, up
# to a minute, so a worker that cannot start does not spin; one that ran a minute
# starts the count again.
keep_worker() {
    local worker="" pause="" delay=1 started status
    # On TERM (from stop_all) and on Ctrl-C's INT, which reaches this subshell too and
    # would otherwise end it at once, leaving the worker (a session of its own) behind.
    # Further signals are ignored until the worker has stopped.
    stop_worker() {
        trap '' INT TERM
        if [ -n "$pause" ]; then kill -TERM "$pause" 2>/dev/null || true; fi
        if [ -n "$worker" ]; then
            kill -TERM "$worker" 2>/dev/null || true
            wait "$worker" 2>/dev/null || true
        fi
        exit 0
    }
    trap stop_worker INT TERM
    while true; do
        started=$SECONDS
        # In a process group of its own (setsid): a TERM sent to the whole group of
        # this script (a service manager, a test harness) would otherwise reach the
        # worker's pool children too, and Celery's warm shutdown then waits for ever on
        # the dead child. stop_worker stops the worker's main process, which stops its
        # children itself.
        # shellcheck disable=SC2086  # the command is split into its words on purpose
        setsid "$BIN/"$WORKER &
        worker=$!
        status=0
        wait "$worker" || status=$?
        worker=""
        if ((SECONDS - started >= 60)); then
            delay=1
        fi
        echo "gamenight: the report worker stopped (status $status); starting it again in ${delay} s" >&2
        # In the background, so that a TERM meanwhile is answered at once.
        sleep "$delay" &
        pause=$!
        wait "$pause" || true
        pause=""
        delay=$((delay * 2 > 60 ? 60 : delay * 2))
    done
}
keep_worker &
pids+=("$!")

# Where the phones go (the LAN address and its QR code) and the names allowed.
"$BIN/python" -m gamenight.lan "$PORT" || true

# Return as soon as the web server exits (keep_worker never does by itself); the
# trap then stops the worker.
status=0
wait -n || status=$?
exit "$status"
