"""Token login, revocation, throttling and invitation self-registration."""

from __future__ import annotations

from datetime import timedelta
from importlib import import_module

import pytest
import time_machine
from django.apps import apps as django_apps
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import ClientToken
from tests.expect import present


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


def test_logins_past_the_cap_revoke_the_tokens_used_longest_ago(annotator, other_annotator,
                                                                 settings):  # fmt: skip
    settings.KEHR_MAX_CLIENT_TOKENS = 3
    start = timezone.now()
    keys = []
    with time_machine.travel(start, tick=False) as clock:
        for run in range(3):
            keys.append(
                login(APIClient(), "anna", "correct horse 42", f"run {run}").json()["token"]
            )
            clock.shift(timedelta(minutes=5))
        # The first client is still in use; the second and third are not.
        assert token_client(keys[0]).get("/api/corpora/").status_code == 200
        clock.shift(timedelta(minutes=5))
        other = login(APIClient(), "otto", "correct horse 42", "elsewhere").json()["token"]
        keys.append(login(APIClient(), "anna", "correct horse 42", "run 3").json()["token"])
    # The cap holds; the one issued longest ago and not used since (run 1) is gone, the
    # client in use and the new one stay, and another user's token is not touched.
    left = set(ClientToken.objects.filter(user=annotator).values_list("key", flat=True))
    assert left == {keys[0], keys[2], keys[3]}
    assert token_client(keys[1]).get("/api/corpora/").status_code == 401
    assert token_client(keys[3]).get("/api/corpora/").status_code == 200
    assert token_client(other).get("/api/corpora/").status_code == 200


def test_a_script_logging_in_again_and_again_does_not_log_out_the_client_in_use(
    annotator, settings
):
    """Issue 26, item 6: never-used tokens go first (oldest first), then the least
    recently used; "last used, or else created" revoked the add-on's token, used minutes
    before the script's logins began."""
    settings.KEHR_MAX_CLIENT_TOKENS = 3
    with time_machine.travel(timezone.now(), tick=False) as clock:
        addon = login(APIClient(), "anna", "correct horse 42", "Kehr add-on").json()["token"]
        clock.shift(timedelta(minutes=1))
        assert token_client(addon).get("/api/corpora/").status_code == 200
        runs = []
        for run in range(5):
            clock.shift(timedelta(minutes=1))
            runs.append(login(APIClient(), "anna", "correct horse 42", f"run {run}").json())
    left = set(ClientToken.objects.filter(user=annotator).values_list("key", flat=True))
    assert left == {addon, runs[3]["token"], runs[4]["token"]}
    assert token_client(addon).get("/api/corpora/").status_code == 200


def test_past_the_cap_the_least_recently_used_token_goes_when_all_were_used(annotator, settings):
    settings.KEHR_MAX_CLIENT_TOKENS = 2
    with time_machine.travel(timezone.now(), tick=False) as clock:
        first = login(APIClient(), "anna", "correct horse 42", "first").json()["token"]
        second = login(APIClient(), "anna", "correct horse 42", "second").json()["token"]
        clock.shift(timedelta(minutes=2))
        token_client(second).get("/api/corpora/")
        clock.shift(timedelta(minutes=2))
        token_client(first).get("/api/corpora/")  # first is now the more recently used
        third = login(APIClient(), "anna", "correct horse 42", "third").json()["token"]
    left = set(ClientToken.objects.filter(user=annotator).values_list("key", flat=True))
    assert left == {first, third}


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
    assert present(ClientToken.objects.get(pk=token.pk).last_used) > earlier


def test_token_authentication_costs_one_query(annotator):
    """The next-page/submit path pays for the token check: one SELECT, no write."""
    body = login(APIClient(), "anna", "correct horse 42").json()
    client = token_client(body["token"])
    client.get("/api/auth/tokens/")  # the first use writes last_used
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/api/auth/tokens/").status_code == 200
    # The token joined with its user, then the list itself.
    assert len(queries) == 2, [q["sql"] for q in queries]
    assert "JOIN" in queries[0]["sql"] and "accounts_clienttoken" in queries[0]["sql"]


def test_tokens_from_before_the_upgrade_keep_working(annotator):
    old = Token.objects.create(user=annotator)
    carry_over = import_module("accounts.migrations.0002_carry_over_drf_tokens").carry_over
    carry_over(django_apps, schema_editor=None)
    assert not Token.objects.exists()
    carried = ClientToken.objects.get(key=old.key)
    assert carried.user == annotator
    assert token_client(old.key).get("/api/corpora/").status_code == 200
    # Migrated back to 0001 and forward again: the key is not copied twice.
    Token.objects.create(user=annotator, key=old.key)
    carry_over(django_apps, schema_editor=None)
    assert ClientToken.objects.filter(key=old.key).count() == 1


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


# --- failed-login limits (django-axes, accounts/login_limits.py) ----------------------
GUESSER = "198.51.100.66"
ANNA_AT_HOME = "203.0.113.7"


def login_from(address, username, password, **extra):
    return APIClient(REMOTE_ADDR=address, **extra).post(
        "/api/auth/token/", {"username": username, "password": password}, format="json"
    )


