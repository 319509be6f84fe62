"""The tutorial API: progress, results on submit, resume and restart, notes, references,
My Stats and next-page order — through the real API on the real database.

The hand-made tutorial has six pages of ten nodes (tests.conftest.PAGE_TEMPLATE:
Home, News, headline, two paragraphs in pieces, footer). Steps are numbered out of page
order on purpose, so a test that confused page order with step order would fail.
"""

from __future__ import annotations

import pytest

from annotations.labels import encode
from annotations.services import submit_labels
from corpora.models import Corpus
from tests.conftest import client_for, make_page
from tests.expect import stored_bytes
from tutorial.models import TutorialStep

B, U, G = 1, 2, 3
#          Home News Head  P1  P2a bold P2b link  .  footer
TOKENS = [1, 1, 2, 8, 2, 1, 3, 1, 1, 3]
REFERENCE = [B, B, G, G, G, G, G, G, G, B]
# Step 1's reference leaves node 8 (".") untagged: learners are not scored on it.
REFERENCE_1 = [B, B, G, G, G, G, G, G, 0, B]
# A learner with some wrong tags: node 1 (good for bad), node 4 untagged, node 6 bad.
LEARNER = [B, G, G, G, 0, G, B, G, G, B]
LEARNER_RESULTS_1 = [0, 1, 0, 0, 2, 0, 1, 0, -1, 0]

# page index (creation order) -> step position; page 4's step has no reference and
# page 5 is a page of the tutorial corpus that is no step.
POSITIONS = {0: 3, 1: 1, 2: 4, 3: 2, 4: 5}


def make_tutorial(slug: str = "practice", *, is_open: bool = True):
    corpus = Corpus.objects.create(
        name=f"Tutorial {slug}", slug=slug, kind=Corpus.Kind.TUTORIAL, is_open=is_open
    )
    pages = [make_page(corpus, 100 + n) for n in range(6)]
    for index, position in POSITIONS.items():
        reference = None
        if position <= 4:
            reference = encode(REFERENCE_1 if position == 1 else REFERENCE)
        TutorialStep.objects.create(
            corpus=corpus,
            page=pages[index],
            position=position,
            reference_labels=reference,
            note=f"Note for step {position}.",
            title=f"Step {position} title",
        )
    return corpus, pages


def page_at(pages, position: int):
    return pages[next(i for i, p in POSITIONS.items() if p == position)]


@pytest.fixture
def tutorial(db):
    return make_tutorial()


def submit(client, page, labels):
    """POST a submission; ``page`` is a Page or a page id."""
    page_id = getattr(page, "pk", page)
    return client.post("/api/submissions/", {"page": page_id, "labels": labels}, format="json")


def ref(pages, position):
    return {
        "position": position,
        "page": page_at(pages, position).pk,
        "title": f"Step {position} title",
    }


# --------------------------------------------------------------------------- list, detail


def test_the_list_shows_tutorials_you_may_do_with_your_progress(api, staff_api, tutorial, corpus):
    _corpus, pages = tutorial
    make_tutorial("closed-one", is_open=False)
    response = api.get("/api/tutorials/")
    assert response.status_code == 200
    assert response.json() == [
        {
            "slug": "practice",
            "name": "Tutorial practice",
            "description": "",
            "total": 5,
            "completed": 0,
            "current": ref(pages, 1),
        }
    ]  # no regular corpus, no closed tutorial
    assert {t["slug"] for t in staff_api.get("/api/tutorials/").json()} == {
        "practice",
        "closed-one",
    }


def test_the_detail_lists_every_step_in_order(api, tutorial):
    _corpus, pages = tutorial
    body = api.get("/api/tutorials/practice/").json()
    assert [step["position"] for step in body["steps"]] == [1, 2, 3, 4, 5]
    assert body["steps"][0] == {
        "position": 1,
        "page": page_at(pages, 1).pk,
        "title": "Step 1 title",
        "completed": False,
        "score_nodes": None,
        "score_tokens": None,
    }
    assert set(body) == {"slug", "name", "total", "completed", "current", "steps"}


