"""Corpora list with progress, next page, page metadata, the document and node texts."""

from __future__ import annotations

import random

from annotations.selection import next_page_for
from annotations.services import submit_labels
from corpora.models import Corpus, Page
from tests.conftest import make_page
from tests.expect import present


def fill(page, user, code=3):
    submit_labels(page_id=page.pk, user=user, labels=[code] * page.node_count)


def test_corpora_list_with_progress(api, annotator, other_annotator, pages, staff):
    corpus = pages[0].corpus
    corpus.min_submissions = 2
    corpus.save()
    fill(pages[0], annotator)
    fill(pages[0], other_annotator)
    fill(pages[1], other_annotator)
    Corpus.objects.create(name="Closed", slug="closed", is_open=False)
    rows = api.get("/api/corpora/").json()
    assert [row["slug"] for row in rows] == ["test"]
    row = rows[0]
    assert row["page_count"] == 5
    assert row["pages_complete"] == 1
    assert row["submission_total"] == 3
    assert row["my_submissions"] == 1


def test_staff_see_closed_corpora(staff_api, corpus):
    Corpus.objects.create(name="Closed", slug="closed", is_open=False)
    assert {row["slug"] for row in staff_api.get("/api/corpora/").json()} == {"test", "closed"}


def test_next_page_prefers_least_annotated_and_skips_done(
    api, annotator, other_annotator, make_user, pages
):
    helpers = [make_user(f"h{i}") for i in range(3)]
    # pages 0..3 get submissions from others; page 4 stays at 0.
    for page in pages[:4]:
        fill(page, helpers[0])
    fill(pages[0], helpers[1])
    response = api.get("/api/corpora/test/next-page/").json()
    assert response["done"] is False
    assert response["page"]["id"] == pages[4].pk
    assert response["page"]["document_url"].endswith(f"/api/pages/{pages[4].pk}/document/")
    fill(pages[4], annotator)  # now annotator did page 4: next are pages 1..3 (count 1)
    # Evenly spread shuffle keys, so each of the three is picked with probability 1/3
    # (missing one in 40 draws: 3 * (2/3)**40 ≈ 3e-7).
    for index, page in enumerate(pages[1:4]):
        Page.objects.filter(pk=page.pk).update(shuffle_key=index * (2**31 // 3))
    seen = {api.get("/api/corpora/test/next-page/").json()["page"]["id"] for _ in range(40)}
    assert seen == {pages[1].pk, pages[2].pk, pages[3].pk}  # random among the least, not page 0


class FixedPivot(random.Random):
    """A random source whose next draw is chosen by the test."""

    def __init__(self, value: int):
        super().__init__()
        self.value = value

    def randrange(self, *args, **kwargs) -> int:
        return self.value


def test_every_page_of_the_level_is_reachable_and_the_pivot_wraps(annotator, pages):
    corpus = pages[0].corpus
    by_key = sorted(Page.objects.filter(corpus=corpus), key=lambda page: page.shuffle_key)
    for page in by_key:
        assert present(next_page_for(annotator, corpus, FixedPivot(page.shuffle_key))).pk == page.pk
    # A pivot after the last key wraps around to the first page.
    after_last = by_key[-1].shuffle_key + 1
    assert present(next_page_for(annotator, corpus, FixedPivot(after_last))).pk == by_key[0].pk


def test_a_submission_redraws_the_shuffle_key(annotator, page):
    before = page.shuffle_key
    fill(page, annotator)
    page.refresh_from_db()
    assert page.submission_count == 1
    assert page.shuffle_key != before  # 1 in 2**31 chance of a false failure


def test_next_page_says_when_everything_is_done(api, annotator, pages):
    for page in pages:
        fill(page, annotator)
    response = api.get("/api/corpora/test/next-page/")
    assert response.status_code == 200
    body = response.json()
    assert body["done"] is True and body["page"] is None
    assert "every page" in body["detail"]


def test_next_page_of_a_closed_or_unknown_corpus(api, corpus):
    corpus.is_open = False
    corpus.save()
    closed = api.get("/api/corpora/test/next-page/")
    missing = api.get("/api/corpora/nope/next-page/")
    # A closed corpus answers like a missing one: annotators learn nothing about it.
    assert (closed.status_code, missing.status_code) == (404, 404)
    assert closed.json() == missing.json()


def test_page_metadata_and_document(api, page):
    meta = api.get(f"/api/pages/{page.pk}/").json()
    assert meta["node_count"] == page.node_count > 0
    assert meta["corpus"] == "test"
    response = api.get(f"/api/pages/{page.pk}/document/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/html; charset=utf-8"
    # Untrusted HTML: sandboxed so it can never run in the API's origin.
    assert response["Content-Security-Policy"].startswith("sandbox")
    body = response.content.decode()
    assert f'data-i="{page.node_count - 1}"' in body
    assert "<kehr-t" in body


def test_node_texts_are_for_staff_only(api, staff_api, page):
    assert api.get(f"/api/pages/{page.pk}/nodes/").status_code == 403
    nodes = staff_api.get(f"/api/pages/{page.pk}/nodes/").json()
    assert nodes["node_count"] == page.node_count == len(nodes["nodes"])
    texts = [node["text"] for node in nodes["nodes"]]
    assert "Home" in texts and "Headline 0" in texts
    assert [node["tokens"] for node in nodes["nodes"]] == page.node_tokens


def test_pages_of_other_corpora_are_hidden(api, corpus):
    closed = Corpus.objects.create(name="Hidden", slug="hidden", is_open=False)
    hidden = make_page(closed, 1)
    assert api.get(f"/api/pages/{hidden.pk}/").status_code == 404
    assert api.get(f"/api/pages/{hidden.pk}/document/").status_code == 404


def test_schema_and_docs_are_served(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/submissions/" in schema.content
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content
    assert b"cdn.jsdelivr" not in docs.content  # served from our own static files


def test_healthz(client, db):
    assert client.get("/healthz/").content == b"ok"
