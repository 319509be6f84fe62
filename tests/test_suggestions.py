"""Suggestions for annotators: GET /api/pages/{id}/suggestions/ and a submission's provenance.

The settings decide mode, share, model and threshold; the draw per (page, annotator) is
recorded once; a submission's report of accepted suggestions is checked against what
was shown and stored with it, or refused with the labels.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from rest_framework.test import APIClient

from annotations.models import Submission
from corpora.ingest import add_page
from corpora.models import Corpus
from learning import suggestions
from learning.models import CorpusLearning, ModelVersion, PredictedVector, SuggestionAssignment
from tests.expect import present, stored_bytes
from tests.learning_pages import gold_labels, page_html, ready_version, train_file

URL = "/api/pages/{}/suggestions/"


@pytest.fixture(scope="module")
def model_file(tmp_path_factory):
    return train_file(tmp_path_factory.mktemp("model") / "suggest.kehr-model")


@pytest.fixture
def story(corpus):
    return add_page(corpus, page_html(7), url="https://suggest.example/story/7")


@pytest.fixture
def model(corpus, model_file):
    return ready_version("suggest-model", corpus, model_file)


def settings_for(corpus, **fields) -> CorpusLearning:
    values = {"suggestions": "prefill", "suggestion_share": 100, **fields}
    return CorpusLearning.objects.create(corpus=corpus, **values)


def test_anonymous_and_outsiders_get_nothing(story, model, api, make_user):
    settings_for(story.corpus)
    assert APIClient().get(URL.format(story.pk)).status_code == 401
    story.corpus.access = Corpus.Access.MEMBERS
    story.corpus.save()
    response = api.get(URL.format(story.pk))
    assert response.status_code == 404
    assert "that you may annotate" in response.json()["detail"]
    assert not SuggestionAssignment.objects.exists()


@pytest.mark.parametrize("raw", ["abc", "0", "-1", "1.0", "9" * 30])
def test_bad_page_ids_are_404s(raw, api):
    response = api.get(URL.format(raw))
    assert response.status_code == 404
    # The route's <id:id> (kehr.ids.IdConverter) refuses it: no view is reached.
    assert "No such API address" in response.json()["detail"]


def test_off_by_default_and_nothing_recorded(story, model, api):
    data = api.get(URL.format(story.pk)).json()
    assert data["mode"] == "off"
    assert data["nodes"] == []
    assert "shows no suggestions" in data["reason"]
    assert not SuggestionAssignment.objects.exists()


def test_prefill_serves_confident_labels_of_the_current_model(story, model, api, annotator):
    settings_for(story.corpus, suggestion_threshold=0.0)
    data = api.get(URL.format(story.pk)).json()
    assert (data["mode"], data["model"], data["threshold"]) == ("prefill", "suggest-model", 0.0)
    assert data["node_count"] == story.node_count
    # Threshold 0: every node has a suggestion, and the model learned these pages.
    assert [node["i"] for node in data["nodes"]] == list(range(story.node_count))
    suggested = np.array([node["label"] for node in data["nodes"]])
    assert (suggested == np.array(gold_labels(story))).mean() >= 0.9
    record = SuggestionAssignment.objects.get(page=story, user=annotator)
    assert record.shown and record.model == model and record.mode == "prefill"
    assert list(record.suggested_labels) == list(suggested)
    # Labelled once and stored: the next annotator and exports read the same vector.
    assert PredictedVector.objects.filter(model=model, page=story).count() == 1


def test_the_threshold_leaves_unsure_nodes_without_a_suggestion(story, model, api):
    settings_for(story.corpus, suggestion_threshold=0.0)
    everything = api.get(URL.format(story.pk)).json()["nodes"]
    levels = sorted({node["probability"] for node in everything})
    assert len(levels) >= 2, levels
    cut = (levels[0] + levels[1]) / 2  # between the two least sure levels
    SuggestionAssignment.objects.all().delete()
    CorpusLearning.objects.filter(corpus=story.corpus).update(suggestion_threshold=cut)
    kept = api.get(URL.format(story.pk)).json()["nodes"]
    assert 0 < len(kept) < len(everything)
    assert all(node["probability"] >= cut for node in kept)
    expected = {node["i"] for node in everything if node["probability"] >= cut}
    assert {node["i"] for node in kept} == expected


def test_the_draw_is_recorded_and_answered_again(story, model, annotator):
    settings_for(story.corpus, suggestion_share=50)
    story.corpus.refresh_from_db()

    class Fixed(random.Random):
        def __init__(self, value: float) -> None:
            super().__init__()
            self.value = value

        def random(self) -> float:
            return self.value

    first = suggestions.served_for(story, annotator, rng=Fixed(0.9))  # 90 >= 50: not shown
    assert first.mode == "off" and "without suggestions" in first.reason
    again = suggestions.served_for(story, annotator, rng=Fixed(0.1))  # would be shown
    assert again.mode == "off"  # the first draw counts
    record = SuggestionAssignment.objects.get()
    # What would have been suggested is kept (never shown): the bias figures compare it.
    assert record.shown is False and len(record.suggested) == story.node_count


def test_the_share_splits_pairs_near_the_setting(corpus, model, make_user):
    settings_for(corpus, suggestion_share=30)
    page = add_page(corpus, page_html(3), url="https://suggest.example/share")
    rng = random.Random(7)
    users = [make_user(f"u{n}") for n in range(200)]
    shown = sum(suggestions.served_for(page, user, rng=rng).mode == "prefill" for user in users)
    assert 40 <= shown <= 80  # 30 % of 200, well inside the binomial spread
    assert SuggestionAssignment.objects.count() == 200


def test_a_tutorial_never_shows_suggestions(model, api):
    tutorial = Corpus.objects.create(name="Tut", slug="tut", kind=Corpus.Kind.TUTORIAL)
    page = add_page(tutorial, page_html(2), url="https://suggest.example/tut")
    # Written past clean(), as a buggy script could: the serving still refuses.
    CorpusLearning.objects.create(corpus=tutorial, suggestions="hints", suggestion_model=model)
    data = api.get(URL.format(page.pk)).json()
    assert data["mode"] == "off" and "Tutorials never" in data["reason"]
    assert not SuggestionAssignment.objects.exists()


def test_the_admin_form_refuses_suggestions_on_a_tutorial(model):
    from django.core.exceptions import ValidationError

    tutorial = Corpus.objects.create(name="Tut", slug="tut", kind=Corpus.Kind.TUTORIAL)
    with pytest.raises(ValidationError, match="never shows suggestions"):
        CorpusLearning(corpus=tutorial, suggestions="prefill").full_clean()


def test_no_ready_model_means_off_without_a_draw(story, api):
    settings_for(story.corpus)
    data = api.get(URL.format(story.pk)).json()
    assert data["mode"] == "off" and "No model is ready" in data["reason"]
    assert not SuggestionAssignment.objects.exists()


def test_a_named_model_wins_over_the_current_one(story, corpus, model, model_file, api):
    other = ready_version("named-model", corpus, model_file)
    settings_for(corpus, suggestion_model=other, current_model=model)
    assert api.get(URL.format(story.pk)).json()["model"] == "named-model"


def test_the_current_model_is_the_chosen_one_else_the_newest(corpus, model, model_file):
    newer = ready_version("newer-model", corpus, model_file)
    assert suggestions.current_model(corpus) == newer
    CorpusLearning.objects.create(corpus=corpus, current_model=model)
    assert suggestions.current_model(corpus) == model
    ModelVersion.objects.filter(pk=model.pk).update(status=ModelVersion.Status.FAILED)
    assert suggestions.current_model(corpus) == newer


def test_a_page_segmented_again_shows_nothing_stale(story, model, api, annotator):
    settings_for(story.corpus)
    api.get(URL.format(story.pk))
    story.node_count += 1
    story.save()
    data = api.get(URL.format(story.pk)).json()
    assert data["mode"] == "off" and "changed" in data["reason"]


def test_a_page_the_model_cannot_read_is_off_and_not_drawn(story, model, api):
    settings_for(story.corpus)
    model.path.unlink()  # the model file is gone
    data = api.get(URL.format(story.pk)).json()
    assert data["mode"] == "off" and "cannot label" in data["reason"]
    assert not SuggestionAssignment.objects.exists()


# --------------------------------------------------------------------------- provenance


def submit(client, page, labels, report=None):
    body = {"page": page.pk, "labels": labels}
    if report is not None:
        body["suggestions"] = report
    return client.post("/api/submissions/", body, format="json")


def shown(api, story) -> list[dict]:
    return api.get(URL.format(story.pk)).json()["nodes"]


def test_a_submission_stores_accepted_and_prefilled_nodes(story, model, api, annotator):
    settings_for(story.corpus, suggestion_threshold=0.0)
    nodes = shown(api, story)
    labels = [node["label"] for node in nodes]
    labels[0] = 3 if labels[0] != 3 else 1  # the annotator changed node 0
    report = {"accepted": [1, 2], "prefilled": list(range(3, len(nodes)))}
    response = submit(api, story, labels, report)
    assert response.status_code == 201, response.content
    record = SuggestionAssignment.objects.get(page=story, user=annotator)
    provenance = list(stored_bytes(record.accepted))
    assert provenance[:3] == [0, 1, 1] and set(provenance[3:]) == {2}
    assert record.submitted_at is not None


@pytest.mark.parametrize(
    ("report", "message"),
    [
        ({"accepted": [999]}, "node 999 does not exist"),
        ({"accepted": [0]}, "is tagged"),
        ({"accepted": [1, 1]}, "listed twice"),
        ({"accepted": [1], "prefilled": [1]}, "as accepted and as prefilled"),
        ({"accepted": ["1"]}, "Expected a node index"),
        ({"accepted": [True]}, "Expected a node index"),
        ({"accepted": "1"}, "list"),
        ({"accepted": [-1]}, "Expected a node index"),
        ({"accepted": [[[[1]]]]}, "Expected a node index"),
        ({"acepted": [1]}, "Unknown key 'acepted'"),
        ("all", "Expected a dictionary"),
    ],
)
def test_a_report_that_does_not_fit_refuses_the_submission(
    story, model, api, annotator, report, message
):
    settings_for(story.corpus, suggestion_threshold=0.0)
    labels = [node["label"] for node in shown(api, story)]
    labels[0] = 3 if labels[0] != 3 else 1
    response = submit(api, story, labels, report)
    assert response.status_code == 400
    assert message in str(response.json()["suggestions"])
    # Nothing stored: neither the labels nor a provenance.
    assert not Submission.objects.exists()
    assert SuggestionAssignment.objects.get().accepted is None


def test_prefilled_nodes_need_the_prefill_mode(story, model, api):
    settings_for(story.corpus, suggestions="hints", suggestion_threshold=0.0)
    labels = [node["label"] for node in shown(api, story)]
    response = submit(api, story, labels, {"prefilled": [0]})
    assert response.status_code == 400
    assert "no tag was prefilled" in response.json()["suggestions"][0]
    assert submit(api, story, labels, {"accepted": [0]}).status_code == 201


def test_accepting_without_suggestions_is_refused(story, model, api):
    labels = gold_labels(story)
    response = submit(api, story, labels, {"accepted": [0]})
    assert response.status_code == 400
    assert "showed you no suggestions" in response.json()["suggestions"][0]
    assert submit(api, story, labels).status_code == 201  # no report: stored as before
    assert not SuggestionAssignment.objects.exists()


def test_the_comparison_group_records_an_empty_provenance(story, model, api, annotator):
    settings_for(story.corpus, suggestion_share=0)
    assert shown(api, story) == []
    assert submit(api, story, gold_labels(story)).status_code == 201
    record = SuggestionAssignment.objects.get()
    assert record.shown is False
    assert stored_bytes(record.accepted) == bytes(story.node_count)
    # Nothing of it reaches the annotator.
    data = api.get(URL.format(story.pk)).json()
    assert data["mode"] == "off" and data["nodes"] == []


def test_a_replaced_submission_replaces_its_provenance(story, model, api, annotator):
    settings_for(story.corpus, suggestion_threshold=0.0)
    labels = [node["label"] for node in shown(api, story)]
    assert submit(api, story, labels, {"accepted": [0, 1]}).status_code == 201
    assert submit(api, story, labels, {"accepted": [2]}).status_code == 200
    provenance = list(stored_bytes(SuggestionAssignment.objects.get().accepted))
    assert provenance[:3] == [0, 0, 1]


# --------------------------------------------------------------------------- export


def test_the_submissions_export_carries_the_provenance(story, corpus, model, api, other_api,
                                                      annotator, tmp_path):  # fmt: skip
    import json

    from django.core.management import call_command

    settings_for(corpus, suggestion_threshold=0.0)
    labels = [node["label"] for node in shown(api, story)]
    labels[0] = 3 if labels[0] != 3 else 1
    assert submit(api, story, labels, {"accepted": [1], "prefilled": [2, 3]}).status_code == 201
    # A second annotator with suggestions off for them (a corpus without a draw yet).
    CorpusLearning.objects.filter(corpus=corpus).update(suggestions="off")
    assert submit(other_api, story, gold_labels(story)).status_code == 201

    target = tmp_path / "subs.jsonl"
    call_command("export_submissions", "--corpus", corpus.slug, "-o", str(target))
    lines = [json.loads(line) for line in target.read_text().splitlines()]
    by_user = {line["user"]: line for line in lines}
    assert len(lines) == 2 and not (tmp_path / "subs.jsonl.part").exists()
    mine = by_user[annotator.pk]
    assert mine["schema"] == "kehr-submission/1" and mine["labels"] == labels
    assert mine["suggestions"]["shown"] is True
    assert mine["suggestions"]["mode"] == "prefill"
    assert mine["suggestions"]["model"] == "suggest-model"
    assert mine["suggestions"]["provenance"][:4] == [0, 1, 2, 2]
    assert mine["suggestions"]["suggested_nodes"] == story.node_count
    assert mine["suggestions"]["kept"] == story.node_count - 1  # all but the changed node 0
    other = next(line for line in lines if line["user"] != annotator.pk)
    assert other["suggestions"] is None and other["labels"] == gold_labels(story)


def test_the_submissions_export_names_an_unknown_corpus(db):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="Existing corpora"):
        call_command("export_submissions", "--corpus", "nope")


# --------------------------------------------------------------------------- shipped model


def test_a_corpus_without_gold_gets_suggestions_from_the_shipped_model(
    story, corpus, api, tmp_path
):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    call_command("import_model", "krdwrd", "--corpus", corpus.slug)
    version = ModelVersion.objects.get(name=f"{corpus.slug}-imported")
    assert version.status == ModelVersion.Status.READY and present(version.path).is_file()
    assert version.training_options["imported_from"].endswith("krdwrd.kehr-model")
    assert suggestions.current_model(corpus) == version
    settings_for(corpus, suggestion_threshold=0.0)
    data = api.get(URL.format(story.pk)).json()
    assert data["mode"] == "prefill" and data["model"] == version.name
    suggested = np.array([node["label"] for node in data["nodes"]])
    # The shipped model knows menus and articles: most of the fixture's nodes agree.
    assert (suggested == np.array(gold_labels(story))).mean() >= 0.7

    with pytest.raises(CommandError, match="exists already"):
        call_command("import_model", "krdwrd", "--corpus", corpus.slug)
    broken = tmp_path / "broken.kehr-model"
    broken.write_bytes(b"not a model")
    with pytest.raises(CommandError, match=r"broken\.kehr-model"):
        call_command("import_model", str(broken), "--corpus", corpus.slug, "--name", "b")
    with pytest.raises(CommandError, match=r"No model file at .*none: .* shipped model \(krdwrd"):
        call_command("import_model", str(tmp_path / "none"), "--corpus", corpus.slug)
    assert not ModelVersion.objects.filter(name="b").exists()


def test_a_resubmission_without_a_report_keeps_the_provenance_of_unchanged_tags(
    story, model, api, annotator
):
    settings_for(story.corpus, suggestion_threshold=0.0)
    labels = [node["label"] for node in shown(api, story)]
    assert submit(api, story, labels, {"accepted": [0, 1], "prefilled": [2, 3]}).status_code == 201
    changed = list(labels)
    changed[1] = 3 if labels[1] != 3 else 1  # changed on resubmission (My Stats)
    assert submit(api, story, changed).status_code == 200
    provenance = list(stored_bytes(SuggestionAssignment.objects.get().accepted))
    assert provenance[:5] == [1, 0, 2, 2, 0]


def test_turning_suggestions_off_stops_them_for_pairs_drawn_before(story, model, api):
    settings_for(story.corpus, suggestions="hints")
    assert api.get(URL.format(story.pk)).json()["mode"] == "hints"
    CorpusLearning.objects.filter(corpus=story.corpus).update(suggestions="prefill")
    assert api.get(URL.format(story.pk)).json()["mode"] == "hints"  # the draw keeps its mode
    CorpusLearning.objects.filter(corpus=story.corpus).update(suggestions="off")
    data = api.get(URL.format(story.pk)).json()
    assert data["mode"] == "off" and data["nodes"] == []
    assert SuggestionAssignment.objects.count() == 1  # the record stays for the figures
