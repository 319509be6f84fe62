"""The Content-Security-Policy in a real Firefox: every page Kehr renders works under it.

Firefox posts every violation to a report collector on this machine (``report-uri``);
the pages are then loaded one by one and must produce no report while doing what they
are for (Swagger UI renders the schema, the dashboard's styles and charts apply, the
admin's scripts run). A control page, loaded under a policy without the nonce, proves
that a violation does reach the collector.
"""

from __future__ import annotations

import copy
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from marionette_driver import By, Wait

from annotations.services import submit_labels
from gold.merge import merge_corpus
from gold.stats import refresh_corpus_stats
from harvest.browser import Browser
from learning.models import ModelVersion

PASSWORD = "a long staff password 42"


class Collector(BaseHTTPRequestHandler):
    reports: list[dict] = []

    def do_POST(self) -> None:  # http.server's name for it
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        Collector.reports.append(json.loads(body or b"{}").get("csp-report", {}))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args) -> None:  # quiet
        pass


@pytest.fixture
def collector():
    Collector.reports = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Collector)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/csp-report"
    server.shutdown()
    server.server_close()


@pytest.fixture
def firefox():
    browser = Browser()
    browser.start()
    try:
        yield browser.client
    finally:
        browser.stop()


@pytest.fixture
def world(transactional_db, corpus, pages, make_user, django_user_model):
    corpus.min_submissions = 2
    corpus.save()
    for number, user in enumerate(make_user(f"c{i}") for i in range(2)):
        for page in pages:
            labels = [3] * page.node_count
            labels[0] = 1 + 2 * number
            submit_labels(page_id=page.pk, user=user, labels=labels)
    merge_corpus(corpus)
    refresh_corpus_stats(corpus)
    django_user_model.objects.create_superuser("boss", "boss@example.org", PASSWORD)
    return corpus


def wait_for(client, script: str, what: str):
    return Wait(client, timeout=30).until(
        lambda m: m.execute_script(script), message=f"waiting for {what}"
    )


def wait_for_reports(count: int) -> list[dict]:
    deadline = time.monotonic() + 30
    while len(Collector.reports) < count and time.monotonic() < deadline:
        time.sleep(0.2)
    return list(Collector.reports)


def test_every_page_works_under_the_policy(live_server, world, pages, collector, firefox,
                                           settings):  # fmt: skip
    policy = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)
    policy["DIRECTIVES"]["report-uri"] = [collector]
    settings.CONTENT_SECURITY_POLICY = policy
    base = live_server.url
    client = firefox

    client.navigate(f"{base}/admin/login/?next=/admin/")
    client.find_element(By.ID, "id_username").send_keys("boss")
    client.find_element(By.ID, "id_password").send_keys(PASSWORD)
    client.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    wait_for(client, "return location.pathname === '/admin/'", "the admin after login")

    client.navigate(f"{base}/admin/auth/user/")
    client.find_element(By.ID, "action-toggle").click()  # the admin's actions.js
    assert client.execute_script(
        "return [...document.querySelectorAll('.action-select')].every(box => box.checked)"
    )
    # A model version with a report, as an evaluation leaves it (no training needed here).
    ModelVersion.objects.create(
        name="csp-model", corpus=world, status=ModelVersion.Status.READY, groups=["text"],
        report="# Evaluation\n\n| source | F1 |\n|---|---|\n| model | 0.9 |\n",
    )  # fmt: skip
    for path in ("/", "/admin/", f"/admin/corpora/corpus/{world.pk}/change/", "/staff/gold/",
                 "/staff/tutorial/", f"/staff/diff/pages/{pages[0].pk}/", "/api/corpora/",
                 "/annotator/", "/annotator/guidelines/", "/staff/models/",
                 "/staff/models/csp-model/"):  # fmt: skip
        client.navigate(base + path)
        wait_for(client, "return document.readyState === 'complete'", path)

    client.navigate(f"{base}/staff/gold/test/")
    chart = "document.querySelector('svg.kehr-chart')"
    assert client.execute_script(f"return getComputedStyle({chart}).maxWidth") == "760px"
    axis = "document.querySelector('svg.kehr-chart text.axis')"
    assert client.execute_script(f"return getComputedStyle({axis}).fill") == "rgb(34, 34, 34)"

    client.navigate(f"{base}/api/docs/")
    title = wait_for(
        client,
        "const t = document.querySelector('.swagger-ui .info .title'); return t && t.textContent",
        "Swagger UI to render the schema",
    )
    assert title.startswith("Kehr API")

    assert Collector.reports == []
    # Control: the same dashboard under a policy that does not know the nonce.
    without_nonce = copy.deepcopy(policy)
    without_nonce["DIRECTIVES"]["style-src"] = ["'self'"]
    settings.CONTENT_SECURITY_POLICY = without_nonce
    client.navigate(f"{base}/staff/gold/test/")
    reports = wait_for_reports(1)
    assert reports and reports[0]["document-uri"] == f"{base}/staff/gold/test/"
    assert reports[0]["violated-directive"].startswith("style-src")
