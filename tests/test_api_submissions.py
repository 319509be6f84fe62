"""Submitting, replacing, listing, viewing and deleting label vectors through the API."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from annotations.models import Submission
from annotations.services import no_page_message
from corpora.models import Page


def vector_for(page, code=3):
    return [code] * page.node_count


def submit(client, page, labels, **extra):
    return client.post(
        "/api/submissions/", {"page": page.pk, "labels": labels, **extra}, format="json"
    )


def test_create_then_replace_bumps_revision_and_counts_once(api, page):
    started = timezone.now() - timedelta(minutes=3)
    first = submit(api, page, vector_for(page, 1), started_at=started.isoformat())
    assert first.status_code == 201, first.json()
    assert first.json()["revision"] == 1
    assert first.json()["labels"] == vector_for(page, 1)
    assert 170 < first.json()["duration_seconds"] < 200

    labels = [i % 4 for i in range(page.node_count)]
    second = submit(api, page, labels, client_version="ext-0.1")
    assert second.status_code == 200
    assert second.json()["id"] == first.json()["id"]
    assert second.json()["revision"] == 2
    stored = Submission.objects.get()
    assert stored.label_list == labels
    assert stored.client_version == "ext-0.1"
    assert bytes(stored.labels) == bytes(labels)  # one byte per node
    page.refresh_from_db()
    assert page.submission_count == 1


@pytest.mark.parametrize(
    ("labels", "fragment"),
    [
        ("not a list", "Expected a JSON array"),
        ({"0": 3}, "Expected a JSON array"),
        ("SHORT", "Expected {n} labels (one per text node of the page), received {short}"),
        ("LONG", "Expected {n} labels (one per text node of the page), received {long}"),
        (
            "BAD_CODE",
            "Label 2 must be 0 (untagged), 1 (bad), 2 (uncertain) or 3 (good), received 7",
        ),
        ("FLOAT", "received 1.5"),
        ("STRING", "received '3'"),
    ],
)
def test_malformed_vectors_get_400_naming_field_expected_and_received(api, page, labels, fragment):
    n = page.node_count
    variants = {
        "SHORT": [3] * (n - 1),
        "LONG": [3] * (n + 2),
        "BAD_CODE": [3, 3, 7] + [3] * (n - 3),
        "FLOAT": [1.5] + [3] * (n - 1),
        "STRING": ["3"] + [3] * (n - 1),
    }
    response = submit(
        api, page, variants.get(labels, labels) if isinstance(labels, str) else labels
    )
    assert response.status_code == 400
    message = " ".join(response.json()["labels"])
    assert fragment.format(n=n, short=n - 1, long=n + 2) in message
    assert not Submission.objects.exists()
    page.refresh_from_db()
    assert page.submission_count == 0


def test_missing_labels_and_unknown_page(api, page):
    response = api.post("/api/submissions/", {"page": page.pk}, format="json")
    assert response.status_code == 400
    assert "labels" in response.json()
    response = submit(api, Page(pk=999999, node_count=1), [3])
    assert response.status_code == 400
    assert response.json()["page"] == [no_page_message(999999)]


def test_malformed_json_body(api, page):
    response = api.post("/api/submissions/", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert "JSON parse error" in response.json()["detail"]


def test_closed_corpus_refuses_submissions(api, page):
    page.corpus.is_open = False
    page.corpus.save()
    response = submit(api, page, vector_for(page))
    assert response.status_code == 400
    assert response.json()["page"] == [no_page_message(page.pk)]  # the corpus is not named


def test_members_only_corpus(api, page, annotator):
    page.corpus.access = page.corpus.Access.MEMBERS
    page.corpus.save()
    assert submit(api, page, vector_for(page)).status_code == 400
    page.corpus.members.add(annotator)
    assert submit(api, page, vector_for(page)).status_code == 201


def test_future_start_time_refused(api, page):
    future = (timezone.now() + timedelta(hours=2)).isoformat()
    response = submit(api, page, vector_for(page), started_at=future)
    assert response.status_code == 400
    assert "future" in response.json()["started_at"][0]


def test_annotators_see_only_their_own_submissions(api, other_api, staff_api, page):
    mine = submit(api, page, vector_for(page)).json()
    theirs = submit(other_api, page, vector_for(page, 1)).json()
    listed = api.get("/api/submissions/").json()["results"]
    assert [s["id"] for s in listed] == [mine["id"]]
    assert api.get(f"/api/submissions/{theirs['id']}/").status_code == 404
    assert api.delete(f"/api/submissions/{theirs['id']}/").status_code == 404
    assert Submission.objects.count() == 2
    staff_list = staff_api.get("/api/submissions/").json()["results"]
    assert {s["id"] for s in staff_list} == {mine["id"], theirs["id"]}
    assert staff_api.get(f"/api/submissions/{theirs['id']}/").json()["labels"] == vector_for(
        page, 1
    )


def test_staff_filter_to_their_own_or_one_users_submissions(api, staff_api, page, annotator, staff):
    theirs = submit(api, page, vector_for(page)).json()
    own = submit(staff_api, page, vector_for(page, 1)).json()
    listed = staff_api.get("/api/submissions/?mine=true").json()["results"]
    assert [s["id"] for s in listed] == [own["id"]]
    listed = staff_api.get(f"/api/submissions/?user={annotator.pk}").json()["results"]
    assert [s["id"] for s in listed] == [theirs["id"]]
    # An annotator's ?mine=false does not open other people's submissions.
    assert [s["id"] for s in api.get("/api/submissions/?mine=false").json()["results"]] == [
        theirs["id"]
    ]
    response = staff_api.get("/api/submissions/?mine=yes")
    assert response.status_code == 400 and "true or false" in response.json()["mine"][0]
    response = staff_api.get("/api/submissions/?user=alice")
    assert response.status_code == 400 and "user id" in response.json()["user"][0]


def test_owner_deletes_submission_and_counter_follows(api, page):
    created = submit(api, page, vector_for(page)).json()
    page.refresh_from_db()
    assert page.submission_count == 1
    assert api.delete(f"/api/submissions/{created['id']}/").status_code == 204
    page.refresh_from_db()
    assert page.submission_count == 0
    assert not Submission.objects.exists()
    # Submitting again starts a new submission at revision 1.
    assert submit(api, page, vector_for(page)).json()["revision"] == 1


def test_my_stats_counts_pages_and_time(api, other_api, pages):
    now = timezone.now()
    # Annotation cannot start before a page was added: the pages are an hour old.
    Page.objects.update(created_at=now - timedelta(hours=1))
    for minutes, page in zip([2, 4, 6], pages, strict=False):
        submit(api, page, vector_for(page), started_at=(now - timedelta(minutes=minutes)))
    submit(other_api, pages[3], vector_for(pages[3]))
    stats = api.get("/api/me/stats/").json()
    assert stats["username"] == "anna"
    assert stats["submissions"] == 3
    assert stats["corpora"][0]["corpus"] == "test"
    assert stats["corpora"][0]["pages_done"] == 3
    assert stats["corpora"][0]["page_count"] == 5
    assert 11.5 * 60 < stats["total_seconds"] < 12.5 * 60


def test_stats_and_submissions_name_corpora_and_pages_as_people_know_them(api, pages):
    # My Stats showed slugs and URLs only: the names and titles come with them now.
    answer = submit(api, pages[1], vector_for(pages[1]))
    assert answer.status_code == 201, answer.content
    assert answer.json()["page_title"] == "Page 1"
    assert answer.json()["corpus_name"] == "Test corpus"
    row = api.get("/api/submissions/").json()["results"][0]
    assert (row["page_title"], row["page_url"]) == ("Page 1", "https://site.example/page/1")
    assert (row["corpus_name"], row["corpus"]) == ("Test corpus", "test")
    corpus = api.get("/api/me/stats/").json()["corpora"][0]
    assert (corpus["corpus_name"], corpus["corpus"]) == ("Test corpus", "test")


def test_unauthenticated_requests_are_refused(client, page):
    assert client.get("/api/submissions/").status_code in (401, 403)
    assert client.post("/api/submissions/", {}, content_type="application/json").status_code in (
        401,
        403,
    )
