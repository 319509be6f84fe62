"""Signals apps above send about pages, so that others can react without an import.

``pages_arrived`` (sender: the Corpus class; ``corpus``, ``page_ids``, ``source``): new
or updated pages are stored, sent once per harvest job when it finishes and once per
WARC import. The template methods stream them through the corpus' URL Tree
(crosspage.receivers); harvest and archive import nothing of them.
"""

from __future__ import annotations

from django.dispatch import Signal

pages_arrived = Signal()
