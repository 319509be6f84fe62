"""Every /staff/ page and action needs its Django permission (issue 26, item 5).

The routes come from the URL resolver, so a staff route added later is checked too: it
must name a permission (kehr.staff_permissions.staff_permission_required), a staff
account without it gets a 403 for GET and POST alike, and one with it gets through.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from gold.models import UserExclusion
from kehr.staff_permissions import (
    EXCLUDE_ANNOTATOR,
    GROUPS,
    MERGE_GOLD,
    STAFF_PERMISSIONS,
    VIEW_GOLD,
)
from tests.conftest import grant

pytestmark = pytest.mark.django_db


def staff_routes() -> Iterator[tuple[str, object]]:
    """(route, view) of every URL pattern under staff/, routes joined from the resolver."""

    def walk(patterns, prefix: str) -> Iterator[tuple[str, object]]:
        for entry in patterns:
            route = prefix + str(entry.pattern)
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, route)
            elif isinstance(entry, URLPattern) and route.startswith("staff/"):
                yield route, entry.callback

    yield from walk(get_resolver().url_patterns, "")


ROUTES = sorted(staff_routes(), key=lambda item: item[0])


def url_of(route: str, corpus, page) -> str:
    """The route with a value for each of its converters (objects that exist where cheap)."""
    values = {
        "slug": corpus.slug, "corpus": corpus.slug, "page_id": str(page.pk), "fmt": "jsonl",
        "name": "status", "folder": "visits", "sha256": "0" * 64,
    }  # fmt: skip

    def value(match: re.Match[str]) -> str:
        return values[match.group(1)]

    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", value, route)


def login(*permissions: str, superuser: bool = False) -> Client:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(
        "staffer", password="pw", is_staff=True, is_superuser=superuser
    )
    grant(user, *permissions)
    client = Client()
    client.force_login(user)
    return client


def test_the_resolver_finds_the_staff_pages():
    routes = [route for route, _ in ROUTES]
    for known in ("staff/gold/<slug:slug>/annotators/exclusion/", "staff/diff/",
                  "staff/models/train/", "staff/tutorial/<slug:slug>/csv/<slug:name>.csv",
                  "staff/harvest/images/<str:folder>/<str:sha256>.png"):  # fmt: skip
        assert known in routes


@pytest.mark.parametrize(("route", "view"), ROUTES, ids=[route for route, _ in ROUTES])
def test_every_staff_route_names_an_existing_permission(route, view):
    permission = getattr(view, "staff_permission", None)
    assert permission, f"{route} is not guarded by staff_permission_required"
    assert permission in STAFF_PERMISSIONS
    app_label, _, codename = permission.partition(".")
    assert Permission.objects.filter(content_type__app_label=app_label, codename=codename)


@pytest.mark.parametrize(("route", "view"), ROUTES, ids=[route for route, _ in ROUTES])
def test_staff_without_the_permission_get_403(route, view, page):
    url = url_of(route, page.corpus, page)
    assert Client().get(url)["Location"].startswith("/admin/login/")  # not staff: log in
    permission = view.staff_permission
    # Every other staff permission, not this one: still refused, whatever the method.
    client = login(*(STAFF_PERMISSIONS - {permission}))
    for response in (client.get(url), client.post(url, {"user": "1", "node": "0"})):
        assert response.status_code == 403
        text = response.content.decode()
        assert permission in text and "admin-guide.md" in text


@pytest.mark.parametrize(("route", "view"), ROUTES, ids=[route for route, _ in ROUTES])
@pytest.mark.parametrize("superuser", [False, True], ids=["with-permission", "superuser"])
def test_staff_with_the_permission_get_through(route, view, page, superuser):
    url = url_of(route, page.corpus, page)
    client = login(*([] if superuser else [view.staff_permission]), superuser=superuser)
    response = client.get(url)
    if response.status_code == 405:  # an action: POST only
        response = client.post(url)
    # Past the check the view answers for itself: a page, a redirect after an action, a
    # 400 for a missing field or a 404 for an object the sample values do not name.
    assert response.status_code in (200, 302, 400, 404), response.status_code
    if response.status_code == 302:
        assert not response["Location"].startswith("/admin/login/")


def test_the_dashboard_shows_only_allowed_actions(page):
    viewer = login(VIEW_GOLD).get("/staff/gold/test/").content.decode()
    assert "/staff/gold/test/merge/" not in viewer and "/staff/gold/test/export/" not in viewer
    assert "Test corpus: gold standard" in viewer  # looking is allowed
    from django.contrib.auth import get_user_model

    get_user_model().objects.all().delete()
    manager = login(*STAFF_PERMISSIONS).get("/staff/gold/test/").content.decode()
    assert "/staff/gold/test/merge/" in manager and "/staff/gold/test/export/jsonl/" in manager


def test_the_annotators_page_hides_the_exclusion_form_without_the_permission(page, make_user):
    UserExclusion.objects.create(corpus=page.corpus, user=make_user("anna"), reason="spam")
    url = "/staff/gold/test/annotators/"
    assert "/annotators/exclusion/" not in login(VIEW_GOLD).get(url).content.decode()
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(username="staffer").delete()
    assert "/annotators/exclusion/" in login(VIEW_GOLD, EXCLUDE_ANNOTATOR).get(url).content.decode()


def test_create_staff_groups_makes_the_suggested_groups(page):
    call_command("create_staff_groups", verbosity=0)
    for name, permissions in GROUPS.items():
        group = Group.objects.get(name=name)
        held = {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}
        assert held == set(permissions)
    # An administrator's own addition survives running the command again.
    researchers = Group.objects.get(name="Researchers")
    extra = Permission.objects.get(codename="change_corpus")
    researchers.permissions.add(extra)
    call_command("create_staff_groups", verbosity=0)
    assert extra in researchers.permissions.all()
    assert researchers.permissions.count() == len(GROUPS["Researchers"]) + 1
    # A researcher looks but does not act.
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("rita", password="pw", is_staff=True)
    user.groups.add(researchers)
    client = Client()
    client.force_login(user)
    assert client.get("/staff/gold/test/").status_code == 200
    assert MERGE_GOLD not in GROUPS["Researchers"]
    assert client.post("/staff/gold/test/merge/").status_code == 403
    assert client.post("/staff/gold/test/annotators/exclusion/", {"user": "1"}).status_code == 403
