"""Import a 2008 KrdWrd corpus or tutorial into Kehr (``manage.py import_krdwrd``).

Corpus layout (a checkout of krdwrd/data, e.g. ``canola``): ``pages/<id>.html``,
``stats/<id>.stats``, ``merged/<id>.html``, ``urls.tsv``. Every page goes through the
normal segmenter (corpora.ingest.add_page); each annotator id becomes one account
``krdwrd-<id>`` with an unusable password; each stats column becomes that account's
submission. Before anything of a page is stored its node count and every node's
token count are compared with the stats file: a page that does not line up is
imported without submissions and the mismatch is reported, because misaligned
vectors would give wrong labels silently. Where the annotators' votes tie, the tag of
``merged/<id>.html`` — the 2008 staff's final gold — is imported as the deciding vote.

Tutorial layout: ``NN.html`` with ``NN.tags`` (the reference, one tag per node): a
tutorial corpus with one tutorial.TutorialStep per page.

Re-running an import updates what changed and keeps everything else (idempotent).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from annotations.models import Submission
from corpora.ingest import add_page
from corpora.models import Corpus, Page
from corpora.segmenter import SegmentedPage, SegmenterError, krdwrd_token_count, segment
from gold.models import TieDecision
from kehr.progress import Progress
from kehr_engine.krdwrd.merged_file import read_merged
from kehr_engine.krdwrd.stats_file import StatsFile, StatsFormatError, read_stats
from tutorial.models import TutorialStep

USERNAME_PREFIX = "krdwrd-"
CLIENT_VERSION = "krdwrd-2008-import"
DEFAULT_TUTORIAL_URL = "https://krdwrd.org/tutorial/"
TUTORIAL_RE = re.compile(r"^(\d+)\.html$")


class LayoutError(ValueError):
    """PATH is not a KrdWrd corpus or tutorial folder; the message says what it lacks."""


@dataclass
class ImportReport:
    corpus: Corpus | None = None
    pages: int = 0
    pages_with_submissions: int = 0
    submissions_created: int = 0
    submissions_updated: int = 0
    accounts_created: int = 0
    decisions: int = 0
    steps: int = 0
    # Mismatches and unreadable input: something was NOT imported.
    problems: list[str] = field(default_factory=list)
    # Worth knowing, nothing lost (dropped script-made nodes, 2008 overrides).
    notes: list[str] = field(default_factory=list)


def detect_layout(path: Path) -> str:
    """'corpus' or 'tutorial', or LayoutError explaining what the folder lacks."""
    if not path.is_dir():
        raise LayoutError(f"{path} is not a folder.")
    if (path / "pages").is_dir() and (path / "stats").is_dir():
        return "corpus"
    if any(path.glob("*.tags")):
        return "tutorial"
    found = sorted(p.name for p in path.iterdir() if p.is_dir())
    raise LayoutError(
        f"{path} is neither a KrdWrd corpus (folders pages/ and stats/, optional merged/ and "
        "urls.tsv) nor a tutorial (NN.html with NN.tags). "
        + (f"It has the folders {', '.join(found)}: import one of them." if found else "")
    )


def import_path(path: Path, name: str, *, slug: str | None = None,
                tutorial_url: str = DEFAULT_TUTORIAL_URL, progress: Progress | None = None
                ) -> ImportReport:  # fmt: skip
    if detect_layout(path) == "corpus":
        return import_corpus(path, name, slug=slug, progress=progress)
    return import_tutorial(path, name, slug=slug, base_url=tutorial_url, progress=progress)


# --------------------------------------------------------------------------- corpus


def import_corpus(path: Path, name: str, *, slug: str | None = None,
                  progress: Progress | None = None) -> ImportReport:  # fmt: skip
    report = ImportReport()
    report.corpus = _corpus(name, slug, Corpus.Kind.REGULAR)
    urls = _read_urls(path / "urls.tsv", report)
    ids = sorted((p.stem for p in (path / "pages").glob("*.html")), key=_natural)
    if not ids:
        raise LayoutError(f"{path / 'pages'} has no <id>.html files.")
    accounts: dict[str, object] = {}
    for done, page_id in enumerate(ids, 1):
        _import_page(path, page_id, urls.get(page_id), report, accounts)
        if progress is not None:
            progress(done, len(ids))
    return report


def _import_page(path: Path, page_id: str, url: str | None, report: ImportReport,
                 accounts: dict) -> None:  # fmt: skip
    where = f"page {page_id}"
    raw = (path / "pages" / f"{page_id}.html").read_bytes()
    if url is None:
        url = _base_href(raw)
        if url is None:
            report.problems.append(
                f"{where}: no URL in urls.tsv and no <base href> in the page: not imported "
                "(add a line 'ID<TAB>URL' to urls.tsv)."
            )
            return
        report.notes.append(f"{where}: not in urls.tsv; using its <base href> {url}.")
    try:
        segmented = segment(raw, url)
    except SegmenterError as error:
        report.problems.append(f"{where}: cannot be segmented ({error}): not imported.")
        return
    stats = _stats_for(path, page_id, report)
    lines_up = stats is not None and _check_alignment(where, stats, segmented, report)
    ties: dict[int, str | None] = {}
    if lines_up and stats is not None:  # lines_up implies a stats file
        ties = _tie_tags(path, page_id, url, stats, segmented, report)
    assert report.corpus is not None  # import_corpus sets it first
    with transaction.atomic():
        page = add_page(report.corpus, raw, url=url, segmented=segmented)
        report.pages += 1
        if not lines_up or stats is None:
            return
        report.pages_with_submissions += 1
        now = timezone.now()
        for annotator in stats.annotators:
            user = accounts.get(annotator) or _account(annotator, report)
            accounts[annotator] = user
            vector = bytes(stats.votes[annotator])
            if not any(vector):
                report.notes.append(f"{where}: annotator {annotator} tagged no node: skipped.")
                continue
            _store(page, user, vector, now, report)
        for node, tag in ties.items():
            if tag in ("1", "2", "3"):
                TieDecision.objects.update_or_create(
                    page=page, node=node,
                    defaults={"label": int(tag), "decided_by": None,
                              "note": f"KrdWrd 2008 gold, merged/{page_id}.html"},
                )  # fmt: skip
                report.decisions += 1


def _stats_for(path: Path, page_id: str, report: ImportReport) -> StatsFile | None:
    stats_path = path / "stats" / f"{page_id}.stats"
    if not stats_path.exists():
        report.problems.append(
            f"page {page_id}: {stats_path} is missing: the page is imported without submissions."
        )
        return None
    try:
        return read_stats(stats_path)
    except StatsFormatError as error:
        report.problems.append(f"page {page_id}: {error} The page is imported without submissions.")
        return None


def _check_alignment(where: str, stats: StatsFile, page: SegmentedPage,
                     report: ImportReport) -> bool:  # fmt: skip
    """Do the stats lines describe exactly the page's text nodes? Report every mismatch."""
    if stats.submitted != len(stats.annotators):
        report.notes.append(
            f"{where}: header says {stats.submitted} submitted but there are "
            f"{len(stats.annotators)} annotator columns; all columns are imported."
        )
    if stats.trailing_undefined:
        report.notes.append(
            f"{where}: {stats.trailing_undefined} trailing stats lines are 'undefined' "
            "(nodes some annotators' browsers created by script; the stored page has none): "
            "dropped."
        )
    if stats.node_count != page.node_count:
        report.problems.append(
            f"{where}: the stats file has {stats.node_count} text nodes, Kehr's segmenter "
            f"finds {page.node_count} in the page: imported without submissions (their "
            "labels would land on the wrong nodes)."
        )
        return False
    ours = [krdwrd_token_count(text) for text in page.node_texts]
    wrong = [i for i, (mine, theirs) in enumerate(zip(ours, stats.tokens, strict=True))
             if mine != theirs]  # fmt: skip
    if wrong:
        first = wrong[0]
        listed = ", ".join(str(i) for i in wrong[:20]) + (", …" if len(wrong) > 20 else "")
        report.problems.append(
            f"{where}: token counts differ on {len(wrong)} nodes (first: node {first}, "
            f"stats {stats.tokens[first]}, page {ours[first]}, text "
            f"{page.node_texts[first][:60]!r}; nodes {listed}): imported without submissions."
        )
        return False
    return True


