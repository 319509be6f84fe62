"""DBCE per text block: the table decides blocks, not word runs, and blocks become nodes.

Leśniak's thesis decides *fragments* of a page's text; before issue 31 Kehr's reading
took every run of words with the same occurrence bits as a fragment and gave each
numbered node the decision of most of its words. Here the fragment is the page's text
block (:func:`kehr_engine.text_blocks.text_blocks`: the text between block-level
boundaries), as in the URL Tree's paper:

1. every word of cur is matched against each member as before (difflib runs of at
   least ``min_run`` words, :func:`kehr_engine.dbce.labels.occurrence`);
2. a block *occurs* in a member when more than ``block_share`` of its words are matched
   there: a paragraph that merely contains a three-word phrase of another page does not
   occur there, a navigation list whose every entry does, does; a block of at most
   ``min_run`` words, unless links hold much of it, occurs only when all of them are
   matched (*Short blocks*, below);
3. the block's occurrence bits go through the table (:mod:`kehr_engine.dbce.table`):
   content, boilerplate or invalid;
4. invalid blocks are settled by ``options.invalid`` (left unlabelled, as the thesis
   does, or their neighbours' decision, or by length, ...; with the neighbours' rule,
   one that no neighbour settles takes the content container's decision or that of
   the content around it, *Undecided blocks* in :mod:`kehr_engine.text_blocks`),
   blocks with fewer than ``min_letters`` letters take their structurally nearest long
   neighbour's decision
   (:func:`kehr_engine.text_blocks.inherit`), a short run of boilerplate blocks that
   content encloses becomes content (``options.enclosed_run``,
   :func:`kehr_engine.text_blocks.absorb_enclosed`), so does every boilerplate block
   inside the page's content container (``options.container_share``,
   :func:`kehr_engine.text_blocks.absorb_in_container`; on a page without one, a short
   run of short boilerplate blocks that content encloses,
   :func:`kehr_engine.text_blocks.absorb_enclosed_labels`, and a run in the page's flow,
   :func:`kehr_engine.text_blocks.absorb_in_flow`; on a page with one, a short
   block outside it that inherited content keeps its own decision,
   :func:`kehr_engine.text_blocks.keep_own_outside`), a boilerplate heading whose text
   is content takes its decision (:func:`kehr_engine.text_blocks.headings_with_their_text`),
   and each node takes its block's label, but for a jump's ("More...", "Edit": the
   short link that ends many blocks of the page, each to its own target,
   :attr:`kehr_engine.text_blocks.TextBlocks.jumps`), which are boilerplate. The
   container's key goes into the result, for the run's site pass
   (:func:`kehr_engine.dbce.run.widen_to_site`).

**Why (issue 31, the developer sites of bench/template_eval.py).** Per table row, the
thesis reading's errors on these sites are not invalid words (148-471 a site, under 1 %
of the words it decides) but content in the row "in up and down": 18,402 words on git's
manual and 2,114 on sphinx's, nearly all in matched runs of over 30 words, i.e. whole
paragraphs that two similar pages share (the cross, :func:`kehr_engine.dbce.run.choose_pair`);
matched runs of 3-5 words inside otherwise different text put 130-196 content words a
site into boilerplate, which the block rule removes. Settings measured with the rest at
their defaults (first 200 pages a site; token F1 of content / boilerplate precision):

- ``min_letters`` 20 (the shared default): git 0.985/1.000, python 0.948/0.987, sphinx
  0.961/0.987; 0 (no inheritance): git 0.980/0.616 (short shared words such as "NAME"
  or option names are dropped from the content), python 0.958/0.982, sphinx 0.969/0.987,
  debian-reference's precision 0.154; 40: sphinx 0.929, python 0.953/1.000.
- ``invalid``: "neighbours" is best or level on every site; "unlabelled" (the thesis)
  costs precision where undecided text sits among boilerplate (python 0.963, sphinx
  0.976, handbook 0.911, debian-reference 0.287); "length" (80 letters) 0.956-0.984;
  "content" is level on F1 and leaves debian-reference's template undetected.
- ``block_share`` 0.3 / 0.5 / 0.7 and ``min_run`` 3 / 5 move F1 by at most 0.004.

**Short blocks** (twenty-sixth session, built from the error list of STK's reference,
an unsailed site). A run counts only at ``min_run`` words or more, so a block of at most
``min_run`` words that is matched in part is matched by a run that goes on into its
neighbours, not by its own words: Doxygen's "stk::ADSR Class Reference" took "Class
Reference" from a run ending in the next block's "STK" (every brief description there
begins with it) and occurred in both similar pages, though its name is its own, and
DBCE dropped the class titles. Such a block occurs only where all its words are
matched, unless links hold much of it (:attr:`~kehr_engine.text_blocks.TextBlocks.links_only`,
or a link skeleton, :attr:`~kehr_engine.text_blocks.TextBlocks.skeletons`): a short row
naming another page through a link is the site's navigation (MHonArc's "[Prev:
CHARSETALIASES ]", whose name differs on every page; without this exception MHonArc's
F1 fell 0.778 → 0.752). Screened on cached first visits of the 91 sites read so far
(DBCE, against the code before it): STK's F1 0.9928 → 0.9938, boilerplate precision
0.865 → 0.910, the goal met; SFML's 0.9847 → 0.9858 (0.972 → 0.987); ClanLib's 0.9857
→ 0.9867; GTK's boilerplate precision 0.958 → 0.966; cppreference's 0.826 → 0.845;
Scala's F1 0.515 → 0.529; smaller gains on Batteries, Crystal, dbnet, the Surface
Evolver and FOX; costs MHonArc's F1 0.7777 → 0.7767, Qt Charts' 0.9905 → 0.9901 and
SELinux's boilerplate precision by 0.0001. No site lost the goal. It applies with
``unit="block"`` only, so the thesis reading (:meth:`DbceOptions.thesis_reading`) is as
it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import numpy as np

from kehr_engine.dbce.labels import (
    BAD,
    DECISIONS,
    GOOD,
    DbceResult,
    cur_words,
    decision_lookup,
    word_bits,
)
from kehr_engine.dbce.options import DbceOptions
from kehr_engine.dbce.similar import Cross
from kehr_engine.dbce.table import BOILERPLATE, CONTENT, INVALID, Decision
from kehr_engine.site_container import container_key
from kehr_engine.text_blocks import (
    TextBlocks,
    absorb_within,
    enclosed_and_container,
    headings_with_their_text,
    inherit,
    keep_own_outside,
    text_blocks,
)

__all__ = [
    "block_decisions",
    "jumps_label",
    "label_blocks",
    "settle",
    "settle_in_container",
    "settles_undecided",
]

_CODE = {CONTENT: GOOD, BOILERPLATE: BAD, INVALID: 0}


def block_decisions(
    cross: Cross,
    document: str,
    node_count: int,
    others: Mapping[str, str],
    options: DbceOptions,
) -> tuple[TextBlocks, np.ndarray, np.ndarray]:
    """The page's blocks, each block's decision (index into DECISIONS; -1 for a block
    without words) and its word count."""
    blocks = text_blocks(document, node_count)
    words, nodes = cur_words(document, node_count)
    bits = word_bits(cross, words, others, options.min_run)
    inside = nodes >= 0
    word_block = blocks.node_block[nodes[inside]]
    count = np.bincount(word_block, minlength=len(blocks))
    matched = np.stack(
        [np.bincount(word_block, weights=bits[inside, c], minlength=len(blocks)) for c in range(4)],
        axis=1,
    )
    occurs = (matched > options.block_share * count[:, None]) & (count[:, None] > 0)
    # A block of at most min_run words is matched in part only by a run that goes on
    # into its neighbours: Doxygen's "stk::ADSR Class Reference" takes "Class Reference"
    # from a run reaching into the next block's "STK", though its name differs. Unless
    # links hold much of it (MHonArc's "[Prev: CHARSETALIASES ]", navigation naming
    # another page), it occurs only where every word is matched (module doc, step 2).
    linked = blocks.links_only | np.array([s is not None for s in blocks.skeletons], dtype=bool)
    short = ((count <= options.min_run) & ~linked)[:, None]
    occurs &= ~short | (matched >= count[:, None])
    codes = occurs @ np.array([8, 4, 2, 1])
    decided = decision_lookup(cross.pattern, options.one_sided_persistent)[codes]
    decided[count == 0] = -1
    return blocks, decided, count


def jumps_label(options: DbceOptions) -> int | None:
    """The label of a jump's nodes (:attr:`~kehr_engine.text_blocks.TextBlocks.jumps`):
    boilerplate where the absorbing rules are on, else None (each node its block's, as
    the thesis' blocks alone). One decision for :func:`label_blocks` and the run's site
    pass (:func:`kehr_engine.dbce.run.widen_result`)."""
    return BAD if options.enclosed_run else None


def settles_undecided(options: DbceOptions) -> bool:
    """Whether an invalid block no neighbour settles takes the decision of the container
    holding it or of the content around it (the neighbours' rule goes on; module doc of
    :mod:`kehr_engine.text_blocks`, *Undecided blocks*), else stays unlabelled. One
    decision for :func:`settle_in_container` and the run's site pass
    (:func:`kehr_engine.dbce.run.widen_result`)."""
    return options.invalid == "neighbours"


def settle(decided: np.ndarray, blocks: TextBlocks, options: DbceOptions) -> np.ndarray:
    """Per-block labels (GOOD, BAD, 0) from the table's decisions, invalid blocks
    settled by ``options.invalid`` and short blocks by their long neighbours."""
    return settle_in_container(decided, blocks, options)[0]


def settle_in_container(
    decided: np.ndarray, blocks: TextBlocks, options: DbceOptions
) -> tuple[np.ndarray, tuple[int, ...] | None]:
    """:func:`settle`'s labels, and the page's own content container they were
    absorbed within (None: none)."""
    codes = np.array([_CODE[d] for d in DECISIONS] + [0], dtype=np.uint8)
    labels = codes[decided]  # -1 (no words) indexes the trailing 0
    invalid = decided == DECISIONS.index(INVALID)
    short = blocks.letters < options.min_letters
    rule = options.invalid
    if rule == "content":
        labels[invalid] = GOOD
    elif rule == "boilerplate":
        labels[invalid] = BAD
    elif rule == "length":
        labels[invalid] = np.where(blocks.letters[invalid] >= options.invalid_letters, GOOD, BAD)
    counted = labels
    if rule == "neighbours":
        # Invalid and short blocks alike take their nearest long decided neighbour's.
        labels = inherit(labels, blocks, invalid | short)
    elif short.any():
        labels = inherit(labels, blocks, short)
    inherited = short & (counted == BAD) & (labels == GOOD)
    undecided = settles_undecided(options)
    labels, container = enclosed_and_container(labels, blocks, options.enclosed_run,
                                               options.container_share, options.min_letters,
                                               template=BAD, content=GOOD,
                                               undecided=undecided)  # fmt: skip
    # Outside the page's own container a short template block keeps its count; the
    # site pass (dbce.run.widen_result) absorbs the ones inside the site's element.
    labels = keep_own_outside(labels, inherited, blocks, container, template=BAD)
    labels = absorb_within(labels, blocks, container, template=BAD, content=GOOD,
                           undecided=undecided)  # fmt: skip
    if options.enclosed_run:  # the absorbing rules on (0: the thesis' blocks alone)
        labels = headings_with_their_text(labels, blocks, container, options.min_letters,
                                          template=BAD, content=GOOD)  # fmt: skip
    return labels, container


def label_blocks(
    cross: Cross,
    document: str,
    node_count: int,
    others: Mapping[str, str],
    options: DbceOptions,
) -> DbceResult:
    """:func:`kehr_engine.dbce.cross_labels.label_cross` with text blocks as the unit."""
    keys = {role: capture.key for role, capture in cross.others()}
    blocks, decided, count = block_decisions(cross, document, node_count, others, options)
    settled, container = settle_in_container(decided, blocks, options)
    labels = blocks.to_nodes(settled, jumps_to=jumps_label(options)).astype(np.uint8)
    words: Counter[Decision] = Counter()
    for index, decision in enumerate(DECISIONS):
        total = int(count[decided == index].sum())
        if total:
            words[decision] = total
    own = container_key(document, container)
    return DbceResult(labels, words=words, cross=keys, container=own)
