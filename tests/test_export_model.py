"""manage.py export_model --corpus SLUG FILE: a corpus' model and its card, for crawls."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from corpora.models import Corpus
from kehr_engine.__main__ import main as engine_main
from kehr_engine.model_file import read_header
from learning.models import CorpusLearning, ModelVersion
from tests.warc_pages import article, response, write_warc


@pytest.fixture
def corpus(db) -> Corpus:
    corpus = Corpus.objects.create(name="Harbour news", slug="harbour")
    call_command("import_model", "article", "--corpus", "harbour", "--name", "harbour-article")
    call_command("import_model", "krdwrd", "--corpus", "harbour", "--name", "harbour-krdwrd")
    return corpus


def test_exports_the_current_model_with_its_card(
    corpus: Corpus, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without settings the newest ready model serves; staff may make another current.
    out = tmp_path / "harbour.kehr-model"
    call_command("export_model", str(out), "--corpus", "harbour")
    newest = ModelVersion.objects.get(name="harbour-krdwrd")
    assert newest.path is not None and out.read_bytes() == newest.path.read_bytes()
    card = (tmp_path / "harbour.md").read_text()
    assert "# Model card: harbour-krdwrd" in card and "`harbour`" in card
    assert read_header(out)["payload_sha256"] in card and "imported from" in card
    assert "Wrote" in capsys.readouterr().out

    older = ModelVersion.objects.get(name="harbour-article")
    CorpusLearning.objects.create(corpus=corpus, current_model=older)
    call_command("export_model", str(out), "--corpus", "harbour", "--force")
    assert older.path is not None and out.read_bytes() == older.path.read_bytes()
    assert "# Model card: harbour-article" in (tmp_path / "harbour.md").read_text()

    # The exported file is what a crawl runs on.
    warc = tmp_path / "crawl.warc.gz"
    write_warc(warc, [response("https://harbour.example/1", article(1))])
    capsys.readouterr()
    assert engine_main(["extract", str(warc), "--model", str(out), "--workers", "1"]) == 0
    assert "supply boat" in capsys.readouterr().out


def test_refusals(corpus: Corpus, tmp_path: Path) -> None:
    out = tmp_path / "m.kehr-model"
    out.write_bytes(b"keep me")
    with pytest.raises(CommandError, match="exists already: give --force"):
        call_command("export_model", str(out), "--corpus", "harbour")
    assert out.read_bytes() == b"keep me"
    listed = r"no model of corpus harbour\. Its ready models: harbour-"
    with pytest.raises(CommandError, match=listed):
        call_command("export_model", str(tmp_path / "x.kehr-model"), "--corpus", "harbour",
                     "--model", "nothing")  # fmt: skip
    Corpus.objects.create(name="Empty", slug="empty")
    with pytest.raises(CommandError, match="Corpus empty has no ready model"):
        call_command("export_model", str(tmp_path / "y.kehr-model"), "--corpus", "empty")
    with pytest.raises(CommandError, match="does not exist"):
        call_command("export_model", str(tmp_path / "no" / "z.kehr-model"), "--corpus", "harbour")
    assert not list(tmp_path.glob("*.part"))
