"""Staff side of the tutorial: the scores page and its CSV, the admin action, the links."""

from __future__ import annotations

import csv
import io
import statistics

import pytest
from django.test import Client

from annotations.services import submit_labels
from tests.expect import stored_bytes
from tests.test_tutorial_api import LEARNER, REFERENCE, REFERENCE_1, make_tutorial, page_at
from tutorial.models import TutorialStep
from tutorial.scores import PASS_SCORE, staff_scores

B = 1
ALL_BAD = [B] * 10


@pytest.fixture
def learned(db, make_user):
    """Three learners on step 1 (scores 6/9, 1, 3/9), one on step 2 (0.7), one on step 5."""
    corpus, pages = make_tutorial()
    users = {name: make_user(name) for name in ("lena", "lars", "lotte")}
    step1, step2, step5 = (page_at(pages, p) for p in (1, 2, 5))
    for name, labels in (("lena", LEARNER), ("lars", REFERENCE_1), ("lotte", ALL_BAD)):
        submit_labels(page_id=step1.pk, user=users[name], labels=labels)
    submit_labels(page_id=step2.pk, user=users["lena"], labels=LEARNER)
    submit_labels(page_id=step5.pk, user=users["lars"], labels=LEARNER)
    return corpus, pages, users


@pytest.fixture
def staff_client(staff) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def test_scores_per_step_and_per_learner(learned):
    corpus, _pages, _users = learned
    steps, learners = staff_scores(corpus)
    first = steps[0]
    assert (first.step.position, first.learners, first.with_reference) == (1, 3, True)
    assert first.mean_nodes == pytest.approx((6 / 9 + 1 + 3 / 9) / 3)
    assert first.median_nodes == pytest.approx(6 / 9)
    assert first.mean_tokens == pytest.approx(statistics.fmean([16 / 22, 1.0, 5 / 22]))
    assert first.below == 2  # 6/9 and 3/9 are below 70 %
    assert first.share_below == pytest.approx(2 / 3)
    second = steps[1]
    assert (second.learners, second.below) == (1, 0)  # exactly 0.7 passes
    assert second.mean_nodes == pytest.approx(PASS_SCORE)
    fifth = steps[4]
    assert (fifth.learners, fifth.with_reference, fifth.mean_nodes, fifth.share_below) == (
        1,
        False,
        None,
        None,
    )
    assert [(row.username, row.completed) for row in learners] == [
        ("lars", 2),
        ("lena", 2),
        ("lotte", 1),
    ]
    lena = learners[1]
    assert lena.mean_nodes == pytest.approx((6 / 9 + 0.7) / 2)
    assert learners[0].mean_nodes == 1.0  # step 5 has no reference: not in the mean


def test_the_scores_page_shows_the_numbers(staff_client, learned):
    response = staff_client.get("/staff/tutorial/practice/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Tutorial practice: tutorial scores" in html
    assert "0.667" in html  # mean and median of step 1
    assert "2 (67 %)" in html  # learners below 70 % on step 1
    assert "(no reference)" in html
    assert "lotte" in html and "1 of 5" in html
    assert "/staff/tutorial/practice/csv/steps.csv" in html


def test_csv_tables(staff_client, learned):
    response = staff_client.get("/staff/tutorial/practice/csv/steps.csv")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="practice-tutorial-steps.csv"'
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [row["position"] for row in rows] == ["1", "2", "3", "4", "5"]
    assert rows[0]["learners"] == "3"
    assert float(rows[0]["median_score_nodes"]) == pytest.approx(6 / 9)
    assert rows[0]["below_pass"] == "2"
    assert rows[2]["learners"] == "0" and rows[2]["mean_score_nodes"] == ""
    learners = list(
        csv.DictReader(
            io.StringIO(
                staff_client.get("/staff/tutorial/practice/csv/learners.csv").content.decode()
            )
        )
    )
    assert [(r["username"], r["steps_completed"], r["steps_total"]) for r in learners] == [
        ("lars", "2", "5"),
        ("lena", "2", "5"),
        ("lotte", "1", "5"),
    ]
    assert float(learners[2]["mean_score_nodes"]) == pytest.approx(3 / 9)
    assert staff_client.get("/staff/tutorial/practice/csv/other.csv").status_code == 404


def test_scores_are_for_staff_only(client, annotator, learned, corpus):
    client.force_login(annotator)
    for path in (
        "/staff/tutorial/",
        "/staff/tutorial/practice/",
        "/staff/tutorial/practice/csv/steps.csv",
    ):
        response = client.get(path)
        assert response.status_code == 302
        assert "/admin/login/" in response["Location"]


def test_regular_corpora_have_no_scores_page(staff_client, learned, corpus):
    assert staff_client.get(f"/staff/tutorial/{corpus.slug}/").status_code == 404


def test_the_index_the_dashboard_and_the_admin_link_the_scores(admin_client, learned):
    index = admin_client.get("/staff/tutorial/").content.decode()
    assert "/staff/tutorial/practice/" in index
    assert "/staff/tutorial/" in admin_client.get("/admin/").content.decode()
    assert "/staff/tutorial/" in admin_client.get("/staff/gold/").content.decode()
    gold_corpus = admin_client.get("/staff/gold/practice/").content.decode()
    assert "/staff/tutorial/practice/" in gold_corpus


def test_the_admin_action_makes_a_submission_the_reference(admin_client, learned, admin_user):
    _corpus, pages, _users = learned
    page = page_at(pages, 2)
    mine = submit_labels(page_id=page.pk, user=admin_user, labels=REFERENCE_1).submission
    response = admin_client.post(
        "/admin/annotations/submission/",
        {"action": "make_reference", "_selected_action": [mine.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert f"Submission {mine.pk} is now the reference of step 2" in response.content.decode()
    assert stored_bytes(TutorialStep.objects.get(page=page).reference_labels) == bytes(REFERENCE_1)


def test_the_admin_action_refuses_two_submissions_of_one_page(admin_client, learned):
    _corpus, pages, _users = learned
    chosen = list(
        pages[0].corpus.pages.get(pk=page_at(pages, 1).pk).submissions.values_list("pk", flat=True)
    )
    response = admin_client.post(
        "/admin/annotations/submission/",
        {"action": "make_reference", "_selected_action": chosen[:2]},
        follow=True,
    )
    assert "select one per page" in response.content.decode()
    step = TutorialStep.objects.get(page=page_at(pages, 1))
    assert stored_bytes(step.reference_labels) == bytes(REFERENCE_1)  # unchanged


def test_the_admin_action_says_why_a_regular_page_cannot(admin_client, learned, page, admin_user):
    mine = submit_labels(page_id=page.pk, user=admin_user, labels=REFERENCE).submission
    response = admin_client.post(
        "/admin/annotations/submission/",
        {"action": "make_reference", "_selected_action": [mine.pk]},
        follow=True,
    )
    assert "which is not a tutorial" in response.content.decode()


def test_csv_cells_never_start_a_formula(staff_client, learned, make_user):
    """A learner's chosen username cannot become a formula in the learners table."""
    _corpus, pages, _users = learned
    hostile = make_user('=HYPERLINK("http://evil.example/")')
    submit_labels(page_id=page_at(pages, 1).pk, user=hostile, labels=ALL_BAD)
    body = staff_client.get("/staff/tutorial/practice/csv/learners.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(body, newline="")))
    assert [r["username"] for r in rows if r["username"].endswith('")')] == [
        '\'=HYPERLINK("http://evil.example/")'
    ]
    assert {r["steps_total"] for r in rows} == {"5"}  # numbers stay numbers