def test_unknown_closed_and_regular_slugs_are_refused(api, tutorial, corpus):
    make_tutorial("closed-one", is_open=False)
    missing = api.get("/api/tutorials/nope/")
    assert missing.status_code == 404
    assert api.get(f"/api/tutorials/{corpus.slug}/").status_code == 404  # not a tutorial
    # A closed tutorial answers like a missing one: no hint that it exists.
    response = api.get("/api/tutorials/closed-one/")
    assert response.status_code == 404
    assert response.json() == missing.json()
    assert "closed-one" not in response.content.decode()


# --------------------------------------------------------------------------- submitting


def test_submitting_a_tutorial_page_returns_the_comparison(api, tutorial):
    _corpus, pages = tutorial
    response = submit(api, page_at(pages, 1), LEARNER)
    assert response.status_code == 201
    body = response.json()
    assert body["labels"] == LEARNER  # the ordinary submission is all there
    result = body["tutorial"]
    assert result["results"] == LEARNER_RESULTS_1
    # correct: nodes 0, 2, 3, 5, 7, 9 of the 9 scored; their tokens 16 of 22.
    assert result["correct"] == 6
    assert result["scored"] == 9
    assert result["score_nodes"] == pytest.approx(6 / 9)
    assert result["score_tokens"] == pytest.approx(16 / 22)
    assert result["reference"] == REFERENCE_1
    assert result["note"] == "Note for step 1."
    assert result["position"] == 1
    assert result["total"] == 5
    assert result["next"] == ref(pages, 2)


def test_a_perfect_submission_scores_one_and_resubmitting_rescores(api, tutorial):
    _corpus, pages = tutorial
    page = page_at(pages, 2)
    first = submit(api, page, LEARNER).json()["tutorial"]
    assert first["results"] == [0, 1, 0, 0, 2, 0, 1, 0, 0, 0]
    assert first["score_nodes"] == pytest.approx(7 / 10)
    assert first["score_tokens"] == pytest.approx(17 / 23)
    again = submit(api, page, REFERENCE)
    assert again.status_code == 200  # replaced
    assert again.json()["tutorial"]["score_nodes"] == 1.0
    assert again.json()["tutorial"]["results"] == [0] * 10


def test_regular_pages_answer_without_a_tutorial_key(api, page):
    response = submit(api, page, LEARNER)
    assert response.status_code == 201
    assert "tutorial" not in response.json()


def test_a_step_without_reference_completes_without_a_result(api, tutorial):
    _corpus, pages = tutorial
    response = submit(api, page_at(pages, 5), LEARNER)
    assert response.status_code == 201
    assert "tutorial" not in response.json()
    step5 = api.get("/api/tutorials/practice/").json()["steps"][4]
    assert step5["completed"] is True
    assert step5["score_nodes"] is None


# --------------------------------------------------------------------------- resume, restart


def test_after_three_steps_the_tutorial_resumes_at_step_four(api, tutorial):
    _corpus, pages = tutorial
    for position in (1, 2, 3):
        last = submit(api, page_at(pages, position), LEARNER).json()
    assert last["tutorial"]["next"] == ref(pages, 4)
    summary = api.get("/api/tutorials/").json()[0]
    assert summary["completed"] == 3
    assert summary["current"] == ref(pages, 4)
    detail = api.get("/api/tutorials/practice/").json()
    assert [s["completed"] for s in detail["steps"]] == [True, True, True, False, False]
    assert detail["current"] == ref(pages, 4)
    next_page = api.get("/api/corpora/practice/next-page/").json()
    assert next_page["page"]["id"] == page_at(pages, 4).pk


def test_deleting_tutorial_submissions_restarts_from_there(api, tutorial):
    _corpus, pages = tutorial
    ids = {p: submit(api, page_at(pages, p), LEARNER).json()["id"] for p in (1, 2, 3)}
    assert api.delete(f"/api/submissions/{ids[2]}/").status_code == 204
    assert api.get("/api/tutorials/").json()[0]["current"] == ref(pages, 2)
    for position in (1, 3):
        assert api.delete(f"/api/submissions/{ids[position]}/").status_code == 204
    summary = api.get("/api/tutorials/").json()[0]
    assert (summary["completed"], summary["current"]) == (0, ref(pages, 1))
    assert api.get("/api/corpora/practice/next-page/").json()["page"]["id"] == page_at(pages, 1).pk


