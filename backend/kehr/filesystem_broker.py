"""kombu's filesystem transport, made safe for a worker that dies: the embedded default broker.

Two faults of the stock transport, both seen in our runs, are fixed here:

* **Torn messages.** kombu's ``_put`` opens ``<time>_<uuid>.<queue>.msg`` in the queue
  folder and then writes it; a polling worker can take the file in between and read an
  empty or half-written message (a JSON error in the worker, the task lost). Here a
  message is written under a hidden name and renamed into place once complete; a rename
  within one folder is atomic, so a reader sees a whole message or none.
* **Lost tasks.** kombu deletes a message file as soon as a worker reads it, so a
  worker killed mid-task (SIGKILL, OOM killer, power cut) takes the task with it and
  ``acks_late`` cannot help. Here a fetched message is *moved* (an atomic rename, so two
  workers can never take the same file) into ``<unacked>/<pid>-<start>@<host>/``, the
  folder of the fetching process, and deleted when it is acknowledged (or rejected
  without requeue). A requeued message (``reject_on_worker_lost``, a warm shutdown) is
  moved back into the queue under its old name, so it keeps its place in line. Messages whose owning
  process is gone are moved back into the queue by every broker client: when it opens a
  channel (a worker starting) and every ``recover_interval`` seconds while it consumes.

A process is "gone" when no process with its pid runs on this host, or one does but
started at another time (the pid was reused; Linux's ``/proc/<pid>/stat`` start time).
Folders of other hosts are left alone: this broker is for one machine (its folders on a
local disk); several machines share a Redis broker instead (docs/architecture.md).
Delivery is at least once: a message is redelivered whenever its worker dies before
acknowledging it, so tasks must be idempotent (they are; see each tasks module).

Selected in settings.py with CELERY_BROKER_TRANSPORT; options are kombu's plus
``unacked_folder`` (default ``<data_folder_in>/.unacked``, on the same file system as
the queue folder) and ``recover_interval`` (seconds, default 10).
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import uuid
from dataclasses import dataclass
from pathlib import Path
from time import monotonic, time_ns
from typing import Any

from kombu.exceptions import ChannelError
from kombu.transport import filesystem, virtual
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads
from kombu.utils.objects import cached_property

logger = logging.getLogger(__name__)

DEFAULT_RECOVER_INTERVAL = 10.0
#: Where messages that cannot be decoded go (beside the unacked folders), kept for a look.
BROKEN_FOLDER = "broken"


# --------------------------------------------------------------------------- owners


def process_start_time(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot), None if no such live process.

    0 when the system has no /proc (not Linux): the pid alone has to do there.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        if not Path("/proc/self/stat").exists():
            return 0 if _pid_exists(pid) else None
        return None
    except OSError:
        return None
    # Fields after the command name, which may itself hold spaces and parentheses.
    fields = stat[stat.rindex(")") + 2 :].split()
    if fields[0] in ("Z", "X"):  # a zombie has finished: its messages are orphans
        return None
    return int(fields[19])  # field 22 of proc(5), "starttime"


def _pid_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass(frozen=True)
class Owner:
    """The process that fetched a message: host name, pid and the pid's start time."""

    host: str
    pid: int
    started: int

    @classmethod
    def current(cls) -> Owner:
        pid = os.getpid()
        return cls(socket.gethostname(), pid, process_start_time(pid) or 0)

    @property
    def folder_name(self) -> str:
        return f"{self.pid}-{self.started}@{self.host}"

    @classmethod
    def parse(cls, name: str) -> Owner | None:
        ids, at, host = name.partition("@")
        pid, dash, started = ids.partition("-")
        if not (at and dash and host and pid.isdigit() and started.isdigit()):
            return None
        return cls(host, int(pid), int(started))

    def is_gone(self) -> bool:
        """True only when we can tell: the same host and no such process any more."""
        if self.host != socket.gethostname():
            return False
        started = process_start_time(self.pid)
        return started is None or (started != self.started and self.started != 0)


