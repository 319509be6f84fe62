"""manage.py load_tutorial: the shipped tutorial installs as 11 steps, idempotently."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from annotations.models import Submission
from annotations.services import submit_labels
from corpora.ingest import add_page
from corpora.models import Corpus, Page
from tests.expect import stored_bytes
from tutorial.models import TutorialStep
from tutorial.references import load_shipped_manifest, load_shipped_tutorial

SLUG = "kehr-tutorial"


def load() -> str:
    out = StringIO()
    call_command("load_tutorial", stdout=out)
    return out.getvalue()


@pytest.fixture
def shipped():
    return load_shipped_tutorial()


def snapshot(corpus):
    return list(
        TutorialStep.objects.filter(corpus=corpus)
        .order_by("position")
        .values_list("pk", "position", "page_id", "page__url", "title", "note")
    )


def test_it_installs_eleven_steps_with_references_notes_and_titles(db, shipped):
    output = load()
    assert f"Tutorial '{SLUG}' created: 11 steps" in output
    corpus = Corpus.objects.get(slug=SLUG)
    spec = load_shipped_manifest()["corpus"]
    assert (corpus.name, corpus.kind, corpus.is_open, corpus.access) == (
        spec["name"],
        Corpus.Kind.TUTORIAL,
        True,
        Corpus.Access.ALL_ANNOTATORS,
    )
    steps = list(TutorialStep.objects.filter(corpus=corpus).select_related("page"))
    assert [step.position for step in steps] == list(range(1, 12))
    for step, entry in zip(steps, shipped, strict=True):
        assert step.page.url == entry.url
        assert step.page.node_count == entry.node_count
        assert stored_bytes(step.reference_labels) == bytes(entry.labels)
        assert step.note == entry.note
        assert step.title == entry.title
        assert "data-kehr-ref" not in step.page.document  # the answer is not in the page
    assert corpus.pages.count() == 11


def test_running_it_again_changes_nothing_and_keeps_submissions(db, annotator):
    load()
    corpus = Corpus.objects.get(slug=SLUG)
    before = snapshot(corpus)
    step = TutorialStep.objects.get(corpus=corpus, position=1)
    submit_labels(page_id=step.page_id, user=annotator, labels=[3] * step.page.node_count)
    stamps = dict(corpus.pages.values_list("pk", "updated_at"))
    output = load()
    assert f"Tutorial '{SLUG}' is up to date: 11 steps, nothing changed." in output
    assert "updated" not in output
    assert "DELETED" not in output
    assert snapshot(corpus) == before  # same rows, same pages, same positions
    # Not even rewritten: a page's updated_at feeds the gold merge's fingerprint.
    assert dict(corpus.pages.values_list("pk", "updated_at")) == stamps
    assert Corpus.objects.filter(slug=SLUG).count() == 1
    assert Page.objects.filter(corpus=corpus).count() == 11
    assert Submission.objects.filter(user=annotator).count() == 1
    assert Page.objects.get(pk=step.page_id).submission_count == 1


def test_it_counts_only_the_pages_that_changed(db, shipped):
    load()
    corpus = Corpus.objects.get(slug=SLUG)
    # An older text of page 4 with the same nodes (a typo fixed since), and an old title.
    Page.objects.filter(corpus=corpus, url=shipped[3].url).update(
        document=shipped[3].segmented.document.replace("<kehr-t", "<kehr-t ", 1)
    )
    TutorialStep.objects.filter(corpus=corpus, position=5).update(title="Old title")
    output = load()
    assert (
        f"Tutorial '{SLUG}' updated: 11 steps (0 pages new, 1 updated, 10 unchanged; "
        "1 steps' title, note or position changed)."
    ) in output
    page = Page.objects.get(corpus=corpus, url=shipped[3].url)
    assert page.document == shipped[3].segmented.document
    assert TutorialStep.objects.get(corpus=corpus, position=5).title == shipped[4].title


def test_staff_choices_and_edits_survive_a_reinstall(db):
    load()
    corpus = Corpus.objects.get(slug=SLUG)
    corpus.is_open = False
    corpus.save()
    step = TutorialStep.objects.get(corpus=corpus, position=2)
    step.reference_labels = bytes([1] * step.page.node_count)
    step.save()
    output = load()
    corpus.refresh_from_db()
    assert corpus.is_open is False  # open or closed is the staff's decision
    # The shipped reference is restored, and the command says scores change.
    step.refresh_from_db()
    assert stored_bytes(step.reference_labels) == bytes(load_shipped_tutorial()[1].labels)
    assert "1 references changed" in output


def test_a_page_whose_nodes_changed_loses_its_submissions_and_says_so(db, annotator, shipped):
    load()
    corpus = Corpus.objects.get(slug=SLUG)
    url = shipped[2].url
    # An older version of page 3 with different text nodes, and a learner's work on it.
    old = add_page(corpus, "<html><body><p>Old</p><p>page</p></body></html>", url=url)
    submit_labels(page_id=old.pk, user=annotator, labels=[3, 1])
    untouched = TutorialStep.objects.get(corpus=corpus, position=1).page
    submit_labels(page_id=untouched.pk, user=annotator, labels=[3] * untouched.node_count)
    output = load()
    assert "DELETED: step 3 (03-lentil-soup.html): its node count changed from 2 to 74" in output
    assert "deleted 1 learners' submissions" in output
    assert not Submission.objects.filter(page=old).exists()
    old.refresh_from_db()
    assert (old.node_count, old.submission_count) == (74, 0)
    assert Submission.objects.filter(page=untouched).count() == 1  # other steps keep theirs


def test_steps_staff_added_are_kept_after_the_shipped_ones(db):
    load()
    corpus = Corpus.objects.get(slug=SLUG)
    extra = add_page(
        corpus, "<html><body><p>Staff page</p></body></html>", url="https://x.example/"
    )
    TutorialStep.objects.create(corpus=corpus, page=extra, position=12, reference_labels=b"\x03")
    load()
    assert TutorialStep.objects.get(page=extra).position == 12
    # As if an older release shipped fewer steps: the staff step sits at position 3 and
    # the shipped page 3 at 50. The install puts the shipped steps at 1..11, staff's after.
    TutorialStep.objects.filter(page=extra).update(position=100)
    TutorialStep.objects.filter(corpus=corpus, position=3).update(position=50)
    TutorialStep.objects.filter(page=extra).update(position=3)
    output = load()
    assert "1 steps staff added now follow the 11 shipped steps" in output
    positions = dict(
        TutorialStep.objects.filter(corpus=corpus).values_list("page__url", "position")
    )
    assert [positions[entry.url] for entry in load_shipped_tutorial()] == list(range(1, 12))
    assert positions["https://x.example/"] == 12


def test_a_shipped_page_no_longer_shipped_is_removed_and_said(db, annotator):
    load()
    corpus = Corpus.objects.get(slug=SLUG)
    stale = add_page(
        corpus, "<html><body><p>Gone</p></body></html>", url="https://old.tutorial.kehr.invalid/x"
    )
    TutorialStep.objects.create(corpus=corpus, page=stale, position=12, reference_labels=b"\x03")
    submit_labels(page_id=stale.pk, user=annotator, labels=[3])
    output = load()
    assert (
        "DELETED: https://old.tutorial.kehr.invalid/x: no longer shipped; removed with 1 "
        "learners' submissions." in output
    )
    assert not Page.objects.filter(pk=stale.pk).exists()
    assert TutorialStep.objects.filter(corpus=corpus).count() == 11


def test_dev_run_installs_the_tutorial_after_the_demo():
    from pathlib import Path

    script = (Path(__file__).resolve().parent.parent / "dev").read_text()
    assert script.index("load_demo") < script.index("load_tutorial")
