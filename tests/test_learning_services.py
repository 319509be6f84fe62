"""backend/learning in-process: train, evaluate and classify on a tiny merged corpus, the
classifier diff source, and failures recorded on the model's row (never lost)."""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest
from django.test import Client
from django.utils import timezone

from annotations.models import Submission
from annotations.services import submit_labels
from comparison import sources
from gold import merge
from gold.staff import exclude_submission
from learning import jobs, services
from learning.data import annotator_votes, training_data
from learning.models import ModelVersion, PredictedVector
from tests.expect import present
from tests.learning_pages import (
    BAD,
    GOOD,
    GROUPS,
    ROUNDS,
    gold_corpus,
    gold_labels,
    ready_version,
    train_file,
)


@pytest.fixture
def coders(make_user):
    return [make_user("coder-a"), make_user("coder-b")]


@pytest.fixture
def small(db, coders):
    return gold_corpus("small", 5, coders)


@pytest.fixture(scope="module")
def model_file(tmp_path_factory):
    return train_file(tmp_path_factory.mktemp("model") / "small.kehr-model")


def test_train_then_classify_a_corpus_and_resume(small, settings):
    corpus, pages = small
    version = services.create_version(corpus, groups=GROUPS, max_iter=ROUNDS)
    assert (version.name, version.status, version.job_state) == ("small-1", "queued", "queued")
    services.train_version(version.pk)
    version.refresh_from_db()
    assert version.status == ModelVersion.Status.READY, version.message
    assert (version.job, version.job_state, version.progress) == ("train", "done", 1.0)
    assert version.progress_text == "trained on 5 pages of small"
    assert version.path == settings.VAR_DIR / "models" / "small-1.kehr-model"
    assert version.path.is_file() and version.path.stat().st_size > 0
    assert version.groups == GROUPS
    assert version.pages == 5
    assert version.nodes == sum(page.node_count for page in pages)  # every node has gold
    assert version.fingerprint == training_data(corpus).fingerprint
    assert "scikit-learn" in version.library_versions
    assert version.finished_at is not None
    services.train_version(version.pk)  # a redelivered task: nothing happens
    assert ModelVersion.objects.get(pk=version.pk).finished_at == version.finished_at

    services.classify_corpus(version.pk, corpus.pk)
    version.refresh_from_db()
    assert version.job_state == ModelVersion.JobState.DONE, version.message
    assert version.progress_text == "small: 5/5 pages labelled"
    vectors = {v.page_id: v for v in PredictedVector.objects.filter(model=version)}
    assert set(vectors) == {page.pk for page in pages}
    right = total = 0
    for page in pages:
        labels = np.frombuffer(bytes(vectors[page.pk].labels), dtype=np.uint8)
        assert len(labels) == page.node_count
        proba = vectors[page.pk].proba_array
        assert proba.shape == (page.node_count, 3)
        assert np.allclose(proba.sum(axis=1), 1.0, atol=0.01)
        assert (labels == proba.argmax(axis=1) + 1).all()
        right += int((labels == np.array(gold_labels(page))).sum())
        total += page.node_count
    assert right / total >= 0.9  # it learned these pages (all-bad would be ~0.7)

    # Resumable: only the page without a vector is labelled again.
    kept = {pk: v.pk for pk, v in vectors.items() if pk != pages[2].pk}
    vectors[pages[2].pk].delete()
    services.classify_corpus(version.pk, corpus.pk)
    after = dict(PredictedVector.objects.filter(model=version).values_list("page_id", "pk"))
    assert {pk: after[pk] for pk in kept} == kept
    assert pages[2].pk in after


def test_the_fingerprint_follows_the_gold(small, coders):
    corpus, pages = small
    first = training_data(corpus)
    assert first.page_ids == [page.pk for page in pages]
    labels = gold_labels(pages[0])
    labels[0] = GOOD if labels[0] == BAD else BAD
    for user in coders:
        submit_labels(page_id=pages[0].pk, user=user, labels=labels)
    merge.merge_corpus(corpus)
    second = training_data(corpus)
    assert second.labels[0].tolist() == labels
    assert second.fingerprint != first.fingerprint
    assert training_data(corpus).fingerprint == second.fingerprint