def test_when_every_step_is_done_current_and_next_are_null(api, tutorial):
    _corpus, pages = tutorial
    for position in (1, 2, 3, 5):
        submit(api, page_at(pages, position), LEARNER)
    last = submit(api, page_at(pages, 4), LEARNER).json()
    assert last["tutorial"]["next"] is None
    assert api.get("/api/tutorials/").json()[0]["current"] is None
    assert api.get("/api/tutorials/practice/").json()["completed"] == 5


def test_progress_is_per_learner(api, other_api, tutorial):
    _corpus, pages = tutorial
    submit(api, page_at(pages, 1), LEARNER)
    assert other_api.get("/api/tutorials/").json()[0]["current"] == ref(pages, 1)


# --------------------------------------------------------------------------- notes, results


def test_notes_are_shown_only_for_completed_steps(api, tutorial):
    _corpus, pages = tutorial
    before = api.get("/api/tutorials/practice/").json()["steps"]
    assert not any("note" in step for step in before)
    submit(api, page_at(pages, 2), LEARNER)
    steps = api.get("/api/tutorials/practice/").json()["steps"]
    assert steps[1]["note"] == "Note for step 2."
    assert steps[1]["score_nodes"] == pytest.approx(7 / 10)
    assert [("note" in step) for step in steps] == [False, True, False, False, False]


def test_the_result_endpoint_repeats_the_submit_result(api, tutorial):
    _corpus, pages = tutorial
    submitted = submit(api, page_at(pages, 1), LEARNER).json()["tutorial"]
    response = api.get("/api/tutorials/practice/steps/1/result/")
    assert response.status_code == 200
    assert response.json() == submitted


def test_the_result_endpoint_says_why_there_is_no_result(api, other_api, tutorial):
    _corpus, pages = tutorial
    submit(api, page_at(pages, 1), LEARNER)
    missing = other_api.get("/api/tutorials/practice/steps/1/result/")
    assert missing.status_code == 404
    assert "not submitted step 1" in missing.json()["detail"]
    submit(api, page_at(pages, 5), LEARNER)
    no_reference = api.get("/api/tutorials/practice/steps/5/result/")
    assert no_reference.status_code == 404
    assert "no reference" in no_reference.json()["detail"]
    no_step = api.get("/api/tutorials/practice/steps/9/result/")
    assert no_step.status_code == 404
    assert "no step 9" in no_step.json()["detail"]


def test_the_tutorial_api_needs_a_login(client, tutorial):
    assert client.get("/api/tutorials/").status_code in (401, 403)


# --------------------------------------------------------------------------- references


def test_staff_make_a_submission_the_reference(api, staff_api, staff, tutorial):
    _corpus, pages = tutorial
    learner = submit(api, page_at(pages, 2), LEARNER).json()
    assert learner["tutorial"]["score_nodes"] == pytest.approx(0.7)
    staff_submission = submit(staff_api, page_at(pages, 2), LEARNER).json()
    response = staff_api.post(f"/api/submissions/{staff_submission['id']}/reference/")
    assert response.status_code == 200
    assert response.json() == {
        "corpus": "practice",
        "position": 2,
        "page": page_at(pages, 2).pk,
        "title": "Step 2 title",
        "created": False,
        "scored_nodes": 9,
        "unscored_nodes": 1,
    }
    assert stored_bytes(TutorialStep.objects.get(position=2).reference_labels) == bytes(LEARNER)
    # The learner who tagged like the new reference is now right everywhere it scores.
    result = api.get("/api/tutorials/practice/steps/2/result/").json()
    assert result["score_nodes"] == 1.0
    assert result["results"][4] == -1  # the reference leaves node 4 untagged now


def test_a_page_of_a_tutorial_without_step_becomes_the_last_step(staff_api, tutorial):
    corpus, pages = tutorial
    created = submit(staff_api, pages[5], REFERENCE).json()
    response = staff_api.post(f"/api/submissions/{created['id']}/reference/")
    assert response.status_code == 201
    assert response.json()["position"] == 6
    assert response.json()["created"] is True
    step = TutorialStep.objects.get(page=pages[5])
    assert (step.corpus, step.position, stored_bytes(step.reference_labels)) == (
        corpus,
        6,
        bytes(REFERENCE),
    )


