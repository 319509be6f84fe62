"""Bad input to the API and the staff pages gets a clear 4xx, never a 500 (issue 10).

Ids in paths and queries, JSON nested too deep or too large, ids beyond the database's
integer range (PostgreSQL raises on them), echoed values that would be huge, corpora a
user may not see, and label vectors that tag nothing.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from rest_framework.test import APIClient

from annotations.models import Submission
from annotations.services import no_page_message
from api.views import submissions as submission_views
from corpora.models import Corpus, Page
from gold.models import UserExclusion
from harvest.models import HarvestJob
from tests.conftest import client_for, make_page
from tests.expect import present

# Beyond PostgreSQL's bigint (9223372036854775807) and SQLite's 64-bit integers.
HUGE = "99999999999999999999999"
JUST_TOO_BIG = str(2**63)


def no_raise(client: APIClient) -> APIClient:
    """A client that reports a server error as a 500 response, as a real client sees it."""
    client.raise_request_exception = False
    return client


@pytest.fixture
def api(annotator) -> APIClient:
    return no_raise(client_for(annotator))


@pytest.fixture
def staff_api(staff) -> APIClient:
    return no_raise(client_for(staff))


@pytest.fixture
def staff_browser(client, staff):
    client.raise_request_exception = False
    client.force_login(staff)
    return client


def submit(client, page_id, labels, **extra):
    return client.post(
        "/api/submissions/", {"page": page_id, "labels": labels, **extra}, format="json"
    )


# --------------------------------------------------------------------------- ids in paths


@pytest.mark.parametrize("bad", ["abc", HUGE, JUST_TOO_BIG, "0", "-1", "1.0"])
@pytest.mark.parametrize(
    "path",
    [
        "/api/pages/{}/",
        "/api/pages/{}/document/",
        "/api/submissions/{}/",
    ],
)
def test_bad_ids_in_api_paths_are_404(api, page, path, bad):
    response = api.get(path.format(bad))
    assert response.status_code == 404, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    assert "detail" in response.json()


@pytest.mark.parametrize("bad", ["abc", HUGE, JUST_TOO_BIG])
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/pages/{}/nodes/"),
        ("delete", "/api/submissions/{}/"),
        ("get", "/api/harvest/jobs/{}/"),
        ("post", "/api/harvest/jobs/{}/rerun/"),
        ("post", "/api/submissions/{}/reference/"),
        ("get", "/api/tutorials/practice/steps/{}/result/"),
    ],
)
def test_bad_ids_in_staff_api_paths_are_404(staff_api, page, method, path, bad):
    Corpus.objects.create(name="Practice", slug="practice", kind=Corpus.Kind.TUTORIAL)
    response = getattr(staff_api, method)(path.format(bad))
    assert response.status_code == 404, response.content[:300]
    assert "detail" in response.json()


@pytest.mark.parametrize("bad", [HUGE, JUST_TOO_BIG])
@pytest.mark.parametrize(
    "path",
    [
        "/staff/diff/pages/{}/",
        "/staff/diff/pages/{}/view/?a=gold&b=reference",
        "/staff/gold/test/ties/{}/",
    ],
)
def test_bad_ids_in_staff_pages_are_404(staff_browser, corpus, path, bad):
    response = staff_browser.get(path.format(bad))
    assert response.status_code == 404


@pytest.mark.parametrize("bad", ["abc", HUGE, "-1", ""])
def test_bad_ids_in_staff_queries_are_no_server_error(staff_browser, page, bad):
    diff = staff_browser.get(
        f"/staff/diff/pages/{page.pk}/view/", {"a": f"submission:{bad}", "b": "gold"}
    )
    assert diff.status_code == 400
    listing = staff_browser.get("/staff/gold/test/pages/", {"page": bad})
    assert listing.status_code == 200
    ties = staff_browser.get("/staff/gold/test/ties/", {"page": bad})
    assert ties.status_code == 200


def test_bad_page_id_in_a_tie_decision_is_404(staff_browser, corpus):
    response = staff_browser.post(f"/staff/gold/test/ties/{HUGE}/decide/", {"node": "1"})
    assert response.status_code == 404


def lookalikes(pk: int) -> list[str]:
    """Ways of writing ``pk`` that int() and the ORM read as ``pk``, but are not ASCII digits."""
    digits = str(pk)
    return [
        "".join(chr(0x0660 + int(d)) for d in digits),  # Arabic-Indic digits
        "".join(chr(0xFF10 + int(d)) for d in digits),  # full-width digits
        f"+{digits}",
        f"%20{digits}",
        f"{digits}%C2%A0",  # a no-break space after
    ]


def id_routes(staff, page, corpus) -> list[tuple[str, str]]:
    """Every route with an id in its path, each with a real object's id in it (``{}``)."""
    api = client_for(staff)
    submission = submit(api, page.pk, [3] * page.node_count).json()
    job = HarvestJob.objects.create(corpus=corpus, created_by=staff, url_list="")
    token = api.post(
        "/api/auth/token/", {"username": "stella", "password": "correct horse 42"}, format="json"
    )
    token_id = token.json()["id"]
    return [
        ("get", f"/api/pages/{{{page.pk}}}/"),
        ("get", f"/api/pages/{{{page.pk}}}/document/"),
        ("get", f"/api/pages/{{{page.pk}}}/nodes/"),
        ("get", f"/api/pages/{{{page.pk}}}/predictions/"),
        ("get", f"/api/pages/{{{page.pk}}}/suggestions/"),
        ("get", f"/api/submissions/{{{submission['id']}}}/"),
        ("post", f"/api/submissions/{{{submission['id']}}}/reference/"),
        ("get", f"/api/auth/tokens/{{{token_id}}}/"),
        ("get", f"/api/harvest/jobs/{{{job.pk}}}/"),
        ("get", f"/staff/diff/pages/{{{page.pk}}}/"),
        ("get", f"/staff/gold/test/ties/{{{page.pk}}}/"),
        ("get", f"/staff/methods/stability/{{{page.pk}}}.png"),
    ]


