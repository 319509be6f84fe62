"""DBCE (kehr_engine.dbce): structural tokens, crosses, the table, labels on a fixture site."""

from __future__ import annotations

import numpy as np
import pytest

from kehr_engine.dbce.cross_labels import label_cross
from kehr_engine.dbce.labels import DECISIONS, NEEDS_UP, cur_words, decision_lookup, occurrence
from kehr_engine.dbce.options import DbceOptions
from kehr_engine.dbce.run import ArchivePage, label_archive
from kehr_engine.dbce.similar import Capture, Cross, SimilarityIndex, Timeline
from kehr_engine.dbce.structure import signature, structural_tokens
from kehr_engine.dbce.table import BOILERPLATE, CONTENT, INVALID, PATTERNS, TABLE, decide
from kehr_engine.segmenter import segment

BAD, GOOD = 1, 3


def test_structural_tokens_are_label_paths_without_text_scripts_or_comments() -> None:
    html = (
        "<html><body><div id='x'>text<p>a</p><!-- c --><script>s()</script><p>b</p>"
        "<iframe src='/ad'></iframe><span>c</span></div></body></html>"
    )
    assert structural_tokens(html) == {
        "0_0_0_html",
        "0_0_0_html/0_0_1_body",
        "0_0_0_html/0_0_1_body/0_0_2_div",
        "0_0_0_html/0_0_1_body/0_0_2_div/0_0_3_p",
        "0_0_0_html/0_0_1_body/0_0_2_div/1_1_3_p",
        "0_0_0_html/0_0_1_body/0_0_2_div/2_0_3_span",
    }
    # Text and attributes do not matter; structure does.
    same = html.replace("text", "other words").replace("id='x'", "class='y'")
    assert structural_tokens(same) == structural_tokens(html)
    assert structural_tokens("") == set()
    # Not HTML: at most the skeleton the parser adds, no structure to share.
    assert structural_tokens(b"\x00\x01") <= {"0_0_0_html", "0_0_0_html/0_0_1_body"}


def test_signatures_estimate_jaccard_the_same_in_every_process() -> None:
    a = {f"t{i}" for i in range(100)}
    b = {f"t{i}" for i in range(40, 140)}  # Jaccard 60/140 = 0.43
    estimate = signature(a).jaccard(signature(b))
    assert estimate == pytest.approx(60 / 140, abs=0.1)
    assert list(signature(a).hashvalues) == list(signature(set(a)).hashvalues)


def test_the_table_covers_eight_patterns_and_every_bit_combination() -> None:
    assert len(PATTERNS) == 8 and all(p[0] for p in PATTERNS)
    # 2^(members present) bit combinations per pattern.
    assert len(TABLE) == sum(2 ** sum(p) for p in PATTERNS) == 2 * 3**3
    full = (True, True, True, True)
    assert decide(full, (True, True, False, False)) == BOILERPLATE  # template
    assert decide(full, (False, False, True, True)) == CONTENT  # persistent, this URL only
    assert decide(full, (False, False, False, False)) == INVALID  # only in this capture
    assert decide((True, False, False, False), (False, False, False, False)) == CONTENT
    assert decide((True, False, False, False), (True, False, False, False)) == BOILERPLATE
    assert decide(full, (True, False, False, False)) == INVALID
    # Shared with one similar page only: undecided, also when it persists on this URL;
    # the reading before issue 31 called the persistent case boilerplate.
    for pattern, bits in [(full, (True, False, True, False)), (full, (False, True, False, True)),
                          ((True, True, True, False), (True, False, True, False))]:  # fmt: skip
        assert decide(pattern, bits) == INVALID
        assert decide(pattern, bits, one_sided_persistent=BOILERPLATE) == BOILERPLATE
    assert decide(full, (True, False, False, False), BOILERPLATE) == INVALID  # not persistent
    assert decide(full, (True, True, True, True), BOILERPLATE) == BOILERPLATE
    assert decide(full, (False, False, True, False), BOILERPLATE) == CONTENT
    with pytest.raises(ValueError, match="one_sided_persistent"):
        decide(full, (True, False, True, False), one_sided_persistent=CONTENT)
    with pytest.raises(ValueError, match="one_sided_persistent"):
        DbceOptions(one_sided_persistent="content")
    with pytest.raises(KeyError):
        decide((False, True, False, False), (False, False, False, False))  # no up


