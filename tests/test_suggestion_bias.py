"""The bias figures of suggestions (learning.bias): known effects found, no effect no
verdict, too few values no interval; the staff page shows them with their counts."""

from __future__ import annotations

import re
from datetime import timedelta

import numpy as np
import pytest
from django.utils import timezone

from annotations.models import Submission
from annotations.services import submit_labels
from corpora.ingest import add_page
from gold import merge
from learning import bias, bootstrap
from learning.models import SuggestionAssignment
from tests.learning_pages import gold_labels, page_html

NODES = 30


def simulated(pages: int, *, pull: float, with_seconds: float, seed: int = 1) -> list[bias.Row]:
    """Four annotators per page, two in each group. Without suggestions an annotator
    gets each node right with p 0.8; with them, they take the (80 % right) suggestion
    with probability ``pull`` and otherwise annotate as without."""
    rng = np.random.default_rng(seed)
    rows = []
    for page in range(pages):
        truth = rng.integers(1, 4, NODES).astype(np.uint8)
        suggestion = np.where(rng.random(NODES) < 0.8, truth, rng.integers(1, 4, NODES))
        suggestion = suggestion.astype(np.uint8)
        for user in range(4):
            shown = user < 2
            own = np.where(rng.random(NODES) < 0.8, truth, rng.integers(1, 4, NODES))
            labels = np.where(shown & (rng.random(NODES) < pull), suggestion, own)
            seconds = (with_seconds if shown else 60.0) + rng.normal(0, 5)
            rows.append(bias.Row(page, user, shown, labels.astype(np.uint8), suggestion,
                                 seconds, truth))  # fmt: skip
    return rows


def figure(report: bias.Report, key: str) -> bias.Comparison:
    return next(f for f in report.figures if f.key == key)


def test_a_pull_toward_the_model_and_saved_time_are_found_and_said():
    report = bias.compare(simulated(40, pull=0.6, with_seconds=40.0))
    kept = figure(report, "kept")
    assert kept.n_with == kept.n_without == 80 and kept.counted == "submissions"
    assert kept.with_value is not None and kept.without_value is not None
    assert kept.with_value > kept.without_value
    assert kept.significant and kept.low is not None and kept.low > 0.1
    assert "pull tags toward the model" in kept.verdict
    seconds = figure(report, "seconds")
    assert seconds.difference is not None and seconds.low is not None
    assert seconds.difference == pytest.approx(-20, abs=3)
    assert seconds.significant and seconds.high is not None and seconds.high < 0
    assert seconds.verdict == (
        f"Pages took {abs(seconds.difference):.0f} s less with suggestions (median; 95 % CI "
        f"{seconds.low:+.0f} s to {seconds.high:+.0f} s)."
    )
    among = figure(report, "among")
    assert among.counted == "pages" and among.n_with == among.n_without == 40
    assert among.difference is not None
    assert among.significant and among.difference > 0  # they share the model's tags
    assert report.cross_pairs == 40 * 4


def test_identical_groups_get_no_verdict():
    rows = simulated(30, pull=0.0, with_seconds=60.0)
    # Every page's two groups are the same submissions with the roles swapped.
    mirrored = rows + [
        bias.Row(r.page, r.user + 10, not r.shown, r.labels, r.suggested, r.seconds, r.gold)
        for r in rows
    ]
    report = bias.compare(mirrored)
    for item in report.figures:
        assert item.difference == pytest.approx(0.0, abs=1e-9), item.key
        assert item.low is not None and item.high is not None, item.key
        assert item.low <= 0 <= item.high, item.key
        assert item.verdict == "", item.key


def test_too_few_values_give_figures_without_an_interval():
    rows = simulated(1, pull=0.9, with_seconds=10.0)[1:3]  # one with, one without
    report = bias.compare(rows)
    seconds = figure(report, "seconds")
    assert (seconds.n_with, seconds.n_without) == (1, 1)
    assert seconds.with_value is not None and seconds.low is None and seconds.verdict == ""


