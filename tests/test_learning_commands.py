"""manage.py train / evaluate / classify / extract, their errors, and the staff pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.test import Client

from corpora.ingest import add_page
from kehr_engine.__main__ import main as engine_main
from learning.models import ModelVersion, PredictedVector
from tests.expect import present
from tests.learning_pages import GROUPS, ROUNDS, gold_corpus, page_html, ready_version, train_file


@pytest.fixture(scope="module")
def model_file(tmp_path_factory):
    return train_file(tmp_path_factory.mktemp("model") / "cmd.kehr-model")


@pytest.fixture
def small(db, make_user):
    return gold_corpus("cmd", 5, [make_user("c-a"), make_user("c-b")])


@pytest.fixture
def html_pages(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    for n in (11, 12):
        (folder / f"story{n}.html").write_text(page_html(n))
    (folder / "notes.txt").write_text("not a page")
    return folder


# --------------------------------------------------------------------------- errors


def test_unknown_corpus_and_model_are_named(small):
    with pytest.raises(CommandError, match=r"No corpus with slug 'nope'\. Existing corpora: cmd"):
        call_command("train", "--corpus", "nope")
    with pytest.raises(CommandError, match=r"No corpus with slug 'nope'"):
        call_command("evaluate", "--corpus", "nope")
    with pytest.raises(CommandError, match=r"No model named 'ghost'\. Models: none yet"):
        call_command("classify", "--corpus", "cmd", "--model", "ghost")
    with pytest.raises(CommandError, match=r"No model named 'ghost'"):
        call_command("evaluate", "--model", "ghost")
    with pytest.raises(CommandError, match=r"No model of corpus cmd yet: train one first"):
        call_command("evaluate", "--corpus", "cmd")
    with pytest.raises(CommandError, match=r"neither a model name nor a file"):
        call_command("extract", "x.html", "--model", "ghost")


def test_bad_options_are_refused(small, model_file):
    with pytest.raises(CommandError, match="Unknown feature group colour"):
        call_command("train", "--corpus", "cmd", "--features", "text,colour")
    with pytest.raises(CommandError, match="--rounds 0: give at least 1"):
        call_command("train", "--corpus", "cmd", "--rounds", "0")
    ready_version("cmd-ready", small[0], model_file)
    with pytest.raises(CommandError, match="--folds 1: cross-validation needs at least 2"):
        call_command("evaluate", "--model", "cmd-ready", "--folds", "1")
    queued = ModelVersion.objects.create(name="cmd-queued", corpus=small[0])
    with pytest.raises(CommandError, match="Model cmd-queued is not ready"):
        call_command("classify", "--corpus", "cmd", "--model", queued.name)


def test_training_without_enough_gold_fails_with_the_counts(db, make_user):
    gold_corpus("thin", 1, [make_user("t-a")])
    with pytest.raises(CommandError, match="thin has 1 merged page; a model needs at least 3"):
        call_command("train", "--corpus", "thin", "--rounds", str(ROUNDS), verbosity=0)
    # The failure is printed; no failed model is left behind on /staff/models/.
    assert not ModelVersion.objects.exists()
    assert not any((Path(settings.VAR_DIR) / "models").glob("thin-*"))


def failed_version(name: str, corpus) -> ModelVersion:
    return ModelVersion.objects.create(
        name=name, corpus=corpus, status=ModelVersion.Status.FAILED, groups=GROUPS,
        job_state=ModelVersion.JobState.FAILED, message="Training broke: out of gold.",
    )  # fmt: skip


def test_evaluate_by_corpus_skips_a_model_whose_training_failed(small, model_file, capsys):
    ready_version("cmd-ready", small[0], model_file)
    failed = failed_version("cmd-broken", small[0])  # newer than the ready one
    call_command("evaluate", "--corpus", "cmd", "--folds", "2", "--no-baselines", verbosity=0)
    assert capsys.readouterr().out.startswith("# Kehr engine evaluation")
    assert ModelVersion.objects.get(name="cmd-ready").folds == 2
    failed.refresh_from_db()
    assert failed.message == "Training broke: out of gold."  # still on /staff/models/
    assert failed.job_state == ModelVersion.JobState.FAILED and failed.folds is None


def test_evaluate_keeps_a_failed_training_s_message(small):
    failed = failed_version("cmd-broken", small[0])
    with pytest.raises(
        CommandError,
        match=r"No model of corpus cmd is ready: the newest, cmd-broken, is training failed "
        r"\(Training broke: out of gold\.\)\. Train one \(manage\.py train --corpus cmd\)",
    ):
        call_command("evaluate", "--corpus", "cmd", "--folds", "2")
    with pytest.raises(CommandError, match=r"The training of model cmd-broken failed \(Training"):
        call_command("evaluate", "--model", "cmd-broken", "--folds", "2")
    failed.refresh_from_db()
    assert failed.message == "Training broke: out of gold."


def test_the_staff_evaluate_button_keeps_a_failed_training_s_message(small, staff):
    """The refusal is learning.dispatch.queue()'s, so the button gets it as the command
    does: nothing is claimed, and the training's message stays on the row."""
    failed = failed_version("cmd-broken", small[0])
    client = Client()
    client.force_login(staff)
    response = client.post("/staff/models/cmd-broken/evaluate/", {"folds": "2"}, follow=True)
    shown = [str(message) for message in response.context["messages"]]
    assert any("The training of model cmd-broken failed (Training" in m for m in shown), shown
    failed.refresh_from_db()
    assert failed.message == "Training broke: out of gold."
    assert (failed.job, failed.job_state) == (ModelVersion.Job.TRAIN, ModelVersion.JobState.FAILED)


