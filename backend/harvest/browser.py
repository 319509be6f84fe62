"""Headless Firefox ESR for the harvester, driven over Marionette.

One :class:`Browser` per worker process, reused across pages (:func:`shared_browser`)
and restarted when it crashes. What it does for a page (:meth:`Browser.capture`):

1. navigate (the load event), wait for web fonts, wait ``settle_ms``;
2. scroll to the bottom in viewport steps and back to the top (lazy images,
   infinite-scroll teasers), wait for images and a second short settle;
3. read the final URL, the MIME type, the HTTP status of the navigation
   (``PerformanceNavigationTiming.responseStatus``) and the document's encoding;
4. take a full-page PNG screenshot of the live page (of a page taller than Firefox
   can draw at once, its top part, as tall as this Firefox draws: see ``_screenshot``);
5. take the DOM snapshot: a *clone* of the live ``documentElement`` (so the page is
   not disturbed) with scripts neutralised, serialised with its doctype.

Scripts are neutralised by removing every ``<script>`` element, every ``on*``
event-handler attribute, ``javascript:`` URLs in href/src/action and
``<meta http-equiv=refresh>``. Removing (rather than renaming the type of) scripts
keeps the annotation document small and the segmenter skips script text anyway;
``<noscript>`` stays, because the segmenter counts its text (KrdWrd did).

Node rectangles (:meth:`Browser.node_rects`) are measured on the *annotation
document itself*, not on the live page: after segmenting, the annotation document
is written into the same tab (``document.open/write/close`` — same origin and URL,
so fonts and stylesheets load exactly as for annotators; timers of the live page
are cleared first) and the rectangle of every ``<kehr-t data-i=N>`` is read. Why
not re-run the segmenter's enumeration in the live DOM: the browser's DOM and
libxml2's parse of the serialised snapshot do not always agree (adjacent text nodes
merge on serialisation, parsers differ on invalid nesting), and any disagreement
would silently shift every index. Reading ``data-i`` from the very elements the
segmenter wrote cannot shift: a node the browser's parser drops (e.g. a wrapper
inside ``<select>``) gets ``null`` instead, and the list always has node_count
entries.

Firefox is started by :mod:`kehr.firefox` (the launcher shared with the annotator's
profile, the tests and the benches): with a parent-death signal, so a worker killed
with SIGKILL does not leave its Firefox running, and Marionette attached to its port.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from marionette_driver import errors as mn_errors
from marionette_driver.marionette import Marionette

from kehr import firefox
from kehr.processes import free_port

VIEWPORT = (1280, 900)
# Live visits for visual stability: the thesis' fixed viewport, and no cache, so each
# visit fetches what the site serves now.
VISIT_VIEWPORT = (1920, 1080)
VISIT_PREFS: dict[str, object] = {
    "browser.cache.disk.enable": False,
    "browser.cache.memory.enable": False,
}
START_TIMEOUT_S = 60
# Every connection of the harvester's Firefox must go through the recording proxy and
# its address checks (docs/archive.md): no channel that bypasses an HTTP proxy. WebRTC
# sends STUN/TURN over UDP straight to any address a page names; DNS prefetch and
# DNS over HTTPS ask resolvers directly; speculative connections open sockets ahead of
# any request; HTTP/3 and WebTransport speak UDP (QUIC). A proxy that fails must not
# fall back to a direct connection.
NO_DIRECT_TRAFFIC_PREFS: dict[str, object] = {
    "media.peerconnection.enabled": False,
    "media.peerconnection.ice.proxy_only": True,
    "network.dns.disablePrefetch": True,
    "network.dns.disablePrefetchFromHTTPS": True,
    "network.prefetch-next": False,
    "network.predictor.enabled": False,
    "network.predictor.enable-prefetch": False,
    "network.http.speculative-parallel-limit": 0,
    "browser.urlbar.speculativeConnect.enabled": False,
    "browser.places.speculativeConnect.enabled": False,
    "network.trr.mode": 5,
    "network.http.http3.enable": False,
    "network.webtransport.enabled": False,
    "network.proxy.failover_direct": False,
}
# Firefox's background chatter would otherwise go through the recording proxy
# (and into the archive) or slow down start-up.
BASE_PREFS: dict[str, object] = {
    **firefox.QUIET_PREFS,
    "browser.cache.disk.enable": False,
    "browser.cache.memory.enable": False,
    "browser.cache.offline.enable": False,
    "network.http.use-cache": False,
    "browser.startup.page": 0,
    "toolkit.telemetry.server": "",
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.provider.mozilla.updateURL": "",
    "services.settings.server": "",
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    **NO_DIRECT_TRAFFIC_PREFS,
    "browser.search.update": False,
    "media.autoplay.default": 5,
    "dom.disable_open_during_load": True,
    "pdfjs.disabled": True,
    "browser.download.always_ask_before_handling_new_types": False,
    "security.sandbox.content.level": 0,
    "marionette.prefs.recommended": True,
}


PROFILE_PREFIX = "kehr-firefox-"


def _remove_stale_profiles() -> None:
    """Delete profiles of processes that died without cleaning up (SIGKILLed workers).

    Their Firefox died with them (parent-death signal); only the files stay behind.
    """
    for owner in Path(tempfile.gettempdir()).glob(f"{PROFILE_PREFIX}*/owner.pid"):
        try:
            os.kill(int(owner.read_text()), 0)
        except ProcessLookupError:
            shutil.rmtree(owner.parent, ignore_errors=True)
        except (OSError, ValueError):
            continue


class BrowserError(Exception):
    """The page could not be loaded; ``reason`` is the item's reason code."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass
