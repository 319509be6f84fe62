"""The progress vocabulary (kehr.progress): Progress callbacks count done of total, and
on_bar turns one into a tqdm bar whose total it learns from the first call."""

from __future__ import annotations

import io

from tqdm import tqdm

from gold import merge
from kehr.progress import on_bar


def test_a_bar_follows_done_of_total_without_being_told_the_total_first():
    bar = tqdm(file=io.StringIO())
    advance = on_bar(bar)
    advance(2, 5)
    assert (bar.n, bar.total) == (2, 5)
    advance(5, 5)
    assert (bar.n, bar.total) == (5, 5)
    bar.close()


def test_a_disabled_bar_takes_progress_too():
    bar = tqdm(disable=True)
    on_bar(bar)(3, 4)  # a command run with -v 0: nothing shown, nothing raised


def test_the_merge_reports_pages_done_of_the_pages_it_merges(pages, monkeypatch):
    corpus = pages[0].corpus
    monkeypatch.setattr(merge, "CHUNK_PAGES", 2)
    heard: list[tuple[int, int]] = []
    ids = [page.pk for page in pages]
    merge.merge_pages(corpus, ids, progress=lambda done, total: heard.append((done, total)))
    n = len(pages)
    assert n > 2  # more than one chunk, so the counts add up across chunks
    assert heard == [(min(done, n), n) for done in range(2, n + 2, 2)]
