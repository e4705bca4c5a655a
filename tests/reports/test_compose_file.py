"""docker-compose.yml is valid YAML with the expected services, and its commands are
gamenight/commands.py's, the same the worker tests and scripts/run.sh start."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from gamenight import commands

ROOT = Path(__file__).resolve().parents[2]


def _load_yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text())


@pytest.fixture(scope="module")
def compose() -> Any:
    return _load_yaml(ROOT / "docker-compose.yml")


def test_it_has_the_production_services_with_health_checks(compose: Any) -> None:
    services = compose["services"]
    assert set(services) == {"db", "redis", "migrate", "web", "worker", "proxy"}
    assert services["db"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")
    for name in services.keys() - {"migrate"}:  # a one-shot job has no health to check
        assert "healthcheck" in services[name], name
    for name in ("web", "worker"):
        env = services[name]["environment"]
        assert {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "ALLOWED_HOSTS"} <= set(env)
        assert env["DEBUG"] == "0"


def test_the_worker_command_is_the_one_the_tests_start(compose: Any) -> None:
    assert tuple(compose["services"]["worker"]["command"]) == commands.WORKER


def test_the_web_command_collects_static_and_runs_gunicorn(compose: Any) -> None:
    command = compose["services"]["web"]["command"]
    assert command[:2] == ["sh", "-c"]
    assert command[2] == (
        f"{commands.shell(commands.COLLECTSTATIC)} && exec {commands.shell(commands.WEB)}"
    )


def test_the_migrations_run_once_as_the_owner_before_web_and_worker(compose: Any) -> None:
    services = compose["services"]
    migrate = services["migrate"]
    assert tuple(migrate["command"]) == commands.MIGRATE
    assert migrate["restart"] == "no"
    assert migrate["depends_on"]["db"]["condition"] == "service_healthy"
    owner = migrate["environment"]["DATABASE_URL"]
    assert "postgres://gamenight:${POSTGRES_PASSWORD:?" in owner
    for name in ("web", "worker"):
        needs = services[name]["depends_on"]
        assert needs["migrate"]["condition"] == "service_completed_successfully", name
        assert commands.shell(commands.MIGRATE) not in str(services[name]["command"]), name


def test_web_and_worker_connect_as_the_app_role_that_owns_nothing(compose: Any) -> None:
    services = compose["services"]
    for name in ("web", "worker"):
        url = services[name]["environment"]["DATABASE_URL"]
        assert "postgres://gamenight_app:${POSTGRES_APP_PASSWORD:?" in url, name
        assert "POSTGRES_PASSWORD" not in url, name
    # The owner is the image's POSTGRES_USER; the app role is made on the first start.
    db = services["db"]
    assert db["environment"]["POSTGRES_USER"] == "gamenight"
    mounts = {m.split(":")[1]: m.split(":")[0] for m in db["volumes"] if m.startswith("./")}
    init = mounts["/docker-entrypoint-initdb.d/10-gamenight-roles.sh"]
    assert (ROOT / init).is_file()
    script = (ROOT / init).read_text()
    sql_path = next(path for path, source in mounts.items() if source.endswith(".sql"))
    assert f"-f {sql_path}" in script
    assert 'app_role="${POSTGRES_APP_USER:-gamenight_app}"' in script
    assert "POSTGRES_APP_PASSWORD" in db["environment"]


def test_no_secret_is_written_in_the_file(compose: Any) -> None:
    text = (ROOT / "docker-compose.yml").read_text()
    for name in ("SECRET_KEY", "POSTGRES_PASSWORD", "POSTGRES_APP_PASSWORD"):
        for value in re.findall(rf"{name}: (.+)", text):
            assert value.strip().startswith("${"), f"{name} must come from the environment"


def test_the_stack_runs_behind_tls_by_default(compose: Any) -> None:
    services = compose["services"]
    assert services["web"]["environment"]["HTTPS"] == "${HTTPS:-1}"
    # Only the proxy is reachable: a published app port would let anyone skip
    # TLS and claim X-Forwarded-Proto: https.
    assert "ports" not in services["web"]
    assert services["web"]["expose"] == ["8000"]
    proxy = services["proxy"]
    assert proxy["image"].startswith("caddy:")
    assert sorted(proxy["ports"]) == ["${HTTPS_PORT:-443}:443", "${HTTP_PORT:-80}:80"]
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text()
    assert "reverse_proxy web:8000" in caddyfile
    # No access log at the proxy either (seat links are secrets).
    assert not [line for line in caddyfile.splitlines() if line.strip().startswith("log")]


def test_run_sh_starts_the_same_web_server_on_host_and_port() -> None:
    script = (ROOT / "scripts" / "run.sh").read_text()
    assert f'WEB="{commands.shell(commands.WEB)}"' in script
    assert '"$BIN/"${WEB/0.0.0.0:8000/$HOST:$PORT} &' in script


def test_the_web_server_masks_link_tokens_in_its_logs() -> None:
    assert "--logger-class" in commands.WEB
    assert commands.WEB[commands.WEB.index("--logger-class") + 1] == (
        "gamenight.log_masking.GunicornLogger"
    )


def test_run_sh_starts_the_same_worker() -> None:
    script = (ROOT / "scripts" / "run.sh").read_text()
    assert f'WORKER="{commands.shell(commands.WORKER)}"' in script
    assert '"$BIN/"$WORKER &' in script


def test_the_dockerfile_runs_the_web_command() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert f"CMD {json.dumps(list(commands.WEB))}" in dockerfile
