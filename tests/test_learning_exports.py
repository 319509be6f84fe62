"""Gold exports include a classifier's stored label vectors (--include classifier:<model>).

No training: a ready ModelVersion row and PredictedVector rows written directly stand in
for what ``manage.py classify`` stores.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence

import numpy as np
import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from annotations.services import submit_labels
from corpora.models import Corpus
from gold.exports import FORMATS, export
from gold.exports import included as included_module
from gold.exports.csv_nodes import COLUMNS
from gold.exports.included import SOURCES, IncludeError, StoredVector
from gold.merge import merge_corpus
from learning.exports import CLASSIFIER
from learning.models import ModelVersion, PredictedVector
from tests.conftest import make_page
from tests.expect import streamed

B, U, G = 1, 2, 3
NODES = 10
MERGED = 3  # pages 0-2 are merged; pages 3-4 wait for submissions
GOLD = [G] * 8 + [B] * 2
# Exactly representable in float16, so the stored probabilities read back unchanged.
PROBA = {B: [0.75, 0.125, 0.125], U: [0.25, 0.5, 0.25], G: [0.125, 0.125, 0.75]}


def predicted(page_number: int) -> list[int]:
    """A different vector per page, so a vector written to the wrong page shows."""
    return [[B, U, G][(node + page_number) % 3] for node in range(NODES)]


def store(model: ModelVersion, page, labels: list[int]) -> None:
    proba = np.array([PROBA[label] for label in labels], dtype=np.float32)
    PredictedVector.objects.create(
        model=model, page=page, labels=bytes(labels), proba=PredictedVector.encode_proba(proba)
    )


@pytest.fixture
def merged_corpus(corpus, pages, make_user):
    corpus.min_submissions = 1
    corpus.save()
    user = make_user("coder")
    for page in pages[:MERGED]:
        submit_labels(page_id=page.pk, user=user, labels=GOLD)
    merge_corpus(corpus)
    return corpus


@pytest.fixture
def model(merged_corpus, pages):
    """Model m1 classified pages 0 and 1 (page 2 not) and page 3, which is not merged."""
    version = ModelVersion.objects.create(
        name="m1", corpus=merged_corpus, status=ModelVersion.Status.READY
    )
    for number in (0, 1, 3):
        store(version, pages[number], predicted(number))
    return version


def collect(corpus, fmt: str, **options) -> bytes:
    return b"".join(export(corpus, fmt, **options))


def jsonl_records(corpus, **options) -> list[dict]:
    return [json.loads(line) for line in collect(corpus, "jsonl", **options).splitlines()]


def test_learning_registers_the_classifier_source():
    assert SOURCES["classifier"] is CLASSIFIER
    assert [f.name for f in FORMATS.values() if f.can_include] == ["jsonl", "csv"]


def test_jsonl_carries_the_models_vectors_and_marks_unclassified_pages(model, pages):
    records = jsonl_records(model.corpus, include=["classifier:m1"])
    assert [r["page"] for r in records] == [p.pk for p in pages[:MERGED]]
    for number in (0, 1):
        entry = records[number]["included"]["classifier:m1"]
        assert entry["status"] == "classified"
        assert entry["labels"] == predicted(number)
        assert entry["proba"] == [PROBA[label] for label in predicted(number)]
        assert records[number]["labels"] == GOLD  # the gold is unchanged beside it
    assert records[2]["included"] == {
        "classifier:m1": {"status": "unclassified", "labels": None, "proba": None}
    }


def test_exports_without_include_are_unchanged(model):
    assert all("included" not in record for record in jsonl_records(model.corpus))
    header = collect(model.corpus, "csv").decode().splitlines()[0]
    assert header == ",".join(COLUMNS)


def test_csv_has_label_name_and_probability_columns(model, pages):
    rows = list(csv.DictReader(io.StringIO(collect(model.corpus, "csv", include=["classifier:m1"]
                                                   ).decode())))  # fmt: skip
    assert list(rows[0])[-3:] == ["classifier:m1", "classifier:m1_name", "classifier:m1_proba"]
    assert len(rows) == MERGED * NODES
    for number in (0, 1):
        page_rows = [row for row in rows if row["page"] == str(pages[number].pk)]
        assert [int(row["classifier:m1"]) for row in page_rows] == predicted(number)
        names = {B: "bad", U: "uncertain", G: "good"}
        assert [row["classifier:m1_name"] for row in page_rows] == [
            names[label] for label in predicted(number)
        ]
        assert [float(row["classifier:m1_proba"]) for row in page_rows] == [
            PROBA[label][label - 1] for label in predicted(number)
        ]
    unclassified = [row for row in rows if row["page"] == str(pages[2].pk)]
    assert {(r["classifier:m1"], r["classifier:m1_name"], r["classifier:m1_proba"])
            for r in unclassified} == {("", "unclassified", "")}  # fmt: skip


def test_two_models_side_by_side_and_a_stale_vector(model, pages):
    other = ModelVersion.objects.create(
        name="m2", corpus=model.corpus, status=ModelVersion.Status.READY
    )
    store(other, pages[0], [G] * 3)  # stored for an earlier segmentation: 3 of 10 nodes
    store(other, pages[2], [B] * NODES)
    records = jsonl_records(
        model.corpus, include=["classifier:m1", "classifier:m2", "classifier:m1"]
    )
    assert list(records[0]["included"]) == ["classifier:m1", "classifier:m2"]  # m1 once
    assert records[0]["included"]["classifier:m2"]["status"] == "stale"
    assert records[0]["included"]["classifier:m2"]["labels"] is None
    assert records[1]["included"]["classifier:m2"]["status"] == "unclassified"
    assert records[2]["included"]["classifier:m2"]["labels"] == [B] * NODES
    assert records[2]["included"]["classifier:m1"]["status"] == "unclassified"


def test_vectors_are_fetched_a_batch_of_pages_at_a_time(model, pages, monkeypatch):
    monkeypatch.setattr(included_module, "CHUNK_PAGES", 2)
    asked: list[list[int]] = []
    opened = CLASSIFIER.open(model.corpus, "m1")

    # The registered source again, its fetch recording which pages each call asks for.
    def fetch(ids: Sequence[int]) -> Mapping[int, StoredVector]:
        asked.append(list(ids))
        return opened.fetch(ids)

    spy = included_module.VectorSource(
        "classifier", CLASSIFIER.syntax,
        lambda corpus, argument: included_module.OpenedSource(opened.spec, fetch),
    )  # fmt: skip
    monkeypatch.setitem(included_module.SOURCES, "classifier", spy)
    records = jsonl_records(model.corpus, include=["classifier:m1"])
    assert asked == [[pages[0].pk, pages[1].pk], [pages[2].pk]]
    assert records[1]["included"]["classifier:m1"]["labels"] == predicted(1)


# --------------------------------------------------------------------------- errors


def test_unknown_model_names_the_models(model):
    with pytest.raises(IncludeError, match=r"no model named 'nope'\. Models: m1\."):
        export(model.corpus, "jsonl", include=["classifier:nope"])
    with pytest.raises(IncludeError, match="write classifier:<model name>"):
        export(model.corpus, "jsonl", include=["classifier:"])


@pytest.fixture
def elsewhere(model, make_user) -> Corpus:
    """A second merged corpus that model m1 has not classified."""
    other = Corpus.objects.create(name="Elsewhere", slug="elsewhere", min_submissions=1)
    page = make_page(other, 9)
    submit_labels(page_id=page.pk, user=make_user("coder2"), labels=GOLD)
    merge_corpus(other)
    return other


def test_model_that_has_not_classified_the_corpus_says_to_run_classify(elsewhere):
    with pytest.raises(IncludeError) as caught:
        export(elsewhere, "csv", include=["classifier:m1"])
    message = str(caught.value)
    assert "Model m1 has not classified corpus elsewhere yet" in message
    assert "manage.py classify --corpus elsewhere --model m1" in message


def test_a_classification_still_starting_says_to_wait_rather_than_to_run_it(model, elsewhere):
    model.job, model.job_corpus = ModelVersion.Job.CLASSIFY, elsewhere
    model.job_state, model.progress = ModelVersion.JobState.RUNNING, 0.0
    model.save()
    with pytest.raises(IncludeError, match=r"Model m1 is classifying corpus elsewhere now \(0%"):
        export(elsewhere, "jsonl", include=["classifier:m1"])


def test_unknown_source_kind_and_formats_without_vectors_are_refused(model):
    with pytest.raises(IncludeError, match=r"exports can include .*classifier:<model>"):
        export(model.corpus, "jsonl", include=["oracle:x"])
    for fmt in ("text", "html"):
        with pytest.raises(IncludeError, match=r"no per-page label vectors.*choose jsonl, csv"):
            export(model.corpus, fmt, include=["classifier:m1"])


# --------------------------------------------------------------------------- command


def test_export_command_includes_the_model_and_says_how_many_pages(model, pages, tmp_path,
                                                                   capsys):  # fmt: skip
    target = tmp_path / "gold.jsonl"
    other = ModelVersion.objects.create(name="m2", corpus=model.corpus)
    store(other, pages[1], [U] * NODES)
    # As typed in a shell: --include repeats (argparse appends).
    call_command("export", "--corpus=test", "--format=jsonl", "--include", "classifier:m1",
                 "--include", "classifier:m2", "-o", str(target))  # fmt: skip
    records = [json.loads(line) for line in target.read_text().splitlines()]
    assert records[0]["included"]["classifier:m1"]["labels"] == predicted(0)
    assert records[1]["included"]["classifier:m2"]["labels"] == [U] * NODES
    err = capsys.readouterr().err
    # Pages 0, 1 and 3 of the corpus' five (page 3 is classified but not merged).
    assert "classifier:m1 has classified 3 of the 5 pages of test" in err
    assert "the others are marked unclassified" in err


def test_export_command_errors_are_command_errors(model, tmp_path):
    with pytest.raises(CommandError, match="no model named 'nope'"):
        call_command("export", corpus="test", format="csv", include=["classifier:nope"])
    with pytest.raises(CommandError, match="no per-page label vectors"):
        call_command("export", corpus="test", format="text", include=["classifier:m1"],
                     output=str(tmp_path / "t.txt"))  # fmt: skip
    assert not (tmp_path / "t.txt").exists()


def test_staff_download_includes_a_classifier(model, staff):
    """The dashboard offers every classifier that labelled the corpus; a bad spec in the
    URL is a 400 that says what to do, before any byte of the file."""
    client = Client()
    client.force_login(staff)
    page = client.get("/staff/gold/test/").content.decode()
    assert '<option value="classifier:m1">classifier:m1</option>' in page
    response = client.get("/staff/gold/test/export/jsonl/", {"include": "classifier:m1"})
    assert response.status_code == 200
    assert 'filename="test-gold-with-classifier-m1.jsonl"' in response["Content-Disposition"]
    records = [json.loads(line) for line in b"".join(streamed(response)).splitlines()]
    assert records[0]["included"]["classifier:m1"]["labels"] == predicted(0)
    for spec, message in [
        ("classifier:nope", "there is no model named 'nope'"),
        ("nothing:x", "urltree:<heuristic>, stability, classifier:<model>"),
    ]:
        response = client.get("/staff/gold/test/export/csv/", {"include": spec})
        assert response.status_code == 400 and message in response.content.decode()
    response = client.get("/staff/gold/test/export/text/", {"include": "classifier:m1"})
    assert response.status_code == 400
    assert "no per-page label vectors" in response.content.decode()
