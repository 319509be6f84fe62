"""GET /api/pages/{id}/predictions/?model=NAME: staff only, per-node labels, errors named."""

from __future__ import annotations

import numpy as np
import pytest
from rest_framework.test import APIClient

from learning import services
from learning.models import ModelVersion, PredictedVector
from tests.learning_pages import gold_labels, page_html, ready_version, train_file

URL = "/api/pages/{}/predictions/"


@pytest.fixture(scope="module")
def model_file(tmp_path_factory):
    return train_file(tmp_path_factory.mktemp("model") / "api.kehr-model")


@pytest.fixture
def story(corpus):
    from corpora.ingest import add_page

    return add_page(corpus, page_html(7), url="https://api.example/story/7")


@pytest.fixture
def model(corpus, model_file):
    return ready_version("api-model", corpus, model_file)


def test_predictions_are_for_staff_only(story, model, api):
    assert APIClient().get(URL.format(story.pk)).status_code == 401
    response = api.get(URL.format(story.pk))  # an annotator
    assert response.status_code == 403


def test_staff_get_a_label_and_probabilities_per_node(story, model, staff_api):
    response = staff_api.get(URL.format(story.pk))
    assert response.status_code == 200, response.content
    data = response.json()
    assert (data["page"], data["model"], data["stored"]) == (story.pk, "api-model", False)
    assert data["node_count"] == story.node_count == len(data["nodes"])
    assert [node["i"] for node in data["nodes"]] == list(range(story.node_count))
    for node in data["nodes"]:
        assert node["name"] == {1: "bad", 2: "uncertain", 3: "good"}[node["label"]]
        probabilities = [node["bad"], node["uncertain"], node["good"]]
        assert sum(probabilities) == pytest.approx(1.0, abs=0.01)
        assert node["probability"] == max(probabilities)
    labels = np.array([node["label"] for node in data["nodes"]])
    assert (labels == np.array(gold_labels(story))).mean() >= 0.9
    assert not PredictedVector.objects.exists()  # a GET stores nothing


def test_a_stored_vector_is_answered_as_stored(story, model, staff_api):
    services.classify_corpus(model.pk, story.corpus_id)
    stored = PredictedVector.objects.get(model=model, page=story)
    data = staff_api.get(URL.format(story.pk), {"model": "api-model"}).json()
    assert data["stored"] is True
    assert [node["label"] for node in data["nodes"]] == list(bytes(stored.labels))
    good = stored.proba_array[:, 2]
    assert [node["good"] for node in data["nodes"]] == pytest.approx(good.tolist(), abs=1e-3)


def test_a_vector_stored_for_an_earlier_segmentation_is_not_answered(story, model, staff_api):
    services.classify_corpus(model.pk, story.corpus_id)
    stale = PredictedVector.objects.get(model=model, page=story)
    stale.labels = bytes([3] * (story.node_count + 2))
    stale.save()
    response = staff_api.get(URL.format(story.pk), {"model": "api-model"})
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["stored"] is False and len(data["nodes"]) == story.node_count


def test_the_newest_ready_model_is_the_default(story, model, model_file, staff_api, corpus):
    newer = ready_version("api-newer", corpus, model_file)
    ModelVersion.objects.create(name="api-training", corpus=corpus)  # queued: not ready
    assert staff_api.get(URL.format(story.pk)).json()["model"] == newer.name


@pytest.mark.parametrize("raw", ["abc", "0", "-1", "1.5", str(2**63)])
def test_a_bad_page_id_is_a_404(raw, model, staff_api):
    response = staff_api.get(URL.format(raw))
    assert response.status_code == 404
    # The route's <id:id> (kehr.ids.IdConverter) refuses it: no view is reached.
    assert "No such API address" in response.json()["detail"]


def test_an_unknown_page_is_a_404(model, staff_api):
    response = staff_api.get(URL.format(987654))
    assert response.status_code == 404
    assert response.json() == {"detail": "No page with id 987654."}


def test_an_unknown_or_unready_model_is_a_400_naming_the_parameter(story, model, staff_api):
    response = staff_api.get(URL.format(story.pk), {"model": "nope"})
    assert response.status_code == 400
    assert response.json() == {"model": ["Model 'nope' does not exist. Ready models: api-model."]}
    ModelVersion.objects.create(name="queued-one", corpus=model.corpus)
    response = staff_api.get(URL.format(story.pk), {"model": "queued-one"})
    assert response.status_code == 400
    assert "Model 'queued-one' is not ready" in response.json()["model"][0]


def test_no_ready_model_is_a_404_saying_how_to_get_one(story, staff_api):
    response = staff_api.get(URL.format(story.pk))
    assert response.status_code == 404
    assert "manage.py train" in response.json()["detail"]
    assert "manage.py import_model krdwrd|article --corpus SLUG" in response.json()["detail"]
    # `article`, `krdwrd` (and the old `default`) name the shipped models for extract; the
    # API says how one serves a corpus.
    for shipped in ("article", "krdwrd", "default"):
        response = staff_api.get(URL.format(story.pk), {"model": shipped})
        assert response.status_code == 400
        assert response.json()["model"] == [
            f"Model '{shipped}' does not exist. Ready models: none. A shipped model serves a "
            "corpus once registered: manage.py import_model krdwrd|article --corpus SLUG."
        ]


def test_a_missing_model_file_is_a_400_on_the_model(story, model, staff_api):
    model.path.unlink()
    response = staff_api.get(URL.format(story.pk), {"model": model.name})
    assert response.status_code == 400
    assert "file of model api-model is missing" in response.json()["model"][0]
