"""Commands: the admin account, the demo corpus, and what `manage.py merge` prints."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from annotations.services import submit_labels
from corpora.models import Corpus
from tests.services import REPO_DIR, test_database_url


def test_ensure_admin_creates_once_and_prints_credentials(db, capsys, settings):
    call_command("ensure_admin")
    out = capsys.readouterr().out
    assert "username=admin password=" in out
    password = out.split("password=")[1].split()[0]
    admin = get_user_model().objects.get(username="admin")
    assert admin.is_staff and admin.is_superuser
    assert admin.check_password(password)
    assert oct((settings.VAR_DIR / "admin-credentials.txt").stat().st_mode)[-3:] == "600"
    call_command("ensure_admin")  # idempotent: same password shown again
    assert f"password={password}" in capsys.readouterr().out
    assert get_user_model().objects.filter(username="admin").count() == 1


def test_load_demo_builds_a_realistic_corpus(db):
    call_command("load_demo")
    corpus = Corpus.objects.get(slug="demo")
    pages = list(corpus.pages.all())
    assert len(pages) >= 5
    for page in pages:
        assert page.node_count > 50
        assert page.word_count >= corpus.min_words, page.url
        assert len(page.node_tokens) == page.node_count
        assert "<kehr-t" in page.document
    call_command("load_demo")  # idempotent
    assert corpus.pages.count() == len(pages)


# --------------------------------------------------------------------------- manage.py merge


def run_manage(*args: str) -> subprocess.CompletedProcess:
    """``manage.py ARGS`` as a person runs it, on the test database (committed data only)."""
    env = {**os.environ, "DATABASE_URL": test_database_url(), "LOG_LEVEL": "INFO"}
    return subprocess.run(
        [sys.executable, str(REPO_DIR / "manage.py"), *args],
        capture_output=True, text=True, env=env, cwd=REPO_DIR, timeout=120, check=False,
    )  # fmt: skip


@pytest.fixture
def half_annotated(transactional_db, corpus, pages, make_user):
    """Page 0 has three submissions (merged), page 1 one (waiting), pages 2-4 none."""
    corpus.min_submissions = 3
    corpus.save()
    users = [make_user(f"m{i}") for i in range(3)]
    for user in users:
        submit_labels(page_id=pages[0].pk, user=user, labels=[3] * pages[0].node_count)
    submit_labels(page_id=pages[1].pk, user=users[0], labels=[3] * pages[1].node_count)
    return corpus


def test_merge_command_prints_its_summary_once(half_annotated):
    result = run_manage("merge", "--corpus", "test", "--no-stats")
    assert result.returncode == 0, result.stderr
    both = result.stdout + result.stderr
    assert both.count("submissions excluded") == 1, both
    assert (
        "test: 2 pages: 1 merged now, 1 still waiting for submissions, 0 unchanged" in result.stdout
    )


def test_merge_command_counts_waiting_pages_as_waiting_on_every_run(half_annotated):
    for _ in range(2):  # the second run finds nothing changed
        result = run_manage("merge", "--corpus", "test", "--no-stats")
        assert result.returncode == 0, result.stderr
        assert (
            "test now: 1 merged, 0 with unresolved ties, 1 waiting for submissions "
            "(a page needs 3 valid ones), 3 without any submission"
        ) in result.stdout, result.stdout
    assert "2 pages: 0 merged now, 0 still waiting for submissions, 2 unchanged" in result.stdout
