"""The embedded broker (kehr.filesystem_broker) against kombu's stock filesystem transport.

Every test here is deterministic: the race is provoked by pausing a producer half-way
(not by hoping a poll lands between open and write), and a dying consumer is a real
process killed with SIGKILL while it holds a message. The stock transport is run through
the same checks to show that they catch the faults the subclass fixes.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from kombu import Connection
from kombu.transport import filesystem
from kombu.utils import json as kombu_json

from kehr.filesystem_broker import Owner, Transport

STOCK = filesystem.Transport
BACKEND = Path(__file__).resolve().parent.parent / "backend"
WAIT_S = 60


def options(tmp_path: Path) -> dict:
    queue = tmp_path / "queue"
    queue.mkdir(exist_ok=True)
    return {
        "data_folder_in": str(queue),
        "data_folder_out": str(queue),
        "unacked_folder": str(tmp_path / "unacked"),
        "processed_folder": str(tmp_path / "processed"),
        "store_processed": False,
        "control_folder": str(tmp_path / "control"),
    }


def visible_messages(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in (tmp_path / "queue").glob("*.msg"))


def publish(channel, body: dict, queue: str = "q") -> None:
    """Publish through kombu's virtual channel, as Celery does (it adds the delivery tag)."""
    message = channel.prepare_message(
        kombu_json.dumps(body), content_type="application/json", content_encoding="utf-8"
    )
    channel.basic_publish(message, "", queue)


# --------------------------------------------------------------------------- torn messages


class Paused:
    """A value whose JSON encoding waits until the test lets it go: a producer paused
    after kombu opened the message file and before the message is complete."""

    started = threading.Event()
    release = threading.Event()


@pytest.fixture
def paused_encoding():
    Paused.started.clear()
    Paused.release.clear()

    def encode(_value: Paused) -> str:
        Paused.started.set()
        assert Paused.release.wait(WAIT_S), "the test never released the paused write"
        return "done"

    kombu_json.register_type(Paused, "kehr-test-paused", encode)  # decoded: the string
    yield
    Paused.release.set()
    kombu_json._encoders.pop(Paused, None)  # no public unregister in kombu


def consumer_view_during_paused_write(transport_cls, tmp_path) -> tuple[list[str], object]:
    """What a consumer sees while a producer is paused mid-message: the message files in
    the queue folder, and what ``_get`` returns (the exception it raises)."""
    opts = options(tmp_path)

    def produce():
        with Connection(transport=transport_cls, transport_options=opts) as conn:
            channel = conn.default_channel
            message = channel.prepare_message("x" * 10_000, headers={"paused": Paused()})
            channel.basic_publish(message, "", "q")

    producer = threading.Thread(target=produce)
    with Connection(transport=transport_cls, transport_options=opts) as conn:
        producer.start()
        assert Paused.started.wait(WAIT_S), "the producer never started writing"
        visible = visible_messages(tmp_path)
        try:
            seen: object = conn.default_channel._get("q")
        except Exception as error:  # Empty for a correct broker; a JSON error when torn
            seen = error
        Paused.release.set()
        producer.join(WAIT_S)
        if isinstance(seen, filesystem.Empty):
            # The message is whole once the producer finished, and arrives intact.
            message = conn.default_channel.basic_get("q")
            assert message.body == b"x" * 10_000 and message.headers["paused"] == "done"
            message.ack()
    return visible, seen


def test_no_message_file_is_visible_until_it_is_complete(tmp_path, paused_encoding):
    visible, seen = consumer_view_during_paused_write(Transport, tmp_path)
    assert visible == []
    assert isinstance(seen, filesystem.Empty)


def test_stock_transport_fails_that_check(tmp_path, paused_encoding):
    """The check above detects the bug: kombu's own _put shows the file while writing,
    and a consumer takes it and fails to decode it (the message is lost)."""
    visible, seen = consumer_view_during_paused_write(STOCK, tmp_path)
    assert len(visible) == 1 and visible[0].endswith(".q.msg")
    assert isinstance(seen, ValueError)  # JSONDecodeError on the empty file
    assert visible_messages(tmp_path) == []  # and the message is gone for good


# --------------------------------------------------------------------------- dying consumers

CONSUMER = textwrap.dedent(
    """
    import sys, time
    from kombu import Connection
    from kombu.utils.json import dumps
    from kombu.utils.imports import symbol_by_name

    transport = symbol_by_name(sys.argv[1])
    options = {json_options}
    with Connection(transport=transport, transport_options=options) as conn:
        message = conn.default_channel.basic_get("q")  # fetched, never acknowledged
        print(dumps(message.payload if message else None), flush=True)
        time.sleep(3600)
    """
)


def fetch_in_process_then_kill(transport_path: str, opts: dict) -> object:
    """A consumer process takes one message and is killed with SIGKILL holding it."""
    script = CONSUMER.replace("{json_options}", repr(opts))
    proc = subprocess.Popen(
        [sys.executable, "-c", script, transport_path],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(BACKEND)},
    )
    assert proc.stdout is not None  # a pipe
    try:
        line = proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT_S)
        proc.stdout.close()
    return kombu_json.loads(line)


