"""What a model learns to keep: its target. One engine, several targets, a model file each.

- ``article``: a page's main content as Mozilla Readability's and trafilatura's test
  annotations define it. Every page is expected to have one, so a page with real text
  never comes back empty by accident (:mod:`kehr_engine.never_empty`).
- ``krdwrd``: the running text of the KrdWrd guidelines. A page of link lists may
  rightly have none, so prediction keeps the model's decisions as they are.

A model records its target (``Model.target``, the file's header); models from before
targets are ``krdwrd`` models.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    name: str
    summary: str
    never_empty: bool  # fill an empty answer on a page with real text


TARGETS = {
    "article": Target("article", "the page's main content (article, post, product text)", True),
    "krdwrd": Target("krdwrd", "running text after the KrdWrd guidelines", False),
}
DEFAULT_TARGET = "krdwrd"


def target_named(name: str) -> Target:
    try:
        return TARGETS[name]
    except KeyError:
        raise ValueError(f"unknown target {name!r}; choose from {', '.join(TARGETS)}.") from None
