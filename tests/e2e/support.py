"""Helpers of the extension's end-to-end tests: the built add-on, a real backend server
process that can be stopped and restarted, and a real Firefox ESR driven over Marionette.

Nothing here imitates a part: the backend is gunicorn on the test database, the
replay proxy is the archive proxy (tests/proxy_fixtures.py), Firefox runs the built
``.xpi`` installed into a profile by ``annotator.firefox`` (the code behind
``manage.py annotator_firefox``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from marionette_driver import errors as mn_errors
from marionette_driver.marionette import ActionSequence

from annotator import conf, firefox
from kehr import firefox as launcher
from kehr.processes import die_with_parent, free_port
from tests.services import log_tail

REPO = Path(__file__).resolve().parents[2]
EXTENSION = REPO / "extension"
SCREENSHOT_DIR = REPO / "docs" / "img"

PASSWORD = "correct horse 42"

# Everything a script of the page itself could look at for the token.
PROBE = """
const token = arguments[0];
const found = [];
const look = (where, value) => { if (String(value).includes(token)) found.push(where); };
look("document", document.documentElement.outerHTML);
for (const el of document.querySelectorAll("*")) {
  for (const attr of el.attributes) look("attribute " + attr.name, attr.value);
}
for (const store of ["localStorage", "sessionStorage"]) {
  try {
    const s = window[store];
    for (let i = 0; i < s.length; i++) look(store, s.getItem(s.key(i)));
  } catch (e) {}
}
try { look("cookie", document.cookie); } catch (e) {}
for (const name of Object.getOwnPropertyNames(window)) {
  try { const v = window[name]; if (typeof v === "string") look("window." + name, v); } catch (e) {}
}
look("name", window.name);
return {found, browser: typeof window.browser, chrome: typeof window.chrome};
"""

# The messages the add-on shows on the page live in a closed shadow root (its own
# element), which only a script with system rights can read.
NOTICES_JS = """
const host = document.querySelector("kehr-annotator-ui");
const root = host && host.openOrClosedShadowRoot;
return root ? [...root.querySelectorAll("[data-level]")].map((b) => b.textContent) : [];
"""

# WebDriver key codes for the modifiers.
CONTROL = "\ue009"
ALT = "\ue00a"


def wait_for(
    condition: Callable[[], Any], *, timeout: float = 15, interval: float = 0.1, what: str = ""
) -> Any:
    """Poll until ``condition()`` is truthy; return its value or fail saying what."""
    deadline = time.monotonic() + timeout
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        try:
            value = condition()
        except Exception as error:  # the page may be between two documents
            last_error = error
        else:
            if value:
                return value
        time.sleep(interval)
    raise AssertionError(
        f"timed out after {timeout} s waiting for {what or condition}"
        + (f" (last error: {last_error})" if last_error else "")
    )


# --------------------------------------------------------------------------- the add-on


def _newest_source_mtime() -> float:
    # What the build reads: the sources, the guidelines, and the build's own steps.
    paths = [
        *EXTENSION.joinpath("src").rglob("*"),
        *EXTENSION.joinpath("scripts").rglob("*"),
        EXTENSION / "package.json",
        EXTENSION / "web-ext-config.mjs",
        REPO / "docs" / "guidelines.md",
    ]
    return max(p.stat().st_mtime for p in paths if p.is_file())


def built_xpi() -> Path:
    """The built add-on, building it first (npm ci, npm run build) when it is missing or
    older than its sources. Fails, never skips, without Node.js: the suite needs it."""
    xpi = conf.xpi_path()
    if xpi.is_file() and xpi.stat().st_mtime >= _newest_source_mtime():
        return xpi
    npm = shutil.which("npm")
    assert npm, "npm not found: install Node.js 20+ (./dev test does) to build the extension"
    if not (EXTENSION / "node_modules").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=EXTENSION, check=True)
    subprocess.run([npm, "run", "build"], cwd=EXTENSION, check=True)
    assert xpi.is_file(), f"npm run build did not produce {xpi}"
    return xpi


# --------------------------------------------------------------------------- which Firefox

FIREFOX_VARIABLE = "KEHR_TEST_FIREFOX"


def e2e_firefox_binary() -> str:
    """The Firefox the end-to-end tests run: ``$KEHR_TEST_FIREFOX`` (a path, to try the
    add-on on another version, e.g. an unpacked older ESR), else /usr/bin/firefox-esr."""
    value = os.environ.get(FIREFOX_VARIABLE, "").strip()
    return value or firefox.DEFAULT_FIREFOX


def firefox_version(binary: str) -> str:
    """What ``firefox --version`` says (``Mozilla Firefox 140.12.0esr``), or an
    AssertionError saying which binary could not be run and how to choose another."""
    where = f"{binary} (set {FIREFOX_VARIABLE} to the path of another Firefox)"
    if not Path(binary).is_file():
        raise AssertionError(f"Firefox not found at {where}; or install firefox-esr")
    try:
        done = subprocess.run(
            [binary, "--version"], capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise AssertionError(f"could not run {where}: {error}") from None
    version = done.stdout.strip()
    if done.returncode != 0 or not re.search(r"\d+\.\d+", version):
        raise AssertionError(
            f"{where} --version gave exit status {done.returncode}: "
            f"{(version + ' ' + done.stderr.strip()).strip()[:300]!r}"
        )
    return version


def _major(version: str) -> int:
    found = re.search(r"(\d+)\.\d+", version)
    assert found, f"no version number in {version!r}"
    return int(found.group(1))


def check_supported_firefox(binary: str) -> str:
    """The version of ``binary`` if the add-on supports it; else an AssertionError that
    says so, instead of tests waiting in vain for an add-on Firefox would not install."""
    version = firefox_version(binary)
    minimum = conf.minimum_firefox()
    if _major(version) < _major(minimum):
        raise AssertionError(
            f"{binary} is {version}, older than the oldest Firefox the add-on supports "
            f"({minimum}, strict_min_version in extension/src/manifest.json): install "
            f"firefox-esr {_major(minimum)} or newer, or set {FIREFOX_VARIABLE} to one"
        )
    return version


# --------------------------------------------------------------------------- backend


class BackendServer:
    """gunicorn serving Kehr on the test database, on a fixed port across restarts."""

    def __init__(self, database_url: str, log_path: Path, env: dict[str, str] | None = None):
        self.port = free_port()
        self.database_url = database_url
        self.log_path = log_path
        self.extra_env = env or {}
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ)
        env.update(self.extra_env)
        env["DATABASE_URL"] = self.database_url
        env["DJANGO_SETTINGS_MODULE"] = "kehr.settings"
        env["PYTHONPATH"] = os.pathsep.join(
            [str(REPO / "backend"), str(REPO / "proxy"), str(REPO), env.get("PYTHONPATH", "")]
        )
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "kehr.wsgi:application",
                 "--bind", f"127.0.0.1:{self.port}", "--workers", "1",
                 "--worker-class", "gthread", "--threads", "4", "--timeout", "60"],
                cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
                preexec_fn=die_with_parent(signal.SIGTERM),
            )  # fmt: skip

        def healthy() -> bool:
            assert self.proc is not None and self.proc.poll() is None, (
                f"gunicorn exited:\n{log_tail(self.log_path)}"
            )
            try:
                return httpx.get(f"{self.url}/healthz/", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_for(healthy, timeout=30, what="the backend to answer /healthz/")

    def stop(self) -> None:
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None


# --------------------------------------------------------------------------- Firefox


class AnnotatorBrowser:
    """Firefox ESR on a profile prepared by ``annotator.firefox.prepare_profile`` (the
    built add-on installed for good, the CA trusted or not), under Marionette."""

    def __init__(self, profile_dir: Path, xpi: Path, ca_pem: str | None, binary: str):
        self.profile = firefox.prepare_profile(
            profile_dir, xpi=xpi, extension_id=conf.extension_id(), ca_pem=ca_pem, firefox=binary
        )
        port = free_port()
        self.process = firefox.start_firefox(
            self.profile,
            firefox=binary,
            headless=True,
            marionette_port=port,
            system_access=True,  # chrome-context checks (CA trust) in the tests
            extension_id=conf.extension_id(),
        )
        self.m = launcher.connect_marionette(port, self.process)
        self.m.set_window_rect(width=1280, height=900)
        self.m.timeout.script = 20
        self.m.timeout.page_load = 30

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.m.delete_session()
        launcher.stop_firefox(self.process)

    # tabs -------------------------------------------------------------------------

    def extension_page(self, page: str) -> str:
        return self.profile.extension_url(page)

    def open_tab(self, url: str) -> str:
        handle = self.m.open(type="tab", focus=True)["handle"]
        self.m.switch_to_window(handle)
        self.m.navigate(url)
        return handle

    def new_handle(self, before: set[str], timeout: float = 15) -> str:
        return wait_for(
            lambda: next(iter(set(self.m.window_handles) - before), None),
            timeout=timeout,
            what="a new tab",
        )

    def switch(self, handle: str) -> None:
        self.m.switch_to_window(handle)

    # pages ------------------------------------------------------------------------

    def js(self, script: str, *args: Any) -> Any:
        return self.m.execute_script(script, script_args=list(args))

    def page_js(self, script: str, *args: Any) -> Any:
        """Run a script with the page's own rights, as the page's scripts would."""
        return self.m.execute_script(script, script_args=list(args), sandbox=None)

    def notices(self) -> list[str]:
        """The texts of the messages the add-on shows on the page now."""
        return self.m.execute_script(NOTICES_JS, sandbox="system")

    def wait_notice(self, part: str, what: str = "") -> str:
        """Wait until the page shows a message containing ``part``; return it. The
        add-on's own word that it handled (or refused) something: a positive signal
        to wait for before asserting that nothing changed."""
        return wait_for(
            lambda: next((n for n in self.notices() if part in n), None),
            what=what or f"the message “{part}” on the page",
        )

    def extension_storage(self) -> dict:
        """Everything the add-on keeps in storage.local (run in one of its own pages)."""
        return self.m.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.wrappedJSObject.browser.storage.local.get(null)"
            ".then((all) => done(JSON.parse(JSON.stringify(all))),"
            "      (e) => done({error: String(e)}));"
        )

    def css(self, selector: str):
        return self.m.find_element("css selector", selector)

    def _on_fresh(self, selector: str, use: Callable[[Any], Any]) -> Any:
        """``use`` on the element ``selector`` finds, found again while the page replaces
        it between finding and using (the options page rewrites a check's result as its
        answer arrives; the sidebar redraws its node buttons after a tag). A stale
        element is refused before anything happens to it, so trying again never acts
        twice."""
        for attempt in range(5):
            try:
                return use(self.css(selector))
            except mn_errors.StaleElementException:
                if attempt == 4:
                    raise
                time.sleep(0.1)
        raise AssertionError("unreachable")

    def click(self, selector: str) -> None:
        self._on_fresh(selector, lambda element: element.click())

    def text(self, selector: str) -> str:
        return str(self._on_fresh(selector, lambda element: element.text))

    def hover(self, selector: str) -> None:
        self._pointer_on(self.css(selector))

    def _pointer_on(self, element: Any, press: int | None = None) -> None:
        """Scroll the element to the viewport's middle and move the mouse onto it (then
        press and release button ``press``, if given), as a person would."""
        for attempt in range(5):
            self.js("arguments[0].scrollIntoView({block: 'center'})", element)
            mouse = ActionSequence(self.m, "pointer", "mouse").pointer_move(0, 0, origin=element)
            if press is not None:
                mouse.pointer_down(button=press).pointer_up(button=press)
            try:
                mouse.perform()
                return
            except mn_errors.MoveTargetOutOfBoundsException:
                # The page's layout moved after the scroll (an image above the element
                # finished loading and pushed it below the viewport): scroll again.
                if attempt == 4:
                    raise
                time.sleep(0.2)

    def chord(self, key: str) -> None:
        """Press Ctrl+Alt+key as a person would (trusted key events)."""
        keys = ActionSequence(self.m, "key", "keyboard")
        keys.key_down(CONTROL).key_down(ALT).key_down(key).key_up(key).key_up(ALT).key_up(CONTROL)
        keys.perform()

    def context_menu(self, selector: str, item: str) -> None:
        """Right-click an element and choose the add-on's menu entry ``item`` (an action)."""
        self._pointer_on(self.css(selector), press=2)
        menu_item = (
            f"{firefox.toolbar_widget_id(conf.extension_id()).split('-')[0]}-menuitem-_{item}"
        )
        wait_for(
            lambda: self.chrome_js(
                "const menu = document.getElementById('contentAreaContextMenu');"
                "return menu.state === 'open' && !!document.getElementById(arguments[0]);",
                menu_item,
            ),
            what="the context menu with the Kehr entries",
        )
        self.chrome_js(
            "document.getElementById(arguments[0]).doCommand();"
            "document.getElementById('contentAreaContextMenu').hidePopup();",
            menu_item,
        )

    def chrome_js(self, script: str, *args: Any) -> Any:
        with self.m.using_context("chrome"):
            return self.m.execute_script(script, script_args=list(args))

    def trust_ca(self, pem: str) -> None:
        """What a person does by importing the CA in Firefox's certificate manager."""
        launcher.trust_ca(self.m, pem)

    def toolbar_icon(self) -> str:
        """The image of the add-on's toolbar button (the tracking state's colour)."""
        button = firefox.toolbar_widget_id(conf.extension_id()).replace("-browser-action", "-BAP")
        return self.chrome_js(
            "return document.getElementById(arguments[0])"
            ".style.getPropertyValue('--webextension-toolbar-image')",
            button,
        )

    def show_sidebar(self, show: bool) -> None:
        """Open or close the add-on's sidebar (as its toolbar-menu button does)."""
        panel = firefox.toolbar_widget_id(conf.extension_id()).replace(
            "-browser-action", "-sidebar-action"
        )
        script = "SidebarController.show(arguments[0])" if show else "SidebarController.hide()"
        self.chrome_js(script, panel)

    def window_screenshot(self, name: str) -> None:
        """The whole browser window (toolbar, sidebar, page) when KEHR_SCREENSHOTS=1."""
        if not os.environ.get("KEHR_SCREENSHOTS"):
            return
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        with self.m.using_context("chrome"):
            (SCREENSHOT_DIR / name).write_bytes(self.m.screenshot(format="binary"))

    def screenshot(self, name: str, element=None) -> None:
        """Save a PNG under docs/img/ when KEHR_SCREENSHOTS=1 (for the annotator guide)."""
        if not os.environ.get("KEHR_SCREENSHOTS"):
            return
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        png = self.m.screenshot(element=element, format="binary")
        (SCREENSHOT_DIR / name).write_bytes(png)