def test_an_id_in_any_path_is_ascii_digits_only(staff_browser, staff, page, corpus):
    """Issue 26, item 7: Arabic-Indic or full-width digits and "+1" named object 1 on
    /api/pages/, /api/submissions/ and /api/auth/tokens/ (DRF's router handed the text to
    the ORM, which runs int() on it). Every route with an id, each with a real object."""
    staff_browser.raise_request_exception = False
    for method, template in id_routes(staff, page, corpus):
        pk = int(template[template.index("{") + 1 : template.index("}")])
        prefix, suffix = template.split(f"{{{pk}}}")
        # The real id reaches the view (whatever it answers, it is not the router's 404) ...
        good = getattr(staff_browser, method)(f"{prefix}{pk}{suffix}")
        assert b"No such API address" not in good.content, template
        # ... and no other way of writing it does.
        for bad in lookalikes(pk):
            response = getattr(staff_browser, method)(f"{prefix}{bad}{suffix}")
            assert response.status_code == 404, (template, bad, response.status_code)


def test_every_route_takes_its_ids_with_the_id_converter():
    """One id rule: no route with an id in its path reads it with another converter."""
    from django.urls import get_resolver
    from django.urls.resolvers import URLPattern, URLResolver

    from kehr.ids import IdConverter

    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                yield prefix + str(entry.pattern), entry.pattern.converters

    checked = 0
    for route, converters in walk(get_resolver().url_patterns):
        if route.startswith("admin/"):  # Django's admin reads its object ids itself
            continue
        for name, converter in converters.items():
            if name == "pk" or name == "id" or name.endswith("_id"):
                assert isinstance(converter, IdConverter), (route, name, converter)
                checked += 1
    assert checked >= 12  # the routes of test_an_id_in_any_path_is_ascii_digits_only and more


