"""DBCE's options (kehr_engine.dbce.options): their checks, the fallback members of the
similar-page index, and how up and down are chosen among more candidates."""

from __future__ import annotations

import dataclasses

import pytest

from kehr_engine.dbce.options import DEFAULT_OPTIONS, DbceOptions
from kehr_engine.dbce.run import ArchivePage, choose_pair, label_archive, shared_text
from kehr_engine.dbce.similar import Capture, SimilarityIndex
from kehr_engine.dbce.structure import signature
from kehr_engine.segmenter import segment

BAD, GOOD = 1, 3


def test_options_are_frozen_checked_and_the_thesis_preset_is_the_old_reading() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_OPTIONS.unit = "node"  # type: ignore[misc]
    for bad in ({"unit": "word"}, {"invalid": "guess"}, {"block_share": 1.0}, {"min_run": 0},
                {"candidates": 1}, {"lsh_threshold": 0.0}, {"choice": "random"},
                {"enclosed_run": -1}):  # fmt: skip
        with pytest.raises(ValueError, match=next(iter(bad))):
            DbceOptions(**bad)
    thesis = DbceOptions.thesis_reading()
    assert (thesis.unit, thesis.invalid, thesis.fallback, thesis.candidates) == (
        "node", "unlabelled", False, 2
    )  # fmt: skip
    assert thesis.lsh_threshold == 0.6 and thesis.min_run == 3
    assert thesis.enclosed_run == 0 and DEFAULT_OPTIONS.enclosed_run == 12


def _capture(key: str, domain: str = "d.test") -> Capture:
    return Capture(key, f"https://{domain}/{key}", domain, 1.0)


def test_the_fallback_takes_the_most_similar_pages_below_the_threshold() -> None:
    """Three pages whose structures overlap by about 0.3: the LSH at 0.6 finds no twin,
    the fallback the two most similar of the same domain (never another domain's)."""
    tokens = {
        "a": {f"t{i}" for i in range(0, 100)},
        "b": {f"t{i}" for i in range(55, 155)},  # 45 shared with a: J = 0.29
        "c": {f"t{i}" for i in range(70, 170)},  # 30 shared with a: J = 0.18
        "x": {f"t{i}" for i in range(0, 100)},  # a's twin, on another domain
    }
    captures = {k: _capture(k, "other.test" if k == "x" else "d.test") for k in tokens}
    index = SimilarityIndex()
    for key, shingles in tokens.items():
        index.add(captures[key], signature(shingles))
    mine = signature(tokens["a"])
    assert index.most_similar(captures["a"], mine, captures) == []
    found = index.most_similar(captures["a"], mine, captures, fallback=True)
    assert [c.key for c, _estimate in found] == ["b", "c"]
    assert found[0][1] == pytest.approx(45 / 155, abs=0.1)
    floor = index.most_similar(captures["a"], mine, captures, fallback=True, floor=0.25)
    assert [c.key for c, _estimate in floor] == ["b"]
    # The scan reads the captures it is given: without b, c is the nearest.
    fewer = {key: c for key, c in captures.items() if key != "b"}
    assert index.most_similar(captures["a"], mine, fewer, fallback=True)[0][0].key == "c"
    # A capture indexed later is seen by the next scan.
    index.add(_capture("d"), signature(tokens["a"] | {"extra"}))
    captures["d"] = _capture("d")
    assert index.most_similar(captures["a"], mine, captures, fallback=True)[0][0].key == "d"


MENU = "<ul><li>Home of the manual</li><li>Search the whole manual</li><li>Index of every term</li></ul>"  # noqa: E501
SHARED = "<p>Every option below is described once and included in each of these commands.</p>"


def _page(key: str, body: str) -> tuple[Capture, str]:
    return _capture(key), f"<html><body>{MENU}<div>{body}</div></body></html>"


def test_the_pair_skips_content_twins_and_pages_sharing_nothing() -> None:
    cur = _page("cur", f"<p>The diff command compares two trees of files.</p>{SHARED}")
    twin = _page("twin", f"<p>The diff-files command compares the index.</p>{SHARED}")
    plain = [_page(f"p{i}", f"<p>Page {i} describes something else entirely, number {i}.</p>")
             for i in range(3)]  # fmt: skip
    stranger = (_capture("s"), "<html><body><p>Nothing in common with the rest</p></body></html>")
    found = [twin, plain[0], stranger, plain[1], plain[2]]
    assert shared_text(cur[1], twin[1]) > shared_text(cur[1], plain[0][1]) > 0
    assert shared_text(cur[1], stranger[1]) == 0
    least = choose_pair(cur[1], found, DbceOptions(choice="least"))
    assert {c.key for c in least} <= {"p0", "p1", "p2"} and len(least) == 2
    # Only one candidate shares a phrase: it is up, and there is no down; none: no pair.
    other = (_capture("s2"), "<html><body><p>Another page with nothing shared</p></body></html>")
    assert [c.key for c in choose_pair(cur[1], [stranger, plain[0], other], DbceOptions())] == [
        "p0"
    ]
    assert choose_pair(cur[1], [stranger, other], DbceOptions()) == []
    typical = choose_pair(cur[1], found, DbceOptions(choice="typical", twin_margin=0.2))
    assert [c.key for c in typical] == ["p0", "s"]  # in structural order, twin skipped


def test_a_page_no_twin_above_the_threshold_is_labelled_by_the_fallback() -> None:
    """A page whose structure differs from its site's others (a table of photos) is
    labelled against the most similar of them: the menu it shares is boilerplate."""
    rows = "".join(f"<tr><td>Photo {i} of the harbour at night</td></tr>" for i in range(8))
    pages = [
        (f"p{i}", f"<p>Article {i} tells a story of its own about the town and its people.</p>")
        for i in range(3)
    ] + [("gallery", f"<table>{rows}</table>")]
    archive = []
    for key, body in pages:
        html = f"<html><body>{MENU}<div>{body}</div></body></html>"
        segmented = segment(html, "")
        archive.append(ArchivePage(_capture(key), html, segmented.document,
                                   len(segmented.node_texts)))  # fmt: skip
    assert not label_archive(archive, options=DbceOptions.thesis_reading())["gallery"].labelled
    result = label_archive(archive)["gallery"]
    assert result.labelled
    texts = segment(archive[-1].html, "").node_texts
    labels = dict(zip((t.strip() for t in texts), result.labels.tolist(), strict=True))
    assert labels["Home of the manual"] == BAD and labels["Index of every term"] == BAD
    assert labels["Photo 3 of the harbour at night"] == GOOD


def test_distinct_candidates_are_one_capture_per_url() -> None:
    """Two visits of three pages: the thesis reading may take two captures of one URL
    as up and down; distinct candidates are one per URL, the closest in time."""
    tokens = {f"t{i}" for i in range(50)}
    captures = {}
    index = SimilarityIndex()
    for url in ("a", "b", "c"):
        for time in (1.0, 2.0):
            capture = Capture(f"{url}@{time:g}", f"https://d.test/{url}", "d.test", time)
            captures[capture.key] = capture
            index.add(capture, signature(tokens | {url}))
    cur = captures["a@2"]
    mine = signature(tokens | {"a"})
    both = index.most_similar(cur, mine, captures, k=4)
    assert sorted(c.key for c, _e in both) == ["b@1", "b@2", "c@1", "c@2"]
    distinct = index.most_similar(cur, mine, captures, k=4, distinct=True)
    assert sorted(c.key for c, _e in distinct) == ["b@2", "c@2"]