def _tie_tags(path: Path, page_id: str, url: str, stats: StatsFile, page: SegmentedPage,
              report: ImportReport) -> dict[int, str | None]:  # fmt: skip
    """For every node whose votes tie, the 2008 gold tag from merged/<id>.html."""
    votes = np.array([stats.votes[a] for a in stats.annotators], dtype=np.uint8).reshape(
        len(stats.annotators), page.node_count
    )
    counts = np.stack([(votes == tag).sum(axis=0) for tag in (1, 2, 3)], axis=1)
    top = counts.max(axis=1)
    tied = (top > 0) & ((counts == top[:, None]).sum(axis=1) > 1)
    majority = counts.argmax(axis=1) + 1
    merged_path = path / "merged" / f"{page_id}.html"
    if not merged_path.exists():
        if tied.any():
            report.notes.append(
                f"page {page_id}: {int(tied.sum())} tied nodes and no {merged_path}: "
                "the ties stay for staff to decide."
            )
        return {}
    try:
        gold = read_merged(merged_path, url)
    except SegmenterError as error:
        report.problems.append(f"page {page_id}: {merged_path} cannot be read ({error}).")
        return {}
    if len(gold) != page.node_count:
        report.problems.append(
            f"page {page_id}: {merged_path} has {len(gold)} text nodes, the page "
            f"{page.node_count}: its gold tags are not used."
        )
        return {}
    ties: dict[int, str | None] = {}
    for node in np.flatnonzero(tied).tolist():
        tag = gold[node]
        if tag not in ("1", "2", "3"):
            report.notes.append(
                f"page {page_id} node {node}: a tie, and {merged_path.name} gives it "
                f"{'no tag' if tag is None else 'class krdwrd-tag-' + tag}, not 1-3: the tie "
                "stays for staff to decide."
            )
        ties[node] = tag
    overridden = [
        node for node in np.flatnonzero(~tied & (top > 0)).tolist()
        if gold[node] in ("1", "2", "3") and gold[node] != str(int(majority[node]))
    ]  # fmt: skip
    if overridden:
        node = overridden[0]
        report.notes.append(
            f"page {page_id}: {merged_path.name} differs from the annotators' clear majority "
            f"on {len(overridden)} nodes that are not ties (first: node {node}, majority "
            f"{int(majority[node])}, 2008 gold {gold[node]}); Kehr keeps the majority."
        )
    return ties


