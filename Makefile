# gamenight: `make run` for the app, `make test` for every check, `make ci` for all of them.
# Everything runs from .venv/bin/... ; nothing needs an activated venv.

PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Extra pytest arguments, e.g. one file or `-k`:
#   make test PYTEST_ARGS="tests/web/test_home.py -x"
PYTEST_ARGS ?=
# pytest-xdist processes: 2, one a core of this 2-core machine. Each test file
# runs whole on one process (--dist loadfile), so a module's servers start
# once. `make test PYTEST_WORKERS=0` runs in this process (pdb, -s).
PYTEST_WORKERS ?= 2
# The longest files are handed out first (tests/helpers/ci.py LONGEST_FIRST), so none is
# left for the end: --no-loadscope-reorder keeps that order (xdist's own puts the files
# with the most tests first, which left the three-test fuzz and crawl files for last).
XDIST := $(if $(filter 0,$(PYTEST_WORKERS)),-p no:xdist,-n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder)

# Hypothesis profile (tests/helpers/profiles.py), which also scales the engine's
# random-hand runs: `dev` in `make test`, a tenth of each CI count; `ci` in
# `make ci`, the full counts; `thorough` ten times them:
#   make test HYPOTHESIS_PROFILE=thorough PYTEST_ARGS=tests/engine
HYPOTHESIS_PROFILE ?= dev
# Tests marked `ci` (minutes of CPU each: the POST fuzz, the language crawl, the
# stress runs, the benchmark smokes, most browser journeys) run in `make ci` only.

.PHONY: venv postgres chromium redis gettext services lint test ci messages run dev fmt bench bench-reports clean

## venv: create .venv and install the locked packages, runtime and development
## (requirements-dev.lock; again only when a lock file changes). The production
## image installs requirements.lock alone (Dockerfile).
venv: $(STAMP)

$(STAMP): requirements.lock requirements-dev.lock
	# Debian's own Python needs python3-venv for `-m venv`; root installs it once.
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || \
		(apt-get update && apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV))
	$(BIN)/pip install --require-hashes -r requirements-dev.lock
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

## gettext: msgfmt, for compilemessages and the catalogue test (Debian's package, once).
gettext:
	command -v msgfmt >/dev/null 2>&1 || \
		(apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gettext)

## services: every program the tests start (none runs otherwise)
services: postgres redis chromium gettext

## lint: ruff, ruff format --check, mypy (strict on engine/ and gamenight/)
lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## test: every check a developer needs, in under 5 minutes on 2 quiet cores:
## lint, then pytest on 2 processes with the quick profile, without the `ci` tests
test: venv services lint
	HYPOTHESIS_PROFILE=$(HYPOTHESIS_PROFILE) $(BIN)/pytest $(XDIST) -m "not slow and not ci" $(PYTEST_ARGS)

## ci: the full set, as .ci/run runs it (CI=true: a missing service fails): lint,
## then every test but `slow` with the full counts, the 40 longest listed
ci: venv services lint
	CI=true HYPOTHESIS_PROFILE=ci $(BIN)/pytest $(XDIST) -m "not slow" --durations=40 $(PYTEST_ARGS)

## messages: the German catalogue from the code (docs/development.md, "Adding a message"):
## new msgids come in untranslated, unused ones go; then the .mo is compiled
# --add-location file: no line numbers, so moving code does not touch the .po;
# --no-obsolete: a msgid the code dropped leaves no #~ entry behind. The folders
# below hold no message (tests/web/test_catalogue_in_sync.py reads this list).
MESSAGES_IGNORE := tests var static docs deploy docker scripts engine gamenight.egg-info
messages: venv gettext
	$(BIN)/python manage.py makemessages -l de --no-obsolete --add-location file \
		$(addprefix --ignore ,$(MESSAGES_IGNORE))
	$(BIN)/python manage.py compilemessages -l de --ignore .venv

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
