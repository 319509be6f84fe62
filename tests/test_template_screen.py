"""bench/template_screen.py: the crawl cache, the per-page digests and the comparison
that say which sites and pages a change to the template methods moves (hand-made pages;
no Debian package needed)."""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import shutil
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from kehr_engine.segmenter import segment
from tests.bench_modules import import_bench


@pytest.fixture(scope="module")
def screen() -> ModuleType:
    return import_bench("template_screen")


NAV = ("<div class='navheader'><a href='1.html'>Home</a> <a href='2.html'>Setup</a> "
       "<a href='3.html'>Network</a> <a href='4.html'>Printing</a></div>")  # fmt: skip
TEXTS = (
    "Edit the interfaces file and restart the networking service afterwards.",
    "The printer queue is configured with the web interface on port 631.",
    "Mount the partition read-only before you check the file system for errors.",
    "Keys for the archive are kept in a keyring that apt reads on every update.",
)


def _html(number: int) -> str:
    # DocBook as the debian-reference site: the body is content, its navigation is not.
    footer = "<div class='navfooter'><a href='index.html'>Contents</a></div>"
    text = f"<h1>Chapter {number}</h1><p>{TEXTS[number - 1]}</p>"
    return f"<html><body>{NAV}{text}{footer}</body></html>"


def _write_warc(path: Path, base: str, numbers: list[int]) -> None:
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        for number in numbers:
            body = _html(number).encode()
            headers = StatusAndHeaders(
                "200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1"
            )
            record = writer.create_warc_record(
                f"{base}{number}.html", "response", payload=io.BytesIO(body), http_headers=headers
            )
            writer.write_record(record)


@pytest.fixture
def site(screen: ModuleType, tmp_path: Path):  # a Site of the debian-reference shape
    root = tmp_path / "site"
    root.mkdir()
    for number in range(1, 5):
        (root / f"{number}.html").write_text(_html(number))
    reference = next(s for s in screen.SITES if s.name == "debian-reference")
    return dataclasses.replace(reference, root=root, cap=None)


