"""Active learning: the ``uncertainty`` page order and retraining a corpus' model.

The page order reads Page.uncertainty (the current model's mean node entropy, written
when it labels the corpus) in one indexed statement; retraining trains a candidate once
enough pages were merged, cross-validates it and makes it current only if not worse.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from annotations.selection import next_page_for
from annotations.services import submit_labels
from corpora.ingest import add_page
from corpora.models import Corpus, Page
from learning import retraining, services
from learning.models import CorpusLearning, ModelSwitch, ModelVersion, PredictedVector
from learning.uncertainty import mean_entropy, refresh_uncertainty
from tests.learning_pages import gold_corpus, gold_labels, page_html, ready_version, train_file


@pytest.fixture(scope="module")
def model_file(tmp_path_factory):
    return train_file(tmp_path_factory.mktemp("model") / "active.kehr-model")


def test_mean_entropy_runs_from_sure_to_clueless():
    sure = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
    clueless = np.full((4, 3), 1 / 3)
    assert mean_entropy(sure) == pytest.approx(0.0, abs=1e-9)
    assert mean_entropy(clueless) == pytest.approx(math.log(3))
    half = np.array([[0.5, 0.0, 0.5], [0.0, 0.0, 1.0]])
    assert mean_entropy(half) == pytest.approx(math.log(2) / 2)
    assert mean_entropy(np.zeros((0, 3))) == 0.0


def unsure_corpus(pages: list, order: str = Corpus.PageOrder.UNCERTAINTY) -> Corpus:
    corpus = pages[0].corpus
    corpus.page_order = order
    corpus.save()
    for page, value in zip(pages, [0.2, 0.9, 0.5, 0.0, 0.7], strict=True):
        Page.objects.filter(pk=page.pk).update(uncertainty=value)
    return Corpus.by_slug(corpus.slug)


def test_the_least_confident_page_comes_first_within_the_lowest_level(pages, annotator, staff):
    corpus = unsure_corpus(pages)
    assert next_page_for(annotator, corpus) == pages[1]  # 0.9
    # Someone else submits the most uncertain page: it leaves the lowest level.
    submit_labels(page_id=pages[1].pk, user=staff, labels=[3] * pages[1].node_count)
    assert next_page_for(annotator, corpus) == pages[4]  # 0.7
    submit_labels(page_id=pages[4].pk, user=annotator, labels=[3] * pages[4].node_count)
    assert next_page_for(annotator, corpus) == pages[2]  # 0.5, and not the one done
    for page in (pages[2], pages[0], pages[3]):
        assert next_page_for(annotator, corpus) == page
        submit_labels(page_id=page.pk, user=annotator, labels=[3] * page.node_count)
    # Only the page staff did is left for the annotator, on a higher level.
    assert next_page_for(annotator, corpus) == pages[1]
    submit_labels(page_id=pages[1].pk, user=annotator, labels=[3] * pages[1].node_count)
    assert next_page_for(annotator, corpus) is None


def test_the_uncertainty_order_is_one_statement(pages, annotator):
    corpus = unsure_corpus(pages)
    with CaptureQueriesContext(connection) as picking:
        page = next_page_for(annotator, corpus)
    assert page == pages[1]
    assert len(picking.captured_queries) == 1
    assert "document" not in picking.captured_queries[0]["sql"]


def test_the_random_order_ignores_uncertainty(pages, annotator):
    corpus = unsure_corpus(pages, Corpus.PageOrder.RANDOM)
    import random

    seen = {next_page_for(annotator, corpus, random.Random(seed)).pk for seed in range(40)}
    assert len(seen) > 1


def test_the_uncertainty_pick_walks_its_index(pages, annotator):
    from annotations import selection

    corpus = unsure_corpus(pages)
    params = [corpus.pk, corpus.pk, annotator.pk, annotator.pk]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # A five-page table is scanned whole unless scans are too dear to choose.
            cursor.execute("SET enable_seqscan = off")
            cursor.execute("EXPLAIN " + selection._PICK_UNSURE, params)
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + selection._PICK_UNSURE, params)
        plan = " ".join(str(row) for row in cursor.fetchall())
        if connection.vendor == "postgresql":
            cursor.execute("RESET enable_seqscan")
    assert "page_least_annotated_unsure" in plan, plan


def test_classifying_with_the_current_model_writes_the_uncertainty(corpus, model_file, make_user):
    model = ready_version("active-model", corpus, model_file)
    story = add_page(corpus, page_html(3), url="https://active.example/3")
    plain = add_page(corpus, "<p>" + "word " * 40 + "</p>", url="https://active.example/p")
    services.classify_corpus(model.pk, corpus.pk)
    story.refresh_from_db()
    plain.refresh_from_db()
    for page in (story, plain):
        vector = PredictedVector.objects.get(model=model, page=page)
        assert page.uncertainty == pytest.approx(mean_entropy(vector.proba_array), abs=1e-4)
    assert story.uncertainty != plain.uncertainty

    # Another model's classification leaves the current model's figures alone.
    CorpusLearning.objects.create(corpus=corpus, current_model=model)
    other = ready_version("other-model", corpus, model_file)
    Page.objects.filter(pk=story.pk).update(uncertainty=0.123)
    services.classify_corpus(other.pk, corpus.pk)
    story.refresh_from_db()
    assert story.uncertainty == 0.123
    assert refresh_uncertainty(corpus, model) == 2
    story.refresh_from_db()
    assert story.uncertainty != 0.123


# --------------------------------------------------------------------------- retraining


@pytest.fixture
def coders(make_user):
    return [make_user("r-a"), make_user("r-b")]


def add_merged_pages(corpus: Corpus, coders, numbers) -> None:
    from gold import merge

    for n in numbers:
        page = add_page(corpus, page_html(n), url=f"https://{corpus.slug}.example/story/{n}")
        for user in coders:
            submit_labels(page_id=page.pk, user=user, labels=gold_labels(page))
    merge.merge_corpus(corpus)


def quick_current(corpus, model_file, name="r-current", f1=None) -> ModelVersion:
    """A ready current model with few boosting rounds (its candidates copy the recipe)."""
    version = ready_version(name, corpus, model_file)
    version.training_options = {"max_iter": 10}
    version.pages = 4
    if f1 is not None:
        version.metrics = {"sources": [{"name": "model", "macro": {"f1": f1}}]}
    version.save()
    return version


def test_a_corpus_is_due_once_enough_pages_merged_since_its_model(db, coders, model_file):
    corpus, _ = gold_corpus("due", 4, coders)
    learning = CorpusLearning.objects.create(corpus=corpus, retrain_after=3)
    assert retraining.due_reason(learning) == (
        "4 pages merged since the last model (retrain after 3)"
    )
    quick_current(corpus, model_file)  # trained on 4 pages
    assert retraining.due_reason(learning) is None
    add_merged_pages(corpus, coders, [10, 11])
    assert retraining.due_reason(learning) is None  # 2 new < 3
    add_merged_pages(corpus, coders, [12])
    assert "3 pages merged" in retraining.due_reason(learning)
    learning.retrain_after = 0
    assert retraining.due_reason(learning) is None  # off


def test_a_busy_corpus_is_not_due(db, coders, model_file):
    corpus, _ = gold_corpus("busy", 4, coders)
    learning = CorpusLearning.objects.create(corpus=corpus, retrain_after=1)
    candidate = retraining.create_candidate(corpus)
    assert candidate.job_state == ModelVersion.JobState.QUEUED
    assert retraining.due_reason(learning) is None
    # Its worker was killed mid-training and the task never came back: once it has run
    # longer than any task may, it stops blocking the corpus (as it stops blocking jobs).
    from datetime import timedelta

    from django.conf import settings
    from django.utils import timezone

    started = timezone.now() - timedelta(seconds=settings.LONGEST_TASK_SECONDS - 60)
    ModelVersion.objects.filter(pk=candidate.pk).update(
        job_state=ModelVersion.JobState.RUNNING, job_started_at=started
    )
    assert retraining.due_reason(learning) is None
    ModelVersion.objects.filter(pk=candidate.pk).update(
        job_started_at=started - timedelta(seconds=120)
    )
    assert retraining.due_reason(learning) is not None


def test_a_better_candidate_becomes_current_and_labels_the_corpus(db, coders, model_file):
    corpus, _ = gold_corpus("better", 6, coders)
    corpus.page_order = Corpus.PageOrder.UNCERTAINTY
    corpus.save()
    current = quick_current(corpus, model_file, f1=0.5)
    learning = CorpusLearning.objects.create(corpus=corpus, retrain_after=2, retrain_folds=2)
    candidate = retraining.create_candidate(corpus)
    assert candidate.groups == current.groups and candidate.training_options == {"max_iter": 10}

    decision = retraining.retrain(candidate.pk)

    assert decision.switched, decision.reason
    assert decision.previous == current and decision.candidate == candidate
    assert decision.previous_f1 == 0.5 and decision.candidate_f1 > 0.9
    assert decision.merged_pages == 6
    assert "Not worse" in decision.reason
    learning.refresh_from_db()
    assert learning.current_model == candidate
    # The new current model labelled the corpus and its doubts order the pages now.
    assert PredictedVector.objects.filter(model=candidate).count() == 6
    assert Page.objects.filter(corpus=corpus, uncertainty__gt=0).count() == 6
    assert retraining.due_reason(learning) is None  # this decision took the pages into account


def test_a_worse_candidate_is_logged_and_the_current_model_stays(db, coders, model_file):
    corpus, _ = gold_corpus("worse", 4, coders)
    current = quick_current(corpus, model_file, f1=1.01)  # no candidate can reach this
    learning = CorpusLearning.objects.create(
        corpus=corpus, retrain_after=1, retrain_folds=2, current_model=current
    )
    decision = retraining.retrain(retraining.create_candidate(corpus).pk)
    assert not decision.switched
    assert decision.previous_f1 == 1.01 and decision.candidate_f1 is not None
    assert f"{current.name} stays" in decision.reason
    learning.refresh_from_db()
    assert learning.current_model == current
    assert not PredictedVector.objects.exists()  # nothing classified for a loser
    # Not retried until more pages are merged.
    assert retraining.due_reason(learning) is None
    add_merged_pages(corpus, coders, [20])
    assert retraining.due_reason(learning) is not None


def test_a_failed_candidate_is_logged_without_switching(db, coders, model_file, monkeypatch):
    corpus, _ = gold_corpus("broken", 4, coders)
    current = quick_current(corpus, model_file, f1=0.5)
    CorpusLearning.objects.create(corpus=corpus, retrain_after=1, current_model=current)
    candidate = retraining.create_candidate(corpus)
    from learning import data

    # The training refuses (too little gold for the raised minimum): logged, kept.
    monkeypatch.setattr(
        services,
        "training_data",
        lambda corpus, **kw: data.training_data(corpus, minimum=50, **kw),
    )
    decision = retraining.retrain(candidate.pk)
    assert not decision.switched
    assert decision.reason.startswith("Training failed:")
    assert "needs at least 50" in decision.reason
    assert ModelSwitch.objects.count() == 1


def test_a_losing_candidate_never_serves_even_when_no_model_was_chosen(db, coders, model_file):
    from learning.suggestions import current_model

    corpus, _ = gold_corpus("pinned", 4, coders)
    previous = quick_current(corpus, model_file, f1=1.01)
    CorpusLearning.objects.create(corpus=corpus, retrain_after=1, retrain_folds=2)
    candidate = retraining.create_candidate(corpus)
    decision = retraining.retrain(candidate.pk)
    assert not decision.switched
    candidate.refresh_from_db()
    assert candidate.status == ModelVersion.Status.READY  # newer, ready, and not current
    assert current_model(corpus) == previous


def test_training_a_model_for_an_uncertainty_corpus_labels_it(db, coders):
    corpus, _pages = gold_corpus("unsure", 4, coders)
    corpus.page_order = Corpus.PageOrder.UNCERTAINTY
    corpus.save()
    version = services.create_version(corpus, groups=["text", "dom"], max_iter=10)
    services.train_version(version.pk)
    version.refresh_from_db()
    assert version.job == ModelVersion.Job.CLASSIFY and version.job_state == "done"
    assert PredictedVector.objects.filter(model=version).count() == 4
    assert all(p.uncertainty > 0 for p in Page.objects.filter(corpus=corpus))
    # A corpus in random order is left alone: training is all the job does.
    plain, _ = gold_corpus("plain", 3, coders)
    other = services.create_version(plain, groups=["text", "dom"], max_iter=10)
    services.train_version(other.pk)
    other.refresh_from_db()
    assert other.job == ModelVersion.Job.TRAIN
    assert not PredictedVector.objects.filter(model=other).exists()