def test_agreement_with_gold_is_two_coder_multi_pi():
    from gold.agreement import counts_from_vectors, page_agreement

    labels = np.array([1, 1, 3, 3, 2, 3], dtype=np.uint8)
    gold = np.array([1, 3, 3, 3, 2, 3], dtype=np.uint8)
    row = bias.Row(1, 1, True, labels, np.zeros(6, dtype=np.uint8), None, gold)
    expected = page_agreement(counts_from_vectors(np.vstack([labels, gold]))).pi
    assert row.gold_pi == pytest.approx(expected)
    assert row.kept is None  # nothing was suggested
    partial = bias.Row(1, 1, True, labels, np.array([1, 3, 0, 0, 0, 1], dtype=np.uint8))
    assert partial.kept == pytest.approx(1 / 3)


def test_per_annotator_figures_need_both_groups():
    rows = simulated(12, pull=0.9, with_seconds=20.0)
    people = bias.per_annotator(rows)
    assert [p["user"] for p in people] == [0, 1, 2, 3]
    for person in people:  # each user is in one group only in this simulation
        assert person["seconds"].low is None and person["seconds"].verdict == ""
    # One annotator in both groups: user 0's pulled submissions and user 2's own ones.
    both = [bias.Row(r.page, 0, r.shown, r.labels, r.suggested, r.seconds, r.gold)
            for r in rows if r.user in (0, 2)]  # fmt: skip
    (one,) = bias.per_annotator(both)
    assert one["seconds"].n_with == one["seconds"].n_without == 12
    assert one["seconds"].significant and one["seconds"].difference < 0  # 20 s against 60 s
    assert one["kept"].significant and one["kept"].difference > 0  # pulled toward the model
    assert one["gold"].n_with == one["gold"].n_without == 12


@pytest.mark.parametrize("statistic", [bootstrap.mean, bootstrap.median])
def test_each_resample_is_its_clusters_values_concatenated(statistic):
    """The vectorised bootstrap gives, for every resample, exactly what the plain loop
    gives: the statistic of the drawn clusters' lists joined, with, minus without."""
    rng = np.random.default_rng(3)

    def values(most: int) -> list[float]:
        # Small integers: ties and even counts, where medians go wrong first.
        return [float(v) for v in rng.integers(0, 5, rng.integers(1, most + 1))]

    # Pages with one group only, so that some resamples lack the other group.
    groups: dict[object, tuple[list[float], list[float]]] = {
        "with only": (values(3), []),
        "with only 2": (values(3), []),
        "without only": ([], values(3)),
        "neither": ([], []),
        "both": (values(4), values(4)),
    }
    picked = rng.integers(0, len(groups), (400, len(groups)))
    got = bootstrap.resampled_differences(groups, statistic, picked)
    clusters = list(groups.values())
    empty = 0
    for drawn, value in zip(picked, got, strict=True):
        with_values = [v for i in drawn for v in clusters[i][0]]
        without_values = [v for i in drawn for v in clusters[i][1]]
        if with_values and without_values:
            assert value == pytest.approx(statistic(with_values) - statistic(without_values))
        else:
            empty += 1
            assert np.isnan(value)
    assert 0 < empty < len(picked)  # both kinds of resample were checked


def test_the_bootstrap_interval_does_not_depend_on_the_chunk_size(monkeypatch):
    rows = simulated(15, pull=0.5, with_seconds=45.0)
    whole = bias.compare(rows)
    monkeypatch.setattr(bootstrap, "CHUNK_CELLS", 50)  # a few resamples per chunk
    chunked = bias.compare(rows)
    for a, b in zip(chunked.figures, whole.figures, strict=True):
        assert b.low is not None and (a.low, a.high) == pytest.approx((b.low, b.high), rel=1e-12)


