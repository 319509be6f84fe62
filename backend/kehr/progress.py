"""How long work tells a person how it is going: the two callbacks every app takes.

- :data:`Say` -- one line of text for a person: a command's terminal (``print``,
  ``self.stdout.write``, ``tqdm.write``), a log. Parameters of this type are named
  ``say``. Jobs that keep their progress on a row (learning.jobs, crosspage.services)
  write the row and also say each line when given a ``say``.
- :data:`Progress` -- how far a loop over a known number of items is: ``progress(done,
  total)``, done counting from 1. Parameters of this type are named ``progress``; a
  command turns it into a progress bar with :func:`on_bar`.

What a callback returns is ignored (``tqdm.update`` and ``TextIO.write`` return one).
The engine (kehr_engine, Django-free) has its own ``progress`` parameters, which take
a :data:`Say`: it reports text ("features: 20/148 pages").

Here, below every app (the ``kehr-utilities`` contract), so that the apps say it alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: One line of text for a person (a command's terminal, a log).
Say = Callable[[str], object]
#: done, total: how far a loop over a known number of items is.
Progress = Callable[[int, int], object]


def on_bar(bar: Any) -> Progress:
    """A :data:`Progress` that moves a tqdm bar to ``done`` of ``total`` (the total is
    set from the first call: the command need not count the items beforehand)."""

    def advance(done: int, total: int) -> None:
        if bar.total != total:
            bar.total = total
            bar.refresh()
        bar.update(done - bar.n)

    return advance
