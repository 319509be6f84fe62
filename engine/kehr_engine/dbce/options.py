"""The choices DBCE makes beyond the thesis' method, as one frozen value.

:class:`DbceOptions` is passed as ``options=`` to
:func:`kehr_engine.dbce.run.label_archive`, :func:`~kehr_engine.dbce.run.label_pages` and
:func:`kehr_engine.dbce.cross_labels.label_cross`.
Its defaults are the best setting measured on the developer sites of
bench/template_eval.py (issue 31; the figures are in docs/methods.md and in the module
docstrings that justify each choice); :meth:`DbceOptions.thesis_reading` reproduces the
labels Kehr's DBCE gave before issue 31 (per node, by word votes, invalid left
unlabelled, LSH at 0.6 only), so a harness can report both.

Measured on the developer sites, every page of the first visit (token F1 of content,
macro over labelled pages; boilerplate precision and content recall by tokens, micro;
coverage), thesis reading -> defaults, keep-all F1 in brackets:

- python docs (526 pages): 0.881, BP 0.944, CR 0.985, 0.09 -> 0.936, 0.992, 1.000, 1.00 (0.893)
- git docs (217): 0.847, BP 0.018, CR 0.384, 0.17 -> 0.986, 1.000, 1.000, 1.00 (0.978)
- sphinx docs (135): 0.755, BP 0.365, CR 0.423, 0.08 -> 0.961, 0.987, 1.000, 1.00 (0.889)
- debian-handbook (127): 0.968, BP 0.974, CR 0.998, 0.21 -> 0.986, 1.000, 1.000, 1.00 (0.974)
- debian-reference (15): unlabelled -> 0.998, 1.000, 1.000, 1.00 (0.998)

The cost: every page is labelled (with its candidates' shared text counted), so a site
takes about six times the thesis reading's time (python's docs: 85 s against 13 s,
which labels 9 % of the pages; per labelled page 0.16 s against 0.27 s).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kehr_engine.dbce.similar import LSH_THRESHOLD
from kehr_engine.dbce.table import BOILERPLATE, INVALID, Decision, table_for
from kehr_engine.site_container import SITE_CONTAINER_SHARE
from kehr_engine.text_blocks import (
    CONTAINER_SHARE,
    ENCLOSED_MAX_RUN,
    MIN_BLOCK_LETTERS,
    check_container_share,
)

__all__ = ["DEFAULT_OPTIONS", "Choice", "DbceOptions", "InvalidRule", "Unit"]

#: What a fragment is: the thesis-reading word run voted per node, or a text block.
Unit = Literal["node", "block"]
#: What becomes of a block the table calls invalid.
InvalidRule = Literal["unlabelled", "neighbours", "length", "content", "boilerplate"]
#: How up and down are chosen among the candidates (DbceOptions.candidates > 2).
Choice = Literal["least", "typical"]


@dataclass(frozen=True)
class DbceOptions:
    """How DBCE cuts a page into units, picks its cross and settles the undecided.

    - ``unit``: ``"node"`` decides word runs and gives each node the decision of most
      of its words (the reading before issue 31); ``"block"`` decides each text block
      (:mod:`kehr_engine.text_blocks`) and projects it onto its nodes.
    - ``block_share``: a block occurs in a member when more than this share of its
      words are matched there.
    - ``min_run``: the shortest run of words difflib's matching counts as a match
      (lxml's insensitive rule is 3: runs of at most two words amid changes are no match).
    - ``min_letters``: blocks with fewer letters take their structurally nearest long
      neighbour's decision (:func:`kehr_engine.text_blocks.inherit_short`); 0: none.
    - ``invalid``: what an invalid block becomes: left unlabelled (the thesis), its
      neighbours' decision, by its length (``invalid_letters`` letters or more: content,
      fewer: boilerplate), or always content or boilerplate. With the neighbours' rule
      and the container rules on, a block no neighbour settles is content inside the
      page's content container, or between content on a page without one
      (:func:`kehr_engine.text_blocks.absorb_undecided`), else unlabelled.
    - ``lsh_threshold``: the Jaccard threshold of the similar-page index (the thesis' 0.6).
    - ``fallback``: when the index finds fewer than two similar pages of other URLs,
      take the structurally most similar pages of the domain whatever their estimate
      (at least ``fallback_floor``), so that a page is labelled wherever its site has
      another page.
    - ``candidates``: how many structurally similar pages to consider for up and down;
      with more than two, ``choice`` picks two of them by the text they share with the
      page (runs of ``min_run`` words): ``"least"``, the two sharing least (but some), or
      ``"typical"``, the most similar two that share at most ``twin_margin`` above the
      candidates' median share (:func:`kehr_engine.dbce.run.choose_pair`). With more
      than two, the candidates are distinct URLs (the capture most similar, then
      closest in time, of each): in an archive with two visits, 8 candidates would
      otherwise be 4 pages, all of them a content twin's family on git's manual.
    - ``enclosed_run``: a run of at most this many boilerplate blocks with content
      right before and after it in the same part of the page becomes content
      (:func:`kehr_engine.text_blocks.absorb_enclosed`: labels a site's generator
      repeats inside its content), and a boilerplate heading whose text, the long
      block after it, is content becomes content
      (:func:`kehr_engine.text_blocks.headings_with_their_text`); 0: no such rules, as
      in the thesis.
    - ``container_share``: every boilerplate block inside the deepest element holding
      this share of the page's content letters becomes content
      (:func:`kehr_engine.text_blocks.absorb_in_container`: whole sections a site's
      generator repeats inside its content); 0: no such rule, as in the thesis. On a
      page where no element holds that share (and no ``<main>``), a short run of short
      boilerplate blocks with content before and after it becomes content, whatever
      element they share (:func:`kehr_engine.text_blocks.absorb_enclosed_labels`), and
      so does a run of them in the page's flow
      (:func:`kehr_engine.text_blocks.absorb_in_flow`); 0 here or in ``enclosed_run``
      turns these off too. On a page with a container, a
      short block outside it that inherited content keeps its own decision
      (:func:`kehr_engine.text_blocks.keep_own_outside`); 0 here turns that off (not
      for an entry of a table of contents or a block in a navigation landmark, which
      keep theirs with no container too).
    - ``site_container_share``: a page whose own content container is none or lies
      inside the element where this share of the run's pages have theirs takes that
      element as its container (:mod:`kehr_engine.site_container`; applied by
      :func:`kehr_engine.dbce.run.label_archive` and
      :func:`~kehr_engine.dbce.run.widen_to_site` over a whole run); 0: each page's
      own container only.
    - ``one_sided_persistent``: the table's decision for a fragment shared with exactly
      one of up and down that prev or next also holds (:mod:`kehr_engine.dbce.table`):
      ``"invalid"``, settled like any undecided block, or ``"boilerplate"``, the
      reading before issue 31. It only matters where the archive holds another
      capture of the page's URL (a second visit).
    """

    unit: Unit = "block"
    block_share: float = 0.5
    min_run: int = 3
    min_letters: int = MIN_BLOCK_LETTERS
    invalid: InvalidRule = "neighbours"
    invalid_letters: int = 80
    lsh_threshold: float = LSH_THRESHOLD
    fallback: bool = True
    fallback_floor: float = 0.0
    candidates: int = 8
    choice: Choice = "least"
    twin_margin: float = 0.3
    enclosed_run: int = ENCLOSED_MAX_RUN
    one_sided_persistent: Decision = INVALID
    container_share: float = CONTAINER_SHARE
    site_container_share: float = SITE_CONTAINER_SHARE

    def __post_init__(self) -> None:
        if self.unit not in ("node", "block"):
            raise ValueError(f"unit must be 'node' or 'block', not {self.unit!r}")
        if self.invalid not in ("unlabelled", "neighbours", "length", "content", "boilerplate"):
            raise ValueError(f"unknown invalid rule {self.invalid!r}")
        if self.choice not in ("least", "typical"):
            raise ValueError(f"choice must be 'least' or 'typical', not {self.choice!r}")
        if not 0.0 <= self.block_share < 1.0:
            raise ValueError(f"block_share must be in [0, 1), not {self.block_share}")
        table_for(self.one_sided_persistent)  # ValueError for an unknown decision
        check_container_share(self.container_share)
        check_container_share(self.site_container_share, "site_container_share")
        if self.enclosed_run < 0:
            raise ValueError(f"enclosed_run must be 0 or more, not {self.enclosed_run}")
        if self.min_run < 1:
            raise ValueError(f"min_run must be at least 1, not {self.min_run}")
        if self.candidates < 2:
            raise ValueError(f"candidates must be at least 2 (up and down), not {self.candidates}")
        if not 0.0 < self.lsh_threshold <= 1.0:
            raise ValueError(f"lsh_threshold must be in (0, 1], not {self.lsh_threshold}")

    @classmethod
    def thesis_reading(cls) -> DbceOptions:
        """Kehr's reading of the thesis before issue 31: word runs voted per node,
        invalid fragments unlabelled, similar pages only above the LSH threshold."""
        return cls(unit="node", min_letters=0, invalid="unlabelled", fallback=False,
                   candidates=2, enclosed_run=0, one_sided_persistent=BOILERPLATE,
                   container_share=0.0, site_container_share=0.0)  # fmt: skip


DEFAULT_OPTIONS = DbceOptions()