def test_too_little_gold_fails_saying_how_many_pages_there_are_and_are_needed(db, coders):
    corpus, _pages = gold_corpus("tiny", 2, coders)
    version = services.create_version(corpus, max_iter=ROUNDS)
    services.train_version(version.pk)
    version.refresh_from_db()
    assert version.status == ModelVersion.Status.FAILED
    assert version.job_state == ModelVersion.JobState.FAILED
    assert "tiny has 2 merged pages" in version.message
    assert "needs at least 3" in version.message
    assert not version.file


def test_an_unexpected_error_is_recorded_and_raised(small, monkeypatch):
    corpus, _pages = small
    version = services.create_version(corpus, max_iter=ROUNDS)

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(services, "train_model", broken)
    with pytest.raises(RuntimeError):
        services.train_version(version.pk)
    version.refresh_from_db()
    assert version.status == ModelVersion.Status.FAILED
    assert "RuntimeError: disk on fire" in version.message


def test_bad_names_and_groups_are_refused(small):
    corpus, _pages = small
    with pytest.raises(jobs.JobError, match="Unknown feature group nope"):
        services.create_version(corpus, groups=["text", "nope"])
    with pytest.raises(jobs.JobError, match="not a slug"):
        services.create_version(corpus, name="two words")
    services.create_version(corpus, name="taken")
    with pytest.raises(jobs.JobError, match="exists already"):
        services.create_version(corpus, name="taken")
    # `extract --model article` is a shipped model: no version may take its name.
    for shipped in ("article", "krdwrd", "default"):
        with pytest.raises(jobs.JobError, match=f"'{shipped}' is reserved for a shipped model"):
            services.create_version(corpus, name=shipped)
        assert not ModelVersion.objects.filter(name=shipped).exists()
    # Every registered group can be chosen, the visual one too.
    assert services.create_version(corpus, groups=["text", "visual"]).groups == ["text", "visual"]


def test_one_job_at_a_time_per_model(small, settings):
    corpus, _pages = small
    version = services.create_version(corpus)  # training queued
    with pytest.raises(jobs.JobError, match="busy: its training is queued"):
        jobs.claim(version, ModelVersion.Job.EVALUATE)
    started = timezone.now() - timedelta(seconds=settings.LONGEST_TASK_SECONDS - 60)
    ModelVersion.objects.filter(pk=version.pk).update(
        job_state=ModelVersion.JobState.RUNNING, job_started_at=started
    )
    with pytest.raises(jobs.JobError, match="busy: its training is running"):
        jobs.claim(version, ModelVersion.Job.EVALUATE)
    # Running for longer than any task may: its worker died, the version is free again.
    ModelVersion.objects.filter(pk=version.pk).update(
        job_started_at=started - timedelta(seconds=120)
    )
    jobs.claim(version, ModelVersion.Job.EVALUATE)
    version.refresh_from_db()
    assert (version.job, version.job_state) == ("evaluate", "queued")


def test_evaluation_stores_figures_and_report(small, model_file):
    corpus, _pages = small
    version = ready_version("small-ready", corpus, model_file)
    version.training_options = {"max_iter": ROUNDS}
    version.save()
    jobs.claim(version, ModelVersion.Job.EVALUATE)
    services.evaluate_version(version.pk, folds=2, baselines=["keep-all"])
    version.refresh_from_db()
    assert version.job_state == ModelVersion.JobState.DONE, version.message
    assert version.folds == 2
    names = [source["name"] for source in version.metrics["sources"]]
    assert names[-1] == "keep-all" and version.headline is not None
    assert version.metrics["pages"] == 5
    assert version.metrics["platform_fingerprint"] == training_data(corpus).fingerprint
    # Menus and footer are bad, so keeping all text cannot be precise; the model is.
    keep_all = version.metrics["sources"][-1]["macro"]
    assert keep_all["precision"] < 0.9
    assert version.headline["macro"]["f1"] > keep_all["f1"]
    assert version.report.startswith("# Kehr engine evaluation")
    assert "keep-all" in version.report
    # Both coders submitted the gold itself: they agree entirely with each other, and the
    # report reads the model against them.
    reference = version.metrics["annotator_reference"]
    assert (reference["pages"], reference["pairs"]) == (5, 10)
    assert reference["annotators"]["macro"]["f1"] == 1.0
    assert reference["model"]["macro"]["f1"] == pytest.approx(version.headline["macro"]["f1"])
    assert "## Against the annotators themselves" in version.report


