"""The standalone visual diff: classes on the right nodes, the bar and legend, no scripts,
the sandbox header, the download variant, staff only; sources and the staff pages."""

from __future__ import annotations

import lxml.html
import pytest
from django.test import Client

from annotations.labels import encode
from annotations.services import submit_labels
from comparison import sources
from comparison.render import BAR_TAG, DiffHeader, render_pair_diff, render_reference_diff
from corpora.ingest import add_page
from corpora.models import Corpus
from corpora.segmenter import read_node_texts, segment
from gold.merge import merge_corpus
from tutorial.models import TutorialStep

B, U, G = 1, 2, 3

HOSTILE = """<!DOCTYPE html>
<html><head><title>Hostile page</title>
<meta http-equiv="refresh" content="0; url=https://evil.example/">
<script>document.title = "owned"</script></head>
<body onload="steal()">
<nav><a href="javascript:steal()">Home</a> <a href="/news" onclick="steal()">News</a></nav>
<h1>Headline</h1>
<p>First paragraph with running text.</p>
<script>var x = 1;</script>
<p>Second paragraph.</p>
<noscript><p>Enable JavaScript</p></noscript>
<iframe srcdoc="<script>steal()</script>" src="javascript:steal()"></iframe>
<footer>Footer text</footer>
</body></html>
"""
# nodes: 0 Home, 1 News, 2 Headline, 3 First paragraph, 4 Second paragraph,
# 5 Enable JavaScript (in <noscript>), 6 Footer
LEARNER = [B, G, G, G, 0, G, B]
REFERENCE = [B, B, G, G, G, 0, B]
OTHER = [0, B, G, B, G, 0, B]
HEADER = DiffHeader(
    page_title="Hostile page",
    page_url="https://site.example/hostile",
    a_name="submission 1 by anna",
    b_name="tutorial reference",
    proxy_help="http://kehr.proxy/",
)


def nodes_of(document: str) -> dict[int, lxml.html.HtmlElement]:
    root = lxml.html.document_fromstring(document)
    return {int(el.attrib["data-i"]): el for el in root.iter("kehr-t")}


@pytest.fixture
def hostile():
    return segment(HOSTILE, "https://site.example/hostile")


# --------------------------------------------------------------------------- rendering


def test_the_hostile_page_has_the_nodes_the_tests_assume(hostile):
    assert [t.strip() for t in hostile.node_texts] == [
        "Home",
        "News",
        "Headline",
        "First paragraph with running text.",
        "Second paragraph.",
        "Enable JavaScript",
        "Footer text",
    ]


def test_a_reference_diff_classes_every_node_by_its_result(hostile):
    document, comparison = render_reference_diff(
        hostile.document, LEARNER, REFERENCE, hostile.node_tokens, HEADER
    )
    assert comparison.result_list() == [0, 1, 0, 0, 2, -1, 0]
    nodes = nodes_of(document)
    assert nodes[0].get("class") == "kd-correct kd-ref-1"  # light red
    assert nodes[1].get("class") == "kd-wrong kd-ref-1"  # saturated colour of the reference
    assert nodes[2].get("class") == "kd-correct kd-ref-3"
    assert nodes[4].get("class") == "kd-missed kd-ref-3"
    assert nodes[5].get("class") == "kd-unscored"
    assert nodes[1].get("title") == "node 1: A good, reference bad (wrong)"
    assert "not scored" in nodes[5].get("title", "")


def test_a_side_by_side_diff_shows_agreement_and_both_tags(hostile):
    document, pair = render_pair_diff(hostile.document, LEARNER, OTHER, hostile.node_tokens, HEADER)
    assert pair.counts() == {"same": 2, "different": 2, "only_a": 2, "only_b": 1, "neither": 0}
    nodes = nodes_of(document)
    assert nodes[0].get("class") == "kd-only-a kd-a-1"
    assert nodes[1].get("class") == "kd-different kd-a-3 kd-b-1"
    assert nodes[2].get("class") == "kd-same kd-a-3 kd-b-3"
    assert nodes[3].get("class") == "kd-different kd-a-3 kd-b-1"
    assert nodes[4].get("class") == "kd-only-b kd-b-3"
    assert nodes[1].get("title") == "node 1: A good, B bad"