def test_too_few_pages_for_the_folds_names_the_folds_that_fit(small, model_file):
    version = ready_version("cmd-ready", small[0], model_file)
    with pytest.raises(CommandError, match=r"cmd has 5 merged pages; 10-fold cross-validation "
                       r"needs at least 10 .*Evaluate with fewer folds: --folds 5 "):  # fmt: skip
        call_command("evaluate", "--model", "cmd-ready")
    with pytest.raises(CommandError, match="--folds 5"):
        call_command("evaluate", "--corpus", "cmd", "--folds", "6", "--queue")
    version.refresh_from_db()
    assert version.job_state == ModelVersion.JobState.DONE and not version.message


def test_import_model_twice_names_the_name_option(small, model_file, capsys):
    call_command("import_model", str(model_file), "--corpus", "cmd")
    assert "is ready and serves cmd" in capsys.readouterr().out
    with pytest.raises(
        CommandError,
        match=r"'cmd-imported' exists already: .* give it a name of its own: manage\.py "
        rf"import_model {re.escape(str(model_file))} --corpus cmd --name cmd-imported-2$",
    ):
        call_command("import_model", str(model_file), "--corpus", "cmd")
    call_command("import_model", str(model_file), "--corpus", "cmd", "--name", "cmd-imported-2")
    assert ModelVersion.objects.filter(name__startswith="cmd-imported").count() == 2


def test_an_imported_model_s_last_job_is_its_import(staff_client, small, model_file):
    call_command("import_model", str(model_file), "--corpus", "cmd")
    version = ModelVersion.objects.get(name="cmd-imported")
    assert version.get_job_display() == "import"
    html = staff_client.get("/staff/models/").content.decode()
    assert re.search(r"import:\s+done", html) and "training:" not in html
    # A job run later is named as before.
    version.job = ModelVersion.Job.EVALUATE
    assert version.get_job_display() == "evaluation"


def test_import_model_on_a_tutorial_does_not_promise_suggestions(db, model_file, capsys):
    from corpora.models import Corpus

    Corpus.objects.create(name="Tutorial", slug="learn", kind=Corpus.Kind.TUTORIAL)
    call_command("import_model", str(model_file), "--corpus", "learn")
    out = capsys.readouterr().out
    assert "serves" not in out
    assert "learn is a tutorial, whose learners never see suggestions" in out


# --------------------------------------------------------------------------- success


def test_train_takes_the_corpus_target(small, capsys):
    from kehr_engine.model_file import read_header

    call_command(
        "train", "--corpus", "cmd", "--features", *GROUPS, "--rounds", str(ROUNDS),
        "--name", "articles-1", "--target", "article", verbosity=0,
    )  # fmt: skip
    version = ModelVersion.objects.get(name="articles-1")
    assert version.training_options["target"] == "article"
    assert read_header(present(version.path))["target"] == "article"
    with pytest.raises(CommandError, match="invalid choice: 'news'"):
        call_command("train", "--corpus", "cmd", "--target", "news")


