"""The fixture website (tests/fixture_site/) on a free loopback port, counting requests.

    server = FixtureSite.start()
    server.url("/index.html"); server.count("/index.html"); server.total(); server.stop()

Special routes: ``/redirect`` (302 to /moved.html), ``/missing.html`` (404),
``/api/data.json?...`` (the JSON the page script fetches with a cache-buster),
``/cp1252.html`` and ``/sjis.html`` served with a charset in Content-Type, their
``-meta`` twins without one (the page's <meta> is all the browser gets),
``/data.png`` (not HTML), ``/server-error.html`` (500).
"""

from __future__ import annotations

import collections
import http.server
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

SITE_DIR = Path(__file__).resolve().parent / "fixture_site"
TYPES = {
    ".html": "text/html",
    ".css": "text/css",
    ".js": "text/javascript",
    ".png": "image/png",
    ".ttf": "font/ttf",
    ".json": "application/json",
    ".txt": "text/plain",
}
CHARSET_HEADER = {"/cp1252.html": "windows-1252", "/sjis.html": "Shift_JIS"}


# Where /rotating.html draws its ad (CSS px): the visual stability tests check it.
ROTATING_AD = (1500, 200, 300, 400)  # x, y, width, height
AD_WORDS = ["Buy shoes", "Cheap flights!", "Win a car", "Mortgage rates", "Learn piano",
            "Fresh coffee", "Gym offers", "Garden tools"]  # fmt: skip


def rotating_page(visit: int) -> str:
    """A page with a fixed text column and a side ad that differs on every visit."""
    hue = (visit * 97) % 360
    x, y, w, h = ROTATING_AD
    paragraphs = "".join(
        f"<p>Paragraph {n} of the running text stays where it is on every visit, "
        "whatever the advertisement beside it shows.</p>"
        for n in range(12)
    )
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Rotating</title></head>"
        "<body style='margin:0;font:16px/1.5 sans-serif;background:#fff'>"
        f"<main style='width:800px;margin-left:100px;padding-top:20px'>{paragraphs}</main>"
        f"<aside style='position:absolute;left:{x}px;top:{y}px;width:{w}px;height:{h}px;"
        f"background:hsl({hue},80%,45%);color:#fff;font-size:18px'>"
        f"{AD_WORDS[visit % len(AD_WORDS)]}</aside>"
        "</body></html>"
    )


# Pages for layout grouping (visual stability): each changes on every visit, and some
# visits show a banner that pushes the content down (another layout). Known grouping:
# pushed(design, visit) says which visits have the second layout.
LAYOUT_DESIGNS = {
    # name: (a pushing banner on visits where visit % period == phase, or None; extras)
    "news": ((5, 2), {"side_ad"}),
    "blog": (None, {"teasers"}),
    "shop": ((4, 3), {"side_ad", "sticky"}),
    "inplace": (None, {"leaderboard"}),
    "cookie": ((3, 0), {"side_ad"}),
}


def pushed(design: str, visit: int) -> bool:
    rule = LAYOUT_DESIGNS[design][0]
    return rule is not None and visit % rule[0] == rule[1]


