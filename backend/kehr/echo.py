"""Echo a received value in an error message, cut short.

Error messages say what was received, but a 2 MB string sent back whole in a 400 helps
nobody and costs bandwidth: values are shown as a Python repr of at most ~60 characters.
Here, below every app, so the API, the staff pages and the harvester all say it alike.
"""

from __future__ import annotations

import reprlib

_short = reprlib.Repr()
_short.maxstring = 60
_short.maxother = 60
_short.maxlong = 40
_short.maxlist = 6
_short.maxdict = 4


def echo(value: object) -> str:
    """A short repr of ``value`` for an error message ("'xxxx...xxx'" when it is long)."""
    return _short.repr(value)
