"""CSV that a spreadsheet opens as data, never as formulas (CSV or formula injection).

Kehr's CSV files carry harvested text, URLs and usernames that anybody on the web or
any annotator chose. A cell such as ``=HYPERLINK("http://evil.example/","E-paper")``
becomes a live formula when a researcher opens the file in Excel, LibreOffice or
Google Sheets. Following OWASP's rule, every *text* cell that begins with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return gets a leading apostrophe, which spreadsheets
read as "this cell is text".

Decisions (docs/exports.md says the same to readers of the files):

- Only ``str`` values are neutralised. Numbers Kehr computed itself (``int``,
  ``float``, ``Decimal``, ``bool``) are written unchanged, so ``-0.5`` in a numeric
  column stays a number a spreadsheet can sum; a number can never be a formula.
  Harvested text that merely looks like a number (the node text ``-5``) is text and
  is neutralised: whether it is a formula is decided by what the value is, not by
  how it looks, so no pattern can be crafted to slip through.
- A text cell that already begins with an apostrophe gets one more. That makes the
  rule exactly reversible for programs: *a text cell that begins with ``'`` had one
  ``'`` added; drop it*, and the original text comes back, whatever it was.

Why not the ``defusedcsv`` package: it leaves cells beginning with a tab or a carriage
return alone (both are in OWASP's list, and node texts often begin with them), and it
also rewrites every ``|`` inside such cells, which would change harvested text in a
way no reader can undo.

Use :func:`writer` wherever ``csv.writer`` would be used; it takes the same arguments.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from numbers import Number
from typing import Any

#: First characters that make a spreadsheet read a cell as a formula (OWASP), plus the
#: apostrophe itself so that the neutralisation can always be undone.
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
ESCAPE = "'"


def neutralise(value: Any) -> Any:
    """The cell as it may be written: text that could start a formula gets a leading ``'``.

    ``None`` becomes an empty cell; numbers pass unchanged; any other value is written
    as its ``str``, neutralised like text.
    """
    if value is None:
        return ""
    if isinstance(value, Number):
        return value
    text = str(value)
    if text.startswith((*FORMULA_TRIGGERS, ESCAPE)):
        return ESCAPE + text
    return text


def restore(cell: str) -> str:
    """The original text of a cell written by :func:`neutralise` (for tests and readers)."""
    return cell[1:] if cell.startswith(ESCAPE) else cell


class SafeWriter:
    """``csv.writer`` whose every row passes through :func:`neutralise`.

    Python's csv module (3.11) quotes a field holding ``\n`` but not one holding a bare
    ``\r`` when the line terminator is ``\n``: such a row would come apart in every
    reader. A row with a carriage return anywhere is therefore written fully quoted.
    """

    def __init__(self, target: Any, **fmtparams: Any) -> None:
        self._writer = csv.writer(target, **fmtparams)
        self._quoted = csv.writer(target, **{**fmtparams, "quoting": csv.QUOTE_ALL})

    def writerow(self, row: Iterable[Any]) -> Any:
        cells = [neutralise(value) for value in row]
        if any(isinstance(cell, str) and "\r" in cell for cell in cells):
            return self._quoted.writerow(cells)
        return self._writer.writerow(cells)

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)

    @property
    def dialect(self) -> Any:
        return self._writer.dialect


def writer(target: Any, **fmtparams: Any) -> SafeWriter:
    """A CSV writer like ``csv.writer(target, **fmtparams)`` whose cells cannot be formulas."""
    return SafeWriter(target, **fmtparams)