def test_the_diff_runs_no_script_and_keeps_every_text_node(hostile):
    document, _ = render_reference_diff(
        hostile.document, LEARNER, REFERENCE, hostile.node_tokens, HEADER
    )
    lowered = document.lower()
    assert "<script" not in lowered
    assert "javascript:" not in lowered
    assert "onload" not in lowered and "onclick" not in lowered
    assert "srcdoc" not in lowered
    assert 'http-equiv="refresh"' not in lowered
    assert "script-src 'none'" in document  # also inert when opened from disk
    assert read_node_texts(document) == hostile.node_texts  # nothing lost or renumbered
    root = lxml.html.document_fromstring(document)
    base, head = root.find(".//base"), root.find("head")
    assert base is not None and head is not None
    assert base.get("href") == "https://site.example/hostile"
    assert head[0].get("charset") == "utf-8"  # still first, then the script ban
    assert head[1].get("http-equiv") == "Content-Security-Policy"
    # Shown as annotators saw it (scripts off), also when the file is opened from disk.
    assert "<noscript" not in lowered
    parent = nodes_of(document)[5].getparent()
    assert parent is not None
    grandparent = parent.getparent()
    assert grandparent is not None and grandparent.tag == "kehr-noscript"


def test_the_bar_names_the_page_the_vectors_and_the_scores(hostile):
    document, _ = render_reference_diff(
        hostile.document, LEARNER, REFERENCE, hostile.node_tokens, HEADER
    )
    root = lxml.html.document_fromstring(document)
    body = root.find("body")
    assert body is not None
    bar = body[0]
    assert bar.tag == BAR_TAG  # first thing in the body, sticky at the top
    text = bar.text_content()
    assert "Hostile page" in text and "https://site.example/hostile" in text
    assert "submission 1 by anna" in text and "tutorial reference" in text
    assert "4 of 6 scored" in text  # nodes 0, 2, 3, 6 correct; node 5 is not scored
    assert "1 wrong" in text and "1 missed" in text and "1 not scored" in text
    assert "replay proxy" in text
    legend = {span.get("class") for span in bar.iter("span")}
    assert {"kd-swatch kd-correct kd-ref-1", "kd-swatch kd-wrong kd-ref-3"} <= legend
    assert "kd-swatch kd-missed kd-ref-3" in legend
    style = root.get_element_by_id("kehr-diff-style").text
    assert style is not None
    assert ".kd-wrong.kd-ref-1" in style and "!important" in style


def test_page_text_cannot_break_out_of_the_bar(hostile):
    header = DiffHeader(
        page_title="<script>alert(1)</script>", page_url='https://x/"><b>', a_name="<i>", b_name="B"
    )
    document, _ = render_pair_diff(hostile.document, LEARNER, OTHER, None, header)
    assert "<script" not in document.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in document


# --------------------------------------------------------------------------- sources


@pytest.fixture
def merged_page(corpus, make_user):
    corpus.min_submissions = 2
    corpus.save()
    page = add_page(corpus, HOSTILE, url="https://site.example/hostile")
    users = [make_user("ann1"), make_user("ann2")]
    first = submit_labels(page_id=page.pk, user=users[0], labels=LEARNER).submission
    second = submit_labels(page_id=page.pk, user=users[1], labels=LEARNER).submission
    merge_corpus(corpus)
    return page, first, second


