"""The embedded filesystem broker keeps a taken message until it is acknowledged, and a
message whose worker died is delivered again (gamenight/broker_fs.py)."""

from __future__ import annotations

import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import kombu
import pytest

import gamenight.celery  # noqa: F401  (registers the gamenightfs:// transport)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "queue").mkdir()
    return tmp_path


def _connection(folder: Path) -> kombu.Connection:
    queue = str(folder / "queue")
    return kombu.Connection(
        "gamenightfs://",
        transport_options={
            "data_folder_in": queue,
            "data_folder_out": queue,
            "control_folder": str(folder / "control"),
        },
    )


@pytest.fixture
def connection(folder: Path) -> Iterator[kombu.Connection]:
    with _connection(folder) as conn:
        yield conn


@pytest.fixture
def name() -> str:
    """A queue of the test's own: kombu remembers declared exchanges per process."""
    return f"reports-{uuid.uuid4().hex}"


def _held(folder: Path) -> list[Path]:
    return sorted((folder / "processing").iterdir())


def test_a_taken_message_is_kept_until_it_is_acknowledged(
    folder: Path, connection: kombu.Connection, name: str
) -> None:
    queue = connection.SimpleQueue(name)
    queue.put({"night": 1})
    message = queue.get(timeout=5)
    assert message.payload == {"night": 1}
    assert len(_held(folder)) == 1  # kombu's own transport would have deleted it
    message.ack()
    assert _held(folder) == []
    queue.close()


def test_a_message_held_by_a_dead_worker_is_delivered_again(
    folder: Path, connection: kombu.Connection, name: str
) -> None:
    queue = connection.SimpleQueue(name)
    queue.put({"night": 2})
    queue.get(timeout=5)  # taken, never acknowledged: the worker is killed
    (held,) = _held(folder)
    dead = subprocess.Popen(["true"])
    dead.wait()
    held.rename(held.with_name(f"{dead.pid}-1_{held.name.partition('_')[2]}"))
    with _connection(folder) as restarted:
        again = restarted.SimpleQueue(name)
        message = again.get(timeout=5)
        assert message.payload == {"night": 2}
        message.ack()
        again.close()
    assert _held(folder) == []
    queue.close()


def test_a_message_held_by_a_live_worker_stays_with_it(
    folder: Path, connection: kombu.Connection, name: str
) -> None:
    queue = connection.SimpleQueue(name)
    queue.put({"night": 3})
    message = queue.get(timeout=5)
    with _connection(folder) as other:
        other_queue = other.SimpleQueue(name)
        with pytest.raises(other_queue.Empty):
            other_queue.get(timeout=0.2)
        other_queue.close()
    assert len(_held(folder)) == 1
    message.ack()
    queue.close()


def test_a_message_given_back_is_in_the_queue_once(
    folder: Path, connection: kombu.Connection, name: str
) -> None:
    queue = connection.SimpleQueue(name)
    queue.put({"night": 4})
    queue.get(timeout=5).requeue()  # a lost pool process: the worker gives it back
    assert _held(folder) == []
    message = queue.get(timeout=5)
    assert message.payload == {"night": 4}
    message.ack()
    assert list((folder / "queue").iterdir()) == []
    queue.close()