def layout_page(design: str, visit: int) -> str:
    """One visit of a layout test page: fixed text, changing ads, maybe a pushing banner."""
    extras = LAYOUT_DESIGNS[design][1]
    hue = (visit * 71 + len(design) * 13) % 360
    word = AD_WORDS[(visit + len(design)) % len(AD_WORDS)]
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>Layouts</title></head>",
             "<body style='margin:0;font:17px/1.6 serif;background:#fdfdf8;color:#222'>",
             "<header style='height:70px;background:#234;color:#fff;font:28px sans-serif;"
             f"padding:15px 40px'>The {design} site</header>"]  # fmt: skip
    if pushed(design, visit):
        parts.append(
            f"<div style='height:180px;background:hsl({hue},70%,60%);font-size:30px;"
            f"padding:20px 40px'>{word}: a banner that pushes everything down</div>"
        )
    if "leaderboard" in extras:  # changes in place: the content under it does not move
        parts.append(
            f"<div style='height:90px;width:728px;margin:10px auto;background:hsl({hue},80%,"
            f"45%);color:#fff;font-size:24px'>{word}</div>"
        )
    paragraphs = "".join(
        f"<p>Paragraph {n} of the {design} article keeps its words and its place on every "
        "visit; only the advertisements around it change.</p>"
        for n in range(30)
    )
    # Centred and justified, like most article pages: the text fills the core window.
    parts.append(
        f"<main style='width:1060px;margin:0 auto 0 400px;text-align:justify'>{paragraphs}</main>"
    )
    if "side_ad" in extras:
        parts.append(
            "<aside style='position:absolute;left:1560px;top:300px;width:300px;height:500px;"
            f"background:hsl({hue},80%,45%);color:#fff;font-size:22px'>{word}</aside>"
        )
    if "teasers" in extras:
        for n in range(3):
            parts.append(
                f"<aside style='position:absolute;left:20px;top:{150 + n * 260}px;"
                f"width:340px;height:220px;background:hsl({(hue + n * 40) % 360},60%,70%);"
                f"font-size:26px'>{AD_WORDS[(visit + n) % len(AD_WORDS)]}</aside>"
            )
    if "sticky" in extras:
        parts.append(
            "<div style='position:fixed;left:0;bottom:0;width:100%;height:60px;"
            f"background:hsl({(hue + 180) % 360},80%,40%);color:#fff;font-size:24px'>"
            f"{word}</div>"
        )
    parts.append("</body></html>")
    return "".join(parts)


# Pages whose ads look like the article: "sponsored" paragraphs in the text column, with
# the article's markup and prose, whose subject changes on every visit (visual stability's
# ablation, bench/visual_ablation.py). Gold by construction: a paragraph not about the
# page's own topic (sponsored_topic) is sponsored, bad.
SPONSORED_PAGES = 24
_TOPICS = ["river", "harbour", "library", "orchard", "railway", "glacier", "market",
           "theatre", "vineyard", "lighthouse", "quarry", "monastery"]  # fmt: skip


def _article_sentence(topic: str, day: int) -> str:
    return (
        f"The {topic} was quiet in the morning of day {day}. People walked along it, talked "
        f"about the weather and the harvest, and the {topic} kept its old shape as it had "
        "for years."
    )


def _card(text: str, hue: int, lightness: int) -> str:
    style = f"height:78px;overflow:hidden;margin:0 0 8px;background:hsl({hue},60%,{lightness}%)"
    return f"<p style='{style}'>{text}</p>"


def sponsored_topic(number: int) -> str:
    """The subject of page ``number``'s own article (its sponsored paragraphs have others)."""
    return _TOPICS[number % len(_TOPICS)]


def sponsored_page(number: int, visit: int) -> str:
    """Article page ``number`` at ``visit``: two sponsored slots that rotate in place."""
    topic = sponsored_topic(number)
    slots = {number * 7 % 9, (number * 7 + 4) % 9}  # anywhere in the text
    paragraphs = []
    for n in range(9):
        if n in slots:  # the article's prose, another subject on every visit
            others = [t for t in _TOPICS if t != topic]
            other = others[(visit * 5 + n) % len(others)]
            # Like an image ad: its colour changes with every visit. No marker in the
            # markup, and styles of one length: the features would see either.
            hue = 100 + (visit * 67 + n * 31) % 260
            paragraphs.append(_card(_article_sentence(other, (visit + n) % 9), hue, 80))
        paragraphs.append(_card(_article_sentence(topic, n), 100 + number * 7, 96))
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Sponsored</title></head>"
        "<body style='margin:0;font:17px/1.5 serif;background:#fff;color:#222'>"
        f"<header style='height:60px;background:#333;color:#fff;padding:10px 400px'>"
        f"The {topic} gazette</header>"
        "<main style='width:1060px;margin:20px 0 0 400px'>" + "".join(paragraphs) + "</main>"
        "</body></html>"
    )


