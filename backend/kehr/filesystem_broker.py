"""kombu's filesystem transport with atomic message files: the embedded default broker.

kombu's own ``_put`` opens ``<time>_<uuid>.<queue>.msg`` in the queue folder and then
writes it. A polling worker can list and move the file in between and read an empty
or half-written message ("JSONDecodeError" in the worker, the task lost) — seen in
our test runs. Here the message is written under a name the reader ignores and
renamed into place once complete; a rename within one folder is atomic, so a reader
sees a whole message or none. Selected in settings.py with CELERY_BROKER_TRANSPORT.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        # A leading dot: ``_get`` only takes names whose part after the first dot is
        # "<queue>.msg", which "tmp-….part" never is.
        partial = os.path.join(self.data_folder_out, f".tmp-{uuid.uuid4()}.part")
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            try:
                os.unlink(partial)
            except OSError:
                pass
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
