"""Fixtures of the extension's end-to-end tests (see support.py)."""

from __future__ import annotations

import pytest

from tests.e2e.support import AnnotatorBrowser, BackendServer, built_xpi
from tests.services import test_database_url


@pytest.fixture(scope="session")
def xpi():
    return built_xpi()


@pytest.fixture
def backend(transactional_db, kehr_services, tmp_path):
    """Factory: ``backend(env={...})`` starts gunicorn on the test database."""
    servers: list[BackendServer] = []

    def start(env: dict[str, str] | None = None) -> BackendServer:
        server = BackendServer(test_database_url(), tmp_path / "gunicorn.log", env)
        servers.append(server)
        server.start()
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def annotator_browser(xpi, tmp_path):
    """Factory: ``annotator_browser(ca_pem)`` starts Firefox on a prepared profile."""
    browsers: list[AnnotatorBrowser] = []

    def start(ca_pem: str | None) -> AnnotatorBrowser:
        browser = AnnotatorBrowser(tmp_path / f"profile-{len(browsers)}", xpi, ca_pem)
        browsers.append(browser)
        return browser

    yield start
    for browser in browsers:
        browser.close()