def test_references_are_refused_with_a_reason(api, staff_api, staff, tutorial, page):
    _corpus, pages = tutorial
    regular = submit(staff_api, page, REFERENCE).json()
    response = staff_api.post(f"/api/submissions/{regular['id']}/reference/")
    assert response.status_code == 400
    assert "not a tutorial" in response.json()["detail"]
    # The API refuses empty submissions; one can still exist (imported, or made before).
    empty = submit_labels(page_id=page_at(pages, 3).pk, user=staff, labels=[0] * 10).submission
    response = staff_api.post(f"/api/submissions/{empty.pk}/reference/")
    assert response.status_code == 400
    assert "tags no node" in response.json()["detail"]
    assert staff_api.post("/api/submissions/999999/reference/").status_code == 404


def test_only_staff_make_references(api, tutorial):
    _corpus, pages = tutorial
    mine = submit(api, page_at(pages, 3), REFERENCE).json()
    assert api.post(f"/api/submissions/{mine['id']}/reference/").status_code == 403
    assert stored_bytes(TutorialStep.objects.get(position=3).reference_labels) == bytes(REFERENCE)


# --------------------------------------------------------------------------- my stats


def test_my_stats_show_tutorial_progress_and_mean_scores(api, tutorial, corpus):
    _corpus, pages = tutorial
    submit(api, page_at(pages, 1), LEARNER)  # 6/9 nodes, 16/22 tokens
    submit(api, page_at(pages, 2), REFERENCE)  # 1, 1
    submit(api, page_at(pages, 5), LEARNER)  # no reference: completed, not scored
    tutorials = api.get("/api/me/stats/").json()["tutorials"]
    assert tutorials == [
        {
            "slug": "practice",
            "completed": 3,
            "total": 5,
            "mean_score_nodes": pytest.approx((6 / 9 + 1) / 2),
            "mean_score_tokens": pytest.approx((16 / 22 + 1) / 2),
        }
    ]


def test_my_stats_of_a_beginner(api, tutorial):
    tutorials = api.get("/api/me/stats/").json()["tutorials"]
    assert tutorials == [
        {
            "slug": "practice",
            "completed": 0,
            "total": 5,
            "mean_score_nodes": None,
            "mean_score_tokens": None,
        }
    ]


# --------------------------------------------------------------------------- next page


def test_next_page_follows_the_tutorial_order(api, tutorial):
    _corpus, pages = tutorial
    seen = []
    for _ in range(5):
        body = api.get("/api/corpora/practice/next-page/").json()
        seen.append(body["page"]["id"])
        submit(api, pages[[p.pk for p in pages].index(body["page"]["id"])], LEARNER)
    assert seen == [page_at(pages, position).pk for position in (1, 2, 3, 4, 5)]
    done = api.get("/api/corpora/practice/next-page/").json()
    assert done["done"] is True  # the page without a step is not handed to learners


def test_staff_get_the_pages_without_a_step_after_the_steps(staff, tutorial):
    _corpus, pages = tutorial
    client = client_for(staff)
    for position in (1, 2, 3, 4, 5):
        submit(client, page_at(pages, position), REFERENCE)
    body = client.get("/api/corpora/practice/next-page/").json()
    assert body["page"]["id"] == pages[5].pk


# --------------------------------------------------------------------------- KrdWrd import


def test_an_imported_krdwrd_tutorial_works_like_any_other(api, db):
    from django.core.management import call_command

    from tests.krdwrd_data import krdwrd_folder

    folder = krdwrd_folder("tutorial")  # skips if absent; fails in CI (CI=true)
    call_command("import_krdwrd", str(folder), corpus="KrdWrd tutorial", verbosity=0)
    Corpus.objects.filter(slug="krdwrd-tutorial").update(is_open=True)  # imported closed
    detail = api.get("/api/tutorials/krdwrd-tutorial/").json()
    assert detail["total"] == 13
    first = detail["current"]
    assert first["position"] == 1
    assert first["title"]  # the page's own title: the importer sets no step title
    # Step 1 has no reference (its 2008 tags never lined up): completed, no result.
    page1 = api.get(f"/api/pages/{first['page']}/").json()
    response = submit(api, first["page"], [3] * page1["node_count"])
    assert "tutorial" not in response.json()
    step3 = TutorialStep.objects.get(corpus__slug="krdwrd-tutorial", position=3)
    reference = list(stored_bytes(step3.reference_labels))
    result = submit(api, step3.page, reference).json()["tutorial"]
    assert result["score_nodes"] == 1.0
    assert result["note"] == "KrdWrd 2008 tutorial, page 03.html"
    assert result["next"]["position"] == 2
