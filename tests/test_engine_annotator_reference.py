"""The annotators' own agreement (kehr_engine.annotator_reference), the figure a model's
token F1 is read against."""

from __future__ import annotations

import numpy as np
import pytest

from kehr_engine.annotator_reference import annotator_reference, others_majority_good
from kehr_engine.evaluation_report import markdown
from kehr_engine.krdwrd.corpus import GOOD, iter_corpus
from kehr_engine.metrics import page_tokens
from tests.krdwrd_data import krdwrd_folder

# Three nodes of 2, 1 and 3 tokens; three annotators (columns).
TEXTS = ["a b", "c", "d e f"]
VOTES = np.array([[3, 3, 1], [1, 3, 1], [3, 3, 3]], dtype=np.int8)


def test_a_tie_involving_good_is_not_good() -> None:
    votes = np.array([[3, 1, 0], [3, 2, 0], [3, 3, 1], [2, 0, 0]], dtype=np.int8)
    # Column 2 left out: node 0 ties good/bad, node 1 good/uncertain, node 2 is good 2:0.
    assert others_majority_good(votes, 2).tolist() == [False, False, True, False]
    # Column 0 left out: a missing tag (0) is no vote; node 2 is then bad 1:1 against good.
    assert others_majority_good(votes, 0).tolist() == [False, False, False, False]


def test_each_annotator_against_the_others_worked_by_hand() -> None:
    reference = annotator_reference([TEXTS], [VOTES])
    assert reference is not None and reference.pages == 1 and reference.pairs == 3
    # A: others' good = {2} (3 tokens), A kept {0, 2} (5): P 3/5, R 1, F1 0.75.
    # B: others' good = {2}, B kept all 6 tokens: P 1/2, R 1, F1 2/3.
    # C: others' good = {0, 2} (5 tokens), C kept {2}: P 1, R 3/5, F1 0.75.
    macro = reference.annotators.macro
    assert macro.precision == pytest.approx((0.6 + 0.5 + 1) / 3)
    assert macro.recall == pytest.approx((1 + 1 + 0.6) / 3)
    assert macro.f1 == pytest.approx((0.75 + 2 / 3 + 0.75) / 3)
    # Micro pools the bags: overlap 9, kept 14, gold 11.
    assert reference.annotators.micro_f1 == pytest.approx(18 / 25)
    assert reference.model is None


def test_the_model_is_scored_against_the_same_majorities() -> None:
    model = np.array([False, False, True])
    reference = annotator_reference([TEXTS], [VOTES], [model])
    assert reference is not None and reference.model is not None
    # Against A's and B's others ({2}) it is exact; against C's ({0, 2}) R is 3/5.
    assert reference.model.macro.f1 == pytest.approx((1 + 1 + 0.75) / 3)
    # The same figures page_tokens gives for each target.
    expected = []
    for j in range(3):
        target = others_majority_good(VOTES, j)
        expected.append(page_tokens(TEXTS, target, model).scores.f1)
    assert reference.model.macro.f1 == pytest.approx(np.mean(expected))


def test_macro_weighs_pages_not_annotators() -> None:
    # A second page of two annotators who agree entirely: both score 1.
    votes = np.array([[3, 3], [1, 1]], dtype=np.int8)
    reference = annotator_reference([TEXTS, ["x y", "z"]], [VOTES, votes])
    assert reference is not None and reference.pages == 2 and reference.pairs == 5
    first_page = (0.75 + 2 / 3 + 0.75) / 3
    assert reference.annotators.macro.f1 == pytest.approx((first_page + 1) / 2)


def test_pages_without_two_annotators_are_left_out() -> None:
    # No votes; one annotator plus a column of nobody (all 0): neither has "others".
    lone = np.array([[3, 0], [1, 0]], dtype=np.int8)
    assert annotator_reference([TEXTS, ["x y", "z"]], [None, lone]) is None
    reference = annotator_reference([TEXTS, ["x y", "z"]], [VOTES, lone])
    assert reference is not None and reference.pages == 1 and reference.pairs == 3


def test_mismatched_shapes_are_refused_with_what_was_expected() -> None:
    with pytest.raises(ValueError, match=r"shape \(2, 3\), expected \(3, annotators\)"):
        annotator_reference([TEXTS], [VOTES[:2]])
    with pytest.raises(ValueError, match="2 predictions for 1 pages"):
        annotator_reference([TEXTS], [VOTES], [np.ones(3, bool), np.ones(3, bool)])


def test_the_report_shows_both_rows_beside_the_model_name() -> None:
    reference = annotator_reference([TEXTS], [VOTES], [np.array([False, False, True])])
    assert reference is not None
    data = {
        "pages": 1, "nodes": 3, "good_token_share": 0.5, "data_fingerprint": "f" * 16,
        "environment": {}, "sources": [{"name": "model[x] no smoothing", "macro": {
            "precision": 1, "recall": 1, "f1": 1}, "micro": {"f1": 1}, "seconds": 1,
            "errors": []}], "annotator_reference": reference.as_dict(),
    }  # fmt: skip
    text = markdown(data)
    assert "## Against the annotators themselves" in text
    assert "| one annotator vs the others' majority | 0.700 | 0.867 | **0.722** | 0.720 |" in text
    assert "| model[x] no smoothing vs the same majorities |" in text
    assert "**0.917**" in text
    assert "annotator_reference:" not in text  # not dumped as a raw key


def test_krdwrd_pages_carry_every_annotators_tags() -> None:
    pages = list(iter_corpus(krdwrd_folder("canola-sample"), limit=3))
    for page in pages:
        assert page.votes is not None
        assert page.votes.shape[0] == page.labels.size and page.votes.shape[1] >= 2
        assert set(np.unique(page.votes)) <= {0, 1, 2, 3}
        # The merged gold is the annotators' majority, mostly: good by a strict
        # majority of all of them is gold-good on most nodes.
        good = (page.votes == GOOD).sum(axis=1)
        rest = np.maximum((page.votes == 1).sum(axis=1), (page.votes == 2).sum(axis=1))
        assert ((good > rest) == (page.labels == GOOD)).mean() > 0.9
    reference = annotator_reference([p.node_texts for p in pages], [p.votes for p in pages])
    assert reference is not None and reference.pages == 3
    assert 0.5 < reference.annotators.macro.f1 <= 1


def test_evaluate_pages_checks_the_votes_and_reports_the_annotators_alone() -> None:
    from kehr_engine.limits import EngineInputError
    from kehr_engine.pipeline import evaluate_pages

    pages = list(iter_corpus(krdwrd_folder("canola-sample"), limit=2))
    inputs = [p.page for p in pages]
    labels = [p.labels for p in pages]
    ids = [p.page_id for p in pages]
    assert pages[1].votes is not None  # the sample ships its annotators' tags
    bad = [pages[0].votes, pages[1].votes[:-1]]  # one node short
    with pytest.raises(EngineInputError, match=rf"{ids[1]}: the annotators' tags have shape"):
        evaluate_pages(inputs, labels, model=False, baselines=["keep-all"], page_ids=ids,
                       votes=bad)  # fmt: skip
    data = evaluate_pages(inputs, labels, model=False, baselines=["keep-all"], page_ids=ids,
                          votes=[p.votes for p in pages])  # fmt: skip
    assert (
        data["annotator_reference"]["pages"] == 2 and data["annotator_reference"]["model"] is None
    )
    # Without votes there is nothing to report, and no empty section.
    plain = evaluate_pages(inputs, labels, model=False, baselines=["keep-all"], page_ids=ids)
    assert "annotator_reference" not in plain