class Capture:
    url: str
    final_url: str
    status: int | None
    content_type: str
    charset: str
    html: str
    screenshot_png: bytes


_SNAPSHOT_JS = r"""
const doc = document;
const clone = doc.documentElement.cloneNode(true);
for (const el of clone.querySelectorAll("script")) el.remove();
for (const el of clone.querySelectorAll('meta[http-equiv]')) {
  if (el.getAttribute("http-equiv").trim().toLowerCase() === "refresh") el.remove();
}
for (const el of [clone, ...clone.querySelectorAll("*")]) {
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    if (name.startsWith("on")) el.removeAttribute(attr.name);
    else if (["href", "src", "action", "formaction", "xlink:href"].includes(name)
             && attr.value.trim().toLowerCase().startsWith("javascript:")) {
      el.setAttribute(attr.name, "#");
    }
  }
}
let doctype = "";
const dt = doc.doctype;
if (dt) {
  doctype = "<!DOCTYPE " + dt.name;
  if (dt.publicId) doctype += ' PUBLIC "' + dt.publicId + '"';
  if (dt.systemId) doctype += (dt.publicId ? "" : " SYSTEM") + ' "' + dt.systemId + '"';
  doctype += ">\n";
}
return doctype + clone.outerHTML;
"""

_INFO_JS = r"""
const nav = performance.getEntriesByType("navigation")[0];
return {
  url: document.location.href,
  contentType: document.contentType,
  charset: document.characterSet,
  status: nav && nav.responseStatus ? nav.responseStatus : null,
};
"""

_SCROLL_JS = r"""
const done = arguments[arguments.length - 1];
const step = Math.max(200, window.innerHeight);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  let y = 0;
  for (let i = 0; i < 200; i++) {
    const height = Math.max(document.documentElement.scrollHeight,
                            document.body ? document.body.scrollHeight : 0);
    if (y >= height) break;
    y += step;
    window.scrollTo(0, y);
    await sleep(40);
  }
  window.scrollTo(0, 0);
  await sleep(40);
  done(true);
})();
"""

# Firefox draws a screenshot only up to a size: 65,535 px each way in Firefox 153
# (``gfx.canvas.max-size``; a taller full-page shot fails and the error names the
# limit), 32,767 px in Firefox 140 (a taller shot is silently cut to its top). Such a
# page is shot clipped to its top part (the body capped at the clip, the root not
# scrolling), stepping down from the limit the error names; the script returns the
# style attributes it replaced.
DEFAULT_SHOT_LIMIT_PX = 65535
# Room under the clip for the body's margins, borders and padding.
SCREENSHOT_CLIP_MARGIN_PX = 1024


def _too_big(exc: Exception) -> bool:
    """A screenshot refused for its size: Firefox 153 says so (UnsupportedOperation);
    Firefox 140 fails drawing into a canvas over ``gfx.canvas.max-size``."""
    return isinstance(exc, mn_errors.UnsupportedOperationException) or (
        "exceeds max size" in str(exc)
    )