# --------------------------------------------------------------------------- tutorial


def import_tutorial(path: Path, name: str, *, slug: str | None = None,
                    base_url: str = DEFAULT_TUTORIAL_URL, progress: Progress | None = None
                    ) -> ImportReport:  # fmt: skip
    report = ImportReport()
    report.corpus = _corpus(name, slug, Corpus.Kind.TUTORIAL)
    files = sorted(
        (p for p in path.glob("*.html") if TUTORIAL_RE.match(p.name)), key=lambda p: p.name
    )
    if not files:
        raise LayoutError(f"{path} has no NN.html tutorial pages.")
    for done, html_path in enumerate(files, 1):
        _import_step(html_path, base_url, report)
        if progress is not None:
            progress(done, len(files))
    return report


def _import_step(html_path: Path, base_url: str, report: ImportReport) -> None:
    """One NN.html page as the tutorial's step NN, with NN.tags as its reference."""
    assert report.corpus is not None  # import_tutorial made it first
    match = TUTORIAL_RE.match(html_path.name)
    assert match is not None  # the files were chosen by this pattern
    position = int(match.group(1))
    where = f"tutorial page {html_path.name}"
    raw = html_path.read_bytes()
    url = base_url + html_path.name
    try:
        segmented = segment(raw, url)
    except SegmenterError as error:
        report.problems.append(f"{where}: cannot be segmented ({error}): not imported.")
        return
    reference = _reference(html_path.with_suffix(".tags"), segmented, where, report)
    with transaction.atomic():
        page = add_page(report.corpus, raw, url=url, segmented=segmented)
        TutorialStep.objects.filter(corpus=report.corpus, page=page).exclude(
            position=position
        ).delete()
        TutorialStep.objects.update_or_create(
            corpus=report.corpus, position=position,
            defaults={"page": page, "reference_labels": reference,
                      "note": f"KrdWrd 2008 tutorial, page {html_path.name}"},
        )  # fmt: skip
    report.pages += 1
    report.steps += 1