# --------------------------------------------------------------------------- flows


def login_in_options(browser, server_url: str, username: str) -> None:
    """Log in as a person does: the options page (the server is already filled in)."""
    browser.open_tab(browser.profile.options_url(server_url))
    wait_for(lambda: browser.js("return document.getElementById('server').value"), what="options")
    assert browser.js("return document.getElementById('server').value") == server_url
    browser.css("#username").send_keys(username)
    browser.css("#password").send_keys(PASSWORD)
    browser.click("#login")
    wait_logged_in(browser, username)
    # A login runs the connection check by itself; on a busy machine its answer (no
    # corpus chosen yet) could land after a test's own check had begun and be read as
    # that one's. Wait for it, so later checks are the tests' own.
    wait_for(
        lambda: browser.js("return !!document.getElementById('check-page')"),
        what="the connection check that follows the login",
        timeout=30,
    )


def wait_logged_in(browser, username: str, what: str = "the login") -> None:
    """Wait until the options page says who is logged in; it says so once, and the
    login fields are gone (Log out brings them back)."""
    wait_for(
        lambda: (
            not browser.js("return document.getElementById('logged-in').hidden")
            and browser.text("#current-user") == username
        ),
        what=what,
        timeout=20,
    )
    # (The connection check further down has its own line about the server.)
    said = browser.js("return document.getElementById('account').innerText.split('Logged in')")
    assert len(said) == 2, f"the login section says 'Logged in' {len(said) - 1} times: {said}"
    assert browser.js("return document.getElementById('login-form').hidden"), (
        "the login fields are still shown after logging in"
    )


def choose_corpus_and_grab(browser, popup: str, slug: str, tab: str | None = None) -> str:
    """In the toolbar menu: choose the corpus, Grab next page; return the page's tab
    (a new one, unless an annotation tab is open already: ``tab``, which is reused)."""
    browser.switch(popup)
    browser.m.navigate(browser.extension_page("popup/popup.html"))
    wait_for(
        lambda: browser.js(f"return !!document.querySelector('#corpus option[value=\"{slug}\"]')"),
        what=f"corpus {slug} in the menu",
    )
    browser.js(
        "const s = document.getElementById('corpus'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('change'));",
        slug,
    )
    wait_for(lambda: "Corpus chosen" in browser.text("#status"), what="corpus chosen")
    before = set(browser.m.window_handles)
    browser.click("#grab")
    wait_for(lambda: browser.text("#status").startswith("Opened"), what="the page to open")
    if tab:
        assert set(browser.m.window_handles) == before, "no new tab when one is open already"
        return tab
    return browser.new_handle(before)
