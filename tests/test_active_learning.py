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
    found = Corpus.by_slug(corpus.slug)
    assert found is not None
    return found


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

    def picked(seed: int) -> int:
        page = next_page_for(annotator, corpus, random.Random(seed))
        assert page is not None
        return page.pk

    seen = {picked(seed) for seed in range(40)}
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
    reason = retraining.due_reason(learning)
    assert reason is not None and "3 pages merged" in reason
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


def test_a_candidate_of_the_same_recipe_is_scored_once_and_becomes_current(
    db, coders, model_file, settings
):
    """The usual retraining: the candidate copies the current model's recipe, so one
    cross-validation on today's pages scores both (same folds, same seed: same models);
    every difference is 0, inside any tolerance, and the candidate (more pages) serves."""
    settings.KEHR_RETRAIN_TOLERANCE = 0.0
    corpus, _ = gold_corpus("better", 6, coders)
    corpus.page_order = Corpus.PageOrder.UNCERTAINTY
    corpus.save()
    current = quick_current(corpus, model_file, f1=0.5)  # a stale stored figure: unused
    learning = CorpusLearning.objects.create(corpus=corpus, retrain_after=2, retrain_folds=2)
    candidate = retraining.create_candidate(corpus)
    assert candidate.groups == current.groups and candidate.training_options == {"max_iter": 10}

    decision = retraining.retrain(candidate.pk)

    assert decision.switched, decision.reason
    assert decision.previous == current and decision.candidate == candidate
    assert decision.candidate_f1 is not None and decision.candidate_f1 > 0.9
    assert decision.previous_f1 == decision.candidate_f1  # measured now, not the stored 0.5
    assert (decision.difference_low, decision.difference_high) == (0.0, 0.0)
    assert decision.tolerance == 0.0 and decision.grouping == "page"
    assert decision.merged_pages == 6
    assert "Not worse beyond noise" in decision.reason and "Same recipe" in decision.reason
    assert "folds grouped by page" in decision.reason  # one site: page grouping, said so
    candidate.refresh_from_db()
    assert candidate.headline is not None and candidate.metrics["grouping"] == "page"
    learning.refresh_from_db()
    assert learning.current_model == candidate
    # The new current model labelled the corpus and its doubts order the pages now.
    assert PredictedVector.objects.filter(model=candidate).count() == 6
    assert Page.objects.filter(corpus=corpus, uncertainty__gt=0).count() == 6
    assert retraining.due_reason(learning) is None  # this decision took the pages into account


# The engine's CV replaced by per-page figures chosen by the test: what is tested is the
# platform's part (same pages and folds for both recipes, the paired rule, the log).


class FakeEngine:
    """Stands in for kehr_engine.pipeline.evaluate_pages: per-page F1 of a recipe is a
    base figure per page plus the recipe's shift plus fresh noise on every call."""

    def __init__(self, shifts: dict[int, float], noise: float = 0.0, seed: int = 0) -> None:
        self.shifts = shifts  # max_iter -> shift of that recipe's per-page F1
        self.noise = noise
        self.rng = np.random.default_rng(seed)
        self.calls: list[dict] = []

    def __call__(self, pages, labels, *, groups, k, by_site, page_ids, max_iter=None, **kw):
        self.calls.append({"pages": list(page_ids), "k": k, "by_site": by_site,
                           "max_iter": max_iter})  # fmt: skip
        base = {pid: 0.6 + 0.3 * ((int(pid) * 37) % 10) / 10 for pid in page_ids}
        f1 = {
            pid: float(np.clip(b + self.shifts[max_iter] + self.rng.normal(0, self.noise), 0, 1))
            for pid, b in base.items()
        }
        mean = float(np.mean(list(f1.values())))
        prf = {"precision": mean, "recall": mean, "f1": mean}
        return {
            "pages": len(page_ids), "nodes": 1, "good_token_share": 0.5,
            "data_fingerprint": "0" * 64, "environment": {}, "by_site": by_site,
            "sources": [{"name": "model[test] smoothed", "macro": prf, "micro": prf,
                         "per_page_f1": f1, "seconds": 1.0, "errors": []}],
        }  # fmt: skip


def recipe_candidate(corpus, max_iter: int) -> ModelVersion:
    return services.create_version(corpus, groups=["text", "dom", "context"], max_iter=max_iter)


@pytest.fixture
def fake_engine(monkeypatch):
    def install(shifts: dict[int, float], noise: float = 0.0, seed: int = 0) -> FakeEngine:
        engine = FakeEngine(shifts, noise, seed)
        monkeypatch.setattr(services, "engine_evaluate", engine)
        return engine

    return install