class _Handler(http.server.BaseHTTPRequestHandler):
    server_version = "KehrFixture/1"
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def _send(self, status: int, body: bytes, content_type: str, headers=()) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        site: FixtureSite = self.server.site  # type: ignore[attr-defined]
        site._record(path)
        if site.gone:
            return self._send(503, b"the origin is gone", "text/plain")
        if path == "/redirect":
            return self._send(302, b"", "text/html", [("Location", "/moved.html")])
        if path == "/server-error.html":
            return self._send(500, b"<h1>broken</h1>", "text/html")
        if path == "/api/data.json":
            return self._send(200, (SITE_DIR / "api_data.json").read_bytes(), "application/json")
        if path == "/tall.html":  # taller than Firefox can draw in one screenshot
            paragraphs = "".join(f"<div style='height:60px'>Line {n}</div>" for n in range(1200))
            tall = f"<!DOCTYPE html><title>Tall</title><body>{paragraphs}</body>"
            return self._send(200, tall.encode(), "text/html; charset=utf-8")
        if path.startswith("/layouts/") and path.endswith(".html"):
            design = path[len("/layouts/") : -len(".html")]
            if design in LAYOUT_DESIGNS:
                visit = site.count(path) - 1
                body = layout_page(design, visit).encode()
                return self._send(200, body, "text/html; charset=utf-8")
        if path.startswith("/sponsored/") and path.endswith(".html"):
            number = path[len("/sponsored/") : -len(".html")]
            if number.isdecimal() and int(number) < SPONSORED_PAGES:
                visit = site.count(path) - 1
                body = sponsored_page(int(number), visit).encode()
                return self._send(200, body, "text/html; charset=utf-8")
        if path == "/personal.html":  # a cookie per browser profile, an ad per cookie
            uid = self.headers.get("Cookie", "").partition("uid=")[2].split(";")[0]
            fresh = not uid
            uid = uid or f"{site.count(path)}-{threading.get_ident()}"
            with site._lock:
                site.cookies.append(uid)
            headers = [("Set-Cookie", f"uid={uid}; Path=/")] if fresh else []
            body = rotating_page(sum(map(ord, uid))).encode()
            return self._send(200, body, "text/html; charset=utf-8", headers)
        if path == "/rotating.html":  # visual stability: another ad on every request
            return self._send(
                200, rotating_page(site.count(path)).encode(), "text/html; charset=utf-8"
            )
        if path == "/data.png":
            path = "/static/photo.png"
        file = (SITE_DIR / path.lstrip("/")).resolve()
        if SITE_DIR not in file.parents or not file.is_file() or file.name == "make_site.py":
            return self._send(404, b"<!DOCTYPE html><h1>Not found</h1>", "text/html")
        content_type = TYPES.get(file.suffix, "application/octet-stream")
        if path in CHARSET_HEADER:
            content_type += f"; charset={CHARSET_HEADER[path]}"
        elif content_type == "text/html" and path.endswith("-meta.html"):
            pass  # no charset header: the <meta> decides
        elif content_type == "text/html":
            content_type += "; charset=utf-8"
        self._send(200, file.read_bytes(), content_type)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser hanging up
            super().handle_error(request, client_address)


class FixtureSite:
    """``gone=True``: a stand-in for a vanished origin on the same port that serves
    nothing (503) but still counts, to prove nobody asked it for anything."""

    def __init__(self, port: int = 0, gone: bool = False) -> None:
        self.counts: collections.Counter[str] = collections.Counter()
        self.cookies: list[str] = []  # the uid each request of /personal.html carried
        self._lock = threading.Lock()
        self.gone = gone
        self.httpd = _Server(("127.0.0.1", port), _Handler)
        self.httpd.site = self  # type: ignore[attr-defined]
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @classmethod
    def start(cls, port: int = 0, gone: bool = False) -> FixtureSite:
        site = cls(port, gone)
        site.thread.start()
        return site

    def _record(self, path: str) -> None:
        with self._lock:
            self.counts[path] += 1

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base + path

    def count(self, path: str) -> int:
        with self._lock:
            return self.counts[path]

    def total(self) -> int:
        with self._lock:
            return sum(self.counts.values())

    def reset_counts(self) -> None:
        with self._lock:
            self.counts.clear()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)
