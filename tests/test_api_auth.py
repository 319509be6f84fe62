"""Token login, revocation, throttling and invitation self-registration."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def _fresh_cache(db):
    cache.clear()


def login(client, username, password):
    return client.post(
        "/api/auth/token/", {"username": username, "password": password}, format="json"
    )


def test_login_returns_a_token_that_authenticates(annotator):
    client = APIClient()
    response = login(client, "anna", "correct horse 42")
    assert response.status_code == 200
    token = response.json()["token"]
    assert response.json()["is_staff"] is False
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/corpora/").status_code == 200
    # Logging in again gives the same token (one device per annotator is the common case).
    assert login(APIClient(), "anna", "correct horse 42").json()["token"] == token


def test_wrong_password(annotator):
    response = login(APIClient(), "anna", "wrong")
    assert response.status_code == 400
    assert "Wrong username or password" in response.json()["detail"]


def test_revocation(annotator):
    client = APIClient()
    token = login(client, "anna", "correct horse 42").json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.delete("/api/auth/token/").status_code == 204
    assert not Token.objects.filter(key=token).exists()
    assert client.get("/api/corpora/").status_code == 401


def test_failed_logins_are_throttled_per_account(annotator, settings):
    settings.KEHR_LOGIN_MAX_FAILURES = 3
    for _ in range(3):
        assert login(APIClient(), "anna", "guess").status_code == 400
    blocked = login(APIClient(), "anna", "correct horse 42")
    assert blocked.status_code == 429
    assert "Too many failed logins" in blocked.json()["detail"]
    assert int(blocked["Retry-After"]) > 0


def test_successful_logins_do_not_count(annotator, settings):
    settings.KEHR_LOGIN_MAX_FAILURES = 2
    for _ in range(5):
        assert login(APIClient(), "anna", "correct horse 42").status_code == 200


def test_admin_login_is_throttled_too(staff, client, settings):
    settings.KEHR_LOGIN_MAX_FAILURES = 2
    for _ in range(2):
        client.post("/admin/login/", {"username": "stella", "password": "nope"})
    response = client.post("/admin/login/", {"username": "stella", "password": "correct horse 42"})
    assert response.status_code == 200  # the form again, not a redirect
    assert "Too many failed logins" in response.content.decode()


def test_register_with_invitation_code(corpus):
    corpus.access = corpus.Access.MEMBERS
    corpus.invitation_code = "class-2026"
    corpus.save()
    client = APIClient()
    response = client.post(
        "/api/auth/register/",
        {"invitation_code": "class-2026", "username": "newbie", "password": "tulip garden 77"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert [row["slug"] for row in client.get("/api/corpora/").json()] == ["test"]


@pytest.mark.parametrize(
    ("payload", "field", "fragment"),
    [
        ({"invitation_code": "wrong"}, "invitation_code", "not valid"),
        ({"username": "anna"}, "username", "is taken"),
        ({"password": "123"}, "password", "too short"),
    ],
)
def test_registration_errors(corpus, annotator, payload, field, fragment):
    corpus.invitation_code = "class-2026"
    corpus.save()
    body = {"invitation_code": "class-2026", "username": "newbie", "password": "tulip garden 77"}
    response = APIClient().post("/api/auth/register/", {**body, **payload}, format="json")
    assert response.status_code == 400
    assert fragment in " ".join(response.json()[field])


def test_empty_invitation_code_never_matches_a_closed_registration(corpus):
    response = APIClient().post(
        "/api/auth/register/",
        {"invitation_code": "", "username": "x", "password": "tulip garden 77"},
        format="json",
    )
    assert response.status_code == 400
