"""Fixtures of the extension's end-to-end tests (see support.py), and the Firefox they
run: named in the report header (or, when the suite is run from the top, right after
collection), checked against the add-on's oldest supported version before any test
starts one."""

from __future__ import annotations

import pytest

from tests.e2e.support import (
    FIREFOX_VARIABLE,
    AnnotatorBrowser,
    BackendServer,
    built_xpi,
    check_supported_firefox,
    e2e_firefox_binary,
    firefox_version,
)
from tests.services import test_database_url

_reported = pytest.StashKey[bool]()


def _describe_firefox() -> str:
    binary = e2e_firefox_binary()
    try:
        version = firefox_version(binary)
    except AssertionError as error:
        version = f"unusable: {error}"
    return f"end-to-end Firefox ({FIREFOX_VARIABLE}): {binary}, {version}"


def pytest_report_header(config: pytest.Config) -> str:
    # Called only when this conftest is an initial one (pytest tests/e2e/...).
    config.stash[_reported] = True
    return _describe_firefox()


def pytest_collection_finish(session: pytest.Session) -> None:
    # A run of the whole suite loads this conftest after the header: say it here.
    if session.config.stash.get(_reported, False) or not session.items:
        return
    if not any("tests/e2e/" in item.nodeid for item in session.items):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(_describe_firefox())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The add-on logs in to gunicorn, another process, which hashes passwords as in
    # production (PBKDF2 only): the accounts these tests make are hashed so too, not with
    # the suite's fast hasher (tests/conftest.py), which gunicorn would not know.
    for item in items:
        if item.nodeid.startswith("tests/e2e/") and "backend" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.real_password_hashing)


@pytest.fixture(scope="session")
def firefox_binary() -> str:
    """The Firefox to run; a version older than the add-on supports fails every test
    here at once with a message saying so (the add-on would not even install)."""
    binary = e2e_firefox_binary()
    check_supported_firefox(binary)
    return binary


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
def annotator_browser(xpi, firefox_binary, tmp_path):
    """Factory: ``annotator_browser(ca_pem)`` starts Firefox on a prepared profile."""
    browsers: list[AnnotatorBrowser] = []

    def start(ca_pem: str | None) -> AnnotatorBrowser:
        browser = AnnotatorBrowser(
            tmp_path / f"profile-{len(browsers)}", xpi, ca_pem, firefox_binary
        )
        browsers.append(browser)
        return browser

    yield start
    for browser in browsers:
        browser.close()