# --------------------------------------------------------------------------- transport


class QoS(virtual.QoS):
    """Settles a message's file when the worker acknowledges or rejects it."""

    def ack(self, delivery_tag: str) -> None:
        self.channel.settle(delivery_tag)
        super().ack(delivery_tag)

    def reject(self, delivery_tag: str, requeue: bool = False) -> None:
        # With requeue, virtual.QoS calls channel._restore, which moves the file back.
        super().reject(delivery_tag, requeue=requeue)
        self.channel.settle(delivery_tag)


class Channel(filesystem.Channel):
    QoS = QoS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # delivery tag -> the file of a fetched, unacknowledged message
        self._unacked: dict[str, str] = {}
        # Queues consumed without acknowledgements (Celery's broadcast/control queues):
        # their messages are settled as soon as they are read, never redelivered.
        self._no_ack_queues: set[str] = set()
        self._owner: Owner | None = None
        super().__init__(*args, **kwargs)
        self._next_recovery = monotonic() + self.recover_interval
        self.recover_orphans()

    # ----------------------------------------------------------------- options

    @cached_property
    def unacked_folder(self) -> str:
        folder = self.transport_options.get("unacked_folder") or os.path.join(
            self.data_folder_in, ".unacked"
        )
        os.makedirs(folder, exist_ok=True)
        return folder

    @cached_property
    def recover_interval(self) -> float:
        return float(self.transport_options.get("recover_interval", DEFAULT_RECOVER_INTERVAL))

    def owner_folder(self) -> str:
        """This process' folder of unacknowledged messages (a forked child gets its own)."""
        if self._owner is None or self._owner.pid != os.getpid():
            self._owner = Owner.current()
            self._unacked = {}  # a forked child must not settle its parent's messages
        folder = os.path.join(self.unacked_folder, self._owner.folder_name)
        os.makedirs(folder, exist_ok=True)
        return folder

    # ----------------------------------------------------------------- messages

    # kombu's filesystem Channel calls the message `payload`, its base class `message`.
    def _put(self, queue: str, payload: dict, **kwargs: Any) -> None:  # type: ignore[override]
        # Consumers take files in name order: nanoseconds, zero-padded so that names sort
        # like numbers (kombu's milliseconds left messages of one millisecond unordered),
        # and wall-clock time so that the order survives a reboot.
        name = f"{time_ns():020d}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        # A leading dot: ``_get`` only takes names whose part after the first dot is
        # "<queue>.msg", which "tmp-….part" never is.
        partial = os.path.join(self.data_folder_out, f".tmp-{uuid.uuid4()}.part")
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(partial)
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc

    def _get(self, queue: str, timeout: float | None = None) -> dict:
        """Take the oldest message of ``queue`` into this process' unacked folder.

        ``timeout`` is in kombu's base signature; polling channels never wait here.
        """
        wanted = f"{queue}.msg"
        for name in sorted(os.listdir(self.data_folder_in)):
            if name.partition(".")[2] != wanted:
                continue
            taken = os.path.join(self.owner_folder(), name)
            try:
                os.rename(os.path.join(self.data_folder_in, name), taken)
            except FileNotFoundError:
                continue  # another worker took it first
            try:
                with open(taken, "rb") as f:
                    payload = loads(bytes_to_str(f.read()))
                tag = payload["properties"]["delivery_tag"]
            except (OSError, ValueError, KeyError, TypeError) as error:
                self._set_aside(taken, error)
                continue
            self._unacked[tag] = taken
            if queue in self._no_ack_queues:
                self.settle(tag)
            return payload
        raise filesystem.Empty()

    def _set_aside(self, path: str, error: Exception) -> None:
        """Keep an unreadable message file for a person instead of failing the worker."""
        folder = os.path.join(self.unacked_folder, BROKEN_FOLDER)
        os.makedirs(folder, exist_ok=True)
        target = os.path.join(folder, os.path.basename(path))
        with contextlib.suppress(OSError):
            os.replace(path, target)
        logger.error(
            "Broker message %s cannot be read (%s); moved to %s. Look at it, then delete it "
            "or move it back into %s to deliver it again.",
            os.path.basename(path), error, target, self.data_folder_in,
        )  # fmt: skip

    def settle(self, delivery_tag: str) -> None:
        """The message is done with (acknowledged, rejected or requeued): drop its file."""
        path = self._unacked.pop(delivery_tag, None)
        if path is None:
            return
        try:
            if self.store_processed:
                os.replace(path, os.path.join(self.processed_folder, os.path.basename(path)))
            else:
                os.unlink(path)
        except FileNotFoundError:
            pass  # already moved back into the queue by _restore

    def _restore(self, message: virtual.Message) -> None:
        """Requeue: move the message's file back into the queue, where it was in line."""
        path = self._unacked.pop(message.delivery_tag, None)
        if path is not None:
            try:
                os.rename(path, os.path.join(self.data_folder_in, os.path.basename(path)))
                return
            except FileNotFoundError:
                pass
        super()._restore(message)

    # ----------------------------------------------------------------- consumers

    def basic_consume(self, queue, no_ack, callback, consumer_tag, **kwargs):
        if no_ack:
            self._no_ack_queues.add(queue)
        else:
            self._no_ack_queues.discard(queue)
        return super().basic_consume(queue, no_ack, callback, consumer_tag, **kwargs)

    def basic_cancel(self, consumer_tag):
        queue = self._tag_to_queue.get(consumer_tag)
        if queue is not None:
            self._no_ack_queues.discard(queue)
        return super().basic_cancel(consumer_tag)

    def basic_get(self, queue, no_ack=False, **kwargs):
        message = super().basic_get(queue, no_ack=no_ack, **kwargs)
        if message is not None and no_ack:
            self.settle(message.delivery_tag)
        return message

    def drain_events(self, timeout=None, callback=None):
        if monotonic() >= self._next_recovery:
            self._next_recovery = monotonic() + self.recover_interval
            self.recover_orphans()
        return super().drain_events(timeout=timeout, callback=callback)

    # ----------------------------------------------------------------- recovery

    def recover_orphans(self) -> int:
        """Move the unacknowledged messages of dead processes back into the queue.

        Safe to run in many processes at once: each file is moved by one rename, which
        only one of them can win. Returns how many messages this call moved.
        """
        try:
            entries = list(os.scandir(self.unacked_folder))
        except FileNotFoundError:
            return 0
        moved = 0
        for entry in entries:
            owner = Owner.parse(entry.name)
            if owner is None or not entry.is_dir() or not owner.is_gone():
                continue
            try:
                names = sorted(os.listdir(entry.path))
            except FileNotFoundError:
                continue  # another process recovered and removed it
            count = 0
            for name in names:
                with contextlib.suppress(FileNotFoundError):
                    os.rename(
                        os.path.join(entry.path, name), os.path.join(self.data_folder_in, name)
                    )
                    count += 1
            with contextlib.suppress(OSError):
                os.rmdir(entry.path)
            if count:
                logger.warning(
                    "Requeued %d unacknowledged message(s) of worker process %d on %s, "
                    "which is gone; they will run again.", count, owner.pid, owner.host,
                )  # fmt: skip
            moved += count
        return moved


class Transport(filesystem.Transport):
    Channel = Channel

    @property
    def default_connection_params(self) -> dict:
        # kombu's virtual transports default to host "localhost", and a URL without one
        # (filesystem://) logs "No hostname was supplied. Reverting to default
        # 'localhost'" whenever the connection is described, e.g. in the middle of
        # manage.py harvest's progress bar. Folders have no host.
        return {"port": self.default_port}