def test_the_lookup_per_pattern_is_the_table_as_numbers_built_once() -> None:
    full = (True, True, True, True)
    for persistent in (INVALID, BOILERPLATE):
        lookup = decision_lookup(full, persistent)
        assert decision_lookup(full, persistent) is lookup  # cached, not rebuilt per page
        assert not lookup.flags.writeable  # so no caller can change it for the others
        # bits as a number: up 8, down 4, prev 2, next 1
        assert DECISIONS[lookup[8 + 2]] == decide(full, (True, False, True, False), persistent)
        assert DECISIONS[lookup[2 + 1]] == CONTENT
    assert DECISIONS[decision_lookup(full)[8 + 2]] == INVALID
    assert DECISIONS[decision_lookup(full, BOILERPLATE)[8 + 2]] == BOILERPLATE
    no_down = (True, False, True, True)
    assert decision_lookup(no_down)[4] == -1  # bits of a missing member
    with pytest.raises(ValueError, match="one_sided_persistent"):
        decision_lookup(full, CONTENT)


def test_cur_words_know_their_nodes_and_occurrence_marks_shared_runs() -> None:
    page = segment(b"<p>The cat <b>sat</b> on the mat.</p><p>Second one here.</p>", "")
    words, nodes = cur_words(page.document, len(page.node_texts))
    assert words == ["The", "cat", "sat", "on", "the", "mat.", "Second", "one", "here."]
    assert nodes.tolist() == [0, 0, 1, 2, 2, 2, 3, 3, 3]
    other = "<div>The cat sat on the mat. Something else entirely different.</div>"
    from kehr_engine.dbce.labels import words_of

    found = occurrence(words, words_of(other))
    assert found.tolist() == [True] * 6 + [False] * 3


def test_timeline_gives_the_closest_earlier_and_later_captures() -> None:
    caps = [Capture(f"k{t}", "https://s.test/a", "s.test", t) for t in (5, 1, 9)]
    caps.append(Capture("other", "https://s.test/b", "s.test", 5))
    timeline = Timeline(caps)
    by_time = {c.time: c for c in caps[:3]}
    assert timeline.neighbours(by_time[5]) == (by_time[1], by_time[9])
    assert timeline.neighbours(by_time[1]) == (None, by_time[5])
    assert timeline.neighbours(caps[3]) == (None, None)


# --- a fixture site: one template, articles, a rotating teaser, one odd page ---------

NAV = "<ul class='nav'><li><a href='/'>Home page</a></li><li><a href='/news'>World news</a></li><li><a href='/sport'>Sport results</a></li></ul>"  # noqa: E501
FOOTER = (
    "<div class='footer'><p>Copyright 2026 Example Media Limited, all rights reserved.</p></div>"
)
ARTICLES = {
    "a1": "Rivers in the north rose again overnight, and the town council opened two shelters near the old bridge for families whose homes were flooded.",  # noqa: E501
    "a2": "The orchestra played its last concert of the season on Sunday, closing with a symphony that the conductor had promised the audience for years.",  # noqa: E501
    "a3": "A new bakery on the market square sells bread made from grain grown in the valley, and the queue outside reached the post office by nine.",  # noqa: E501
    "a4": "Engineers finished testing the tram line to the airport, and the first passengers will ride it in spring if the last safety checks pass.",  # noqa: E501
}


def article_page(slug: str, teaser: str) -> str:
    return (
        f"<html><head><title>{slug}</title></head><body><div class='top'>{NAV}</div>"
        f"<div class='main'><h1>Story {slug} headline words</h1><p>{ARTICLES[slug]}</p></div>"
        f"<div class='side'><h2>Most read today</h2><p>{teaser}</p></div>{FOOTER}</body></html>"
    )


def odd_page() -> str:
    rows = "".join(
        f"<tr><td><img src='/p{i}.jpg'></td><td>Photo {i} caption</td></tr>" for i in range(6)
    )
    return f"<html><body><table><caption>Gallery</caption>{rows}</table></body></html>"


def archive_page(key: str, url: str, time: float, html: str) -> ArchivePage:
    segmented = segment(html, url)
    capture = Capture(key, url, "example.test", time)
    return ArchivePage(capture, html, segmented.document, len(segmented.node_texts))


@pytest.fixture(scope="module")
def site() -> list[ArchivePage]:
    morning = "Mayor opens the new harbour walkway to the public"
    evening = "Storm warning issued for the coast this weekend"
    pages = [archive_page(slug, f"https://example.test/{slug}", 1.0, article_page(slug, morning))
             for slug in ARTICLES]  # fmt: skip
    # a1 again in the evening: same story, another teaser (as on a2's and a3's).
    pages.append(
        archive_page("a1-late", "https://example.test/a1", 2.0, article_page("a1", evening))
    )
    pages.append(
        archive_page("a2-late", "https://example.test/a2", 2.0, article_page("a2", evening))
    )
    pages.append(
        archive_page("a3-late", "https://example.test/a3", 2.0, article_page("a3", evening))
    )
    pages.append(archive_page("gallery", "https://example.test/gallery", 1.0, odd_page()))
    return pages


