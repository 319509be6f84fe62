"""The URL Tree stream: each heuristic's choice of node, duplicates, exact removal,
snapshots that continue a stream with identical results; both stores (reference and
compact) against a brute-force recount and against each other."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kehr_engine.segmenter import segment
from kehr_engine.urltree import QueryRules, StreamDocument, UrlTreeStream, parse_heuristic
from kehr_engine.urltree.blocks import block_hash
from kehr_engine.urltree.keys import url_key

DAY = 86_400.0
NO_RULES = QueryRules()
STORES = ["reference", "compact"]


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest) -> str:
    return request.param


def doc(url: str, *blocks: str, time: float = 0.0) -> StreamDocument:
    return StreamDocument(url, list(blocks), time)


def feed(stream: UrlTreeStream, docs: list[StreamDocument]) -> list:
    return [stream.process(d) for d in docs]


def test_a_block_is_boilerplate_once_more_than_c_max_documents_hold_it(store: str) -> None:
    stream = UrlTreeStream(["strict"], NO_RULES, store=store)
    first = stream.process(doc("http://e.org/news/1", "Home", "Storm hits the coast"))
    second = stream.process(doc("http://e.org/news/2", "Home", "Markets fall again"))
    assert first.boilerplate["strict"].tolist() == [False, False]  # c(b) = 1 <= c_max
    assert second.boilerplate["strict"].tolist() == [True, False]


def _sections(stream: UrlTreeStream) -> None:
    """Five pages under /a/ share a menu; five under /b/ have their own."""
    for n in range(5):
        stream.process(doc(f"http://e.org/a/{n}", "A menu", f"a story {'x' * n}"))
        stream.process(doc(f"http://e.org/b/{n}", "B menu", f"b story {'y' * n}"))


def test_strict_judges_at_the_nearest_node_with_n_min_documents(store: str) -> None:
    stream = UrlTreeStream(
        ["strict", "strict-at-domain", "strict-support-5"], NO_RULES, store=store
    )
    _sections(stream)
    # A page under /b/ quoting /a/'s menu once: /b/ (n_s = 6 >= 5) holds it once.
    outcome = stream.process(doc("http://e.org/b/new", "B menu", "A menu", "fresh"))
    assert outcome.boilerplate["strict"].tolist() == [True, False, False]
    # The domain node holds "A menu" in six documents.
    assert outcome.boilerplate["strict-at-domain"].tolist() == [True, True, False]
    # support-5 needs n_s > 5: /b/ has 6 now, so it agrees with strict here ...
    assert outcome.boilerplate["strict-support-5"].tolist() == [True, False, False]


def test_strict_support_skips_nodes_with_too_few_documents(store: str) -> None:
    stream = UrlTreeStream(["strict", "strict-support-10"], NO_RULES, store=store)
    _sections(stream)
    outcome = stream.process(doc("http://e.org/b/new", "A menu", "fresh"))
    assert outcome.boilerplate["strict"].tolist() == [False, False]
    # ... with N = 10 no node below the domain qualifies: the domain node judges.
    assert outcome.boilerplate["strict-support-10"].tolist() == [True, False]


def test_with_too_few_documents_anywhere_the_domain_node_judges(store: str) -> None:
    stream = UrlTreeStream(["strict"], NO_RULES, store=store)
    stream.process(doc("http://e.org/a/1", "Shared"))
    outcome = stream.process(doc("http://e.org/b/deep/2", "Shared"))
    assert outcome.boilerplate["strict"].tolist() == [True]


def test_relaxed_at_domain_raises_c_max_once_the_domain_is_large(store: str) -> None:
    stream = UrlTreeStream(["strict", "relaxed-at-domain-3"], NO_RULES, store=store)
    outcomes = feed(stream, [doc(f"http://e.org/{n}", f"unique {'z' * n}") for n in range(3)])
    assert all(not o.boilerplate["strict"].any() for o in outcomes)
    two = stream.process(doc("http://e.org/p", "Twice", "once p"))
    assert two.boilerplate["strict"].tolist() == [False, False]
    # The domain now holds 5 documents (> 3): a block two documents hold is content.
    again = stream.process(doc("http://e.org/q", "Twice", "once q"))
    assert again.boilerplate["strict"].tolist() == [True, False]
    assert again.boilerplate["relaxed-at-domain-3"].tolist() == [False, False]
    third = stream.process(doc("http://e.org/r", "Twice"))
    assert third.boilerplate["relaxed-at-domain-3"].tolist() == [True]


def test_a_key_seen_before_is_a_duplicate_and_changes_nothing(store: str) -> None:
    stream = UrlTreeStream(["strict"], QueryRules.parse(r"\.php id"), store=store)
    stream.process(doc("http://e.org/v.php?id=1&sid=a", "Menu", "Text"))
    before = stream.snapshot()
    again = stream.process(doc("http://E.org/v.php?sid=b&id=1#x", "Menu", "Other text"))
    assert again.duplicate and again.boilerplate == {}
    assert stream.stats.duplicates == 1 and stream.stats.documents == 1
    other = stream.process(doc("http://e.org/v.php?id=2", "Menu", "More"))
    assert not other.duplicate
    assert UrlTreeStream.restore(before).stats.documents == 1


def test_a_block_repeated_on_one_page_counts_once(store: str) -> None:
    stream = UrlTreeStream(["strict"], NO_RULES, store=store)
    outcome = stream.process(doc("http://e.org/1", "Share", "Share", "Body"))
    assert outcome.boilerplate["strict"].tolist() == [False, False, False]


def test_the_size_cap_drops_the_oldest_documents_exactly(store: str) -> None:
    docs = [doc(f"http://e.org/s{n % 3}/{n}", "Menu", f"body {n % 4}") for n in range(20)]
    capped = UrlTreeStream(["strict"], NO_RULES, max_docs=4, keep_newest=0, store=store)
    feed(capped, docs)
    assert capped.stats.evicted == 16
    fresh = UrlTreeStream(["strict"], NO_RULES, store=store)
    feed(fresh, docs[-4:])
    assert _documents(capped) == _documents(fresh)
    probe = doc("http://e.org/s1/probe", "Menu", "body 3", "new")
    assert capped.process(probe).boilerplate["strict"].tolist() == (
        fresh.process(probe).boilerplate["strict"].tolist()
    )


def test_old_documents_go_but_the_newest_stay(store: str) -> None:
    stream = UrlTreeStream(["strict"], NO_RULES, max_age_s=14 * DAY, keep_newest=2, store=store)
    feed(stream, [doc(f"http://e.org/{n}", "Menu", time=n * DAY) for n in range(3)])
    later = stream.process(doc("http://e.org/late", "Menu", time=40 * DAY))
    # All three are older than 14 days, but two of them are among the two newest kept.
    assert stream.stats.evicted == 1 and later.boilerplate["strict"].tolist() == [True]
    feed(stream, [doc(f"http://e.org/l{n}", "Other", time=41 * DAY) for n in range(2)])
    assert stream.stats.evicted == 3
    assert len(stream.domains["e.org"]) == 3  # late, l0, l1
    assert stream.process(doc("http://e.org/0", "Menu", time=41 * DAY)).duplicate is False


def _documents(stream: UrlTreeStream) -> dict:
    return {
        name: [(chain, time, hashes.tolist()) for chain, time, hashes in domain.documents()]
        for name, domain in stream.domains.items()
    }


# ------------------------------------------------------------ against a brute-force oracle

HEURISTICS = ["strict", "strict-support-2", "strict-at-domain", "relaxed-at-domain-4",
              "strict-share-40", "relaxed-share-40"]  # fmt: skip
urls = st.builds(
    lambda host, path: f"http://{host}/{path}",
    st.sampled_from(["a.org", "www.a.org", "b.org"]),
    st.sampled_from(["", "x", "x/", "x/1", "x/2", "y/1", "y/z/1", "y/z/2", "q"]),
)
blocks = st.lists(st.sampled_from(["Menu", "Home", "Login", "one", "two", "3", "x y"]),
                  max_size=6)  # fmt: skip
streams = st.lists(st.tuples(urls, blocks, st.integers(0, 30)), max_size=40)


def oracle(history: list[tuple], now_doc: tuple, name: str) -> list[bool]:
    """Recount from scratch over the documents the stream should hold."""
    heuristic = parse_heuristic(name)
    segments = now_doc[0]
    live = [d for d in history if d[3] == now_doc[3]]  # same domain

    def under(prefix: tuple) -> list[tuple]:
        return [d for d in live if d[0][: len(prefix)] == prefix]

    node = ()
    if not heuristic.at_domain:
        for depth in range(len(segments), -1, -1):
            if len(under(segments[:depth])) >= heuristic.min_seen:
                node = segments[:depth]
                break
    counts = Counter(h for d in under(node) for h in set(d[1]))
    c_max = heuristic.c_max(len(live))
    share = heuristic.min_share * len(under(node))
    return [counts[block_hash(b)] > c_max and counts[block_hash(b)] >= share for b in now_doc[2]]


@pytest.mark.parametrize("store_name", STORES)
@settings(max_examples=120, deadline=None)
@given(streams, st.integers(1, 6), st.integers(0, 3))
def test_every_heuristic_agrees_with_recounting_from_scratch(
    store_name: str, stream_docs: list, max_docs: int, keep_newest: int
) -> None:
    stream = UrlTreeStream(HEURISTICS, NO_RULES, max_docs=max_docs, max_age_s=10 * DAY,
                           keep_newest=keep_newest, store=store_name)  # fmt: skip
    live: list[tuple] = []  # (segments, hashes, blocks, domain, time) in insertion order
    newest: dict[str, float] = {}  # a domain's clock: its latest capture ever inserted
    for url, texts, day in stream_docs:
        key = url_key(url, NO_RULES)
        outcome = stream.process(doc(url, *texts, time=day * DAY))
        same_domain = [d for d in live if d[3] == key.domain]
        if any(d[0] == key.segments for d in same_domain):
            assert outcome.duplicate
            continue
        now = max(day * DAY, newest.get(key.domain, float("-inf")))
        newest[key.domain] = now
        while len(same_domain) > keep_newest and same_domain[0][4] < now - 10 * DAY:
            live.remove(same_domain.pop(0))
        while len(same_domain) >= max_docs:
            live.remove(same_domain.pop(0))
        entry = (key.segments, [block_hash(t) for t in texts], texts, key.domain, day * DAY)
        live.append(entry)
        for name in HEURISTICS:
            expected = oracle(live, entry, name)
            assert outcome.boilerplate[name].tolist() == expected, (name, url, texts)


# ----------------------------------------------------------------------- snapshots


@pytest.mark.parametrize(("one", "other"), [("compact", "compact"), ("reference", "compact"),
                                            ("compact", "reference")])  # fmt: skip
@settings(max_examples=40, deadline=None)
@given(streams, streams)
def test_a_restored_snapshot_continues_with_identical_results(
    one: str, other: str, first: list, rest: list
) -> None:
    a = UrlTreeStream(HEURISTICS, QueryRules.parse(r"\? id"), max_docs=5, keep_newest=1,
                      store=one)  # fmt: skip
    for url, texts, day in first:
        a.process(doc(url, *texts, time=day * DAY))
    b = UrlTreeStream.restore(a.snapshot(), store=other)
    assert b.snapshot() == a.snapshot()
    for url, texts, day in rest:
        got_a, got_b = (
            a.process(doc(url, *texts, time=day * DAY)),
            b.process(doc(url, *texts, time=day * DAY)),
        )
        assert got_a.duplicate == got_b.duplicate
        assert {k: v.tolist() for k, v in got_a.boilerplate.items()} == {
            k: v.tolist() for k, v in got_b.boilerplate.items()
        }
    assert a.stats == b.stats


def test_a_snapshot_that_is_not_one_is_refused(store: str) -> None:
    with pytest.raises(ValueError, match="not a URL Tree snapshot"):
        UrlTreeStream.restore(b"hello")
    import gzip

    with pytest.raises(ValueError, match="version 99; this engine reads versions 1 to 2"):
        UrlTreeStream.restore(gzip.compress(b'{"version": 99}'))


@pytest.mark.parametrize(
    "damage",
    [
        lambda state: state.pop("rules"),
        lambda state: state["unit"].__setitem__(3, "ninety"),  # a share that is no number
        lambda state: state["unit"].__setitem__(2, None),
        # bool("false") would be True: every value of "unit" is checked for its type.
        lambda state: state["unit"].__setitem__(5, "false"),
        lambda state: state["unit"].__setitem__(5, 0),
        lambda state: state["unit"].__setitem__(6, "true"),
        lambda state: state["unit"].__setitem__(1, 20.5),
        lambda state: state["unit"].__setitem__(2, True),
        lambda state: state["unit"].__setitem__(4, "0.5"),
        lambda state: state["unit"].__setitem__(0, 1),
        lambda state: state.__setitem__("limits", [1]),
        lambda state: state.__setitem__("domains", {"e.org": [0, [["zz", 0, []]]]}),
    ],
)
def test_a_damaged_snapshot_is_refused_with_what_to_do(damage: Callable[[dict], object]) -> None:
    import gzip
    import json

    stream = UrlTreeStream(["strict"], NO_RULES)
    stream.process(StreamDocument("http://e.org/a", ["Some text of the page"], 0))
    state = json.loads(gzip.decompress(stream.snapshot()))
    damage(state)
    with pytest.raises(ValueError, match=r"not a URL Tree snapshot .* stream the corpus anew"):
        UrlTreeStream.restore(gzip.compress(json.dumps(state).encode()))


@pytest.mark.parametrize(
    "name", ["lenient", "strict-support-", "strict-support-x", "", "strict-share-x"]
)
def test_unknown_heuristics_are_named(name: str) -> None:
    with pytest.raises(ValueError, match="unknown URL Tree heuristic"):
        UrlTreeStream([name], NO_RULES)


def test_an_unknown_store_is_named() -> None:
    with pytest.raises(ValueError, match="unknown store 'disk': use compact or reference"):
        UrlTreeStream(["strict"], NO_RULES, store="disk")


def test_the_compact_store_agrees_with_the_reference_on_a_long_stream() -> None:
    """Long enough for table rehashes, counter creation and removal at every level."""
    rng = np.random.default_rng(7)
    heuristics = ["strict", "strict-support-20", "strict-at-domain", "relaxed-at-domain-50",
                  "strict-share-30"]  # fmt: skip
    streams = {s: UrlTreeStream(heuristics, NO_RULES, max_docs=120, keep_newest=30,
                                max_age_s=3 * DAY, store=s) for s in STORES}  # fmt: skip
    menu = [f"menu item {chr(97 + i)}" for i in range(12)]
    for n in range(1500):
        section = f"s{rng.integers(6)}"
        texts = [m for m in menu if rng.random() < 0.9]
        texts += [f"{section} box {chr(97 + int(rng.integers(8)))}"]
        texts += [f"story {n} paragraph {chr(97 + p)}" * 2 for p in range(int(rng.integers(1, 6)))]
        texts += [f"headline {chr(97 + int(rng.integers(26)))}{chr(97 + int(rng.integers(26)))}"]
        url = f"http://site{n % 3}.org/{section}/{n // 50}/{n}.html"
        outcomes = {
            s: stream.process(doc(url, *texts, time=n * 600.0)) for s, stream in streams.items()
        }
        reference, compact = outcomes["reference"], outcomes["compact"]
        for name in heuristics:
            assert reference.boilerplate[name].tolist() == compact.boilerplate[name].tolist(), n
    assert streams["compact"].snapshot() == streams["reference"].snapshot()
    assert streams["compact"].stats.evicted > 1000


def test_outcomes_are_one_bool_per_block(store: str) -> None:
    outcome = UrlTreeStream(["strict"], NO_RULES, store=store).process(doc("http://e.org/", *"abc"))
    assert outcome.boilerplate["strict"].dtype == np.bool_ and outcome.boilerplate[
        "strict"
    ].shape == (3,)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2**34), max_size=300, unique=True))
def test_varints_round_trip(values: list[int]) -> None:
    from kehr_engine.urltree.varint import decode_sorted, encode_sorted

    ordered = np.array(sorted(values), dtype=np.int64)
    data = encode_sorted(ordered)
    assert decode_sorted(data).tolist() == ordered.tolist()
    if len(values) > 1 and ordered[-1] - ordered[0] < len(values) * 100:
        assert len(data) <= 2 * len(values) + 5  # close numbers cost one or two bytes


# ------------------------------------------------------------- the share rule, text blocks


def test_strict_share_needs_the_block_on_a_share_of_the_judging_nodes_documents(
    store: str,
) -> None:
    """A menu on every page is boilerplate under both rules; a paragraph two of ten
    pages quote is boilerplate to strict (c(b) = 2 > 1) but content at a 40 % share."""
    stream = UrlTreeStream(["strict", "strict-share-40"], NO_RULES, store=store)
    for n in range(8):
        stream.process(doc(f"http://e.org/{n}", "Main menu", f"story {'x' * n}"))
    stream.process(doc("http://e.org/8", "Main menu", "An option both pages describe"))
    outcome = stream.process(doc("http://e.org/9", "Main menu", "An option both pages describe"))
    assert outcome.boilerplate["strict"].tolist() == [True, True]
    assert outcome.boilerplate["strict-share-40"].tolist() == [True, False]


def test_relaxed_share_needs_the_block_on_three_documents_as_well(store: str) -> None:
    """Early in a stream two of three documents are "67 %": a table-of-contents entry
    on the index page and as its chapter's heading is boilerplate to strict-share-40,
    not to relaxed-share-40 until a third document holds it."""
    stream = UrlTreeStream(["strict-share-40", "relaxed-share-40"], NO_RULES, store=store)
    stream.process(doc("http://e.org/index", "Main menu", "1.2. Console basics"))
    second = stream.process(doc("http://e.org/ch1", "Main menu", "1.2. Console basics"))
    assert second.boilerplate["strict-share-40"].tolist() == [True, True]
    assert second.boilerplate["relaxed-share-40"].tolist() == [False, False]
    third = stream.process(doc("http://e.org/ch2", "Main menu", "2.1. Package basics"))
    assert third.boilerplate["relaxed-share-40"].tolist() == [True, False]


def test_a_share_above_a_hundred_percent_is_refused() -> None:
    with pytest.raises(ValueError, match="percentage, 0 to 100"):
        UrlTreeStream(["strict-share-101"], NO_RULES)
    with pytest.raises(ValueError, match="relaxed-share-101: the share is a percentage"):
        UrlTreeStream(["relaxed-share-101"], NO_RULES)


def _page(menu: str, body: str) -> str:
    return (f"<html><body><div class=nav><ul><li><a href=/>Home</a></li>"
            f"<li><a href=/d>{menu}</a></li></ul></div><div class=main><h2>Parameters</h2>"
            f"<p>{body} with <code>self</code> inside.</p></div></body></html>")  # fmt: skip


def _judge_last(streams: dict, pages: list[str]) -> dict:
    """Stream the pages (http://e.org/0, /1, ...) through each stream; per stream, its
    ``strict`` judgement of the last page's nodes, by node text."""
    for n, html in enumerate(pages):
        segmented = segment(html.encode(), "http://e.org/")
        document = StreamDocument.from_document(
            f"http://e.org/{n}", segmented.document, len(segmented.node_texts), n
        )
        outcomes = {key: stream.process(document) for key, stream in streams.items()}
    texts = [t.strip() for t in segmented.node_texts]
    return {key: dict(zip(texts, o.boilerplate["strict"].tolist(), strict=True))
            for key, o in outcomes.items()}  # fmt: skip


def test_a_document_with_text_blocks_is_judged_per_block_and_projected_onto_nodes(
    store: str,
) -> None:
    """Per node, ``self`` and the "Parameters" heading recur on every page and are taken
    for template; per block (the paragraph is one block, the heading a short block that
    takes its paragraph's decision) they are content, while the menu stays boilerplate."""
    streams = {unit: UrlTreeStream(["strict"], NO_RULES, store=store, unit=unit)
               for unit in ("node", "block")}  # fmt: skip
    pages = [_page("Download", f"Story number {'x' * n} of the long paragraph") for n in range(6)]
    judged = _judge_last(streams, pages)
    judged_nodes, judged_blocks = judged["node"], judged["block"]
    assert judged_nodes["self"] and judged_nodes["Parameters"] and judged_nodes["Home"]
    assert not judged_blocks["self"] and not judged_blocks["Parameters"]
    assert judged_blocks["Home"] and judged_blocks["Download"]


def test_a_version_1_snapshot_goes_on_counting_nodes() -> None:
    import gzip
    import json

    stream = UrlTreeStream(["strict"], NO_RULES)
    stream.process(doc("http://e.org/1", "Menu", "one"))
    state = json.loads(gzip.decompress(stream.snapshot()))
    del state["unit"]
    state["version"] = 1
    restored = UrlTreeStream.restore(gzip.compress(json.dumps(state).encode()))
    assert restored.unit == "node"
    assert UrlTreeStream.restore(stream.snapshot()).unit == "block"


def _reference_page(n: int) -> str:
    return (f"<html><body><div class=nav><ul><li><a href=/>Home of the whole site</a></li>"
            f"<li><a href=/i>Index of every module</a></li></ul></div><div class=main>"
            f"<h1>Widget number {n} {'x' * n} of the library</h1><div class=section>"
            f"<h2>Implemented Interfaces</h2><p>Widget {n} {'y' * n} implements the "
            f"buildable interface.</p></div></div></body></html>")  # fmt: skip


def test_a_repeated_heading_inside_the_content_is_content_where_the_menu_is_not(
    store: str,
) -> None:
    """The generator's heading recurs on every page as the menu does; the heading sits
    between the page's own title and text, the menu at the page's edge."""
    streams = {run: UrlTreeStream(["strict"], NO_RULES, store=store, enclosed_run=run,
                                  container_share=0.0)
               for run in (0, 3)}  # fmt: skip
    judged = _judge_last(streams, [_reference_page(n) for n in range(6)])
    assert judged[0]["Implemented Interfaces"] and not judged[3]["Implemented Interfaces"]
    assert judged[3]["Home of the whole site"] and judged[3]["Index of every module"]


def _options_page(n: int) -> str:
    """AfterStep's asdocgen: no container below <body>; every page lists its options
    under the same heading, after a row of related topics that recurs too."""
    return (f"<html><body><div class=banner><h2>The Window Manager's Manual</h2></div>"
            f"<p>Module number {n} {'x' * n} defines how the manager treats each window.</p>"
            f"<p><a href=/g>Gravity of windows</a> <a href=/d>Database of styles</a></p>"
            f"<ul><li><h3>CONFIGURATION OPTIONS :</h3><dl><dt>Style</dt><dd><p>Option {n} "
            f"{'y' * n} sets the window's name, class or resource string.</p></dd></dl></li>"
            f"</ul></body></html>")  # fmt: skip


def test_a_repeated_heading_takes_the_decision_of_the_text_it_heads(
    store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The heading recurs on every page, as the banner and the related topics do; its
    text is the page's own, so it is content; with the absorbing rules off (enclosed_run
    0) it is template, as it is without this rule alone."""
    streams = {run: UrlTreeStream(["strict"], NO_RULES, store=store, enclosed_run=run)
               for run in (0, 12)}  # fmt: skip
    pages = [_options_page(n) for n in range(6)]
    judged = _judge_last(streams, pages)
    assert judged[0]["CONFIGURATION OPTIONS :"] and not judged[12]["CONFIGURATION OPTIONS :"]
    for template in ("The Window Manager's Manual", "Gravity of windows", "Database of styles"):
        assert judged[12][template]
    # Without the rule (and every other rule on) it stays template: this rule turns it.
    import kehr_engine.urltree.stream as stream_module

    monkeypatch.setattr(stream_module, "headings_with_their_text", lambda labels, *a, **k: labels)
    fresh = {12: UrlTreeStream(["strict"], NO_RULES, store=store, enclosed_run=12)}
    assert _judge_last(fresh, pages)[12]["CONFIGURATION OPTIONS :"]


def _crate_page(n: int) -> str:
    """rustdoc's shape: the page's own title and text, then a long section the
    generator repeats on every page, inside the same container; a menu outside it."""
    repeated = "".join(f"<div><p>Performs the conversion the same way, number {k}.</p></div>"
                       for k in range(15))  # fmt: skip
    return (f"<html><body><nav><ul><li><a href=/>All items of the whole crate</a></li></ul>"
            f"</nav><section><h1>Struct number {n} {'x' * n} of the crate</h1><div><p>Struct "
            f"{n} {'y' * n} is a word of Rust code with a meaning.</p></div>"
            f"<h2>Blanket Implementations</h2>{repeated}</section></body></html>")  # fmt: skip


def test_a_repeated_section_inside_the_content_container_is_content(store: str) -> None:
    streams = {share: UrlTreeStream(["strict"], NO_RULES, store=store, container_share=share)
               for share in (0.0, 0.9)}  # fmt: skip
    judged = _judge_last(streams, [_crate_page(n) for n in range(6)])
    conversion = "Performs the conversion the same way, number 14."
    assert judged[0.0][conversion] and judged[0.0]["Blanket Implementations"]
    assert not judged[0.9][conversion] and not judged[0.9]["Blanket Implementations"]
    assert judged[0.9]["All items of the whole crate"]  # the menu is outside
    assert not judged[0.9]["Struct number 5 xxxxx of the crate"]


def _chrome_page(n: int, sidebar: str = "div") -> str:
    """gi-docgen's shape: a sidebar ending in a short generator line and a short footer
    beside the content, in one wrapper; the content's first and last paragraphs are
    the long blocks nearest to them."""
    return (f"<html><body><div class=wrap><{sidebar}><p>Generated by gen 2.2</p>"
            f"</{sidebar}><section>"
            f"<h1>Class number {n} {'x' * n} of the library</h1><p>Class {n} {'y' * n} lays "
            f"out a paragraph of text in lines.</p><h2>Parameters</h2><p>The width {n} "
            f"{'z' * n} of the lines, in device units.</p></section><div><p>Last edited</p>"
            f"</div></div></body></html>")  # fmt: skip


def test_outside_the_content_container_a_short_template_block_stays_template(
    store: str,
) -> None:
    streams = {share: UrlTreeStream(["strict"], NO_RULES, store=store, container_share=share)
               for share in (0.0, 0.9)}  # fmt: skip
    judged = _judge_last(streams, [_chrome_page(n) for n in range(6)])
    for chrome in ("Generated by gen 2.2", "Last edited"):
        assert not judged[0.0][chrome]  # inherited from the content beside it
        assert judged[0.9][chrome]  # outside <section>: its own count stands
    assert not judged[0.9]["Parameters"]  # inside: inherited as before
    assert not judged[0.9]["Class number 5 xxxxx of the library"]
    # A sidebar that is a navigation landmark keeps its own count with no container too.
    streams = {0.0: UrlTreeStream(["strict"], NO_RULES, store=store, container_share=0.0)}
    judged = _judge_last(streams, [_chrome_page(n, "nav") for n in range(6)])
    assert judged[0.0]["Generated by gen 2.2"] and not judged[0.0]["Last edited"]


def test_the_container_rule_survives_a_snapshot_and_older_snapshots_had_none() -> None:
    import gzip
    import json

    stream = UrlTreeStream(["strict"], NO_RULES, container_share=0.6)
    assert UrlTreeStream.restore(stream.snapshot()).container_share == 0.6
    assert UrlTreeStream.restore(UrlTreeStream(["strict"]).snapshot()).container_share == 0.9
    state = json.loads(gzip.decompress(stream.snapshot()))
    state["unit"] = state["unit"][:3]  # as written before the rule
    restored = UrlTreeStream.restore(gzip.compress(json.dumps(state).encode()))
    assert restored.container_share == 0.0 and restored.enclosed_run == 12
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match="container_share"):
            UrlTreeStream(["strict"], container_share=bad)


def test_the_enclosed_run_survives_a_snapshot_and_older_snapshots_had_none() -> None:
    import gzip
    import json

    stream = UrlTreeStream(["strict"], NO_RULES, enclosed_run=2)
    assert UrlTreeStream.restore(stream.snapshot()).enclosed_run == 2
    assert UrlTreeStream.restore(UrlTreeStream(["strict"]).snapshot()).enclosed_run == 12
    state = json.loads(gzip.decompress(stream.snapshot()))
    state["unit"] = state["unit"][:2]  # as version 2 wrote it before the rule
    assert UrlTreeStream.restore(gzip.compress(json.dumps(state).encode())).enclosed_run == 0
    with pytest.raises(ValueError, match="enclosed_run"):
        UrlTreeStream(["strict"], enclosed_run=-1)


GENERATED = "The documentation for this class was generated from the following file:"


def _class_page(n: int) -> str:
    """Doxygen's shape: a header outside div.contents; inside it the class's text in two
    parts (so div.contents is its container) and the generator's closing line."""
    return (f"<html><body><div id=top><div id=projectname>The logging library, version two"
            f"</div><ul class=navpath><li>All the classes of the library</li></ul></div>"
            f"<div class=contents><p>Class number {n} {'x' * n} writes the events it is "
            f"given.</p><div class=memdoc><p>Its method number {n} {'y' * n} closes what the "
            f"class opened.</p></div><p>{GENERATED}</p><ul><li>file{n}.h</li></ul></div>"
            f"<address>Generated by the documentation tool, version one</address>"
            f"</body></html>")  # fmt: skip


# A class with no text of its own: two member names and the closing line in div.contents.
SHORT_CLASS_PAGE = _class_page(0).replace(
    _class_page(0)[_class_page(0).index("<p>Class") : _class_page(0).index(f"<p>{GENERATED}")],
    "<table><tr><td>close()</td></tr><tr><td>open()</td></tr></table>",
)


def test_a_page_without_text_of_its_own_takes_the_sites_container(store: str) -> None:
    """On the short page no long block is content, so it has no container of its own; the
    site's pages keep their text in div.contents, and the closing line the generator
    repeats there is the page's, while the header stays template."""

    def streams() -> dict:
        return {share: UrlTreeStream(["strict"], NO_RULES, store=store,
                                     site_container_share=share)
                for share in (0.0, 0.5)}  # fmt: skip

    pages = [_class_page(n) for n in range(1, 7)]
    judged = _judge_last(streams(), [*pages, SHORT_CLASS_PAGE])
    assert judged[0.0][GENERATED] and not judged[0.5][GENERATED]
    for share in (0.0, 0.5):
        assert judged[share]["The logging library, version two"]
        assert judged[share]["Generated by the documentation tool, version one"]
    # On a page with text of its own, its own container is the site's: the same labels.
    judged = _judge_last(streams(), [*pages, _class_page(9)])
    assert judged[0.0] == judged[0.5] and not judged[0.5][GENERATED]


def test_the_sites_container_survives_a_snapshot_and_older_snapshots_had_none() -> None:
    import gzip
    import json

    stream = UrlTreeStream(["strict"], NO_RULES)
    assert stream.site_container_share == 0.5
    for n in range(1, 7):
        segmented = segment(_class_page(n).encode(), "http://e.org/")
        stream.process(StreamDocument.from_document(
            f"http://e.org/{n}", segmented.document, len(segmented.node_texts), n))  # fmt: skip
    restored = UrlTreeStream.restore(stream.snapshot())
    assert restored.containers["e.org"]["strict"].counts == (
        stream.containers["e.org"]["strict"].counts
    )
    segmented = segment(SHORT_CLASS_PAGE.encode(), "http://e.org/")
    short = StreamDocument.from_document(
        "http://e.org/short", segmented.document, len(segmented.node_texts), 7
    )
    assert (restored.process(short).boilerplate["strict"]
            == stream.process(short).boilerplate["strict"]).all()  # fmt: skip
    state = json.loads(gzip.decompress(stream.snapshot()))
    state["unit"] = state["unit"][:4]  # as written before the site's container
    del state["containers"]
    older = UrlTreeStream.restore(gzip.compress(json.dumps(state).encode()))
    assert older.site_container_share == 0.0 and older.containers == {}
    with pytest.raises(ValueError, match=r"^site_container_share must be in"):
        UrlTreeStream(["strict"], site_container_share=2.0)


def _manual_page(n: int) -> str:
    """makeinfo's shape: a header naming the next, previous and parent pages (other
    links on every page, the same words around them), then the page's own text."""
    return (f"<html><body><div class=header><p>Next: <a href=/{n + 1}>{TOPICS[n + 1]}</a>, "
            f"Previous: <a href=/{n - 1}>{TOPICS[n - 1]}</a>, Up: <a href=/>Top</a></p>"
            f"</div><h2>{TOPICS[n]}</h2><p>The chapter on {TOPICS[n]} explains one more "
            f"thing about vectors.</p></body></html>")  # fmt: skip


# Letters tell the topics apart: the block hash keeps letters only.
TOPICS = "Basics Arrays Strings Vectors Matrices Loops Functions Errors Plots Files".split()


def test_a_navigation_row_whose_links_change_is_counted_by_its_skeleton(store: str) -> None:
    streams = {flag: UrlTreeStream(["strict"], NO_RULES, store=store, link_skeletons=flag)
               for flag in (False, True)}  # fmt: skip
    judged = _judge_last(streams, [_manual_page(n) for n in range(1, 9)])
    # By its whole text the header is new on every page; by its skeleton it is template.
    assert not judged[False]["Files"] and not judged[False]["Next:"]
    assert judged[True]["Files"] and judged[True]["Errors"] and judged[True]["Next:"]
    own = "The chapter on Plots explains one more thing about vectors."
    assert not judged[True][own] and not judged[True]["Plots"]


def test_link_skeletons_survive_a_snapshot_and_older_snapshots_had_none() -> None:
    import gzip
    import json

    stream = UrlTreeStream(["strict"], NO_RULES, link_skeletons=False)
    assert UrlTreeStream.restore(stream.snapshot()).link_skeletons is False
    assert UrlTreeStream.restore(UrlTreeStream(["strict"]).snapshot()).link_skeletons is True
    state = json.loads(gzip.decompress(UrlTreeStream(["strict"]).snapshot()))
    state["unit"] = state["unit"][:5]  # as written before link skeletons
    older = UrlTreeStream.restore(gzip.compress(json.dumps(state).encode()))
    assert older.link_skeletons is False and older.site_container_share == 0.5


def _tool_page(n: int) -> str:
    """NTPsec's shape: the page's title in its header, then a menu naming every page by
    its title (a link and its description), then the page's text."""
    menu = "".join(f"<li><a href=/{k}>{w}</a> - the {w} tool</li>" for k, w in enumerate(TOPICS))
    return (f"<html><body><div class=header><h1>{TOPICS[n]} - the {TOPICS[n]} tool</h1>"
            f"</div><div class=menu><h2>Tools</h2><ul>{menu}</ul></div><p>The {TOPICS[n]} "
            f"tool {'x' * n} does one more thing with vectors.</p></body></html>")  # fmt: skip


def test_a_title_that_menus_name_counts_against_headings_only(store: str) -> None:
    streams = {flag: UrlTreeStream(["strict"], NO_RULES, store=store, headings_apart=flag)
               for flag in (False, True)}  # fmt: skip
    judged = _judge_last(streams, [_tool_page(n) for n in range(8)])
    title = "Errors - the Errors tool"  # the last page, /7
    # Every page's menu names the page by its title: by its text alone the title recurs.
    assert judged[False][title]
    assert not judged[True][title]
    # A heading that recurs as a heading stays template, and the menu with it.
    assert judged[True]["Tools"] and judged[True]["Loops"] and judged[True]["Files"]


def test_headings_apart_survives_a_snapshot_and_older_snapshots_had_it_off() -> None:
    import gzip
    import json

    stream = UrlTreeStream(["strict"], NO_RULES, headings_apart=False)
    assert UrlTreeStream.restore(stream.snapshot()).headings_apart is False
    assert UrlTreeStream.restore(UrlTreeStream(["strict"]).snapshot()).headings_apart is True
    state = json.loads(gzip.decompress(UrlTreeStream(["strict"]).snapshot()))
    state["unit"] = state["unit"][:6]  # as written before headings were counted apart
    older = UrlTreeStream.restore(gzip.compress(json.dumps(state).encode()))
    assert older.headings_apart is False and older.link_skeletons is True


def _buttons_page(n: int) -> str:
    """Macaulay2's shape: a row of buttons with the same words on every page, each a link
    or plain text depending on whether the page has that neighbour."""
    items = [f"<a href=/{n}/{w}>{w}</a>" if (n >> k) & 1 else w
             for k, w in enumerate(("next", "previous", "forward", "backward"))]  # fmt: skip
    return (f"<html><body><div class=buttons><p>{' | '.join(items)} | <a href=/>top</a> | "
            f"<a href=/i>index</a></p></div><h2>{TOPICS[n % 10]}</h2><p>The chapter on "
            f"{TOPICS[n % 10]} {'x' * n} explains one more thing.</p></body></html>")  # fmt: skip


def test_a_row_with_the_same_words_stays_template_whichever_items_are_links(
    store: str,
) -> None:
    """Its skeleton differs from page to page, its text does not: a block is template
    when either recurs."""
    streams = {"default": UrlTreeStream(["strict"], NO_RULES, store=store)}
    pages = [_buttons_page(n) for n in (1, 2, 4, 8, 3, 5, 6, 9)]
    judged = _judge_last(streams, pages)["default"]
    # Counted by its skeleton alone, no page's row recurred often enough.
    assert judged["next"] and judged["| previous | forward |"] and judged["top"]
    assert not judged["The chapter on Files xxxxxxxxx explains one more thing."]


def _member_page(n: int) -> str:
    rows = "".join(
        f"<tr><td><a href='#m{k}'>member{k}</a></td><td>Member {k} of widget {n} "
        f"{'z' * n} sets its value. <a href='#m{k}-details'>More...</a></td></tr>"
        for k in range(4)
    )
    return (f"<html><body><div class=nav><ul><li><a href=/>Home of the whole site</a></li>"
            f"</ul></div><div class=main><h1>Widget number {n} {'x' * n}</h1>"
            f"<table>{rows}</table></div></body></html>")  # fmt: skip


def test_a_jump_is_template_where_the_absorbing_rules_are_on(store: str) -> None:
    """Doxygen's "More..." ends each member's description, one text to a target of its
    own each: the generator's jump, template, while the description stays content; with
    the absorbing rules off (the paper's blocks alone) it keeps its block's decision."""
    streams = {run: UrlTreeStream(["strict"], NO_RULES, store=store, enclosed_run=run)
               for run in (0, 3)}  # fmt: skip
    for n, html in enumerate(_member_page(n) for n in range(6)):
        segmented = segment(html.encode(), "http://e.org/")
        document = StreamDocument.from_document(
            f"http://e.org/{n}", segmented.document, len(segmented.node_texts), n
        )
        outcomes = {run: stream.process(document) for run, stream in streams.items()}
    texts = [t.strip() for t in segmented.node_texts]
    for run, jump in ((3, True), (0, False)):
        judged = list(zip(texts, outcomes[run].boilerplate["strict"].tolist(), strict=True))
        assert [b for t, b in judged if t == "More..."] == [jump] * 4, run
        assert not any(b for t, b in judged if t.startswith("Member ")), run
        assert dict(judged)["Home of the whole site"], run