def test_batched_agreements_equal_one_page_agreement_each():
    from gold.agreement import counts_from_vectors, page_agreement

    rng = np.random.default_rng(5)
    groups = [
        [rng.integers(0, 4, nodes).astype(np.uint8) for _ in range(coders)]
        for nodes, coders in ((5, 2), (40, 3), (1, 2), (12, 4))
    ]
    groups.append([np.zeros(6, dtype=np.uint8), np.zeros(6, dtype=np.uint8)])  # undefined
    pis = [page_agreement(counts_from_vectors(np.vstack(g))).pi for g in groups]
    expected = [None if np.isnan(pi) else pi for pi in pis]
    assert expected[-1] is None and sum(pi is not None for pi in expected) >= 3
    assert bias._pis(groups) == expected  # bit for bit
    with pytest.raises(ValueError, match="differ in length"):
        bias._pis([[np.ones(3, dtype=np.uint8), np.ones(4, dtype=np.uint8)]])


# --------------------------------------------------------------------------- from the database


@pytest.fixture
def drawn(corpus, make_user):
    """Four pages; two annotators with suggestions, two without, one never drawn."""
    corpus.min_submissions = 4
    corpus.save()
    users = [make_user(f"b{n}") for n in range(5)]
    pages = [add_page(corpus, page_html(n), url=f"https://bias.example/{n}") for n in range(4)]
    for page in pages:
        truth = gold_labels(page)
        for n, user in enumerate(users):
            submit_labels(page_id=page.pk, user=user, labels=truth)
            if n == 4:
                continue  # never asked for suggestions
            SuggestionAssignment.objects.create(
                page=page, user=user, shown=n < 2, mode="hints", model_name="m",
                threshold=0.5, suggested=bytes(truth),
            )  # fmt: skip
        start = timezone.now() - timedelta(minutes=5)
        Submission.objects.filter(page=page).update(started_at=start)
    merge.merge_corpus(corpus)
    return corpus, users


def test_the_corpus_report_reads_assignments_submissions_and_gold(drawn):
    corpus, _users = drawn
    report = bias.corpus_report(corpus)
    assert (report.with_submissions, report.without_submissions) == (8, 8)
    assert report.undrawn_submissions == 4
    kept = figure(report, "kept")
    assert kept.with_value == kept.without_value == 1.0
    gold = figure(report, "gold")
    assert gold.with_value == pytest.approx(1.0) and gold.n_with == 8
    assert figure(report, "seconds").with_value == pytest.approx(300, abs=5)
    assert len(report.annotators) == 4


def test_the_staff_page_shows_figures_counts_and_refuses_others(drawn, client, make_user):
    corpus, _users = drawn
    url = f"/staff/models/corpora/{corpus.slug}/suggestions/"
    assert client.get(url).status_code == 302  # to the login
    client.force_login(make_user("nobody"))
    assert client.get(url).status_code in (302, 403)
    client.force_login(make_user("chief", staff=True))
    page = client.get(url).content.decode()
    assert "Median time per page" in page and "8 submissions" in page
    assert "4 submissions were made without a draw" in page
    assert "No clear difference" in page  # identical tags in both groups
    # Per annotator, by username (issue 26, item 22), not by database id.
    rows = re.findall(r"<tr>\s*<td>([^<]*)</td>", page.split("Per annotator")[1])
    assert rows[:4] == ["b0", "b1", "b2", "b3"]
    assert client.get("/staff/models/corpora/nope/suggestions/").status_code == 404
    # The models page links the corpora whose settings are on record.
    from learning.models import CorpusLearning

    dashboard = f"/staff/gold/{corpus.slug}/"
    assert url not in client.get(dashboard).content.decode()  # no settings, no link
    CorpusLearning.objects.create(corpus=corpus, suggestions="hints")
    assert url in client.get("/staff/models/").content.decode()
    # The corpus' stats dashboard links it too (gold.links, registered by learning).
    assert url in client.get(dashboard).content.decode()