def node_labels(page: ArchivePage, labels: np.ndarray) -> dict[str, int]:
    texts = segment(page.html, page.capture.url).node_texts
    return {text.strip(): int(label) for text, label in zip(texts, labels, strict=True)}


@pytest.mark.parametrize("options", [DbceOptions.thesis_reading(), DbceOptions()])
def test_template_text_is_boilerplate_and_each_story_content(
    site: list[ArchivePage], options: DbceOptions
) -> None:
    results = label_archive(site, options=options)
    a4 = next(p for p in site if p.capture.key == "a4")
    result = results["a4"]
    assert result.labelled and set(result.cross) == {"up", "down"}
    labels = node_labels(a4, result.labels)
    assert labels[ARTICLES["a4"]] == GOOD and labels["Story a4 headline words"] == GOOD
    for chrome in ("Home page", "World news", "Sport results"):
        assert labels[chrome] == BAD, chrome
    assert labels["Copyright 2026 Example Media Limited, all rights reserved."] == BAD
    # The morning's teaser box: a4 is diffed against other morning pages (the thesis
    # reading: the most similar structures, closest in time; by default: one capture
    # per URL, the closest in time, and of those the two sharing least text).
    assert labels["Most read today"] == BAD
    assert labels["Mayor opens the new harbour walkway to the public"] == BAD


def test_the_time_axis_keeps_the_story_and_drops_what_rotates(site: list[ArchivePage]) -> None:
    late = next(p for p in site if p.capture.key == "a1-late")
    evening = "Storm warning issued for the coast this weekend"
    for options in (DbceOptions.thesis_reading(), DbceOptions()):
        result = label_archive(site, options=options)["a1-late"]
        assert result.cross["prev"] == "a1" and "next" not in result.cross
        labels = node_labels(late, result.labels)
        assert labels[ARTICLES["a1"]] == GOOD  # in the earlier capture, on no other URL
        assert labels["Home page"] == BAD
    # The thesis reading: the evening teaser is on the evening captures of a2 and a3,
    # the closest similar pages in time: boilerplate.
    result = label_archive(site, options=DbceOptions.thesis_reading())["a1-late"]
    assert (result.cross["up"], result.cross["down"]) == ("a2-late", "a3-late")
    assert node_labels(late, result.labels)[evening] == BAD
    # By default one of them shares less text with a1-late: a4, which has only its
    # morning capture. The evening teaser is then in up only, and not in a1's earlier
    # capture: invalid; its neighbours in the page's structure (the side box's short
    # heading) decide nothing, so it stays unlabelled, not content.
    result = label_archive(site)["a1-late"]
    assert "a4" in (result.cross["up"], result.cross["down"])
    assert result.words["invalid"] >= 8 and node_labels(late, result.labels)[evening] == 0


def test_a_page_without_a_similar_page_is_left_unlabelled_with_the_reason(
    site: list[ArchivePage],
) -> None:
    """The thesis' reading: no page above the LSH threshold, no label. (By default
    the fallback members label it: tests/test_dbce_options.py.)"""
    thesis = DbceOptions.thesis_reading()
    result = label_archive(site, options=thesis)["gallery"]
    assert not result.labelled and result.reason == NEEDS_UP
    assert "needs at least 2 similar pages" in result.reason
    assert not result.labels.any()
    # A domain with one page only: the same reason, with any options; nothing crashes.
    for options in (thesis, DbceOptions()):
        alone = label_archive([site[0]], options=options)[site[0].capture.key]
        assert alone.reason == NEEDS_UP and alone.labels.shape == (site[0].node_count,)


def test_an_index_shared_between_runs_gives_the_same_labels(site: list[ArchivePage]) -> None:
    """Two workers sharing one index (and its signatures) label as one process does."""
    index = SimilarityIndex()
    first = label_archive(site[:4], index=index)
    both = label_archive(site, index=index)
    alone = label_archive(site)
    for key, result in alone.items():
        assert np.array_equal(both[key].labels, result.labels), key
    assert set(first) == {"a1", "a2", "a3", "a4"}
    assert Cross(cur=site[0].capture).pattern == (False, False, False, False)


def test_members_serve_in_crosses_without_being_labelled(site: list[ArchivePage]) -> None:
    """An earlier capture that is no page of its own is still a's prev."""
    early = next(p for p in site if p.capture.key == "a1")
    pages = [p for p in site if p.capture.key != "a1"]
    results = label_archive(pages, members=[(early.capture, early.html)])
    assert "a1" not in results and results["a1-late"].cross["prev"] == "a1"
    assert np.array_equal(results["a1-late"].labels, label_archive(site)["a1-late"].labels)


