"""Token login, revocation, throttling and invitation self-registration."""

from __future__ import annotations

from datetime import timedelta
from importlib import import_module

import pytest
from django.apps import apps as django_apps
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import ClientToken


@pytest.fixture(autouse=True)
def _fresh_cache(db):
    cache.clear()


def login(client, username, password, client_name=None):
    body = {"username": username, "password": password}
    if client_name is not None:
        body["client_name"] = client_name
    return client.post("/api/auth/token/", body, format="json")


def test_login_returns_a_token_that_authenticates(annotator):
    client = APIClient()
    response = login(client, "anna", "correct horse 42")
    assert response.status_code == 200
    body = response.json()
    assert body["is_staff"] is False
    assert body["client_name"] == "API client"  # none given
    client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert client.get("/api/corpora/").status_code == 200


def test_wrong_password(annotator):
    response = login(APIClient(), "anna", "wrong")
    assert response.status_code == 400
    assert "Wrong username or password" in response.json()["detail"]


def token_client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_each_client_gets_its_own_token_and_logging_out_revokes_only_that_one(annotator):
    addon = login(APIClient(), "anna", "correct horse 42", "Kehr add-on on Firefox").json()
    script = login(APIClient(), "anna", "correct horse 42", "nightly export").json()
    assert addon["token"] != script["token"]
    assert token_client(addon["token"]).delete("/api/auth/token/").status_code == 204
    assert token_client(addon["token"]).get("/api/corpora/").status_code == 401
    assert token_client(script["token"]).get("/api/corpora/").status_code == 200
    assert not ClientToken.objects.filter(key=addon["token"]).exists()


def test_revoked_token_says_what_to_do(annotator):
    token = login(APIClient(), "anna", "correct horse 42").json()["token"]
    token_client(token).delete("/api/auth/token/")
    response = token_client(token).get("/api/corpora/")
    assert response.status_code == 401
    assert "Log in again" in response.json()["detail"]


def test_users_list_and_revoke_their_own_tokens(annotator, other_annotator):
    addon = login(APIClient(), "anna", "correct horse 42", "Kehr add-on on Firefox").json()
    script = login(APIClient(), "anna", "correct horse 42", "nightly export").json()
    ottos = login(APIClient(), "otto", "correct horse 42", "otto's laptop").json()
    client = token_client(script["token"])
    listed = client.get("/api/auth/tokens/").json()
    assert [(t["client_name"], t["current"]) for t in listed] == [
        ("nightly export", True),
        ("Kehr add-on on Firefox", False),
    ]
    assert "token" not in listed[0] and "key" not in listed[0]
    assert {t["id"] for t in listed} == {addon["id"], script["id"]}
    # Someone else's token is not yours to see or revoke.
    assert client.delete(f"/api/auth/tokens/{ottos['id']}/").status_code == 404
    assert token_client(ottos["token"]).get("/api/corpora/").status_code == 200
    assert client.delete(f"/api/auth/tokens/{addon['id']}/").status_code == 204
    assert token_client(addon["token"]).get("/api/corpora/").status_code == 401
    assert [t["id"] for t in client.get("/api/auth/tokens/").json()] == [script["id"]]


def test_session_logout_has_no_token_to_revoke(annotator, client):
    client.force_login(annotator)
    response = client.delete("/api/auth/token/")
    assert response.status_code == 400
    assert "DELETE /api/auth/tokens/{id}/" in response.json()["detail"]


def test_last_used_is_written_at_most_once_a_minute(annotator):
    body = login(APIClient(), "anna", "correct horse 42").json()
    token = ClientToken.objects.get(pk=body["id"])
    assert token.last_used is None
    client = token_client(body["token"])
    client.get("/api/corpora/")
    first = ClientToken.objects.get(pk=token.pk).last_used
    assert first is not None
    client.get("/api/corpora/")
    assert ClientToken.objects.get(pk=token.pk).last_used == first  # no second write
    earlier = first - timedelta(minutes=2)
    ClientToken.objects.filter(pk=token.pk).update(last_used=earlier)
    client.get("/api/corpora/")
    assert ClientToken.objects.get(pk=token.pk).last_used > earlier


def test_tokens_from_before_the_upgrade_keep_working(annotator):
    old = Token.objects.create(user=annotator)
    carry_over = import_module("accounts.migrations.0002_carry_over_drf_tokens").carry_over
    carry_over(django_apps, schema_editor=None)
    assert not Token.objects.exists()
    carried = ClientToken.objects.get(key=old.key)
    assert carried.user == annotator
    assert token_client(old.key).get("/api/corpora/").status_code == 200


def test_staff_see_and_revoke_tokens_in_the_admin_without_their_keys(admin_client, annotator):
    body = login(APIClient(), "anna", "correct horse 42", "Kehr add-on on Firefox").json()
    listing = admin_client.get("/admin/accounts/clienttoken/").content.decode()
    assert "Kehr add-on on Firefox" in listing
    assert body["token"] not in listing
    user_page = admin_client.get(f"/admin/auth/user/{annotator.pk}/change/").content.decode()
    assert "Kehr add-on on Firefox" in user_page and body["token"] not in user_page
    response = admin_client.post(
        f"/admin/accounts/clienttoken/{body['id']}/delete/", {"post": "yes"}
    )
    assert response.status_code == 302
    assert token_client(body["token"]).get("/api/corpora/").status_code == 401


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