@pytest.fixture
def limits(settings):
    settings.KEHR_LOGIN_MAX_FAILURES = 3
    settings.KEHR_LOGIN_MAX_FAILURES_PER_ADDRESS = 5
    settings.KEHR_LOGIN_WINDOW_SECONDS = 900
    return settings


def test_failed_logins_lock_the_account_from_that_address(annotator, limits):
    assert login_from(GUESSER, "anna", "guess1").status_code == 400
    assert login_from(GUESSER, "anna", "guess2").status_code == 400
    third = login_from(GUESSER, "anna", "guess3")
    assert third.status_code == 429  # the limit is reached: no more guesses
    blocked = login_from(GUESSER, "anna", "correct horse 42")
    assert blocked.status_code == 429
    assert "Too many failed logins" in blocked.json()["detail"]
    assert int(blocked["Retry-After"]) == 900


def test_the_real_user_is_not_locked_out_by_a_guesser_elsewhere(annotator, limits):
    for n in range(5):
        login_from(GUESSER, "anna", f"guess{n}")
    assert login_from(GUESSER, "anna", "correct horse 42").status_code == 429
    assert login_from(ANNA_AT_HOME, "anna", "correct horse 42").status_code == 200


def test_a_burst_across_a_window_boundary_is_refused(annotator, limits):
    # The old fixed windows started at multiples of the window length: two failures at
    # the end of one and two at the start of the next never reached a limit of 3.
    end_of_a_window = 1_800_000_000 // 900 * 900 + 899
    with time_machine.travel(end_of_a_window, tick=False) as clock:
        assert login_from(GUESSER, "anna", "guess1").status_code == 400
        assert login_from(GUESSER, "anna", "guess2").status_code == 400
        clock.shift(2)
        assert login_from(GUESSER, "anna", "guess3").status_code == 429
        assert login_from(GUESSER, "anna", "correct horse 42").status_code == 429


def test_a_quiet_window_forgets_the_failures(annotator, limits):
    with time_machine.travel(1_800_000_000, tick=False) as clock:
        for n in range(3):
            login_from(GUESSER, "anna", f"guess{n}")
        assert login_from(GUESSER, "anna", "correct horse 42").status_code == 429
        clock.shift(899)  # a refused attempt counts too: the wait starts anew
        assert login_from(GUESSER, "anna", "correct horse 42").status_code == 429
        clock.shift(901)
        assert login_from(GUESSER, "anna", "correct horse 42").status_code == 200


def test_the_per_address_limit_holds_across_usernames(annotator, limits):
    for name in ("a1", "a2", "a3", "a4"):
        assert login_from(GUESSER, name, "guess").status_code == 400
    assert login_from(GUESSER, "a5", "guess").status_code == 429  # 5 from this address
    assert login_from(GUESSER, "anna", "correct horse 42").status_code == 429
    assert login_from(ANNA_AT_HOME, "anna", "correct horse 42").status_code == 200


def test_successful_logins_do_not_count(annotator, limits):
    for _ in range(6):
        assert login_from(ANNA_AT_HOME, "anna", "correct horse 42").status_code == 200


def admin_login(address, username, password):
    return Client(REMOTE_ADDR=address).post(
        "/admin/login/", {"username": username, "password": password}
    )


def test_admin_and_api_logins_share_the_rule(staff, limits):
    assert admin_login(GUESSER, "stella", "nope").status_code == 200  # the form again
    assert login_from(GUESSER, "stella", "nope").status_code == 400
    locked = admin_login(GUESSER, "stella", "nope")
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    assert admin_login(GUESSER, "stella", "correct horse 42").status_code == 429
    assert login_from(GUESSER, "stella", "correct horse 42").status_code == 429
    # From elsewhere the admin login works (a redirect into the admin).
    assert admin_login(ANNA_AT_HOME, "stella", "correct horse 42").status_code == 302


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_count(annotator, limits):
    limits.KEHR_TRUSTED_PROXY_COUNT = 1
    proxy = "10.0.0.2"
    for n in range(3):
        login_from(proxy, "anna", f"guess{n}", HTTP_X_FORWARDED_FOR=GUESSER)
    assert login_from(proxy, "anna", "x", HTTP_X_FORWARDED_FOR=GUESSER).status_code == 429
    # A guesser cannot pose as someone else: the proxy appends the address it saw.
    spoofed = f"{ANNA_AT_HOME}, {GUESSER}"
    assert login_from(proxy, "anna", "x", HTTP_X_FORWARDED_FOR=spoofed).status_code == 429
    ok = login_from(proxy, "anna", "correct horse 42", HTTP_X_FORWARDED_FOR=ANNA_AT_HOME)
    assert ok.status_code == 200


def test_without_a_trusted_proxy_x_forwarded_for_is_ignored(annotator, limits):
    assert limits.KEHR_TRUSTED_PROXY_COUNT == 0
    for n in range(3):
        login_from(GUESSER, "anna", f"guess{n}", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    response = login_from(GUESSER, "anna", "correct horse 42", HTTP_X_FORWARDED_FOR=ANNA_AT_HOME)
    assert response.status_code == 429


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