def test_a_clearly_better_recipe_switches_on_the_same_folds(
    db, coders, model_file, fake_engine, caplog
):
    corpus, _ = gold_corpus("clear", 12, coders)
    current = quick_current(corpus, model_file)  # max_iter 10
    learning = CorpusLearning.objects.create(
        corpus=corpus, retrain_after=1, retrain_folds=3, current_model=current
    )
    engine = fake_engine({10: 0.0, 12: 0.05}, noise=0.01)
    decision = retraining.retrain(recipe_candidate(corpus, 12).pk)
    assert decision.switched, decision.reason
    # Both recipes were cross-validated on the same pages with the same folds' settings.
    assert [call["max_iter"] for call in engine.calls] == [12, 10]
    assert engine.calls[0]["pages"] == engine.calls[1]["pages"]
    assert engine.calls[0]["k"] == engine.calls[1]["k"] == 3
    assert decision.candidate_f1 is not None and decision.previous_f1 is not None
    assert decision.difference_low is not None and decision.difference_high is not None
    assert decision.candidate_f1 - decision.previous_f1 == pytest.approx(0.05, abs=0.01)
    assert 0 < decision.difference_low < 0.05 < decision.difference_high < 0.07
    assert "Not worse beyond noise" in decision.reason and "95 % CI" in decision.reason
    assert f"clear: switched to {decision.candidate_name}. Not worse" in caplog.text  # worker log
    learning.refresh_from_db()
    assert learning.current_model == decision.candidate


def test_a_clearly_worse_recipe_never_switches(db, coders, model_file, fake_engine):
    from learning.suggestions import current_model

    corpus, _ = gold_corpus("worse", 8, coders)
    current = quick_current(corpus, model_file)
    # No model chosen explicitly: the newest ready one serves, and the losing candidate
    # (newer, ready) must not serve even so.
    CorpusLearning.objects.create(corpus=corpus, retrain_after=1, retrain_folds=2)
    fake_engine({10: 0.0, 12: -0.05}, noise=0.02)
    for round_ in range(3):  # retried as pages come in: never
        candidate = recipe_candidate(corpus, 12)
        decision = retraining.retrain(candidate.pk)
        assert not decision.switched, decision.reason
        assert decision.difference_high is not None and decision.difference_high < 0
        assert (
            "Worse beyond noise" in decision.reason and f"{current.name} stays" in decision.reason
        )
        candidate.refresh_from_db()
        assert candidate.status == ModelVersion.Status.READY
        assert current_model(corpus) == current
        add_merged_pages(corpus, coders, [30 + round_])
    assert not PredictedVector.objects.exists()  # nothing classified for a loser


def test_a_candidate_equal_up_to_noise_is_decided_alike_every_time(
    db, coders, model_file, fake_engine
):
    """Two recipes as good as each other: each retraining's CV noise favours one or the
    other (the old rule, candidate >= stored figure, flipped with it); the paired rule
    makes the newest model current every time, and never an older one again."""
    corpus, _ = gold_corpus("noise", 20, coders)
    current = quick_current(corpus, model_file)
    learning = CorpusLearning.objects.create(
        corpus=corpus, retrain_after=1, retrain_folds=2, current_model=current
    )
    fake_engine({10: 0.0, 11: 0.0}, noise=0.005, seed=3)
    served = [current]
    signs = set()
    for round_ in range(4):
        # The candidates alternate between the two recipes, so both are scored anew.
        decision = retraining.retrain(recipe_candidate(corpus, 11 - round_ % 2).pk)
        assert decision.candidate_f1 is not None and decision.previous_f1 is not None
        assert decision.difference_low is not None and decision.difference_high is not None
        signs.add(decision.candidate_f1 > decision.previous_f1)
        assert decision.switched, decision.reason
        assert decision.difference_low < 0 < decision.difference_high
        learning.refresh_from_db()
        assert learning.current_model is not None
        served.append(learning.current_model)
        add_merged_pages(corpus, coders, [40 + round_])
    assert signs == {True, False}  # the noise went both ways
    assert len(set(served)) == len(served)  # always the newest model, never back


def test_retraining_groups_its_folds_by_site_when_a_site_has_several_pages(
    db, coders, model_file, fake_engine
):
    corpus, _ = gold_corpus("sites", 2, coders)  # two pages of sites.example
    from gold import merge

    for n, host in enumerate(["news.bbc.co.uk", "www.bbc.co.uk", "a.example.org",
                              "b.example.org", "one.test", "two.test"]):  # fmt: skip
        page = add_page(corpus, page_html(10 + n), url=f"https://{host}/p/{n}")
        for user in coders:
            submit_labels(page_id=page.pk, user=user, labels=gold_labels(page))
    merge.merge_corpus(corpus)
    current = quick_current(corpus, model_file)
    CorpusLearning.objects.create(
        corpus=corpus, retrain_after=1, retrain_folds=3, current_model=current
    )
    engine = fake_engine({10: 0.0, 12: 0.0})
    decision = retraining.retrain(recipe_candidate(corpus, 12).pk)
    assert all(call["by_site"] for call in engine.calls)
    assert decision.grouping == "site"
    # sites.example, bbc.co.uk, example.org, one.test, two.test: 5 groups resampled.
    assert "8 pages from 5 sites" in decision.reason and "(5 groups resampled)" in decision.reason


def test_the_rule_is_the_lower_bound_against_the_tolerance():
    rng = np.random.default_rng(2)
    current = rng.uniform(0.5, 0.9, 60)
    slightly_worse = current - 0.004 + rng.normal(0, 0.002, 60)
    worse, now = slightly_worse.tolist(), current.tolist()
    assert retraining.decide(worse, now, tolerance=0.01).switched
    assert not retraining.decide(worse, now, tolerance=0.0).switched
    much_worse = (current - 0.1).tolist()
    decision = retraining.decide(much_worse, now, tolerance=0.01, current_name="m-1")
    assert not decision.switched and decision.why.endswith("m-1 stays.")
    assert decision.interval is not None and decision.interval.high is not None
    assert decision.interval.high < -0.09


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
