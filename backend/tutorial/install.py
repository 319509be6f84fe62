"""Installing the shipped tutorial (tutorial/shipped/, ``manage.py load_tutorial``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.db import transaction
from django.db.models import F

from annotations import labels as label_vectors
from annotations.models import Submission
from annotations.services import delete_submission
from corpora.ingest import add_page
from corpora.models import Corpus, Page
from kehr.progress import Say
from tutorial.models import TutorialStep
from tutorial.steps import TutorialError


@dataclass
class InstallReport:
    corpus: Corpus | None = None
    corpus_created: bool = False
    corpus_changed: bool = False  # name, description or kind rewritten
    pages_created: int = 0
    pages_updated: int = 0
    pages_unchanged: int = 0  # stored exactly as shipped: not written again
    references_changed: int = 0
    steps_changed: int = 0  # created, or a new title, note or position
    steps: int = 0
    # Learners' submissions deleted, and why (a page whose node count changed, a page no
    # longer shipped): said loudly by the command.
    deleted: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def changed_anything(self) -> bool:
        return bool(
            self.corpus_created or self.corpus_changed or self.pages_created
            or self.pages_updated or self.references_changed or self.steps_changed
            or self.deleted or self.notes
        )  # fmt: skip


def _is_shipped_url(url: str, suffix: str) -> bool:
    return (urlsplit(url).hostname or "").endswith(suffix)


def install_shipped_tutorial(say: Say | None = None) -> InstallReport:
    """Create or update the shipped tutorial (tutorial/shipped/) in place.

    Idempotent: pages are matched by URL and updated, steps by page. Learners'
    submissions are kept, except for a page whose node count changed (they label nodes
    that no longer exist) and for shipped pages that are no longer in the manifest
    (removed with their submissions); the report lists both. Steps staff added to the
    shipped tutorial are kept, after the shipped ones.
    """
    from tutorial.references import (
        RESERVED_SUFFIX,
        load_shipped_manifest,
        load_shipped_tutorial,
    )

    spec = load_shipped_manifest()["corpus"]
    shipped = load_shipped_tutorial()
    report = InstallReport()
    with transaction.atomic():
        corpus = Corpus.objects.filter(slug=spec["slug"]).first()
        clash = Corpus.objects.filter(name=spec["name"]).exclude(slug=spec["slug"]).first()
        if clash is not None:
            raise TutorialError(
                f"Another corpus ('{clash.slug}') is called {spec['name']!r}: rename it first."
            )
        if corpus is None:
            corpus = Corpus.objects.create(
                slug=spec["slug"],
                name=spec["name"],
                description=spec["description"],
                kind=Corpus.Kind.TUTORIAL,
                is_open=True,
                access=Corpus.Access.ALL_ANNOTATORS,
            )
            report.corpus_created = True
        else:
            # Name and text follow the manifest; whether it is open, and to whom, is
            # the staff's decision and is kept.
            if corpus.kind != Corpus.Kind.TUTORIAL:
                report.notes.append(
                    f"Corpus '{corpus.slug}' was of kind {corpus.kind}: now a tutorial."
                )
            wanted = (spec["name"], spec["description"], Corpus.Kind.TUTORIAL)
            if (corpus.name, corpus.description, corpus.kind) != wanted:
                corpus.name, corpus.description, corpus.kind = wanted
                corpus.save(update_fields=["name", "description", "kind", "updated_at"])
                report.corpus_changed = True
        report.corpus = corpus

        shipped_urls = {page.url for page in shipped}
        for stale in corpus.pages.exclude(url__in=shipped_urls).order_by("id"):
            if not _is_shipped_url(stale.url, RESERVED_SUFFIX):
                continue  # a page staff added: theirs to keep
            count = stale.submissions.count()
            stale.delete()
            report.deleted.append(
                f"{stale.url}: no longer shipped; removed with {count} learners' submissions."
            )

        pages: list[tuple[object, Page]] = []
        for entry in shipped:
            existing = Page.objects.filter(corpus=corpus, url=entry.url).first()
            if existing is not None and existing.node_count != entry.node_count:
                submissions = list(Submission.objects.filter(page=existing))
                for submission in submissions:
                    delete_submission(submission)
                if submissions:
                    report.deleted.append(
                        f"step {entry.position} ({entry.file}): its node count changed from "
                        f"{existing.node_count} to {entry.node_count}; deleted "
                        f"{len(submissions)} learners' submissions (they labelled the old "
                        "nodes). Those learners do the step again."
                    )
            if existing is not None and _stored_as_shipped(existing, entry):
                # Not written again: a page's updated_at feeds the gold merge's
                # fingerprint, and "updated" would claim a change that did not happen.
                page = existing
                report.pages_unchanged += 1
            else:
                page = add_page(corpus, entry.html, url=entry.url, segmented=entry.segmented)
                if existing is None:
                    report.pages_created += 1
                else:
                    report.pages_updated += 1
            pages.append((entry, page))
            if say is not None:
                say(f"  {entry.position:2}. {entry.title[:60]:60} {entry.node_count:4} nodes")

        _place_steps(corpus, pages, report)
    report.steps = TutorialStep.objects.filter(corpus=corpus).count()
    return report


def _stored_as_shipped(page: Page, entry) -> bool:
    """Whether the stored page holds exactly what corpora.ingest.add_page would write."""
    segmented = entry.segmented
    stored = (
        page.final_url,
        page.title,
        page.document,
        page.source_encoding,
        page.node_count,
        page.word_count,
        list(page.node_tokens),
        page.capture_record_id,
    )
    shipped = (
        entry.url,
        segmented.title[:1000],
        segmented.document,
        segmented.encoding[:64],
        segmented.node_count,
        segmented.word_count,
        list(segmented.node_tokens),
        "",
    )
    return stored == shipped  # fmt: skip


def _place_steps(corpus: Corpus, pages: list, report: InstallReport) -> None:
    shipped_ids = {page.pk for _entry, page in pages}
    others = list(
        TutorialStep.objects.filter(corpus=corpus)
        .exclude(page_id__in=shipped_ids)
        .order_by("position")
    )
    count = len(pages)
    wanted = {page.pk: entry.position for entry, page in pages}
    if any(step.position <= count for step in others):
        report.notes.append(
            f"{len(others)} steps staff added now follow the {count} shipped steps."
        )
        wanted.update({step.page_id: count + i for i, step in enumerate(others, start=1)})
    else:
        wanted.update({step.page_id: step.position for step in others})
    current = dict(TutorialStep.objects.filter(corpus=corpus).values_list("page_id", "position"))
    if any(current.get(page_id, position) != position for page_id, position in wanted.items()):
        # Move every step out of the way first: positions are unique per tutorial and
        # the database checks that row by row.
        top = max([*current.values(), *wanted.values(), 0]) + 1
        TutorialStep.objects.filter(corpus=corpus).update(position=F("position") + top)
        for other in others:
            TutorialStep.objects.filter(pk=other.pk).update(position=wanted[other.page_id])
    for entry, page in pages:
        reference = label_vectors.encode(entry.labels)
        step = TutorialStep.objects.filter(page=page).first()
        if step is not None and step.reference_labels is not None:
            if bytes(step.reference_labels) != reference:
                report.references_changed += 1
        if step is None or (step.corpus_id, step.position, step.note, step.title) != (
            corpus.pk,
            entry.position,
            entry.note,
            entry.title,
        ):
            report.steps_changed += 1
        TutorialStep.objects.update_or_create(
            page=page,
            defaults={
                "corpus": corpus,
                "position": entry.position,
                "reference_labels": reference,
                "note": entry.note,
                "title": entry.title,
            },
        )