@pytest.mark.parametrize(
    ("transport_path", "redelivered"),
    [("kehr.filesystem_broker:Transport", True), ("kombu.transport.filesystem:Transport", False)],
    ids=["kehr", "stock"],
)
def test_message_of_a_killed_consumer_is_delivered_again(tmp_path, transport_path, redelivered):
    opts = options(tmp_path)
    with Connection(transport=Transport, transport_options=opts) as conn:
        publish(conn.default_channel, {"task": "merge", "n": 1})
    assert fetch_in_process_then_kill(transport_path, opts) == {"task": "merge", "n": 1}
    # A worker starting after the crash (a new connection, a new channel).
    with Connection(transport=Transport, transport_options=opts) as conn:
        message = conn.default_channel.basic_get("q")
        if redelivered:
            assert message is not None and message.payload == {"task": "merge", "n": 1}
            message.ack()
        else:  # kombu's transport deleted the file when the dead consumer read it
            assert message is None
    with Connection(transport=Transport, transport_options=opts) as conn:
        assert conn.default_channel.basic_get("q") is None  # acknowledged: once only


def test_dead_consumers_message_keeps_its_place_in_line(tmp_path):
    opts = options(tmp_path)
    with Connection(transport=Transport, transport_options=opts) as conn:
        for n in range(3):
            publish(conn.default_channel, {"n": n})
    assert fetch_in_process_then_kill("kehr.filesystem_broker:Transport", opts) == {"n": 0}
    with Connection(transport=Transport, transport_options=opts) as conn:
        got = []
        while (message := conn.default_channel.basic_get("q")) is not None:
            got.append(message.payload["n"])
            message.ack()
    assert got == [0, 1, 2]
    assert not any((tmp_path / "unacked").rglob("*.msg"))


def test_a_live_consumers_messages_are_left_alone(tmp_path):
    opts = options(tmp_path)
    with Connection(transport=Transport, transport_options=opts) as holder:
        publish(holder.default_channel, {"n": 1})
        held = holder.default_channel.basic_get("q")
        assert held.payload == {"n": 1}
        with Connection(transport=Transport, transport_options=opts) as other:
            assert other.default_channel.recover_orphans() == 0
            assert other.default_channel.basic_get("q") is None
        held.ack()
    assert not any((tmp_path / "unacked").rglob("*.msg"))


def test_reject_with_requeue_and_clean_close_put_messages_back(tmp_path):
    opts = options(tmp_path)
    with Connection(transport=Transport, transport_options=opts) as conn:
        channel = conn.default_channel
        publish(channel, {"n": 1})
        publish(channel, {"n": 2})
        first = channel.basic_get("q")
        first.reject(requeue=True)  # what reject_on_worker_lost does when a pool child dies
        assert channel.basic_get("q").payload == {"n": 1}  # still first in line
        second = channel.basic_get("q")
        assert second.payload == {"n": 2}
        assert len(visible_messages(tmp_path)) == 0
    # Closing the connection without acknowledging (a warm shutdown) requeues both.
    assert len(visible_messages(tmp_path)) == 2
    assert not any((tmp_path / "unacked").rglob("*.msg"))


def test_messages_read_without_acknowledgement_are_not_kept(tmp_path):
    """Celery's control and broadcast queues are consumed with no_ack: never redelivered."""
    opts = options(tmp_path)
    with Connection(transport=Transport, transport_options=opts) as conn:
        publish(conn.default_channel, {"ping": True})
        assert conn.default_channel.basic_get("q", no_ack=True).payload == {"ping": True}
        assert not any((tmp_path / "unacked").rglob("*.msg"))


def test_an_unreadable_message_is_set_aside_and_the_next_one_delivered(tmp_path, caplog):
    opts = options(tmp_path)
    broken = "00000000000000000001_broken.q.msg"  # sorts first: read before the good one
    (tmp_path / "queue" / broken).write_text('{"body": "trunc')
    with Connection(transport=Transport, transport_options=opts) as conn:
        publish(conn.default_channel, {"n": 2})
        with caplog.at_level(logging.ERROR, logger="kehr.filesystem_broker"):
            message = conn.default_channel.basic_get("q")
        assert message.payload == {"n": 2}
        message.ack()
    assert (tmp_path / "unacked" / "broken" / broken).read_text() == '{"body": "trunc'
    assert f"{broken} cannot be read" in caplog.text
    assert "move it back into" in caplog.text


def test_owner_folder_names_round_trip_and_liveness():
    me = Owner.current()
    assert Owner.parse(me.folder_name) == me
    assert not me.is_gone()
    assert Owner.parse("broken") is None and Owner.parse("12-x@host") is None
    assert not Owner(me.host + "-elsewhere", 1, 0).is_gone()  # another host: cannot tell
    if me.started:  # Linux: a reused pid (same number, other start time) counts as gone
        assert Owner(me.host, me.pid, me.started + 1).is_gone()