def test_a_sites_crawl_is_cached_and_crawled_again_when_its_files_change(
    screen: ModuleType, site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    crawls: list[Path] = []

    def crawl(site, workdir: Path, limit, capture: int = 0):  # template_eval.crawl's shape
        crawls.append(workdir)
        warc = workdir / f"{site.name}-{capture}.warc.gz"
        _write_warc(warc, "http://127.0.0.1:1234/", [1, 2, 3, 4])
        return warc, 0.0

    monkeypatch.setattr(screen.template_eval, "crawl", crawl)
    cache = tmp_path / "cache"
    first, crawled = screen.cached_warc(site, cache, None)
    assert crawled and first.is_file() and len(crawls) == 1
    again, crawled = screen.cached_warc(site, cache, None)
    assert (again, crawled) == (first, False) and len(crawls) == 1
    assert [p.name for p in cache.iterdir()] == [first.name]  # no temporary folder left
    capped, crawled = screen.cached_warc(site, cache, 3)  # another cap: another crawl
    assert crawled and capped != first
    # A link to another package's file that is not installed (a theme's CSS) counts as
    # itself: no error, and a new link is a change.
    (site.root / "theme.css").symlink_to(tmp_path / "not-installed" / "theme.css")
    linked, crawled = screen.cached_warc(site, cache, None)
    assert crawled and linked != first
    (site.root / "2.html").write_text(_html(2) + "<!-- upgraded -->")
    upgraded, crawled = screen.cached_warc(site, cache, None)
    assert crawled and upgraded not in (first, linked) and len(crawls) == 4


def test_a_screen_records_each_pages_labels_by_its_path(screen: ModuleType, site) -> None:
    pages = []
    for number in range(1, 5):
        url = f"http://127.0.0.1:{4000 + number}/{number}.html"  # a port per run
        segmented = segment(_html(number).encode(), url)
        gold, scored = screen.template_eval.page_gold(segmented.document, site)
        pages.append(screen.Page(url, float(number), _html(number), segmented.document,
                                 segmented.node_texts, gold, scored))  # fmt: skip
    for number in range(5, 13):  # more pages for the URL Tree to see the template recur
        url = f"http://127.0.0.1:4000/more/{number}.html"
        html = _html(1 + number % 4).replace("Chapter", f"Section {number}, chapter")
        segmented = segment(html.encode(), url)
        gold, scored = screen.template_eval.page_gold(segmented.document, site)
        pages.append(screen.Page(url, float(number), html, segmented.document,
                                 segmented.node_texts, gold, scored))  # fmt: skip
    result = screen.screen_pages(site, pages, ["keep-all", "urltree:relaxed-share-40"])
    assert result["pages"] == result["scored"] == 12
    assert {f"/{n}.html" for n in range(1, 5)} <= set(result["digests"]["keep-all"])
    keep_all = result["rows"]["keep-all"]
    assert keep_all["coverage"] == 1.0 and keep_all["boilerplate_precision"] is None
    assert keep_all["goal"] is False
    # The navigation recurs: the URL Tree drops it on later pages, so its labels differ
    # from keep-all's there, and its boilerplate precision is defined.
    urltree = result["rows"]["urltree:relaxed-share-40"]
    assert urltree["boilerplate_precision"] is not None
    differ = [key for key, digest in result["digests"]["urltree:relaxed-share-40"].items()
              if digest != result["digests"]["keep-all"][key]]  # fmt: skip
    assert differ


def _report(revision: str, digests: dict[str, str], goal: bool, f1: float) -> dict:
    row = {"coverage": 1.0, "token_f1": f1, "boilerplate_precision": 0.9, "goal": goal}
    return {"revision": revision, "limit": None, "sites": {
        "nim": {"rows": {"dbce": row}, "digests": {"dbce": digests}},
    }}  # fmt: skip


def test_the_comparison_names_changed_pages_and_goals(
    screen: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    before = _report("a", {"/a.html": "1", "/b.html": "2"}, goal=True, f1=0.95)
    after = _report("b", {"/a.html": "1", "/b.html": "3", "/c.html": "4"}, goal=False, f1=0.94)
    after["sites"]["git"] = before["sites"]["nim"]
    result = screen.compare_reports(before, after)
    assert result["sites"]["nim"]["dbce"]["changed_pages"] == ["/b.html", "/c.html"]
    assert result["only_after"] == ["git"] and result["only_before"] == []
    assert screen.compare_reports(before, before)["sites"]["nim"]["dbce"]["changed_pages"] == []

    paths = []
    for name, report in (("before", before), ("after", after)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(report))
        paths.append(path)
    screen.compare(argparse.Namespace(before=paths[0], after=paths[1], pages=1))
    out = capsys.readouterr().out.splitlines()
    assert any("nim" in line and "2 pages" in line and "goal LOST" in line for line in out)
    assert "/b.html" in "\n".join(out) and "/c.html" not in "\n".join(out)  # --pages 1
    assert out[-1] == ("BENCH template_screen_compare sites=1 changed_sites=1 "
                       "changed_pages=2 goals_gained=0 goals_lost=1")  # fmt: skip


def test_read_sites_leave_out_the_held_back_group_and_naming_one_is_refused(
    screen: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/" + name)
    read = screen.chosen_sites("read", quick=False, installed_only=True)
    assert read and not any(s.kind in screen.HELD_BACK for s in read)
    held = next(s for s in screen.SITES if s.kind in screen.HELD_BACK)
    with pytest.raises(SystemExit, match="judge"):
        screen.chosen_sites(f"git,{held.short}", quick=False, installed_only=True)


def test_the_cache_folder_setting_is_strict(
    screen: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("KEHR_SCREEN_CACHE", str(tmp_path / "c"))
    assert screen.default_cache() == tmp_path / "c"
    monkeypatch.setenv("KEHR_SCREEN_CACHE", " ")
    with pytest.raises(SystemExit, match="empty"):
        screen.default_cache()
    monkeypatch.delenv("KEHR_SCREEN_CACHE")
    assert screen.default_cache().parts[-2:] == ("kehr", "template-screen")


def test_a_labels_digest_changes_with_any_label(screen: ModuleType) -> None:
    labels = np.array([1, 3, 3, 1], dtype=np.uint8)
    changed = labels.copy()
    changed[2] = 1
    assert screen.labels_digest(labels) == screen.labels_digest(labels.copy())
    assert screen.labels_digest(labels) != screen.labels_digest(changed)
    assert screen.labels_digest(None) is None
    assert screen.page_key("http://127.0.0.1:4001/a/b.html?x=1") == "/a/b.html?x=1"


def test_a_site_is_installed_when_its_first_page_is_there(screen: ModuleType, site) -> None:
    """Not when its folder is: /usr/share/doc/sqlite3 is sqlite3's, the pages are
    sqlite3-doc's (a screen once read 0 pages there and said nothing)."""
    (site.root / site.start).write_text(_html(1))
    assert site.installed
    (site.root / site.start).unlink()
    assert site.root.is_dir() and not site.installed


def test_a_crawl_without_pages_stops_the_screen_and_is_not_kept(
    screen: ModuleType, site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crawl(site, workdir: Path, limit, capture: int = 0):
        warc = workdir / f"{site.name}-{capture}.warc.gz"
        _write_warc(warc, "http://127.0.0.1:1234/", [])
        return warc, 0.0

    monkeypatch.setattr(screen.template_eval, "crawl", crawl)
    monkeypatch.setattr(screen, "select", lambda names: [site])
    cache = tmp_path / "cache"
    with pytest.raises(SystemExit, match="no HTML page"):
        screen.screen_site(site.short, cache, None, ["keep-all"])
    assert list(cache.iterdir()) == []


def test_comparing_a_missing_or_foreign_file_says_what_is_wrong(
    screen: ModuleType, tmp_path: Path
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_report("a", {"/a.html": "1"}, goal=True, f1=0.9)))
    assert screen.read_screen(good)["revision"] == "a"
    cases = {
        "missing.json": (None, "no such file"),
        "broken.json": ("{not json", "not a screen"),
        "report.json": (json.dumps([1, 2]), "not a screen"),
        "other.json": (json.dumps({"pages": 3}), 'no "sites"'),
    }
    for name, (text, message) in cases.items():
        path = tmp_path / name
        if text is not None:
            path.write_text(text)
        with pytest.raises(SystemExit, match=message):
            screen.compare(argparse.Namespace(before=good, after=path, pages=0))


def test_half_done_crawls_of_killed_runs_are_swept_and_running_ones_kept(
    screen: ModuleType, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    assert screen.sweep_stale_crawls(cache) == []  # no cache yet: nothing to do
    cache.mkdir()
    killed, running = cache / "kehr-screen-killed", cache / "kehr-screen-running"
    for folder in (killed, running):
        folder.mkdir()
        (folder / "site.warc.gz").write_bytes(b"half")
    crawl = cache / "git-all-0123456789ab.warc.gz"  # a finished crawl, however old
    crawl.write_bytes(b"whole")
    old = screen.time.time() - screen.STALE_CRAWL_SECONDS - 60
    for path in (killed, crawl):
        os.utime(path, (old, old))
    assert screen.sweep_stale_crawls(cache) == [killed]
    assert not killed.exists() and running.is_dir() and crawl.read_bytes() == b"whole"