def test_sources_resolve_submissions_gold_and_references(merged_page, pages):
    page, first, _second = merged_page
    assert sources.resolve(page, f"submission:{first.pk}").labels == bytes(LEARNER)
    assert sources.resolve(page, "gold").labels == bytes(LEARNER)  # two alike: the majority
    with pytest.raises(sources.SourceError, match="has no tutorial reference"):
        sources.resolve(page, "reference")
    with pytest.raises(sources.SourceError, match="Unknown source 'oracle:x'"):
        sources.resolve(page, "oracle:x")
    # Now that the learning app registers classifiers, a model it does not know is named.
    with pytest.raises(sources.SourceError, match="No model named 'x'"):
        sources.resolve(page, "classifier:x")
    other = submit_labels(page_id=pages[1].pk, user=first.user, labels=[3] * 10).submission
    with pytest.raises(sources.SourceError, match=f"belongs to page {pages[1].pk}"):
        sources.resolve(page, f"submission:{other.pk}")
    with pytest.raises(sources.SourceError, match="write submission:<id>"):
        sources.resolve(page, "submission:abc")
    specs = [spec for spec, _name in sources.choices(page)]
    assert specs == [f"submission:{first.pk}", f"submission:{_second.pk}", "gold"]


def test_a_new_kind_of_source_registers_itself(merged_page):
    page, *_ = merged_page
    kind = sources.SourceKind(
        "constant",
        resolve=lambda p, arg: sources.Vector("constant", "all good", "constant", bytes([G] * 7)),
        choices=lambda p: [("constant", "all good")],
    )
    sources.register(kind)
    try:
        assert sources.resolve(page, "constant").labels == bytes([G] * 7)
        assert ("constant", "all good") in sources.choices(page)
    finally:
        del sources.SOURCES["constant"]


def test_gold_is_missing_before_a_merge(corpus, annotator):
    page = add_page(corpus, HOSTILE, url="https://site.example/h2")
    submit_labels(page_id=page.pk, user=annotator, labels=LEARNER)
    with pytest.raises(sources.SourceError, match="no merged gold standard yet"):
        sources.resolve(page, "gold")


# --------------------------------------------------------------------------- the staff views


@pytest.fixture
def staff_client(staff) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def diff_path(page, a, b, **extra):
    query = "&".join(f"{k}={v}" for k, v in {"a": a, "b": b, **extra}.items())
    return f"/staff/diff/pages/{page.pk}/view/?{query}"


def test_staff_open_a_submission_against_gold(staff_client, merged_page):
    page, first, _ = merged_page
    response = staff_client.get(diff_path(page, f"submission:{first.pk}", "gold"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/html; charset=utf-8"
    assert response["Content-Security-Policy"].startswith("sandbox")
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Disposition"].startswith("inline;")
    document = response.content.decode()
    assert "<script" not in document.lower()
    nodes = nodes_of(document)
    assert all(nodes[i].get("class", "").startswith("kd-same") for i in (0, 1, 2, 3, 5, 6))
    assert nodes[4].get("class") == "kd-neither"  # untagged on both sides
    assert "gold standard" in document


def test_the_download_variant_is_an_attachment(staff_client, merged_page):
    page, first, second = merged_page
    response = staff_client.get(
        diff_path(page, f"submission:{first.pk}", f"submission:{second.pk}", download=1)
    )
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'attachment; filename="kehr-diff-page-{page.pk}-submission-{first.pk}-vs-submission-'
        f'{second.pk}.html"'
    )
    assert response["Content-Security-Policy"].startswith("sandbox")


def test_a_tutorial_reference_diff_uses_tutorial_colours(staff_client, make_user):
    corpus = Corpus.objects.create(name="Tut", slug="tut", kind=Corpus.Kind.TUTORIAL)
    page = add_page(corpus, HOSTILE, url="https://site.example/hostile")
    TutorialStep.objects.create(
        corpus=corpus, page=page, position=1, reference_labels=encode(REFERENCE)
    )
    learner = submit_labels(page_id=page.pk, user=make_user("lea"), labels=LEARNER).submission
    # The reference given as A still plays B: the learner is judged against it.
    response = staff_client.get(diff_path(page, "reference", f"submission:{learner.pk}"))
    assert response.status_code == 200
    nodes = nodes_of(response.content.decode())
    assert nodes[1].get("class") == "kd-wrong kd-ref-1"
    assert nodes[4].get("class") == "kd-missed kd-ref-3"
    # mode=pair shows the same two side by side instead.
    pair = staff_client.get(diff_path(page, f"submission:{learner.pk}", "reference", mode="pair"))
    assert nodes_of(pair.content.decode())[1].get("class") == "kd-different kd-a-3 kd-b-1"


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("a=gold", "Name two vectors"),
        ("a=gold&b=nothing", "Unknown source 'nothing'"),
        ("a=gold&b=gold&mode=fancy", "Unknown mode 'fancy'"),
        ("a=gold&b=submission:999999", "No submission with id 999999"),
    ],
)
def test_bad_requests_say_what_is_wrong(staff_client, merged_page, query, message):
    page, *_ = merged_page
    response = staff_client.get(f"/staff/diff/pages/{page.pk}/view/?{query}")
    assert response.status_code == 400
    assert message in response.content.decode()


