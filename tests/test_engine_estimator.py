"""PageClassifier: scikit-learn's page-grouped CV and grid search over the engine, and
every fold trains without its test pages (label-flip invariance)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.exceptions import NotFittedError
from sklearn.model_selection import GridSearchCV, GroupKFold, cross_validate
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

import kehr_engine.evaluation
from kehr_engine.estimator import PageClassifier, good_text_f1
from kehr_engine.krdwrd.corpus import iter_corpus
from kehr_engine.limits import EngineInputError
from kehr_engine.metrics import page_tokens, token_scores
from kehr_engine.pipeline import PageInput
from kehr_engine.splits import page_folds
from tests.krdwrd_data import krdwrd_folder

PAGE = (
    "<html><body><nav>{menu}</nav><div class='story'>{text}</div>"
    "<footer>{foot}</footer></body></html>"
)
WORDS = ("sea", "harbour", "ships", "weather", "tides", "fishing", "coast", "storm")


@pytest.fixture(scope="module", autouse=True)
def one_thread() -> Iterator[None]:
    with threadpool_limits(1):
        yield


def page(n: int) -> tuple[PageInput, np.ndarray]:
    """A menu of links (bad), paragraphs of running text (good), a footer (bad); sizes
    and words differ from page to page."""
    links = 3 + n % 3
    paragraphs = 3 + n % 4
    menu = "".join(f"<a href='/{i}'>Section {i}</a> " for i in range(links))
    text = "".join(
        f"<p>Paragraph {i} of story {n} tells how the {WORDS[(n + i) % len(WORDS)]} changed "
        f"the village over the years, and what the people there said about it.</p>"
        for i in range(paragraphs)
    )
    html = PAGE.format(menu=menu, text=text, foot=f"© {2000 + n} Example Press")
    labels = np.array([1] * links + [3] * paragraphs + [1], dtype=np.int8)
    return PageInput.from_html(html, f"https://site{n}.test/story"), labels


@pytest.fixture(scope="module")
def corpus() -> tuple[list[PageInput], list[np.ndarray], list[str]]:
    pages, labels = zip(*(page(n) for n in range(9)), strict=True)
    assert all(p.node_count == len(y) for p, y in zip(pages, labels, strict=True))
    return list(pages), list(labels), [f"page-{n}" for n in range(9)]


def quick(**params: object) -> PageClassifier:
    return PageClassifier(groups=("text", "dom"), max_iter=6, num_leaves=4,
                          min_child_samples=3, **params)  # type: ignore[arg-type]  # fmt: skip


def test_cross_validate_with_page_groups_and_the_good_text_scorer(corpus) -> None:
    pages, labels, ids = corpus
    scores = cross_validate(quick(), pages, labels, groups=ids, cv=GroupKFold(3),
                            scoring=good_text_f1, return_estimator=True,
                            return_indices=True)  # fmt: skip
    assert len(scores["test_score"]) == 3
    # Menus and footers against running text: learned, not guessed (keeping every node
    # scores 0.94 here).
    kept = [np.ones(len(y), bool) for y in labels]
    keep_all = token_scores(
        [page_tokens(p.node_texts, y == 3, k) for p, y, k in zip(pages, labels, kept, strict=True)]
    ).macro.f1
    assert min(scores["test_score"]) > keep_all
    for estimator, test in zip(scores["estimator"], scores["indices"]["test"], strict=True):
        assert estimator.n_pages_ == len(pages) - len(test)
        test_pages, test_labels = [pages[i] for i in test], [labels[i] for i in test]
        expected = good_text_f1(estimator, test_pages, test_labels)
        assert estimator.score(test_pages, test_labels) == pytest.approx(expected)


def test_each_fold_predicts_its_test_pages_without_their_labels(corpus) -> None:
    """Flipping the labels of one fold's test pages leaves that fold's predictions on them
    unchanged, and changes those of the folds that trained on them."""
    pages, labels, ids = corpus
    cv = GroupKFold(3)
    folds = list(cv.split(pages, groups=ids))

    def fold_proba(vectors: list[np.ndarray]) -> list[list[np.ndarray]]:
        run = cross_validate(quick(), pages, vectors, groups=ids, cv=cv, scoring=good_text_f1,
                             return_estimator=True, return_indices=True)  # fmt: skip
        assert [list(t) for t in run["indices"]["test"]] == [list(t) for _, t in folds]
        return [e.predict_proba([pages[i] for i in t]) for e, (_, t) in
                zip(run["estimator"], folds, strict=True)]  # fmt: skip

    before = fold_proba(labels)
    flipped = list(labels)
    for i in folds[0][1]:
        flipped[i] = np.where(labels[i] == 3, 1, 3).astype(np.int8)
    after = fold_proba(flipped)
    for b, a in zip(before[0], after[0], strict=True):
        np.testing.assert_array_equal(b, a)
    assert any(
        not np.array_equal(b, a)
        for fold in (1, 2)
        for b, a in zip(before[fold], after[fold], strict=True)
    )


def test_grid_search_picks_parameters_by_page_grouped_cv(corpus) -> None:
    pages, labels, ids = corpus
    grid = {"num_leaves": [2, 4], "max_iter": [2, 6]}
    search = GridSearchCV(quick(), grid, cv=GroupKFold(3), scoring=good_text_f1)
    search.fit(pages, labels, groups=ids)
    assert len(search.cv_results_["params"]) == 4
    assert search.best_params_ in search.cv_results_["params"]
    assert search.best_estimator_.n_pages_ == len(pages)  # refit on every page
    predicted = search.predict(pages[:2])
    assert [len(p) for p in predicted] == [p.node_count for p in pages[:2]]
    assert set(np.concatenate(predicted)) <= {1, 2, 3}


def test_the_estimator_follows_scikit_learn_conventions(corpus) -> None:
    pages, labels, _ = corpus
    estimator = quick(seed=4, target="article")
    copy = clone(estimator)
    assert copy.get_params() == estimator.get_params()
    with pytest.raises(NotFittedError, match="not fitted yet"):
        copy.predict(pages[:1])
    fitted = copy.fit(pages, labels)
    assert fitted is copy and list(fitted.classes_) == [1, 2, 3]
    assert fitted.model_.target == "article" and fitted.model_.lexicon is not None
    proba = fitted.predict_proba(pages[:1])[0]
    assert proba.shape == (pages[0].node_count, 3) and np.allclose(proba.sum(axis=1), 1)
    # Same parameters, same data: the same model.
    again = clone(estimator).fit(pages, labels)
    np.testing.assert_array_equal(again.predict_proba(pages[:1])[0], proba)
    without = quick(lexicon=False).fit(pages, labels)
    assert without.model_.lexicon is None


def test_sample_weights_reach_the_trees(corpus) -> None:
    """Weight 0 on every good node: the model never sees good text, so predicts none."""
    pages, labels, _ = corpus
    weights = [np.where(y == 3, 0.0, 1.0) for y in labels]
    blind = quick().fit(pages, labels, sample_weight=weights)
    assert not any((codes == 3).any() for codes in blind.predict(pages))
    seeing = quick().fit(pages, labels, sample_weight=[np.ones(len(y)) for y in labels])
    assert any((codes == 3).any() for codes in seeing.predict(pages))


def test_bad_input_is_refused_with_what_to_do(corpus) -> None:
    pages, labels, _ = corpus
    with pytest.raises(EngineInputError, match="takes kehr_engine PageInput pages, not str"):
        quick().fit(["<html></html>"], labels[:1])  # type: ignore[list-item]
    with pytest.raises(EngineInputError, match="3 pages but 2 label vectors"):
        quick().fit(pages[:3], labels[:2])
    with pytest.raises(EngineInputError, match="labels have"):
        quick().fit(pages[:2], [labels[1], labels[0]] if len(labels[0]) != len(labels[1])
                    else [labels[0][:-1], labels[1]])  # fmt: skip
    with pytest.raises(EngineInputError, match=r"unknown feature groups \['tarot'\]"):
        PageClassifier(groups=("tarot",)).fit(pages, labels)


def test_the_engine_cross_validation_trains_each_fold_without_its_test_pages() -> None:
    """kehr_engine.evaluation.cross_validate: the same invariance, on its own loop."""
    gold = list(iter_corpus(krdwrd_folder("canola-sample"), limit=6))
    folds = page_folds([p.page_id for p in gold], 3, seed=0)

    def predictions(pages: list) -> list[np.ndarray]:
        seen: list[list[np.ndarray]] = []
        original = kehr_engine.evaluation.score_source

        def capture(name, pages_, predicted, *args, **kwargs):
            seen.append([np.asarray(p).copy() for p in predicted])
            return original(name, pages_, predicted, *args, **kwargs)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(kehr_engine.evaluation, "score_source", capture)
            kehr_engine.evaluation.cross_validate(
                pages, ("text", "dom", "context"), k=3, seed=0, max_iter=8, smoothing=False
            )
        assert seen, "cross_validate no longer scores through evaluation.score_source"
        return seen[0]

    before = predictions(gold)
    test = set(int(i) for i in folds[0][1])
    flipped = [
        p if i not in test else replace(p, labels=np.where(p.labels == 3, 1, 3).astype(np.int8))
        for i, p in enumerate(gold)
    ]
    after = predictions(flipped)
    for i in test:
        np.testing.assert_array_equal(before[i], after[i])
    assert any(not np.array_equal(before[i], after[i]) for i in range(len(gold)) if i not in test)


def test_predict_decides_as_the_engine_does_for_the_article_target(corpus) -> None:
    """An article model is never empty by accident in PageClassifier.predict either: a
    long page of nothing but links gets its likeliest nodes, as pipeline.predict gives."""
    from kehr_engine.pipeline import predict

    pages, labels, _ = corpus
    links = "".join(f"<a href='/{i}'>Section {i} of the site map</a> " for i in range(30))
    menu_only = PageInput.from_html(f"<html><body><nav>{links}</nav></body></html>", "")
    for target in ("krdwrd", "article"):
        estimator = quick(target=target).fit(pages, labels)
        for test_page in [*pages, menu_only]:
            (codes,) = estimator.predict([test_page])
            assert codes.tolist() == predict(estimator.model_, test_page).labels.tolist()
    (codes,) = estimator.predict([menu_only])  # the article model
    assert (codes == 3).any()
