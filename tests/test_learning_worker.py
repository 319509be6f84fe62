"""A real Celery worker trains, evaluates and classifies (on each database and broker leg:
--kehr-db=sqlite --kehr-broker=filesystem, --kehr-db=postgres --kehr-broker=redis)."""

from __future__ import annotations

import time

import pytest
from django.test import Client

from comparison import sources
from learning.models import ModelVersion, PredictedVector
from tests.expect import present
from tests.learning_pages import GROUPS, gold_corpus

WAIT_S = 120


def wait_for_job(version: ModelVersion, job: str, worker) -> ModelVersion:
    deadline = time.monotonic() + WAIT_S
    seen_running = False
    while time.monotonic() < deadline:
        version.refresh_from_db()
        seen_running |= version.job_state == ModelVersion.JobState.RUNNING
        if version.job == job and version.job_state in ("done", "failed"):
            return version
        time.sleep(0.3)
    pytest.fail(
        f"the {job} of {version.name} did not end within {WAIT_S} s (state "
        f"{version.job_state}, {version.progress_text}); worker log:\n"
        f"{worker.log_text()[-3000:]}"
    )


@pytest.mark.django_db(transaction=True)
def test_staff_buttons_train_evaluate_and_classify_on_a_worker(celery_worker, make_user):
    corpus, pages = gold_corpus("worker", 5, [make_user("w-a"), make_user("w-b")])
    staff = make_user("boss", staff=True)
    client = Client()
    client.force_login(staff)

    # Few boosting rounds, so that the worker trains in seconds.
    form = {"corpus": corpus.slug, "groups": GROUPS, "name": "w1", "rounds": "10"}
    response = client.post("/staff/models/train/", form, follow=True)
    assert "Training of w1 queued" in response.content.decode()
    version = ModelVersion.objects.get(name="w1")
    assert version.training_options == {"max_iter": 10}
    version = wait_for_job(version, "train", celery_worker)
    assert version.status == ModelVersion.Status.READY, version.message
    assert present(version.path).is_file()
    assert version.created_by == staff
    assert version.pages == 5

    response = client.post(f"/staff/models/{version.name}/evaluate/", {"folds": "2"}, follow=True)
    assert "Evaluation of w1 queued (2-fold cross-validation)" in response.content.decode()
    version = wait_for_job(version, "evaluate", celery_worker)
    assert version.job_state == "done", version.message
    assert present(version.headline)["macro"]["f1"] > 0.9
    report = client.get(f"/staff/models/{version.name}/").content.decode()
    assert "# Kehr engine evaluation" in report and "2-fold" in report

    response = client.post(f"/staff/models/{version.name}/classify/", {}, follow=True)
    assert "Classification of Corpus worker with w1 queued" in response.content.decode()
    version = wait_for_job(version, "classify", celery_worker)
    assert version.job_state == "done", version.message
    assert PredictedVector.objects.filter(model=version).count() == 5
    vector = sources.resolve(pages[0], "classifier:w1")
    assert len(vector.labels) == pages[0].node_count

    index = client.get("/staff/models/").content.decode()
    assert "worker: 5/5 pages labelled" in index


@pytest.mark.django_db(transaction=True)
def test_a_failed_training_on_the_worker_is_recorded(celery_worker, make_user):
    corpus, _pages = gold_corpus("thin", 2, [make_user("t-a"), make_user("t-b")])
    client = Client()
    client.force_login(make_user("boss", staff=True))
    client.post("/staff/models/train/", {"corpus": corpus.slug, "groups": GROUPS})
    version = wait_for_job(ModelVersion.objects.get(corpus=corpus), "train", celery_worker)
    assert version.status == ModelVersion.Status.FAILED
    assert "thin has 2 merged pages; a model needs at least 3" in version.message
    assert version.message in client.get("/staff/models/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_periodic_check_retrains_a_due_corpus_on_the_worker(celery_worker, make_user):
    from learning import tasks
    from learning.models import CorpusLearning, ModelSwitch

    corpus, _pages = gold_corpus("due", 4, [make_user("d-a"), make_user("d-b")])
    learning = CorpusLearning.objects.create(corpus=corpus, retrain_after=3, retrain_folds=2)
    # What beat sends every KEHR_RETRAIN_CHECK_SECONDS: the worker finds the corpus due,
    # records a candidate and queues its retraining, which the worker runs next.
    tasks.retrain_due.delay()
    deadline = time.monotonic() + WAIT_S * 2
    while not ModelSwitch.objects.filter(corpus=corpus).exists():
        if time.monotonic() > deadline:
            pytest.fail(f"no retraining decision; worker log:\n{celery_worker.log_text()[-3000:]}")
        time.sleep(0.5)
    decision = ModelSwitch.objects.get(corpus=corpus)
    assert decision.switched, decision.reason
    assert decision.previous is None and present(decision.candidate_f1) > 0.9
    assert "had no model" in decision.reason
    learning.refresh_from_db()
    assert learning.current_model == decision.candidate
    assert present(decision.candidate).status == ModelVersion.Status.READY
    assert present(decision.candidate).folds == 2
    # Nothing due any more: a second check queues nothing.
    tasks.retrain_due.delay()
    time.sleep(3)
    assert ModelVersion.objects.filter(corpus=corpus).count() == 1