_SHOT_LIMIT_RE = re.compile(r"maximum allowed screenshot height of (\d+) pixels")
_CLIP_JS = r"""
const root = document.documentElement, body = document.body;
const saved = [root.getAttribute("style"), body ? body.getAttribute("style") : null];
root.style.setProperty("overflow", "hidden", "important");
if (body) {
  body.style.setProperty("max-height", arguments[0] + "px", "important");
  body.style.setProperty("overflow", "hidden", "important");
}
return saved;
"""
_UNCLIP_JS = r"""
const [root, body] = [document.documentElement, document.body];
const restore = (element, value) => {
  if (!element) return;
  if (value === null) element.removeAttribute("style"); else element.setAttribute("style", value);
};
restore(root, arguments[0][0]);
restore(body, arguments[0][1]);
"""

# Resolves once web fonts are loaded and every <img> has finished (or failed).
_SETTLED_JS = r"""
const done = arguments[arguments.length - 1];
const limit = Date.now() + arguments[0];
(async () => {
  try { await document.fonts.ready; } catch (e) {}
  while (Date.now() < limit) {
    if (document.readyState === "complete"
        && Array.from(document.images).every((img) => img.complete)) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  done(true);
})();
"""

_WRITE_JS = r"""
const done = arguments[arguments.length - 1];
// Stop the live page's timers: they would otherwise keep running on the new document.
let id = setTimeout(() => {}, 0);
while (id > 0) { clearTimeout(id); clearInterval(id); id--; }
document.open();
document.write(arguments[0]);
document.close();
done(true);
"""

_RECTS_JS = r"""
const count = arguments[0];
const rects = new Array(count).fill(null);
const styles = new Array(count).fill(null);
const sx = window.scrollX, sy = window.scrollY;
const r2 = (v) => Math.round(v * 100) / 100;
// Relative luminance of a computed colour "rgb(r, g, b)" / "rgba(...)", 0 black .. 1 white.
const luminance = (colour) => {
  const c = (colour.match(/[\d.]+/g) || ["0", "0", "0"]).map(Number);
  return r2((0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255);
};
for (const el of document.querySelectorAll("kehr-t[data-i]")) {
  const i = Number(el.getAttribute("data-i"));
  if (!Number.isInteger(i) || i < 0 || i >= count) continue;
  const r = el.getBoundingClientRect();
  rects[i] = [r2(r.left + sx), r2(r.top + sy), r2(r.width), r2(r.height)];
  const css = getComputedStyle(el);
  const visible = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  styles[i] = [r2(parseFloat(css.fontSize) || 0), Number(css.fontWeight) || 400,
               el.getClientRects().length, visible ? 1 : 0, luminance(css.color)];
}
return {
  rects: rects,
  styles: styles,
  viewport: [window.innerWidth, window.innerHeight],
  document: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
};
"""


