"""Shared fixtures: corpora, pages, annotators and API clients.

Services (PostgreSQL, Redis, the Celery worker) come from the tests.services plugin.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth.models import Permission
from django.test import override_settings
from rest_framework.test import APIClient

from accounts.models import issue_token
from corpora.ingest import add_page
from corpora.models import Corpus
from kehr.staff_permissions import STAFF_PERMISSIONS

PAGE_TEMPLATE = """<!DOCTYPE html>
<html><head><title>Page {n}</title></head>
<body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Headline {n}</h1>
<p>First paragraph of page {n} with running text.</p>
<p>Second paragraph, <b>bold</b> words and a <a href="/more">link</a>.</p>
</article>
<footer>© Example {n}</footer>
</body></html>
"""


# Django's own hasher (PBKDF2-SHA256, 1,000,000 iterations) costs about 0.4 s a password
# on a 2-core test machine: a test that made 200 annotators spent 95 s hashing. The suite
# hashes with MD5, as Django's testing documentation advises; the production hashers stay
# listed after it, so hashes made with them still check (and are re-hashed on login). Tests
# of the hashing itself (tests/test_accounts.py: algorithm, iterations, what an import will
# cost) carry the real_password_hashing mark. Processes a test starts (manage.py, a bench,
# gunicorn) hash as in production, so the accounts they check need the mark too
# (tests/e2e/conftest.py gives it to the tests that log in through gunicorn).
PRODUCTION_HASHERS = list(settings.PASSWORD_HASHERS)
FAST_HASHER = "django.contrib.auth.hashers.MD5PasswordHasher"


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing() -> Iterator[None]:
    with override_settings(PASSWORD_HASHERS=[FAST_HASHER, *PRODUCTION_HASHERS]):
        yield


@pytest.fixture(autouse=True)
def real_password_hashing(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.get_closest_marker("real_password_hashing") is None:
        yield
        return
    with override_settings(PASSWORD_HASHERS=PRODUCTION_HASHERS):
        yield


def make_page(corpus: Corpus, n: int):
    return add_page(corpus, PAGE_TEMPLATE.format(n=n), url=f"https://site.example/page/{n}")


@pytest.fixture
def corpus(db) -> Corpus:
    return Corpus.objects.create(name="Test corpus", slug="test")


@pytest.fixture
def pages(corpus):
    return [make_page(corpus, n) for n in range(5)]


@pytest.fixture
def page(pages):
    return pages[0]


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, *, staff: bool = False, password: str = "correct horse 42"):
        user = django_user_model.objects.create_user(
            username=username, password=password, is_staff=staff
        )
        if staff:  # staff with every staff page's permission (test_staff_permissions: none)
            grant(user, *STAFF_PERMISSIONS)
        return user

    return make


@pytest.fixture
def annotator(make_user):
    return make_user("anna")


@pytest.fixture
def other_annotator(make_user):
    return make_user("otto")


@pytest.fixture
def staff(make_user):
    return make_user("stella", staff=True)


def grant(user, *permissions: str) -> None:
    """Give the user these permissions ("app_label.codename")."""
    for name in permissions:
        app_label, _, codename = name.partition(".")
        user.user_permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )


def client_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(user, 'pytest').key}")
    return client


@pytest.fixture
def api(annotator) -> APIClient:
    return client_for(annotator)


@pytest.fixture
def other_api(other_annotator) -> APIClient:
    return client_for(other_annotator)


@pytest.fixture
def staff_api(staff) -> APIClient:
    return client_for(staff)