def test_the_annotator_reference_reads_the_submissions_the_merge_used(
    small, make_user, django_assert_num_queries
):
    corpus, pages = small
    ids = [page.pk for page in pages]
    with django_assert_num_queries(2):  # the golds with their pages' sizes, the submissions
        votes = annotator_votes(ids)
    for page, matrix in zip(pages, votes, strict=True):
        assert matrix is not None and matrix.shape == (page.node_count, 2)
        assert (matrix == np.array(gold_labels(page))[:, None]).all()
    # A third annotator's all-bad tags on the first page join its votes once merged ...
    contrarian = make_user("coder-c")
    submit_labels(page_id=pages[0].pk, user=contrarian, labels=[BAD] * pages[0].node_count)
    merge.merge_dirty(corpus)
    matrix = annotator_votes(ids)[0]
    assert matrix is not None and matrix.shape[1] == 3 and (matrix == BAD).all(axis=0).any()
    # ... and leave them again when staff exclude the submission from the merge.
    exclude_submission(Submission.objects.get(user=contrarian), reason="tagged all bad")
    matrix = annotator_votes(ids)[0]
    assert matrix is not None and matrix.shape[1] == 2
    # A page with one usable submission has no "others": no votes for it.
    exclude_submission(present(Submission.objects.filter(page=pages[1]).first()), reason="test")
    assert annotator_votes(ids)[1] is None


def test_evaluation_needs_a_page_per_fold(small, model_file):
    corpus, _pages = small
    version = ready_version("small-ready", corpus, model_file)
    services.evaluate_version(version.pk, folds=8)
    version.refresh_from_db()
    assert version.job_state == ModelVersion.JobState.FAILED
    assert "has 5 merged pages; 8-fold CV needs at least 8" in version.message
    assert version.status == ModelVersion.Status.READY  # the model itself is still usable


def test_classifier_source_shows_stored_vectors_only(small, model_file):
    corpus, pages = small
    version = ready_version("small-ready", corpus, model_file)
    with pytest.raises(sources.SourceError, match=r"has not classified page .*manage\.py classify"):
        sources.resolve(pages[0], f"classifier:{version.name}")
    services.classify_corpus(version.pk, corpus.pk)
    vector = sources.resolve(pages[0], f"classifier:{version.name}")
    stored = PredictedVector.objects.get(model=version, page=pages[0])
    assert vector.labels == bytes(stored.labels)
    assert vector.kind == "classifier"
    assert (f"classifier:{version.name}", f"classifier {version.name}") in sources.choices(pages[0])
    with pytest.raises(sources.SourceError, match=r"No model named 'nope'\. Models: small-ready"):
        sources.resolve(pages[0], "classifier:nope")
    with pytest.raises(sources.SourceError, match="Name the model"):
        sources.resolve(pages[0], "classifier:")


def test_the_visual_diff_shows_classifier_against_gold(small, model_file, staff):
    corpus, pages = small
    version = ready_version("small-ready", corpus, model_file)
    client = Client()
    client.force_login(staff)
    url = f"/staff/diff/pages/{pages[0].pk}/view/?a=classifier:{version.name}&b=gold"
    response = client.get(url)
    assert response.status_code == 400
    assert "has not classified page" in response.content.decode()
    services.classify_corpus(version.pk, corpus.pk)
    response = client.get(url)
    assert response.status_code == 200
    assert "classifier small-ready" in response.content.decode()
    chooser = client.get(f"/staff/diff/pages/{pages[0].pk}/").content.decode()
    assert f"classifier:{version.name}" in chooser


def test_a_job_the_broker_never_got_is_recorded_as_failed(
    small, monkeypatch, django_capture_on_commit_callbacks
):
    from kombu.exceptions import OperationalError

    from learning import dispatch

    corpus, _pages = small
    version = services.create_version(corpus)
    sent: list[tuple] = []
    monkeypatch.setattr(dispatch, "send", lambda *args, **kwargs: sent.append(args))
    with django_capture_on_commit_callbacks() as waiting:
        dispatch.queue(version, ModelVersion.Job.TRAIN)
    # Sent once the transaction that recorded the job commits, not before.
    assert sent == [] and len(waiting) == 1
    waiting[0]()
    assert sent == [(dispatch.TRAIN, version.pk)]

    def broker_down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(dispatch, "send", broker_down)
    with pytest.raises(OperationalError), django_capture_on_commit_callbacks(execute=True):
        dispatch.queue(version, ModelVersion.Job.TRAIN)
    version.refresh_from_db()
    assert (version.status, version.job_state) == ("failed", "failed")
    assert "task queue is not reachable (connection refused)" in version.message