def test_diffs_are_for_staff_only(client, api, annotator, merged_page):
    page, first, _ = merged_page
    path = diff_path(page, f"submission:{first.pk}", "gold")
    assert client.get(path).status_code == 302  # anonymous: to the admin login
    client.force_login(annotator)
    for url in (path, f"/staff/diff/pages/{page.pk}/"):
        response = client.get(url)
        assert response.status_code == 302
        assert "/admin/login/" in response["Location"]
    assert api.get(path).status_code == 302  # an API token is no staff session


def test_the_compare_page_links_every_submission(staff_client, merged_page):
    page, first, second = merged_page
    response = staff_client.get(f"/staff/diff/pages/{page.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f"a=submission%3A{first.pk}&amp;b=gold" in html
    assert f"a=submission%3A{second.pk}&amp;b=gold" in html
    assert f'<option value="submission:{first.pk}" selected>' in html
    assert '<option value="gold" selected>' in html


def test_the_dashboard_and_the_admin_link_to_diffs(admin_client, merged_page):
    page, first, _ = merged_page
    pages = admin_client.get(f"/staff/gold/{page.corpus.slug}/pages/").content.decode()
    assert f"/staff/diff/pages/{page.pk}/" in pages
    admin_list = admin_client.get("/admin/annotations/submission/").content.decode()
    assert f"/staff/diff/pages/{page.pk}/view/?a=submission%3A{first.pk}&amp;b=gold" in admin_list
    detail = admin_client.get(f"/admin/annotations/submission/{first.pk}/change/").content.decode()
    assert "vs gold" in detail and "vs reference" not in detail


def test_the_diff_index_leads_from_a_corpus_to_a_page_and_its_sources(staff_client, merged_page):
    """Issue 26, item 17: /staff/diff/ answered 404 although the docs call it the diff."""
    page, first, _ = merged_page
    start = staff_client.get("/staff/diff/")
    assert start.status_code == 200
    assert f'<option value="{page.corpus.slug}"' in start.content.decode()
    listing = staff_client.get(f"/staff/diff/?corpus={page.corpus.slug}").content.decode()
    assert f'href="/staff/diff/pages/{page.pk}/"' in listing
    # The page's view offers the two sources to compare.
    chooser = staff_client.get(f"/staff/diff/pages/{page.pk}/").content.decode()
    assert f'<option value="submission:{first.pk}"' in chooser
    jump = staff_client.get(f"/staff/diff/?page_id={page.pk}")
    assert jump.status_code == 302 and jump["Location"] == f"/staff/diff/pages/{page.pk}/"
    # Unknown corpus or page: say so, on the same chooser.
    for query, message in (("corpus=nope", "No corpus &#x27;nope&#x27;"),
                           ("page_id=999999", "No page with the id &#x27;999999&#x27;"),
                           ("page_id=x1", "No page with the id &#x27;x1&#x27;")):  # fmt: skip
        response = staff_client.get(f"/staff/diff/?{query}")
        assert response.status_code == 404 and message in response.content.decode()
    # One id rule (kehr.ids): other digits do not name page 1, and a number past bigint is
    # no page, not a database error.
    arabic_indic = "".join(chr(0x660 + int(digit)) for digit in str(page.pk))
    for raw in (arabic_indic, "9" * 25):
        response = staff_client.get("/staff/diff/", {"page_id": raw})
        assert response.status_code == 404 and "No page with the id" in response.content.decode()
