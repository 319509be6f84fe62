"""How the platform's cross-validation groups pages into folds: by page, or by site.

A harvested corpus has many pages per site, and pages of one site share their template:
with one of them in training, the others are easy, so page-grouped CV is optimistic.
Grouped by site (the registered domain, public-suffix aware: kehr_engine.splits.site_of)
no site is on both sides of a fold. :func:`choose` picks site grouping by default
whenever a site has more than one page, and page grouping otherwise (where it is the
same thing); every figure the platform stores says which grouping it used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from kehr_engine.splits import site_of
from learning.jobs import JobError

PAGE = "page"
SITE = "site"
CHOICES = (PAGE, SITE)


@dataclass(frozen=True)
class Grouping:
    """The grouping a cross-validation used, and why (said beside its figures)."""

    name: str  # PAGE or SITE
    pages: int
    sites: int
    why: str

    @property
    def by_site(self) -> bool:
        return self.name == SITE

    def describe(self) -> str:
        """One line for reports, logs and decisions."""
        unit = "no site on both sides of a fold" if self.by_site else "each page its own group"
        return (
            f"folds grouped by {self.name} ({unit}; {self.pages} pages from {self.sites} "
            f"site{'s' * (self.sites != 1)}): {self.why}"
        )


def site_keys(urls: Sequence[str]) -> list[str]:
    """Each page's site: its registered domain (kehr_engine.splits.site_of)."""
    return [site_of(url) for url in urls]


def choose(urls: Sequence[str], folds: int, requested: str | None = None) -> Grouping:
    """The grouping of a ``folds``-fold CV over pages with these URLs.

    ``requested`` None: by site when some site has more than one page and there are at
    least ``folds`` sites (else by page, saying why); PAGE or SITE: as asked, or
    JobError when site grouping cannot make that many folds.
    """
    if requested is not None and requested not in CHOICES:
        raise JobError(f"Unknown grouping {requested!r}: choose from {', '.join(CHOICES)}.")
    counts = Counter(site_keys(urls))
    pages, sites = len(urls), len(counts)
    most = max(counts.values(), default=0)
    if requested == PAGE:
        return Grouping(PAGE, pages, sites, "asked for")
    if requested == SITE:
        if sites < folds:
            raise JobError(
                f"{folds}-fold cross-validation grouped by site needs at least {folds} "
                f"sites; the {pages} pages come from {sites}. Use fewer folds (at most "
                f"{sites}), or group by page (optimistic where a site has several pages)."
            )
        return Grouping(SITE, pages, sites, "asked for")
    if most <= 1:
        return Grouping(PAGE, pages, sites, "every page is from a site of its own")
    if sites < folds:
        return Grouping(
            PAGE, pages, sites,
            f"{sites} site{' is' if sites == 1 else 's are'} too few for {folds} folds grouped "
            "by site, so the figures are optimistic where a site has several pages",
        )  # fmt: skip
    return Grouping(SITE, pages, sites, f"a site has up to {most} pages")
