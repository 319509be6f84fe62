"""manage.py render_pages: layouts for pages that came without one, in real Firefox."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.core.management import CommandError, call_command

from corpora.ingest import add_page
from corpora.models import Corpus, Page, PageLayout
from harvest.harvester import create_job
from harvest.render_document import prepare_document
from kehr.processes import free_port
from kehr_engine.layout import Layout
from learning.data import page_input
from tests.fixture_site_server import FixtureSite

# A heading, a paragraph, a small grey footer; an image on a loopback server that an
# offline rendering must never fetch; a script that would empty the page if it ran.
PAGE = """<html><head><title>Imported</title>
<style>h1 {{ font-size: 32px }} .foot {{ font-size: 11px; color: #999 }}</style></head>
<body><h1>A heading of the page</h1>
<img src="{image}" width="300" height="200">
<p style="width: 300px">A paragraph of running text that wraps over more than one
line in a narrow column of the page, so that the browser lays it out in several line
boxes one under the other.</p>
<p class="foot">Footer text of the site</p>
<script>document.body.innerHTML = "";</script>
</body></html>"""


@pytest.fixture(scope="module")
def site():
    server = FixtureSite.start()
    yield server
    server.stop()


@pytest.fixture()
def corpus(db, site) -> Corpus:
    corpus = Corpus.objects.create(name="Imported", slug="imported")
    for n in range(2):
        html = PAGE.format(image=site.url(f"/lazy.png?page={n}"))
        add_page(corpus, html, url=f"http://imported.test/{n}.html")
    return corpus


def test_prepare_document_removes_what_runs_and_sets_the_base() -> None:
    document = (
        '<html><head><meta http-equiv="refresh" content="0;url=/x"></head><body>'
        '<a href="javascript:alert(1)" onclick="go()">a</a><script>x()</script>'
        '<img src="i.png" onerror="y()"></body></html>'
    )
    prepared = prepare_document(document, "http://site.test/dir/page.html")
    for gone in ("script", "x()", "javascript:", "onclick", "onerror", "refresh"):
        assert gone not in prepared
    assert '<base href="http://site.test/dir/page.html">' in prepared
    assert 'src="i.png"' in prepared
    # A page with its own base keeps it.
    own = prepare_document('<html><head><base href="http://b.test/"></head><body></body></html>',
                           "http://site.test/")  # fmt: skip
    assert own.count("<base") == 1 and "http://b.test/" in own


@pytest.mark.django_db(transaction=True)
def test_render_pages_measures_imported_pages_offline(corpus, site, capsys) -> None:
    site.reset_counts()
    call_command("render_pages", "--corpus", "imported")
    assert "imported: 2 rendered, 0 from harvest files, 0 already had a layout, 0 failed." in (
        capsys.readouterr().out
    )
    for page in Page.objects.filter(corpus=corpus):
        stored = page.layout
        assert stored.source == "render" and not stored.with_archive
        layout = Layout.from_json(stored.data, page.node_count)
        texts = page_input(page).node_texts
        assert page_input(page).layout is not None
        heading, paragraph, footer = (
            next(i for i, t in enumerate(texts) if t.startswith(start))
            for start in ("A heading", "A paragraph", "Footer")
        )
        rects, styles = layout.rects, layout.styles
        # The script did not run: every node is drawn, in document order down the page.
        assert not np.isnan(rects).any()
        assert rects[heading, 1] < rects[paragraph, 1] < rects[footer, 1]
        # The inline styles applied: sizes, colour, and the 300 px paragraph wraps.
        assert styles[heading, 0] == 32 and styles[footer, 0] == 11
        assert styles[footer, 4] == pytest.approx(0.6, abs=0.01)  # #999 grey
        assert styles[paragraph, 2] >= 3 and styles[heading, 3] == 1
    # Nothing was fetched from outside: the image request never left the browser.
    assert site.count("/lazy.png") == 0
    # Run again: nothing left to do.
    call_command("render_pages", "--corpus", "imported")
    assert "0 rendered, 0 from harvest files, 2 already had a layout" in capsys.readouterr().out


@pytest.mark.django_db(transaction=True)
def test_an_older_harvests_layout_file_is_used_instead_of_rendering(
    corpus, tmp_path: Path, capsys
) -> None:
    page = Page.objects.filter(corpus=corpus).order_by("pk").first()
    assert page is not None
    job = create_job(corpus, page.url)
    rects_path = tmp_path / "1.json"
    rects: dict[str, Any] = {"rects": [[1, 2, 3, 4]] * page.node_count, "viewport": [1280, 900],
                             "document": [1280, 2000], "node_count": page.node_count}  # fmt: skip
    rects_path.write_text(json.dumps(rects))
    job.items.update(page=page, rects_path=str(rects_path))
    call_command("render_pages", "--corpus", "imported", "--limit", "1")
    assert "0 rendered, 1 from harvest files" in capsys.readouterr().out
    page.refresh_from_db()
    assert page.layout.source == "harvest" and page.layout.data["rects"] == rects["rects"]
    # A file of another segmentation is not used: that page is rendered instead.
    rects_path.write_text(json.dumps({**rects, "rects": rects["rects"][:-1]}))
    PageLayout.objects.all().delete()
    call_command("render_pages", "--corpus", "imported")
    assert "2 rendered, 0 from harvest files" in capsys.readouterr().out


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--corpus", "nope"], r"No corpus with slug 'nope'\. Corpora: imported\."),
        (["--corpus", "imported", "--limit", "0"], "--limit must be a positive number"),
        (["--corpus", "imported", "--archive"], r"No replay proxy answers on 127\.0\.0\.1:\d+: "
         r"start it with `manage\.py archive_proxy --mode replay`"),
    ],
)  # fmt: skip
def test_bad_arguments_get_a_clear_error(corpus, monkeypatch, argv, message) -> None:
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_PORT", str(free_port()))
    with pytest.raises(CommandError, match=message):
        call_command("render_pages", *argv)
    assert not PageLayout.objects.exists()


@pytest.mark.django_db
def test_a_stored_layout_of_another_segmentation_is_not_used(corpus, caplog) -> None:
    """Wrong boxes would be worse than none: the page is classified without a layout."""
    page = Page.objects.filter(corpus=corpus).first()
    assert page is not None
    boxes: dict[str, Any] = {"rects": [[0, 0, 10, 10]] * (page.node_count + 1),
                             "viewport": [1280, 900], "document": [1280, 900]}  # fmt: skip
    PageLayout.objects.create(page=page, data=boxes, source=PageLayout.Source.RENDER)
    page = Page.objects.select_related("layout").get(pk=page.pk)
    assert page_input(page).layout is None
    assert "measured for another segmentation" in caplog.text
    assert "render_pages --corpus <slug> --force" in caplog.text
    PageLayout.objects.filter(page=page).update(data={**boxes, "rects": boxes["rects"][1:]})
    page = Page.objects.select_related("layout").get(pk=page.pk)
    assert page_input(page).layout is not None