class Browser:
    """One headless Firefox with a Marionette session; see the module docstring."""

    def __init__(
        self,
        *,
        binary: str = firefox.DEFAULT_BINARY,
        proxy: str = "",
        ca_cert_path: str = "",
        viewport: tuple[int, int] = VIEWPORT,
        prefs: dict[str, object] | None = None,
    ) -> None:
        self.binary = binary
        self.proxy = proxy
        self.ca_cert_path = ca_cert_path
        self.viewport = viewport
        self.extra_prefs = dict(prefs or {})
        self.proc: subprocess.Popen | None = None
        self.client: Marionette | None = None
        self.profile_dir: Path | None = None
        self.pages_loaded = 0

    @property
    def config(self) -> tuple[str, str, str]:
        return (self.binary, self.proxy, self.ca_cert_path)

    # -- life cycle ------------------------------------------------------------------

    def _prefs(self) -> dict[str, object]:
        prefs = {**BASE_PREFS, **self.extra_prefs}
        if self.proxy:
            host, _sep, proxy_port = self.proxy.rpartition(":")
            host = host.strip("[]")
            prefs.update(
                {
                    "network.proxy.type": 1,
                    "network.proxy.http": host,
                    "network.proxy.http_port": int(proxy_port),
                    "network.proxy.ssl": host,
                    "network.proxy.ssl_port": int(proxy_port),
                    "network.proxy.no_proxies_on": "",
                    # Otherwise Firefox bypasses the proxy for 127.0.0.1 / localhost.
                    "network.proxy.allow_hijacking_localhost": True,
                    "network.proxy.share_proxy_settings": True,
                }
            )
        else:
            prefs["network.proxy.type"] = 0
        return prefs

    def start(self) -> None:
        self.stop()
        _remove_stale_profiles()
        self.profile_dir = Path(tempfile.mkdtemp(prefix=PROFILE_PREFIX))
        (self.profile_dir / "owner.pid").write_text(str(os.getpid()))
        port = free_port()
        # Chrome-context scripts (to trust the CA) need system access; without a CA the
        # page-facing session stays content-only.
        try:
            self.proc = firefox.start_firefox(
                self.profile_dir,
                self._prefs(),
                binary=self.binary,
                headless=True,
                marionette_port=port,
                system_access=bool(self.ca_cert_path),
                url="about:blank",
            )
            self.client = firefox.connect_marionette(
                port,
                self.proc,
                timeout=START_TIMEOUT_S,
                capabilities={"pageLoadStrategy": "normal"},
            )
            self._size_window()
            if self.ca_cert_path:
                firefox.trust_ca(self.client, Path(self.ca_cert_path).read_text())
        except Exception:
            self.stop()
            raise

    def _size_window(self) -> None:
        """Make the *viewport* (not the outer window) self.viewport: the captures' size."""
        m = self.client
        assert m is not None
        width, height = self.viewport
        m.set_window_rect(width=width, height=height)
        inner = m.execute_script("return [window.innerWidth, window.innerHeight]")
        if list(inner) != [width, height]:
            m.set_window_rect(width=2 * width - inner[0], height=2 * height - inner[1])

    def trusts_ca(self) -> bool:
        """Whether the configured CA is in the profile's certificate database."""
        if not self.ca_cert_path or self.client is None:
            return False
        return firefox.trusts_ca(self.client, Path(self.ca_cert_path).read_text())

    def stop(self) -> None:
        if self.client is not None:
            with contextlib.suppress(Exception):
                self.client.delete_session()
            self.client = None
        if self.proc is not None:
            firefox.stop_firefox(self.proc, timeout=10)
            self.proc = None
        if self.profile_dir is not None:
            shutil.rmtree(self.profile_dir, ignore_errors=True)
            self.profile_dir = None

    def alive(self) -> bool:
        if self.client is None or self.proc is None or self.proc.poll() is not None:
            return False
        try:
            self.client.execute_script("return 1")
        except Exception:
            return False
        return True

    # -- one page --------------------------------------------------------------------

    def _navigate(self, url: str, timeout_s: int) -> Marionette:
        """Load ``url`` (the load event); BrowserError for pages that cannot be loaded."""
        m = self.client
        if m is None:
            raise RuntimeError("the browser is not started")
        m.timeout.page_load = timeout_s
        m.timeout.script = timeout_s
        try:
            m.navigate(url)
        except mn_errors.TimeoutException:
            self._blank()
            raise BrowserError("timeout", f"the page did not load within {timeout_s} s") from None
        except mn_errors.UnknownException as exc:
            message = str(exc).split("\n")[0]
            if "about:neterror" in message or "Reached error page" in message:
                raise BrowserError("network_error", message[:500]) from None
            raise
        except mn_errors.InsecureCertificateException as exc:
            raise BrowserError("certificate_error", str(exc).split("\n")[0][:500]) from None
        self.pages_loaded += 1
        return m

    def capture(self, url: str, *, settle_ms: int = 500, timeout_s: int = 30) -> Capture:
        """Load ``url`` and capture it (see the module docstring).

        Raises BrowserError for pages that cannot be loaded (network error, timeout);
        other exceptions mean the browser itself is broken.
        """
        m = self._navigate(url, timeout_s)
        m.execute_async_script(_SETTLED_JS, script_args=[timeout_s * 1000 // 3])
        time.sleep(settle_ms / 1000)
        m.execute_async_script(_SCROLL_JS)
        m.execute_async_script(_SETTLED_JS, script_args=[timeout_s * 1000 // 3])
        time.sleep(settle_ms / 2000)
        info = m.execute_script(_INFO_JS)
        html = ""
        png = b""
        if "html" in (info["contentType"] or ""):
            png = self._screenshot()
            html = m.execute_script(_SNAPSHOT_JS)
        return Capture(
            url=url,
            final_url=info["url"],
            status=info["status"],
            content_type=info["contentType"] or "",
            charset=info["charset"] or "",
            html=html,
            screenshot_png=png,
        )

    def visit(self, url: str, *, wait_ms: int = 1000, timeout_s: int = 30) -> bytes:
        """Load ``url`` live and return a viewport PNG after the thesis' settle sequence:
        wait 1 unit, scroll down 1,000 px, wait 3 units, scroll to the top, wait 1 unit.

        Raises BrowserError for pages that cannot be loaded, like :meth:`capture`.
        """
        m = self._navigate(url, timeout_s)
        time.sleep(wait_ms / 1000)
        m.execute_script("window.scrollTo(0, 1000)")
        time.sleep(3 * wait_ms / 1000)
        m.execute_script("window.scrollTo(0, 0)")
        time.sleep(wait_ms / 1000)
        return m.screenshot(format="binary", full=False)

    def _screenshot(self) -> bytes:
        """The whole page as PNG; of a page too tall for this Firefox to draw at once,
        its top part, as tall as it can draw; the viewport if no clip can be drawn (a
        very wide page)."""
        m = self.client
        assert m is not None
        try:
            return m.screenshot(format="binary", full=True)
        except mn_errors.MarionetteException as exc:
            if not _too_big(exc):
                raise
            found = _SHOT_LIMIT_RE.search(str(exc))
            limit_px = int(found.group(1)) if found else DEFAULT_SHOT_LIMIT_PX
        scale = float(m.execute_script("return window.devicePixelRatio") or 1)
        clip = int(limit_px / scale) - SCREENSHOT_CLIP_MARGIN_PX
        while clip >= self.viewport[1]:
            saved = m.execute_script(_CLIP_JS, script_args=[clip])
            try:
                return m.screenshot(format="binary", full=True)
            except mn_errors.MarionetteException as exc:
                if not _too_big(exc):
                    raise
                clip //= 2  # still too big (the area limit, a lower canvas limit): step down
            finally:
                m.execute_script(_UNCLIP_JS, script_args=[saved])
        return m.screenshot(format="binary", full=False)

    def node_rects(self, document: str, node_count: int, *, timeout_s: int = 30) -> dict:
        """Write the annotation document into the current tab and measure its nodes.

        Call right after :meth:`capture` of the same page. Returns ``{"rects":
        [[x, y, w, h] | None] * node_count, "styles": [[font px, font weight, line
        boxes, visible 0/1, colour luminance 0..1] | None] * node_count, "viewport":
        [w, h], "document": [w, h]}`` in CSS pixels, page coordinates (the layout the
        engine's visual features read: kehr_engine.layout).
        """
        m = self.client
        assert m is not None
        m.execute_async_script(_WRITE_JS, script_args=[document])
        m.execute_async_script(_SETTLED_JS, script_args=[timeout_s * 1000 // 3])
        return m.execute_script(_RECTS_JS, script_args=[node_count])

    def _blank(self) -> None:
        with contextlib.suppress(Exception):
            assert self.client is not None
            self.client.navigate("about:blank")


_shared: Browser | None = None
# The visits' browsers, one per profile (its own cookies and storage).
_shared_visits: dict[int, Browser] = {}


def shared_visit_browser(
    *, binary: str, proxy: str = "", ca_cert_path: str = "", profile: int = 0
) -> Browser:
    """This process's browser for live visits with ``profile`` (VISIT_VIEWPORT, no
    cache), like :func:`shared_browser`; more Firefoxes beside the harvesting one."""
    config = (binary, proxy, ca_cert_path)
    browser = _shared_visits.get(profile)
    if browser is not None and (browser.config != config or not browser.alive()):
        browser.stop()
        browser = None
    if browser is None:
        browser = Browser(
            binary=binary, proxy=proxy, ca_cert_path=ca_cert_path,
            viewport=VISIT_VIEWPORT, prefs=VISIT_PREFS,
        )  # fmt: skip
        browser.start()
        _shared_visits[profile] = browser
    return browser


def shared_browser(*, binary: str, proxy: str = "", ca_cert_path: str = "") -> Browser:
    """This process's browser, started on first use and restarted when it died or when
    the proxy configuration changed."""
    global _shared
    config = (binary, proxy, ca_cert_path)
    if _shared is not None and (_shared.config != config or not _shared.alive()):
        _shared.stop()
        _shared = None
    if _shared is None:
        browser = Browser(binary=binary, proxy=proxy, ca_cert_path=ca_cert_path)
        browser.start()
        _shared = browser
    return _shared


def discard_shared_browser() -> None:
    """Stop this process's browser (after an error that may have broken it)."""
    global _shared
    if _shared is not None:
        _shared.stop()
        _shared = None


def discard_visit_browser() -> None:
    """Stop this process's visit browsers (after an error that may have broken one)."""
    while _shared_visits:
        _, browser = _shared_visits.popitem()
        browser.stop()


atexit.register(discard_shared_browser)
atexit.register(discard_visit_browser)
