# gamenight: `make run` for the app, `make test` for every check.
# Everything runs from .venv/bin/... ; nothing needs an activated venv.

PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Extra pytest arguments. pytest-xdist is installed, but on this 2-core machine
# `-n auto` was slower than one process (the suite is dominated by a few long
# tests and each worker repeats the start-up), so it is opt-in:
#   make test PYTEST_ARGS="-n auto"
PYTEST_ARGS ?=

# Hypothesis profile (tests/helpers/profiles.py): `dev` by default, a tenth of
# each property test's examples; `ci` (the default under CI=true) the full
# counts; `thorough` ten times them. make passes it on to pytest:
#   make test HYPOTHESIS_PROFILE=ci

.PHONY: venv postgres chromium redis test run dev fmt bench bench-reports clean

## venv: create .venv and install the locked packages (again only when requirements.lock changes)
venv: $(STAMP)

$(STAMP): requirements.lock
	# Debian's own Python needs python3-venv for `-m venv`; root installs it once.
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || \
		(apt-get update && apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV))
	$(BIN)/pip install --require-hashes -r requirements.lock
	$(BIN)/pip install --no-deps -e .
	touch $(STAMP)

## postgres: PostgreSQL's server programs for the concurrency tests (Debian's package, once).
# The tests start their own server in a temp dir (tests/web/conftest.py); none runs otherwise.
postgres:
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
		(apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql)

## redis: Redis's server for the report tests (Debian's package, once).
# The tests start their own redis-server on a free port in a temp dir; none runs otherwise.
redis:
	command -v redis-server >/dev/null 2>&1 || \
		(apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server)

## chromium: Debian's Chromium for the browser tests (tests/browser; Playwright drives it, no download)
chromium:
	test -x /usr/bin/chromium || \
		(apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium)

## test: ruff, ruff format --check, mypy (strict on engine/ and gamenight/), pytest; non-zero on any failure
test: venv postgres redis chromium
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest $(PYTEST_ARGS)

## run: migrate, then serve the home network safely (scripts/run.sh) on port 8000
# scripts/run.sh collects the static files, starts gunicorn (DEBUG off, a
# secret key made once in var/, only this machine's names and addresses
# allowed; it prints the address and a QR code for the phones) and the Celery
# worker (SQLite and the filesystem broker, or Redis when REDIS_URL is set),
# and stops both when one exits or on Ctrl-C.
run: venv
	$(BIN)/python manage.py migrate --noinput
	scripts/run.sh

## dev: the development server with debug pages and autoreload, on 127.0.0.1 only
# Never on the network: a debug page shows a hand's every card. Reports are
# built inside the request (no worker needed).
dev: venv
	$(BIN)/python manage.py migrate --noinput
	DEBUG=1 CELERY_TASK_ALWAYS_EAGER=1 $(BIN)/python manage.py runserver 127.0.0.1:8000

## fmt: format and apply the safe lint fixes
fmt: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

## bench: the engine's benchmarks
bench: venv
	$(BIN)/python -m engine bench

## bench-reports: build a 40-game night report and a 50-night season report; print the times
bench-reports: venv
	$(BIN)/python scripts/bench_reports.py

clean:
	rm -rf $(VENV) staticfiles .mypy_cache .ruff_cache .pytest_cache .hypothesis
