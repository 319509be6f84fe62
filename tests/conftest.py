"""Shared fixtures: corpora, pages, annotators and API clients.

Services (PostgreSQL, Redis, the Celery worker) come from the tests.services plugin.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
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