def test_train_evaluate_classify_from_the_shell(small, capsys):
    _corpus, pages = small
    call_command(
        "train", "--corpus", "cmd", "--features", *GROUPS, "--rounds", str(ROUNDS),
        "--name", "shell-1",
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert "shell-1: trained on 5 pages" in out and "groups text, dom, context" in out
    assert "100% trained on 5 pages of cmd" in err  # progress goes to stderr
    version = ModelVersion.objects.get(name="shell-1")
    assert version.status == ModelVersion.Status.READY

    call_command("evaluate", "--corpus", "cmd", "--folds", "2", "--no-baselines", verbosity=0)
    out = capsys.readouterr().out
    assert out.startswith("# Kehr engine evaluation")
    version.refresh_from_db()
    assert version.folds == 2 and version.headline is not None
    assert version.metrics["sources"][0]["name"].startswith("model[")

    call_command("classify", "--corpus", "cmd", "--model", "shell-1", verbosity=0)
    assert "cmd: 5 of 5 pages labelled by shell-1." in capsys.readouterr().out
    assert PredictedVector.objects.filter(model=version).count() == len(pages)

    # A page harvested again (new text, another node count): classify labels it anew.
    changed = add_page(pages[0].corpus, "<p>One.</p><p>Two.</p><p>Three.</p><p>Four.</p>",
                       url=pages[0].url)  # fmt: skip
    assert changed.pk == pages[0].pk and changed.node_count == 4
    call_command("classify", "--corpus", "cmd", "--model", "shell-1", verbosity=0)
    assert "cmd: 5 of 5 pages labelled by shell-1." in capsys.readouterr().out
    version.refresh_from_db()
    assert "1 stale vectors of changed pages replaced" in version.progress_text
    assert len(PredictedVector.objects.get(model=version, page=changed).labels) == 4


def test_extract_prints_what_the_engine_prints(small, model_file, html_pages, capsys):
    version = ready_version("cmd-ready", small[0], model_file)
    for fmt in ("text", "jsonl"):
        call_command("extract", str(html_pages), "--model", version.name, "--format", fmt)
        ours = capsys.readouterr().out
        assert engine_main(["extract", str(html_pages), "--model", str(model_file),
                            "--format", fmt]) == 0  # fmt: skip
        assert capsys.readouterr().out == ours
    records = [json.loads(line) for line in ours.splitlines()]
    assert [r["path"].rsplit("/", 1)[-1] for r in records] == ["story11.html", "story12.html"]
    assert "Story number 11" in records[0]["text"]
    assert "Section 1" not in records[0]["text"]  # the menu is boilerplate
    # A model file by path works as well as a model name.
    call_command("extract", str(html_pages / "story12.html"), "--model", str(model_file))
    assert capsys.readouterr().out.strip() == records[1]["text"]


def test_extract_reports_a_bad_file_and_fails(small, model_file, tmp_path, capsys):
    ready_version("cmd-ready", small[0], model_file)
    empty = tmp_path / "empty.html"
    empty.write_bytes(b"")
    with pytest.raises(CommandError, match="could not be extracted"):
        call_command("extract", str(empty), "--model", "cmd-ready")
    assert "empty.html" in capsys.readouterr().err


# --------------------------------------------------------------------------- staff pages


@pytest.fixture
def staff_client(staff) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(staff)
    return client


def test_staff_pages_are_for_staff_only(client, annotator, small):
    for url in ("/staff/models/", "/staff/models/x/"):
        assert client.get(url).status_code == 302  # to the login page
    client.force_login(annotator)
    assert client.get("/staff/models/").status_code == 302
    response = client.post("/staff/models/train/", {"corpus": "cmd"})
    assert response.status_code == 302 and not ModelVersion.objects.exists()


def test_buttons_need_post_and_csrf(staff_client, small, model_file):
    version = ready_version("cmd-ready", small[0], model_file)
    assert staff_client.get("/staff/models/train/").status_code == 405
    assert staff_client.post(f"/staff/models/{version.name}/evaluate/").status_code == 403


def test_the_models_table_and_report(staff_client, small, model_file):
    version = ready_version("cmd-ready", small[0], model_file)
    pages = small[1]
    per_page = {str(pages[0].pk): 1.0, str(pages[1].pk): 0.25, str(pages[2].pk): 0.5}
    version.metrics = {"sources": [{"name": "model[x] smoothed", "macro": {"f1": 0.987,
                       "precision": 0.99, "recall": 0.98}, "micro": {"f1": 0.99},
                       "per_page_f1": per_page}]}  # fmt: skip
    version.folds = 3
    version.report = "# Kehr engine evaluation\n| model | 0.987 |"
    version.save()
    html = staff_client.get("/staff/models/").content.decode()
    assert "cmd-ready" in html and "0.987 (3-fold)" in html
    assert 'name="csrfmiddlewaretoken"' in html
    # The CSP allows no inline script, and inline styles only with the request's nonce.
    assert not re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert all("nonce=" in tag for tag in re.findall(r"<style[^>]*>", html))
    report = staff_client.get("/staff/models/cmd-ready/").content.decode()
    assert "# Kehr engine evaluation" in report and "model[x] smoothed" in report
    # The worst pages of the cross-validation first, each linked to its diffs.
    worst = re.findall(r'href="/staff/diff/pages/(\d+)/">page \d+</a></td><td>([\d.]+)', report)
    assert worst == [(str(pages[1].pk), "0.250"), (str(pages[2].pk), "0.500"),
                     (str(pages[0].pk), "1.000")]  # fmt: skip
    # A page the model has classified links straight to its diff against the gold.
    PredictedVector.objects.create(model=version, page=pages[2], labels=b"\x01")
    report = staff_client.get("/staff/models/cmd-ready/").content.decode()
    link = f"/staff/diff/pages/{pages[2].pk}/view/?a=classifier%3Acmd-ready&amp;b=gold"
    assert f'href="{link}">page {pages[2].pk}</a>' in report
    assert f'href="/staff/diff/pages/{pages[1].pk}/">' in report
    assert staff_client.get("/staff/models/ghost/").status_code == 404


def test_the_models_table_is_paged_newest_first(staff_client, small, monkeypatch):
    from learning import views

    monkeypatch.setattr(views, "MODELS_PER_PAGE", 2)
    for n in range(5):
        ModelVersion.objects.create(name=f"paged-{n}", corpus=small[0], groups=["text"])
    first = staff_client.get("/staff/models/").content.decode()
    assert "paged-4" in first and "paged-3" in first and "paged-2" not in first
    assert "page 1 of 3 (5 in all)" in first and 'href="?page=2"' in first
    last = staff_client.get("/staff/models/?page=3").content.decode()
    assert "paged-0" in last and "paged-1" not in last
    # Odd page numbers show a page, never an error.
    for odd in ("abc", "-1", "99999999999999999999", "0", "²"):
        response = staff_client.get("/staff/models/", {"page": odd})
        assert response.status_code == 200 and "paged-" in response.content.decode(), odd


def test_the_admin_index_links_the_models_page(admin_client):
    assert 'href="/staff/models/"' in admin_client.get("/admin/").content.decode()


@pytest.mark.parametrize("odd", ["²", "abc", "-3", "1e3", "99999999999999999999", "0"])
def test_odd_rounds_and_folds_are_refused_with_a_message(staff, small, model_file, odd):
    """Form values that are no whole number in range: a message, no job, never a 500."""
    client = Client()
    client.force_login(staff)
    version = ready_version("cmd-ready", small[0], model_file)
    response = client.post(
        "/staff/models/train/", {"corpus": small[0].slug, "rounds": odd}, follow=True
    )
    assert response.status_code == 200
    assert "Rounds: leave empty" in response.content.decode()
    assert ModelVersion.objects.count() == 1
    response = client.post(f"/staff/models/{version.name}/evaluate/", {"folds": odd}, follow=True)
    assert response.status_code == 200
    assert "Folds: give a whole number from 2 to 100." in response.content.decode()
    version.refresh_from_db()
    assert version.job_state == ModelVersion.JobState.DONE  # nothing was queued
