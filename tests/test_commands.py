"""Setup commands: the admin account and the demo corpus."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management import call_command

from corpora.models import Corpus


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
