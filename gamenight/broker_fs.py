"""The embedded filesystem broker of `make run`, with late acknowledgement that survives
a killed worker.

Kombu's filesystem transport deletes a message's file as soon as a worker takes
it and keeps the message only in that worker's memory until it is
acknowledged: ``acks_late`` then protects against a killed pool process (the
worker gives the message back) but not against a killed worker, whose messages
are gone. Here a taken message's file is moved to ``processing/`` under a name
that says which process holds it, and deleted only when the message is
acknowledged (or given back). Whenever a connection opens a channel (a worker
starting again, the web app sending a task), the files held by processes that no
longer exist go back to the queue, so the message is delivered again.

Registered as the ``gamenightfs://`` transport in gamenight/celery.py.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from queue import Empty
from typing import Any

from kombu.transport import filesystem
from kombu.utils.encoding import bytes_to_str
from kombu.utils.json import loads
from kombu.utils.objects import cached_property

# Where the taken message's file is, in the message's properties.
_FILE = "x_gamenight_file"


def _start_ticks(pid: int) -> str:
    """When the process started (since boot), so a new process with a reused pid (a
    restarted container's pid 1) is not taken for the dead one; "" without /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat.rsplit(")", 1)[1].split()[19]


def holder() -> str:
    pid = os.getpid()
    return f"{pid}-{_start_ticks(pid)}"


def is_alive(holder_name: str) -> bool:
    pid_text, _, ticks = holder_name.partition("-")
    try:
        pid = int(pid_text)
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except ValueError:
        return True  # not one of ours: leave it alone
    return not ticks or _start_ticks(pid) in ("", ticks)


class Channel(filesystem.Channel):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.processing_folder.mkdir(parents=True, exist_ok=True)
        self.recover_orphans()

    @cached_property
    def processing_folder(self) -> Path:
        folder = self.transport_options.get("processing_folder")
        return Path(folder) if folder else Path(self.data_folder_in).parent / "processing"

    def recover_orphans(self) -> int:
        """Put back in the queue the messages taken by processes that died holding them."""
        back = 0
        for path in self.processing_folder.iterdir():
            name, sep, original = path.name.partition("_")
            if not sep or is_alive(name):
                continue
            try:
                path.rename(Path(self.data_folder_in) / original)
            except OSError:  # another process put it back first
                continue
            back += 1
        return back

    def _get(self, queue: str, timeout: float | None = None) -> dict[str, Any]:
        # `timeout` only to match kombu's base signature: a file is there or not.
        wanted = f"{queue}.msg"
        me = holder()
        for filename in sorted(os.listdir(self.data_folder_in)):
            if filename.partition(".")[2] != wanted:
                continue
            held = self.processing_folder / f"{me}_{filename}"
            try:
                # Atomic: of two workers, one takes the file and the other moves on.
                os.rename(os.path.join(self.data_folder_in, filename), held)
            except OSError:
                continue
            payload: dict[str, Any] = loads(bytes_to_str(held.read_bytes()))
            payload.setdefault("properties", {})[_FILE] = str(held)
            return payload
        raise Empty()

    def _held_file(self, delivery_tag: Any) -> str | None:
        message = self.qos._delivered.get(delivery_tag)
        return None if message is None else message.properties.get(_FILE)

    @staticmethod
    def _forget(path: str | None) -> None:
        if path:
            with contextlib.suppress(FileNotFoundError):
                os.remove(path)

    def basic_ack(self, delivery_tag: Any, multiple: bool = False) -> None:
        held = self._held_file(delivery_tag)
        super().basic_ack(delivery_tag, multiple=multiple)
        self._forget(held)

    def basic_reject(self, delivery_tag: Any, requeue: bool = False) -> None:
        held = self._held_file(delivery_tag)
        super().basic_reject(delivery_tag, requeue=requeue)
        self._forget(held)

    def _restore(self, message: Any) -> None:
        """Given back (a lost pool process, a warm shutdown): a new file in the queue."""
        held = message.properties.get(_FILE)
        super()._restore(message)
        self._forget(held)


class Transport(filesystem.Transport):
    Channel = Channel