def _reference(tags_path: Path, page: SegmentedPage, where: str,
               report: ImportReport) -> bytes | None:  # fmt: skip
    if not tags_path.exists():
        report.notes.append(f"{where}: no {tags_path.name}: a step without a reference.")
        return None
    tags = tags_path.read_text(encoding="utf-8").split()
    bad = [tag for tag in tags if tag not in ("1", "2", "3")]
    if bad:
        report.problems.append(
            f"{where}: {tags_path.name} has tags other than 1, 2, 3 ({bad[:5]}): no reference "
            "stored."
        )
        return None
    if len(tags) != page.node_count:
        report.problems.append(
            f"{where}: {tags_path.name} has {len(tags)} tags but the page has "
            f"{page.node_count} text nodes: no reference stored (it would label the wrong "
            "nodes). In the 2008 tutorial this is expected for 01 and 02 (introductions "
            "whose tags never lined up) and 10 (its 2008 browser had one script-made node "
            "more)."
        )
        return None
    return bytes(int(tag) for tag in tags)


# --------------------------------------------------------------------------- helpers


def _corpus(name: str, slug: str | None, kind: str) -> Corpus:
    slug = slug or slugify(name)
    if not slug:
        raise LayoutError(f"Corpus name {name!r} gives no slug: pass --slug.")
    corpus = Corpus.objects.filter(slug=slug).first()
    if corpus is None:
        # Closed: 2008 pages are not handed out to annotators unless staff open them.
        return Corpus.objects.create(
            name=name, slug=slug, kind=kind, is_open=False, min_words=0,
            description="Imported from KrdWrd (2008).",
        )  # fmt: skip
    if corpus.kind != kind:
        raise LayoutError(
            f"Corpus {slug!r} exists and is a {corpus.get_kind_display().lower()}; this import "
            f"is a {kind} corpus: choose another --corpus name."
        )
    return corpus


def _read_urls(path: Path, report: ImportReport) -> dict[str, str]:
    if not path.exists():
        report.notes.append(f"{path} is missing: page URLs come from their <base href>.")
        return {}
    urls = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        parts = line.split("\t")
        if len(parts) != 2 or not parts[1].strip():
            report.problems.append(f"{path} line {number}: expected 'ID<TAB>URL', got {line!r}.")
            continue
        urls[parts[0].strip()] = parts[1].strip()
    return urls


BASE_RE = re.compile(rb"""<base\s[^>]*href\s*=\s*["']([^"']+)["']""", re.IGNORECASE)


def _base_href(raw: bytes) -> str | None:
    match = BASE_RE.search(raw[:65536])
    return match.group(1).decode("utf-8", "replace") if match else None


def _account(annotator: str, report: ImportReport):
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=f"{USERNAME_PREFIX}{annotator}")
    if created:
        user.set_unusable_password()  # a record of who annotated, never a login
        user.save(update_fields=["password"])
        report.accounts_created += 1
    return user


def _store(page: Page, user, vector: bytes, now, report: ImportReport) -> None:
    """Create or replace the account's submission, keeping the page counter exact.

    Not annotations.services.submit_labels: that one refuses closed corpora, and an
    imported corpus is closed. The counter rule is the same: page row locked, counter
    changed in the same transaction as the insert.
    """
    Page.objects.select_for_update().filter(pk=page.pk).first()
    existing = Submission.objects.filter(page=page, user=user).first()
    if existing is None:
        Submission.objects.create(page=page, user=user, labels=vector, submitted_at=now,
                                  client_version=CLIENT_VERSION)  # fmt: skip
        page.change_submission_count(+1)
        report.submissions_created += 1
    elif bytes(existing.labels) != vector:
        existing.labels = vector
        existing.revision += 1
        existing.submitted_at = now
        existing.save()
        report.submissions_updated += 1


def _natural(name: str) -> tuple[int, str]:
    return (int(name), name) if name.isdigit() else (1 << 62, name)
