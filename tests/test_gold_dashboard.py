"""The staff stats dashboard: figures, charts, tables with CSV, ties and exclusions."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from typing import Any
from xml.etree import ElementTree

import numpy as np
import pytest
from django.test import Client
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

import gold.stats as stats_module
from annotations.services import submit_labels
from corpora.ingest import add_page
from gold import charts, quality
from gold.merge import merge_corpus
from gold.models import CorpusStats, PageGold, TieDecision, UserExclusion
from gold.stats import compute_corpus_stats, refresh_corpus_stats, tag_bias_from_tables
from tests.conftest import make_page
from tests.expect import present

B, U, G = 1, 2, 3
NODES = 10
SVG = "{http://www.w3.org/2000/svg}"


def submit(page, user, labels, minutes: float | None = None):
    started = None if minutes is None else timezone.now() - timedelta(minutes=minutes)
    return submit_labels(page_id=page.pk, user=user, labels=list(labels), started_at=started)


@pytest.fixture
def merged(corpus, pages, make_user):
    """Five pages, three coders each; page 0 has ties on nodes 0 and 1."""
    corpus.min_submissions = 3
    corpus.save()
    users = [make_user(f"coder{i}") for i in range(3)]
    for number, page in enumerate(pages):
        submit(page, users[0], [G] * NODES, minutes=5 + number / 5)
        submit(page, users[1], [G] * NODES, minutes=5)
        third = [B, B] + [G] * 8 if number == 0 else [G] * NODES
        if number == 0:
            submit(page, users[0], [B] * NODES, minutes=5)
            submit(page, users[1], [G] * NODES, minutes=5)
            third = [0, 0] + [G] * 8
        submit(page, users[2], third, minutes=600 if number == 4 else 6)
    merge_corpus(corpus)
    refresh_corpus_stats(corpus)
    return corpus


@pytest.fixture
def staff_client(staff) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def svg_bars(svg: str) -> list[float]:
    root = ElementTree.fromstring(svg)
    return [float(rect.attrib["data-value"]) for rect in root.iter(f"{SVG}rect")]


# --------------------------------------------------------------------------- access


@pytest.mark.parametrize("path", ["/staff/gold/", "/staff/gold/test/", "/staff/gold/test/ties/",
                                  "/staff/gold/test/csv/status.csv",
                                  "/staff/gold/test/export/jsonl/"])  # fmt: skip
def test_dashboard_is_for_staff_only(client, corpus, annotator, path):
    response = client.get(path)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    client.force_login(annotator)
    response = client.get(path)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_admin_index_links_the_dashboard(admin_client):
    response = admin_client.get("/admin/")
    assert 'href="/staff/gold/"' in response.content.decode()


# --------------------------------------------------------------------------- pages


def test_corpus_dashboard_shows_charts_and_figures(merged, staff_client):
    response = staff_client.get("/staff/gold/test/")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="kehr-chart"') == 7
    assert "Unresolved ties" in html and "2 tied nodes without a gold label on" in html
    for name in ("status", "ties", "agreement", "submissions-per-page", "annotators-at-least",
                 "annotation-times", "annotators", "tag-bias"):  # fmt: skip
        assert f"/staff/gold/test/csv/{name}.csv" in html
    for fmt in ("jsonl", "csv", "text", "html"):
        assert f"/staff/gold/test/export/{fmt}/" in html
    index = staff_client.get("/staff/gold/").content.decode()
    assert "/staff/gold/test/" in index


def test_tag_bias_panel_says_what_it_needs_before_it_can_judge(merged, staff_client):
    """Three annotators with under 50 nodes each: nobody is judged yet, and the panel says why."""
    html = staff_client.get("/staff/gold/test/").content.decode()
    panel = html.split('id="bias"')[1].split('class="gold-csv"')[0]
    assert "No data yet" not in panel
    assert "No annotator judged yet: each needs 300 nodes compared with the gold" in panel
    assert (
        "Outliers are flagged once 5 annotators are judged, each on at least 300 of their "
        "nodes compared with the gold standard. Judged now: 0 of 3 (most so far: 48 nodes)."
    ) in " ".join(panel.split())
    assert "No annotator is a strong outlier" not in panel  # it cannot know yet


def test_dashboard_without_figures_says_so(corpus, staff_client):
    html = staff_client.get("/staff/gold/test/").content.decode()
    assert "No figures yet" in html
    assert 'class="kehr-chart"' not in html


def test_dashboard_cost_does_not_grow_with_the_corpus(merged, staff_client, pages,
                                                      django_assert_max_num_queries):  # fmt: skip
    staff_client.get("/staff/gold/test/")  # warm up session and content types
    # 8, plus one per export source that offers its vectors for the download links
    # (classifier, dbce, urltree): a constant, not a query per page.
    budget = 8 + 3
    with django_assert_max_num_queries(budget):
        staff_client.get("/staff/gold/test/")
    for n in range(10, 60):
        make_page(merged, n)
    refresh_corpus_stats(merged)
    with django_assert_max_num_queries(budget):
        response = staff_client.get("/staff/gold/test/")
    assert response.status_code == 200


def test_page_status_list_filters_and_pages(merged, staff_client):
    html = staff_client.get("/staff/gold/test/pages/?status=unresolved").content.decode()
    page0 = PageGold.objects.get(status=PageGold.Status.UNRESOLVED).page_id
    assert f"/admin/corpora/page/{page0}/change/" in html
    assert html.count("/admin/corpora/page/") == 1
    html = staff_client.get("/staff/gold/test/pages/").content.decode()
    assert html.count("/admin/corpora/page/") == 5


def test_staff_decide_a_tie_on_the_dashboard(merged, staff_client, staff):
    gold = PageGold.objects.get(status=PageGold.Status.UNRESOLVED)
    listing = staff_client.get("/staff/gold/test/ties/").content.decode()
    assert f"/staff/gold/test/ties/{gold.page_id}/" in listing
    page_html = staff_client.get(f"/staff/gold/test/ties/{gold.page_id}/").content.decode()
    assert "Home" in page_html and "News" in page_html  # the tied nodes' texts
    response = staff_client.post(
        f"/staff/gold/test/ties/{gold.page_id}/decide/", {"node": 0, "label": 3, "note": "menu"}
    )
    assert response.status_code == 302
    decision = TieDecision.objects.get(page_id=gold.page_id, node=0)
    assert (decision.label, decision.decided_by, decision.note) == (3, staff, "menu")
    gold.refresh_from_db()
    assert gold.label_list[0] == G and gold.unresolved_nodes == [1]
    # A node that is not a tie: refused with the reason, nothing stored.
    response = staff_client.post(
        f"/staff/gold/test/ties/{gold.page_id}/decide/", {"node": 5, "label": 1}, follow=True
    )
    assert "is not a tie" in response.content.decode()
    assert not TieDecision.objects.filter(node=5).exists()
    staff_client.post(f"/staff/gold/test/ties/{gold.page_id}/decide/", {"node": 0, "withdraw": 1})
    assert not TieDecision.objects.filter(page_id=gold.page_id).exists()


def test_staff_exclude_and_include_an_annotator(merged, staff_client, django_user_model):
    coder = django_user_model.objects.get(username="coder2")
    staff_client.post("/staff/gold/test/annotators/exclusion/", {"user": coder.pk, "reason": ""})
    assert not UserExclusion.objects.exists()  # a reason is required
    staff_client.post(
        "/staff/gold/test/annotators/exclusion/", {"user": coder.pk, "reason": "copied"}
    )
    assert UserExclusion.objects.get().reason == "copied"
    assert PageGold.objects.filter(dirty=True).count() == 5
    html = staff_client.get("/staff/gold/test/annotators/").content.decode()
    assert "copied" in html
    staff_client.post("/staff/gold/test/annotators/exclusion/", {"user": coder.pk, "include": 1})
    assert not UserExclusion.objects.exists()


# --------------------------------------------------------------------------- CSV


def read_csv(client, name: str) -> list[dict[str, str]]:
    response = client.get(f"/staff/gold/test/csv/{name}.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    body = b"".join(response.streaming_content).decode()
    return list(csv.DictReader(io.StringIO(body)))


def test_csv_tables(merged, staff_client, pages):
    status = read_csv(staff_client, "status")
    assert len(status) == 5
    assert {row["status"] for row in status} == {"merged", "unresolved"}
    ties = read_csv(staff_client, "ties")
    assert [(row["node"], row["text"]) for row in ties] == [("0", "Home"), ("1", "News")]
    assert [row["submissions"] for row in read_csv(staff_client, "submissions-per-page")] == ["3"]
    at_least = read_csv(staff_client, "annotators-at-least")
    assert [(row["x"], row["annotators_with_at_least_x_pages"]) for row in at_least] == [
        ("1", "3"),
        ("2", "3"),
        ("5", "3"),
    ]
    times = read_csv(staff_client, "annotation-times")
    assert len(times) == 15
    assert [row["outlier"] for row in times if float(row["minutes"]) > 500] == ["True"]
    annotators = {row["username"]: row for row in read_csv(staff_client, "annotators")}
    assert annotators["coder2"]["pages"] == "5"
    assert annotators["coder2"]["timed_pages"] == "4"  # the 600-minute page is an outlier
    assert {row["username"] for row in read_csv(staff_client, "tag-bias")} == {
        "coder0", "coder1", "coder2"
    }  # fmt: skip
    agreement = {row["measure"]: row for row in read_csv(staff_client, "agreement")}
    assert agreement["pi"]["pages"] == str(PageGold.objects.filter(pi__isnull=False).count())
    assert len(read_csv(staff_client, "agreement-histogram")) == 20
    assert staff_client.get("/staff/gold/test/csv/nope.csv").status_code == 404


def test_csv_tables_never_start_a_formula(corpus, make_user):
    """Harvested node texts and chosen usernames are neutralised, numbers are not."""
    hostile = ['=HYPERLINK("http://evil.example/","E-paper")', "+1", "-x", "@SUM(A1:A2)",
               "\tTabbed"]  # fmt: skip
    body = "".join(f"<p>{text}</p>" for text in hostile)
    page = add_page(corpus, f"<html><body>{body}</body></html>", url="https://e.example/")
    corpus.min_submissions = 2
    corpus.save()
    users = [make_user("@SUM(A1)"), make_user("-2+3")]
    submit(page, users[0], [G] * page.node_count, minutes=2)
    submit(page, users[1], [B] * page.node_count, minutes=3)  # every node a tie
    merge_corpus(corpus)
    refresh_corpus_stats(corpus)
    client = Client()
    client.force_login(make_user("boss", staff=True))
    ties = read_csv(client, "ties")
    assert [row["text"] for row in ties] == ["'" + text for text in hostile]
    assert [row["votes_good"] for row in ties] == ["1"] * len(hostile)
    annotators = read_csv(client, "annotators")
    assert sorted(row["username"] for row in annotators) == ["'-2+3", "'@SUM(A1)"]
    assert {row["pages"] for row in annotators} == {"1"}


# --------------------------------------------------------------------------- figures


def test_stats_figures(merged):
    data = compute_corpus_stats(merged)
    assert data["status"] == {
        "pages": 5, "waiting": 0, "merged": 4, "unresolved": 1, "dirty": 0,
        "unresolved_nodes": 2, "excluded_users": 0,
    }  # fmt: skip
    assert data["submissions_per_page"] == [[3, 5]]
    times = data["times"]
    assert times["timed"] == 15 and times["outliers"] == 1 and times["kept"] == 14
    assert times["fences"][1] < 600
    stored = CorpusStats.objects.get(corpus=merged)
    assert not stored.stale and stored.data["status"] == data["status"]


def test_stats_mark_stale_after_a_merge(merged, pages, django_user_model):
    submit(pages[1], django_user_model.objects.create_user("late"), [B] * NODES)
    merge_corpus(merged)
    assert CorpusStats.objects.get(corpus=merged).stale


def test_tag_bias_flags_an_annotator_who_tags_everything_bad(corpus, make_user):
    """Six annotators on four 100-node pages; one tags everything bad."""
    corpus.min_submissions = 3
    corpus.save()
    body = "".join(f"<p>paragraph {i} with some words</p>" for i in range(100))
    pages = [add_page(corpus, f"<html><body>{body}</body></html>", url=f"https://b.example/{n}")
             for n in range(4)]  # fmt: skip
    rng = np.random.default_rng(5)
    users = [make_user(f"a{i}") for i in range(6)]
    for page in pages:
        truth = rng.choice([B, G], size=page.node_count, p=[0.6, 0.4])
        for user in users[:5]:
            noisy = np.where(rng.random(page.node_count) < 0.1, U, truth)
            submit(page, user, noisy.tolist())
        submit(page, users[5], [B] * page.node_count)
    merge_corpus(corpus)
    data = compute_corpus_stats(corpus)
    flagged = {e["username"] for e in data["annotators"] if e["bias"] and e["bias"]["outlier"]}
    assert flagged == {"a5"}
    assert data["bias_fence"] is not None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(0, 60), min_size=16, max_size=16), min_size=1, max_size=9))
def test_tag_bias_from_tables_equals_quality_on_nodes(cells):
    """Expanding summed tables gives exactly what quality.tag_bias gives on the nodes."""
    tables = np.array(cells, dtype=np.int64).reshape(-1, 4, 4)
    rows = [(user, code // 4, code % 4) for user, table in enumerate(cells)
            for code, count in enumerate(table) for _ in range(count)]  # fmt: skip
    users = np.array([r[0] for r in rows], dtype=np.int64)
    labels = np.array([r[1] for r in rows], dtype=np.uint8)
    gold = np.array([r[2] for r in rows], dtype=np.uint8)
    limits: dict[str, Any] = {"min_nodes": 2, "min_users": 2, "min_distance": 0.05}
    expected = quality.tag_bias(labels, gold, users, len(cells), **limits)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stats_module, "BIAS_BATCH_NODES", 50)  # several batches
        got = tag_bias_from_tables(tables, **limits)
    assert np.array_equal(got["nodes"], expected.nodes)
    for name in ("user_distribution", "bias", "distance", "disagreement", "untagged"):
        assert np.allclose(got[name], getattr(expected, name), equal_nan=True), name
    assert np.array_equal(got["judged"], expected.judged)
    assert np.array_equal(got["outlier"], expected.outlier)
    assert np.allclose(got["fence"], expected.fence, equal_nan=True)


# --------------------------------------------------------------------------- charts


def test_bar_chart_heights_are_proportional_and_labels_escaped():
    svg = charts.bar_chart(
        [charts.Bar("<b>&", 10), charts.Bar("two", 5), charts.Bar("zero", 0)],
        title="T <x>", x_label="x", y_label="y", reference=7.5, reference_label="fence",
    )  # fmt: skip
    root = ElementTree.fromstring(svg)  # well-formed: escaping worked
    rects = list(root.iter(f"{SVG}rect"))
    heights = [float(r.attrib["height"]) for r in rects]
    assert heights[0] == pytest.approx(2 * heights[1]) and heights[2] == 0
    assert "<b>&" in "".join(root.itertext())
    assert root.find(f"{SVG}line[@class='reference']") is not None


def test_histogram_needs_matching_edges():
    svg = charts.histogram([0, 1, 2], [3, 1], title="h", x_label="x", y_label="y")
    assert svg_bars(svg) == [3.0, 1.0]
    with pytest.raises(ValueError, match="one more edge"):
        charts.histogram([0, 1], [3, 1], title="h", x_label="x", y_label="y")


def test_empty_chart_says_no_data():
    assert "No data yet" in charts.bar_chart([], title="t", x_label="x", y_label="y")


@pytest.mark.parametrize(("maximum", "ticks"), [(0, [0.0, 1.0]), (7, [0, 2, 4, 6, 8]),
                                                 (1.0, [0, 0.2, 0.4, 0.6, 0.8, 1.0]),
                                                 (120, [0, 50, 100, 150])])  # fmt: skip
def test_nice_ticks(maximum, ticks):
    assert charts.nice_ticks(maximum) == pytest.approx(ticks)


# --------------------------------------------------------------------------- admin


def test_gold_admin_pages_load(merged, admin_client, django_user_model):
    gold = PageGold.objects.get(status=PageGold.Status.UNRESOLVED)
    for url, expected in [
        ("/admin/gold/pagegold/", "Merged, unresolved ties"),
        (f"/admin/gold/pagegold/{gold.pk}/change/", f"/staff/gold/test/ties/{gold.pk}/"),
        ("/admin/gold/tiedecision/add/", "Node"),
        ("/admin/gold/userexclusion/add/", "Reason"),
        ("/admin/gold/submissionexclusion/add/", "Submission"),
        (f"/admin/corpora/corpus/{merged.pk}/change/", "tie_policy"),
    ]:
        response = admin_client.get(url)
        assert response.status_code == 200, url
        assert expected in response.content.decode(), url


def test_admin_exclusion_records_who_and_marks_pages(merged, admin_client, django_user_model):
    coder = django_user_model.objects.get(username="coder1")
    response = admin_client.post(
        "/admin/gold/userexclusion/add/",
        {"corpus": merged.pk, "user": coder.pk, "reason": "bot", "created_at_0": "2026-01-01",
         "created_at_1": "10:00:00"},
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:2000]
    exclusion = UserExclusion.objects.get()
    assert present(exclusion.created_by).username == "admin"
    assert PageGold.objects.filter(dirty=True).count() == 5


def test_annotators_at_least_chart_and_csv_agree(corpus, pages, make_user, staff_client):
    """Issue 26, item 19: two annotators with 4 pages each. The chart had bars at x = 1
    and 2 only, the CSV one row (4, 2), and tooltips said "at least 1 pages"."""
    for user in (make_user("ada"), make_user("bo")):
        for page in pages[:4]:
            submit(page, user, [3] * page.node_count)
    merge_corpus(corpus)
    refresh_corpus_stats(corpus)
    rows = [(int(row["x"]), int(row["annotators_with_at_least_x_pages"]))
            for row in read_csv(staff_client, "annotators-at-least")]  # fmt: skip
    assert rows == [(1, 2), (2, 2), (4, 2)]
    from gold import figures

    root = ElementTree.fromstring(figures.at_least_chart(CorpusStats.objects.get().data))
    bars = list(root.iter(f"{SVG}rect"))
    assert [float(bar.attrib["data-value"]) for bar in bars] == [2, 2, 2]
    assert [present(bar.find(f"{SVG}title")).text for bar in bars] == [
        "2 annotators did at least 1 page", "2 annotators did at least 2 pages",
        "2 annotators did at least 4 pages",
    ]  # fmt: skip