def test_a_number_too_long_for_python_is_a_plain_400(api, page):
    """Issue 26, item 22: a 5,000-digit number's 400 quoted Python's advice to call
    sys.set_int_max_str_digits(); the answer says what was wrong in the client's terms."""
    body = '{"page": %s, "labels": [1]}' % ("9" * 5000)
    response = api.post("/api/submissions/", body, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    detail = response.json()["detail"]
    assert "a number in the JSON body is too long (5000 digits" in detail
    assert "sys." not in detail and "int_max_str_digits" not in detail
    assert not Submission.objects.exists()


# --------------------------------------------------------------------------- ids in queries


@pytest.mark.parametrize("bad", ["abc", HUGE, JUST_TOO_BIG, "3.0", "-3", "0", " 3", "null"])
def test_bad_page_filter_is_400_naming_the_parameter(api, page, bad):
    response = api.get("/api/submissions/", {"page": bad})
    assert response.status_code == 400, response.content[:300]
    assert "page id" in response.json()["page"][0]


@pytest.mark.parametrize("bad", ["abc", HUGE, JUST_TOO_BIG, "null", "1e3"])
def test_bad_user_filter_is_400_naming_the_parameter(staff_api, bad):
    response = staff_api.get("/api/submissions/", {"user": bad})
    assert response.status_code == 400, response.content[:300]
    assert "user id" in response.json()["user"][0]


def test_good_filters_still_filter(api, pages, annotator):
    submit(api, pages[0].pk, [3] * pages[0].node_count)
    submit(api, pages[1].pk, [3] * pages[1].node_count)
    listed = api.get("/api/submissions/", {"page": str(pages[1].pk)}).json()["results"]
    assert [s["page"] for s in listed] == [pages[1].pk]
    # A well-formed id that matches nothing is an empty list, not an error.
    assert api.get("/api/submissions/", {"page": "9223372036854775807"}).json()["results"] == []


@pytest.mark.parametrize(
    ("param", "bad"),
    [("limit", "null"), ("limit", "abc"), ("limit", "-1"), ("offset", "null"), ("offset", "-5")],
)
def test_bad_pagination_is_400(api, page, param, bad):
    response = api.get("/api/submissions/", {param: bad})
    assert response.status_code == 400, response.content[:300]
    assert param in response.json()


def test_staff_exclusion_with_a_bad_user_id_is_400(staff_browser, corpus):
    for bad in ("abc", HUGE, ""):
        response = staff_browser.post(
            "/staff/gold/test/annotators/exclusion/", {"user": bad, "reason": "spam"}
        )
        assert response.status_code == 400, (bad, response.status_code)
        assert b"user" in response.content
    assert not UserExclusion.objects.exists()


# --------------------------------------------------------------------------- JSON bodies


def deep_json(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("path", ["/api/submissions/", "/api/auth/token/", "/api/auth/register/"])
def test_deeply_nested_json_is_400_also_anonymously(api, page, path):
    client = api if path == "/api/submissions/" else no_raise(APIClient())
    body = f'{{"page": {page.pk}, "labels": {deep_json(1000)}}}'
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    assert "nested" in response.json()["detail"]


def test_nesting_inside_strings_does_not_count(api, page):
    tricky = "[[[[" * 100 + '\\"{'
    body = json.dumps({"page": page.pk, "labels": [3] * page.node_count, "client_version": tricky})
    response = api.post("/api/submissions/", data=body, content_type="application/json")
    assert response.status_code == 400  # client_version is too long: the field says so
    assert "client_version" in response.json()


@pytest.mark.parametrize("path", ["/api/submissions/", "/api/auth/token/"])
def test_oversized_body_is_413_json(api, page, path):
    client = api if path == "/api/submissions/" else no_raise(APIClient())
    size = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1
    body = '{"page": 1, "labels": "' + "x" * size + '"}'
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 413, response.content[:300]
    detail = response.json()["detail"]
    assert str(settings.DATA_UPLOAD_MAX_MEMORY_SIZE) in detail
    assert len(response.content) < 1000
    assert not Submission.objects.exists()


def test_oversized_multipart_body_is_413_json(staff_api, corpus):
    # /api/submissions/ takes JSON only (below); a harvest job may be posted as a form.
    size = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1
    upload = SimpleUploadedFile("urls.txt", b"3" * size)
    response = staff_api.post("/api/harvest/jobs/", {"corpus": "test", "urls": upload})
    assert response.status_code == 413, response.content[:300]
    assert str(settings.DATA_UPLOAD_MAX_MEMORY_SIZE) in response.json()["detail"]
    assert not HarvestJob.objects.exists()


@pytest.mark.parametrize("format", ["multipart", "form"])
def test_a_submission_as_a_form_is_415_and_the_schema_says_json(api, page, format):
    """Issue 26, item 22: the schema offered form and multipart bodies for
    POST /api/submissions/, which can never carry a label vector."""
    from drf_spectacular.generators import SchemaGenerator

    if format == "form":
        response = api.post(
            "/api/submissions/",
            f"page={page.pk}&labels=3",
            content_type="application/x-www-form-urlencoded",
        )
    else:
        response = api.post("/api/submissions/", {"page": page.pk, "labels": 3})
    assert response.status_code == 415, response.content[:300]
    assert "Unsupported media type" in response.json()["detail"]
    assert not Submission.objects.exists()
    schema = SchemaGenerator().get_schema(request=None, public=True)
    body = schema["paths"]["/api/submissions/"]["post"]["requestBody"]["content"]
    assert list(body) == ["application/json"]


# --------------------------------------------------------------------------- the submission


def test_a_label_vector_changed_under_the_lock_is_400(api, page, monkeypatch):
    """The page is re-segmented between validation and the locked write: 400, nothing lost."""
    validate = submission_views.SubmissionWriteSerializer.validate

    def validate_then_resegment(self, attrs):
        attrs = validate(self, attrs)
        Page.objects.filter(pk=page.pk).update(node_count=page.node_count + 1)
        return attrs

    monkeypatch.setattr(
        submission_views.SubmissionWriteSerializer, "validate", validate_then_resegment
    )
    response = submit(api, page.pk, [3] * page.node_count)
    assert response.status_code == 400, response.content[:300]
    assert f"Expected {page.node_count + 1} labels" in response.json()["labels"][0]
    assert not Submission.objects.exists()


def test_nothing_tagged_is_refused_and_is_no_progress(api, page):
    response = submit(api, page.pk, [0] * page.node_count)
    assert response.status_code == 400
    assert response.json()["labels"] == ["Nothing tagged: tag at least one node before submitting."]
    assert not Submission.objects.exists()
    assert api.get("/api/me/stats/").json()["submissions"] == 0


@pytest.mark.parametrize("bad", ["3", 3.0, True, None, [3]])
def test_page_must_be_a_json_integer(api, page, bad):
    if bad == "3":
        bad = str(page.pk)
    elif bad == 3.0:
        bad = float(page.pk)
    response = submit(api, bad, [3] * page.node_count)
    assert response.status_code == 400, response.content[:300]
    assert "page" in response.json()
    assert not Submission.objects.exists()


def test_huge_page_id_in_a_submission_is_400(api, page):
    response = api.post(
        "/api/submissions/",
        data=f'{{"page": {HUGE}, "labels": [3]}}',
        content_type="application/json",
    )
    assert response.status_code == 400, response.content[:300]
    assert "page" in response.json()


def test_echoed_values_are_truncated(api, staff_api, page):
    huge = "x" * 2_000_000
    response = submit(api, page.pk, [huge] + [3] * (page.node_count - 1))
    assert response.status_code == 400
    assert len(response.content) < 1000
    assert "received 'xxxx" in response.json()["labels"][0]
    for param in ("mine", "user"):
        response = staff_api.get("/api/submissions/", {param: "y" * 100_000})
        assert response.status_code == 400
        assert len(response.content) < 1000
    response = staff_api.post(
        "/api/harvest/jobs/", {"corpus": "z" * 100_000, "urls": "https://a.test/"}, format="json"
    )
    assert response.status_code == 400
    assert len(response.content) < 1000


@pytest.mark.parametrize(
    "started_at",
    [
        "0001-01-01T00:00:00Z",
        "PAGE_MINUS_1H",
        "NOW_PLUS_1H",
    ],
)
def test_start_times_before_the_page_existed_or_in_the_future_are_refused(api, page, started_at):
    if started_at == "PAGE_MINUS_1H":
        started_at = (page.created_at - timedelta(hours=1)).isoformat()
    elif started_at == "NOW_PLUS_1H":
        started_at = (timezone.now() + timedelta(hours=1)).isoformat()
    response = submit(api, page.pk, [3] * page.node_count, started_at=started_at)
    assert response.status_code == 400
    assert "started_at" in response.json()
    assert not Submission.objects.exists()


def test_start_time_within_clock_skew_is_accepted(api, page):
    started = (page.created_at - timedelta(seconds=30)).isoformat()
    response = submit(api, page.pk, [3] * page.node_count, started_at=started)
    assert response.status_code == 201, response.content[:300]


# --------------------------------------------------------------------------- hidden corpora


@pytest.fixture
def private_page(db):
    hidden = Corpus.objects.create(
        name="Private corpus", slug="private-secret", access=Corpus.Access.MEMBERS
    )
    return make_page(hidden, 900)


@pytest.fixture
def closed_page(db):
    closed = Corpus.objects.create(name="Closed corpus", slug="closed-secret", is_open=False)
    return make_page(closed, 901)


@pytest.mark.parametrize("which", ["private", "closed"])
def test_hidden_corpora_answer_like_missing_ones(api, private_page, closed_page, which):
    hidden = private_page if which == "private" else closed_page
    slug = hidden.corpus.slug
    missing = api.get("/api/corpora/no-such-corpus/next-page/")
    response = api.get(f"/api/corpora/{slug}/next-page/")
    assert (response.status_code, missing.status_code) == (404, 404)
    assert response.json()["detail"] == missing.json()["detail"]
    assert slug not in response.content.decode()

    unknown = present(Page.objects.order_by("-pk").first()).pk + 1000
    missing = submit(api, unknown, [3] * hidden.node_count)
    response = submit(api, hidden.pk, [3] * hidden.node_count)
    assert response.status_code == missing.status_code == 400
    assert response.json()["page"] == [no_page_message(hidden.pk)]
    assert missing.json()["page"] == [no_page_message(unknown)]
    assert "No page with id" in no_page_message(1)
    assert slug not in response.content.decode()
    assert not Submission.objects.exists()


def test_harvest_job_ids_still_work(staff_api, corpus):
    job = HarvestJob.objects.create(corpus=corpus)
    assert staff_api.get(f"/api/harvest/jobs/{job.pk}/").status_code == 200
