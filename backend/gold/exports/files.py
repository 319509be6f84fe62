"""Where a command's export goes: standard output, or a file that appears only when whole."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

from django.core.management.base import CommandError


def write_chunks(chunks: Iterable[bytes], output: str | None) -> int:
    """Write the chunks to ``output`` (None: standard output); returns the bytes written."""
    written = 0
    if output is None:
        stream = sys.stdout.buffer
        for chunk in chunks:
            stream.write(chunk)
            written += len(chunk)
        stream.flush()
        return written
    target = Path(output)
    if not target.parent.is_dir():
        raise CommandError(f"Cannot write {target}: folder {target.parent} does not exist.")
    # Written beside the target and renamed at the end: a failed export never leaves
    # a truncated file under the name of a finished one.
    partial = target.with_name(target.name + ".part")
    try:
        with partial.open("wb") as stream:
            for chunk in chunks:
                stream.write(chunk)
                written += len(chunk)
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return written