def test_an_annotation_document_has_the_structure_of_its_page() -> None:
    raw = "<html><body><div><p>Some <b>bold</b> text</p><script>x()</script></div></body></html>"
    assert structural_tokens(segment(raw, "").document) == structural_tokens(raw)


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory):
    """A real Redis of its own (whichever broker the test run uses)."""
    from tests.services import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("dbce-redis"))
    server.start()
    yield server.url
    server.stop()


def test_processes_sharing_a_redis_index_label_as_one_process(
    site: list[ArchivePage], redis_url: str
) -> None:
    """Two processes sign half the captures each into one Redis index, then each labels
    half the pages: the labels are those of a single in-memory run."""
    import multiprocessing

    from kehr_engine.dbce.shared import drop_namespace, redis_index

    namespace = "kehr-test-dbce"
    drop_namespace(redis_url, namespace)
    halves = [site[0::2], site[1::2]]
    # Fresh interpreters, as two Celery workers are: forking this process, with the
    # test run's threads (live server, tqdm monitor) in it, can copy a held lock.
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        counts = pool.starmap(_index_half, [(redis_url, namespace, half) for half in halves])
        assert counts == [len(halves[0]), len(halves[1])]
        shared = {}
        for part in pool.starmap(
            _label_half, [(redis_url, namespace, half, site) for half in halves]
        ):
            shared.update(part)
    alone = label_archive(site)
    assert set(shared) == set(alone)
    for key, labels in shared.items():
        assert np.array_equal(labels, alone[key].labels), key
    assert len(redis_index(redis_url, namespace).signatures) == len(site)
    assert drop_namespace(redis_url, namespace) > 0


def _index_half(url: str, namespace: str, half: list[ArchivePage]) -> int:
    from kehr_engine.dbce.run import index_captures
    from kehr_engine.dbce.shared import redis_index

    return index_captures(((p.capture, p.html) for p in half), redis_index(url, namespace))


def _label_half(url: str, namespace: str, half: list[ArchivePage], everything: list[ArchivePage]):
    from kehr_engine.dbce.run import label_pages
    from kehr_engine.dbce.shared import redis_index

    captures = {p.capture.key: p.capture for p in everything}
    html = {p.capture.key: p.html for p in everything}
    results = label_pages(half, redis_index(url, namespace), captures, html.__getitem__)
    return {key: result.labels for key, result in results.items()}


def test_a_link_to_the_next_page_inside_the_content_takes_its_neighbours_decision() -> None:
    """A table-of-contents line naming a neighbouring section (debian-reference's
    miss) is in one similar page and in this URL's earlier capture: undecided by
    default, so the content around it decides; boilerplate in the reading before
    issue 31. (Enclosed runs and the container rule are off: they would make the lone
    boilerplate line content again and hide the table's part.)"""
    link = "Next section: Rivers and the old bridge in winter floods"
    story = ARTICLES["a1"]

    def page(body: str) -> str:
        return f"<html><body>{NAV}<div class='main'>{body}</div>{FOOTER}</body></html>"

    cur_html = page(f"<p>{story}</p><p>{link}</p><p>{ARTICLES['a4']}</p>")
    others = {
        "up": page(f"<p>{ARTICLES['a2']}</p><p>{link}</p>"),
        "down": page(f"<p>{ARTICLES['a3']}</p>"),
        "prev": page(f"<p>{story}</p><p>{link}</p><p>{ARTICLES['a4']}</p>"),
    }
    captures = {
        role: Capture(role, f"https://example.test/{role}", "example.test", 1.0)
        for role in ("up", "down")
    }
    cur = Capture("cur", "https://example.test/a1", "example.test", 2.0)
    prev = Capture("prev", "https://example.test/a1", "example.test", 1.0)
    cross = Cross(cur, up=captures["up"], down=captures["down"], prev=prev)
    segmented = segment(cur_html, cur.url)
    now = DbceOptions(enclosed_run=0, container_share=0.0)
    before = DbceOptions(enclosed_run=0, container_share=0.0, one_sided_persistent=BOILERPLATE)
    for options, expected in ((now, GOOD), (before, BAD)):
        result = label_cross(
            cross, segmented.document, len(segmented.node_texts), others, options=options
        )
        texts = [t.strip() for t in segmented.node_texts]
        labels = dict(zip(texts, result.labels.tolist(), strict=True))
        assert labels[link] == expected, options
        assert labels[story] == GOOD and labels["Home page"] == BAD
