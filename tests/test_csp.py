"""Content-Security-Policy: every staff, admin and Kehr HTML page carries one with nonces
instead of 'unsafe-inline' for scripts; documents and diffs keep their sandbox policy."""

from __future__ import annotations

import re

import pytest
from django.contrib import admin
from django.test import Client, RequestFactory
from django.urls import NoReverseMatch, reverse

from annotations.services import submit_labels
from gold.merge import merge_corpus
from gold.stats import refresh_corpus_stats
from kehr.content_policy import DOCUMENT_HEADERS, STYLE_ELEMENT, source_hash

HEADER = "Content-Security-Policy"
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
STYLE_TAG = re.compile(r"<style\b([^>]*)>", re.IGNORECASE)
NONCE_ATTR = re.compile(r'\bnonce="([^"]+)"')


def directives(header: str) -> dict[str, list[str]]:
    parsed = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            parsed[words[0]] = words[1:]
    return parsed


def check_page(client: Client, url: str) -> str:
    """The page's HTML, after checking its policy and that every inline part may run."""
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    assert HEADER in response, f"{url} has no {HEADER}"
    policy = directives(response[HEADER])
    for name in ("script-src", "style-src"):
        assert "'unsafe-inline'" not in policy[name], (url, name)
    assert "'unsafe-eval'" not in policy["script-src"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    html = response.content.decode()
    nonces = [word for word in policy["script-src"] if word.startswith("'nonce-")]
    for attributes in SCRIPT_TAG.findall(html):
        if "src=" in attributes or "application/json" in attributes:
            continue  # a file of this origin, or data that never runs
        found = NONCE_ATTR.search(attributes)
        assert found and f"'nonce-{found.group(1)}'" in nonces, f"{url}: inline script"
    style_nonces = [word for word in policy["style-src"] if word.startswith("'nonce-")]
    for attributes in STYLE_TAG.findall(html):
        found = NONCE_ATTR.search(attributes)
        assert found and f"'nonce-{found.group(1)}'" in style_nonces, f"{url}: inline style"
    return html


@pytest.fixture
def staff_world(corpus, pages, make_user):
    """A merged corpus with figures, so that every dashboard page has content."""
    corpus.min_submissions = 2
    corpus.save()
    for number, user in enumerate(make_user(f"c{i}") for i in range(2)):
        for page in pages:
            labels = [3] * page.node_count
            labels[0] = 1 + 2 * number  # a tie on node 0
            submit_labels(page_id=page.pk, user=user, labels=labels)
    merge_corpus(corpus)
    refresh_corpus_stats(corpus)
    return corpus


def admin_urls(user) -> list[str]:
    """The changelist and (where adding is allowed) add page of every model in the admin."""
    request = RequestFactory().get("/admin/")
    request.user = user
    urls = []
    for model, model_admin in admin.site._registry.items():
        opts = model._meta
        views = ["changelist"] + (["add"] if model_admin.has_add_permission(request) else [])
        for view in views:
            try:
                urls.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}"))
            except NoReverseMatch:
                pass
    return urls


def test_every_admin_page_has_a_policy(admin_client, admin_user, staff_world, pages):
    urls = ["/admin/", *admin_urls(admin_user), f"/admin/corpora/page/{pages[0].pk}/change/",
            f"/admin/corpora/corpus/{staff_world.pk}/change/"]  # fmt: skip
    assert len(urls) > 10
    for url in urls:
        check_page(admin_client, url)
    check_page(Client(), "/admin/login/")


def test_every_staff_page_has_a_policy(admin_client, staff_world, pages):
    urls = [
        "/staff/gold/", "/staff/gold/test/", "/staff/gold/test/pages/",
        "/staff/gold/test/annotators/", "/staff/gold/test/ties/",
        f"/staff/gold/test/ties/{pages[0].pk}/", "/staff/tutorial/",
        f"/staff/diff/pages/{pages[0].pk}/", "/api/docs/",
    ]  # fmt: skip
    for url in urls:
        check_page(admin_client, url)


def test_the_browsable_api_has_a_policy_and_its_colours_the_nonce(admin_client, staff_world):
    admin_client.defaults["HTTP_ACCEPT"] = "text/html"
    html = check_page(admin_client, "/api/corpora/")
    assert "<style nonce=" in html  # Pygments' colours are kept


def test_the_dashboard_styles_carry_the_nonce_and_charts_have_no_style_element(
    admin_client, staff_world
):
    html = check_page(admin_client, "/staff/gold/test/")
    assert html.count('class="kehr-chart"') == 7
    assert "<style nonce=" in html  # the dashboard's own stylesheet is allowed
    charts = re.findall(r"<svg.*?</svg>", html, re.DOTALL)
    assert charts and not any("<style" in chart for chart in charts)


def test_swagger_ui_loads_its_script_from_this_origin(admin_client):
    html = check_page(admin_client, "/api/docs/")
    sources = re.findall(r'<script src="([^"]+)"', html)
    assert any("swagger-ui-bundle.js" in src for src in sources)
    init = next(src for src in sources if "script=" in src)
    response = admin_client.get(init.replace("&amp;", "&"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in response.content.decode()


def test_annotators_pages_have_a_policy(client, db):
    check_page(client, "/annotator/")
    check_page(client, "/")  # the landing page


def test_the_guidelines_file_may_use_exactly_its_own_styles(client, db):
    response = client.get("/annotator/guidelines/")
    policy = directives(response[HEADER])
    html = response.content.decode()
    styles = STYLE_ELEMENT.findall(html)
    assert styles  # the page is styled inline
    assert [source_hash(css) for css in styles] == [
        word for word in policy["style-src"] if word.startswith("'sha256-")
    ]
    assert "'unsafe-inline'" not in policy["style-src"] + policy["script-src"]
    assert source_hash(styles[0] + " ") not in policy["style-src"]  # no other style


def test_documents_and_diffs_keep_their_sandbox_policy(staff_world, pages, staff_api, admin_client):
    document = staff_api.get(f"/api/pages/{pages[0].pk}/document/")
    assert document.status_code == 200
    assert document[HEADER] == DOCUMENT_HEADERS[HEADER]
    diff = admin_client.get(f"/staff/diff/pages/{pages[0].pk}/view/?a=gold&b=submission:"
                            f"{pages[0].submissions.first().pk}")  # fmt: skip
    assert diff.status_code == 200
    assert diff[HEADER] == DOCUMENT_HEADERS[HEADER]
    assert directives(diff[HEADER])["sandbox"] == []
