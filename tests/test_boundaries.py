"""App boundaries: imports point down only, and apps above plug in through seams.

The import-linter contracts live in pyproject.toml ([tool.importlinter]); ./dev test
runs them too. The seams (docs/architecture.md, "Registration seams")
are what lets an app below offer a place to apps above without importing them: the
comparison sources, the Submission admin's actions and columns, next-page rules.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from django.contrib import admin, messages
from django.db.models import Value

from annotations import admin as submission_admin
from annotations import selection
from annotations.models import Submission
from annotations.services import submit_labels
from comparison import sources
from corpora.models import Corpus
from tests.expect import present

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_hold():
    lint_imports = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint_imports, "import-linter is not installed: pip install -e '.[dev]'"
    result = subprocess.run(
        [lint_imports, "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        # proxy/ is not installed; the proxy-standalone contract needs kehr_proxy found.
        env={**os.environ, "PYTHONPATH": str(ROOT / "proxy")},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Every contract in pyproject.toml was checked and kept (none silently skipped).
    contracts = (ROOT / "pyproject.toml").read_text().count("[[tool.importlinter.contracts]]")
    assert contracts >= 3
    assert f"Contracts: {contracts} kept, 0 broken." in result.stdout


def test_each_app_registers_its_own_sources():
    # comparison keeps submissions; gold and tutorial register theirs when ready, in
    # the order of INSTALLED_APPS (the order choosers list them in).
    assert list(sources.SOURCES)[:3] == ["submission", "gold", "reference"]
    assert sources.SOURCES["gold"].resolve.__module__ == "gold.sources"
    assert sources.SOURCES["reference"].resolve.__module__ == "tutorial.sources"


def test_a_next_page_rule_picks_the_pages_of_its_corpus_kind(annotator, pages):
    corpus = pages[0].corpus
    last = pages[-1]
    assert corpus.kind == Corpus.Kind.REGULAR
    previous = selection.RULES.pop(Corpus.Kind.REGULAR, None)
    selection.register_rule(Corpus.Kind.REGULAR, lambda user, corpus: last)
    try:
        for _ in range(5):
            assert present(selection.next_page_for(annotator, corpus)).pk == last.pk
    finally:
        del selection.RULES[Corpus.Kind.REGULAR]
        if previous is not None:
            selection.RULES[Corpus.Kind.REGULAR] = previous
    # Without a rule: the least annotated, which the rule's page no longer is.
    submit_labels(page_id=last.pk, user=annotator, labels=[3] * last.node_count)
    assert present(selection.next_page_for(annotator, corpus)).pk != last.pk


def test_tutorials_pick_by_their_registered_rule():
    from tutorial.selection import next_tutorial_page

    assert selection.RULES[Corpus.Kind.TUTORIAL] is next_tutorial_page


@admin.display(description="lucky number")
def _lucky(submission: Submission) -> str:
    # kehr_lucky is the annotation the column's queryset adds (below); no model field.
    return f"lucky {submission.kehr_lucky}"  # type: ignore[attr-defined]


@admin.action(description="Say hello")
def _hello(modeladmin, request, queryset) -> None:
    modeladmin.message_user(request, f"Hello to {queryset.count()}", messages.SUCCESS)


def test_other_apps_add_columns_and_actions_to_the_submission_admin(admin_client, page, annotator):
    submission = submit_labels(page_id=page.pk, user=annotator, labels=[3] * page.node_count)
    column = submission_admin.SubmissionColumn(
        "lucky", _lucky, lambda queryset: queryset.annotate(kehr_lucky=Value(7))
    )
    submission_admin.add_column(column)
    submission_admin.add_action(_hello)
    submission_admin.add_action(_hello)  # registering twice offers it once
    try:
        listing = admin_client.get("/admin/annotations/submission/").content.decode()
        assert "column-lucky" in listing and "lucky 7" in listing
        assert listing.count('value="_hello"') == 1
        detail = admin_client.get(
            f"/admin/annotations/submission/{submission.submission.pk}/change/"
        ).content.decode()
        assert "Lucky number" in detail and "lucky 7" in detail
        response = admin_client.post(
            "/admin/annotations/submission/",
            {"action": "_hello", "_selected_action": [submission.submission.pk]},
            follow=True,
        )
        assert "Hello to 1" in response.content.decode()
    finally:
        del submission_admin.COLUMNS["lucky"]
        submission_admin.ACTIONS.remove(_hello)
    listing = admin_client.get("/admin/annotations/submission/").content.decode()
    assert "column-lucky" not in listing and 'value="_hello"' not in listing
    # The apps' own: tutorial's action and comparison's diff links stay.
    assert 'value="make_reference"' in listing and "column-visual_diff" in listing
