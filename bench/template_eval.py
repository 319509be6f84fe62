"""URL Tree and DBCE on real template-built sites: Debian's documentation packages.

Each site is served on loopback and crawled with ``wget --warc-file`` (an external WARC,
as people have them); every HTML capture is segmented like any Kehr page, and its gold
comes from the site's known main-content container (a node inside it is content,
outside boilerplate; the rule per site is in SITES). URL Tree streams the pages in crawl
order with its four heuristics; DBCE labels every page against its cross. Then the
time axis: each site is crawled a second time (same URLs) while the server adds a
teaser box that rotates on every page and visit, outside the content container, and
DBCE labels the second visit alone and with the first visit as each page's prev.
Reported per method, heuristic and site: node and token precision/recall/F1 of content,
macro over the pages the method labelled, and coverage (pages labelled); beside them
boilerplate precision and recall by tokens, micro over the same pages (what the DBCE
thesis reports: of the text a method drops, how much is boilerplate, and how much of
the boilerplate it drops). The teaser is boilerplate in the gold on every site, also
where the content container is the body itself (debian-reference) or a div the teaser
is appended beside (the handbook): it changes between visits and is not the page.

  apt-get install python3.11-doc git-doc debian-reference-en sphinx-doc debian-handbook
  python bench/template_eval.py [--quick] [--out bench/reports/template-eval.json]

The last line: ``BENCH template_eval pages=... <method>_<site>_token_f1=...
<method>_<site>_boilerplate_p=... keep_all_<site>_token_f1=... ...``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.server
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import lxml.html
import numpy as np
from warcio.archiveiterator import ArchiveIterator

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine")]

from kehr_engine.dbce.run import ArchivePage, label_archive  # noqa: E402
from kehr_engine.dbce.similar import Capture  # noqa: E402
from kehr_engine.metrics import page_tokens, token_scores  # noqa: E402
from kehr_engine.segmenter import segment  # noqa: E402
from kehr_engine.urltree.keys import QueryRules, url_key  # noqa: E402
from kehr_engine.urltree.stream import StreamDocument, UrlTreeStream  # noqa: E402

TEASER_WORDS = ("harbour", "festival", "election", "storm", "museum", "market", "tram",
                "concert", "bridge", "garden", "library", "river", "school", "station")  # fmt: skip
# The second visit's rotating box: boilerplate whatever the site's container rule says.
TEASER_CLASS = "kehr-teaser"
HEURISTICS = ("strict", "strict-support-100", "strict-at-domain", "relaxed-at-domain-500")
BAD, GOOD = 1, 3


@dataclass(frozen=True)
class Site:
    name: str
    package: str
    root: Path  # served directory
    start: str  # first page, relative to root
    # The gold rule: is this element (an ancestor of a node) the main content?
    content: Callable[[lxml.html.HtmlElement], bool]
    rule: str  # the rule, for the report
    boilerplate: Callable[[lxml.html.HtmlElement], bool] = lambda e: False


def _has_class(element: lxml.html.HtmlElement, name: str) -> bool:
    return name in (element.get("class") or "").split()


def _handbook_body(element: lxml.html.HtmlElement) -> bool:
    parent = element.getparent()
    return element.tag == "div" and parent is not None and parent.tag == "body"


SITES = [
    Site("python-3.11-docs", "python3.11-doc", Path("/usr/share/doc/python3.11/html"),
         "index.html", lambda e: e.get("role") == "main",
         "inside the Sphinx body, div[role=main]"),
    Site("git-docs", "git-doc", Path("/usr/share/doc/git-doc"), "git.html",
         lambda e: e.get("id") == "content", "inside AsciiDoc's div#content"),
    Site("debian-reference", "debian-reference-en", Path("/usr/share/debian-reference"),
         "index.en.html", lambda e: e.tag == "body",
         "the DocBook body except div.navheader and div.navfooter",
         lambda e: _has_class(e, "navheader") or _has_class(e, "navfooter")),
    Site("sphinx-docs", "sphinx-doc", Path("/usr/share/doc/sphinx-doc/html"), "index.html",
         lambda e: e.get("role") == "main", "inside the Sphinx body, div[role=main]"),
    Site("debian-handbook", "debian-handbook", Path("/usr/share/doc/debian-handbook/html"),
         "en-US/index.html", _handbook_body,
         "Publican: the book's div under body, not div#banner nor ul.docnav",
         lambda e: e.get("id") == "banner" or _has_class(e, "docnav")),
]  # fmt: skip

# For the BENCH keys.
SHORT_NAMES = {"python-3.11-docs": "python", "git-docs": "git", "debian-reference": "debref",
               "sphinx-docs": "sphinx", "debian-handbook": "handbook"}  # fmt: skip


def gold_labels(document: str, site: Site) -> np.ndarray:
    """Per node: good inside the site's content container, unless inside the site's
    boilerplate or the harness' own teaser (inserted before ``</body>``, so inside the
    container on sites whose content is the body or a direct child of it)."""
    root = lxml.html.document_fromstring(document)
    wrappers = root.iter("kehr-t")
    labels: dict[int, int] = {}
    for wrapper in wrappers:
        good = False
        for ancestor in wrapper.iterancestors():
            if _has_class(ancestor, TEASER_CLASS) or site.boilerplate(ancestor):
                good = False
                break
            good = good or site.content(ancestor)
        labels[int(wrapper.get("data-i"))] = GOOD if good else BAD
    return np.array([labels[i] for i in range(len(labels))], dtype=np.uint8)


@dataclass
class Page:
    url: str
    time: float
    html: str
    document: str
    texts: list[str]
    gold: np.ndarray


def _teaser(path: str, capture: int) -> str:
    """A rotating box, different on every page and capture (as teasers and ads are)."""
    rng = random.Random(f"{path}:{capture}")
    words = " ".join(rng.choice(TEASER_WORDS) for _ in range(8))
    return f"<div class='{TEASER_CLASS}'><p>Also read: {words}</p></div>"


def handler_for(site: Site, capture: int) -> type[http.server.SimpleHTTPRequestHandler]:
    """The site as it is (capture 0), or with a rotating teaser box on every HTML page
    (capture 1: the second visit of the time axis), outside the content container."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, directory=str(site.root), **kwargs)

        def log_message(self, *args) -> None:
            pass

        def send_head(self):  # type: ignore[override]
            path = self.translate_path(self.path)
            if capture == 0 or not path.endswith(".html") or not os.path.isfile(path):
                return super().send_head()
            with open(path, "rb") as source:
                html = source.read().decode("utf-8", errors="replace")
            at = html.lower().rfind("</body>")
            html = html[:at] + _teaser(self.path, capture) + html[at:] if at >= 0 else html
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

    return Handler


PORTS: dict[str, int] = {}  # site -> its port: both visits see the same URLs


@contextlib.contextmanager
def served(site: Site, capture: int = 0) -> Iterator[str]:
    """The site on loopback while the block runs (the same port on every visit); its base URL."""
    address = ("127.0.0.1", PORTS.get(site.name, 0))
    server = http.server.ThreadingHTTPServer(address, handler_for(site, capture))
    server.daemon_threads = True
    PORTS[site.name] = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def crawl(site: Site, workdir: Path, limit: int | None, capture: int = 0) -> tuple[Path, float]:
    """Serve the site on loopback and crawl it into a WARC with wget; (WARC, seconds)."""
    warc = workdir / f"{site.name}-{capture}"
    started = time.perf_counter()
    with served(site, capture) as base:
        command = ["wget", "--recursive", "--level=inf", "--no-parent", "--no-verbose",
                   "--reject", "*.txt,*.gz,*.pdf,*.png,*.jpg,*.gif,*.svg,*.js,*.css,*.zip",
                   "--no-host-directories", "--directory-prefix", str(workdir / f"mirror{capture}"),
                   f"--warc-file={warc}", "--no-warc-keep-log", base + site.start]  # fmt: skip
        if limit:
            command[1:1] = ["--quota", f"{limit * 60}k"]
        subprocess.run(command, check=False, capture_output=True, timeout=1800)
    return Path(f"{warc}.warc.gz"), time.perf_counter() - started


def crawled_pages(site: Site, folder: Path, limit: int | None) -> tuple[list[Page], float]:
    """The site crawled by wget into ``folder``/<site>: its pages and the crawl's seconds."""
    workdir = folder / site.name
    workdir.mkdir(exist_ok=True)
    warc, seconds = crawl(site, workdir, limit)
    return read_pages(warc, site, limit), seconds


def read_pages(warc: Path, site: Site, limit: int | None, capture: int = 0) -> list[Page]:
    pages: list[Page] = []
    with warc.open("rb") as stream:
        for record in ArchiveIterator(stream):
            if record.rec_type != "response" or record.http_headers is None:
                continue
            if record.http_headers.get_statuscode() != "200":
                continue
            if "html" not in (record.http_headers.get_header("Content-Type") or ""):
                continue
            url = record.rec_headers.get_header("WARC-Target-URI")
            body = record.content_stream().read()
            segmented = segment(body, url)
            if not segmented.node_texts:
                continue
            html = body.decode(segmented.encoding or "utf-8", errors="replace")
            gold = gold_labels(segmented.document, site)
            page = Page(
                url, float(len(pages)), html, segmented.document, segmented.node_texts, gold
            )
            pages.append(page)
            if limit and len(pages) >= limit:
                break
    return pages


def score(pages: list[Page], predicted: list[np.ndarray | None]) -> dict:
    """Node and token P/R/F1 of content, macro over the pages with a prediction."""
    kept = [(p, v) for p, v in zip(pages, predicted, strict=True) if v is not None]
    if not kept:
        return {"coverage": 0.0}
    node = []
    for page, labels in kept:
        gold, guess = page.gold == GOOD, labels == GOOD
        tp = float((gold & guess).sum())
        precision = tp / guess.sum() if guess.any() else float(not gold.any())
        recall = tp / gold.sum() if gold.any() else 1.0
        node.append((precision, recall, 2 * precision * recall / max(precision + recall, 1e-9)))
    tokens = token_scores([page_tokens(p.texts, p.gold == GOOD, v == GOOD) for p, v in kept])
    p, r, f = (float(np.mean([row[i] for row in node])) for i in range(3))
    thesis = thesis_figures(kept)
    return {
        "coverage": len(kept) / len(pages),
        "node": {"precision": p, "recall": r, "f1": f},
        "token": tokens.macro.as_dict(),
        "token_micro_f1": tokens.micro.f1,
        "thesis": thesis,
        "boilerplate_token": {
            "precision": thesis["boilerplate_precision_token"],
            "recall": thesis["boilerplate_recall_token"],
        },
    }


def thesis_figures(kept: list[tuple[Page, np.ndarray]]) -> dict[str, float | None]:
    """The two figures Leśniak's thesis reports, micro over the labelled pages: recall of
    content and precision of boilerplate, by nodes and by tokens (None: nothing called
    boilerplate); and recall of boilerplate (None: no boilerplate in the gold). A node's
    tokens are its whitespace-separated words."""
    out: dict[str, float | None] = {}
    for unit in ("node", "token"):
        gold_good = found = called = right = gold_bad = 0.0
        for page, labels in kept:
            weight = (np.ones(len(page.texts)) if unit == "node"
                      else np.array([len(t.split()) for t in page.texts], dtype=float))  # fmt: skip
            good, bad = page.gold == GOOD, labels == BAD
            gold_good += float(weight[good].sum())
            found += float(weight[good & (labels == GOOD)].sum())
            called += float(weight[bad].sum())
            right += float(weight[bad & ~good].sum())
            gold_bad += float(weight[~good].sum())
        out[f"content_recall_{unit}"] = found / gold_good if gold_good else None
        out[f"boilerplate_precision_{unit}"] = right / called if called else None
        out[f"boilerplate_recall_{unit}"] = right / gold_bad if gold_bad else None
    return out


def learning_curve(pages: list[Page], predicted: list[np.ndarray | None], steps: int = 10):
    """Token F1 of content per page in stream order, averaged over ``steps`` equal slices:
    how the judgement improves as the tree sees more of the site."""
    judged = [(p, v) for p, v in zip(pages, predicted, strict=True) if v is not None]
    tokens = [page_tokens(p.texts, p.gold == GOOD, v == GOOD) for p, v in judged]
    f1 = [s.f1 for s in token_scores(tokens).pages] if tokens else []
    slices = np.array_split(np.array(f1), min(steps, len(f1))) if f1 else []
    return [round(float(part.mean()), 3) for part in slices]


def run_urltree(pages: list[Page]) -> tuple[dict[str, list[np.ndarray | None]], float]:
    stream = UrlTreeStream(HEURISTICS)
    out: dict[str, list[np.ndarray | None]] = {h: [] for h in HEURISTICS}
    started = time.perf_counter()
    for page in pages:
        outcome = stream.process(StreamDocument(page.url, page.texts, page.time))
        for h in HEURISTICS:
            judged = outcome.boilerplate.get(h)
            out[h].append(None if judged is None else np.where(judged, BAD, GOOD))
    return out, time.perf_counter() - started


def run_dbce(
    pages: list[Page],
    earlier: list[Page] = (),  # type: ignore[assignment]
) -> tuple[list[np.ndarray | None], float, int]:
    """DBCE over the pages, with ``earlier`` captures of their URLs as prev members."""
    rules = QueryRules.default()

    def capture(key: str, page: Page) -> Capture:
        return Capture(key, page.url, url_key(page.url, rules).domain, page.time)

    archive = [ArchivePage(capture(str(i), p), p.document, p.document, len(p.texts))
               for i, p in enumerate(pages)]  # fmt: skip
    members = [(capture(f"earlier-{i}", p), p.document) for i, p in enumerate(earlier)]
    started = time.perf_counter()
    results = label_archive(archive, members=members)
    seconds = time.perf_counter() - started
    labels: list[np.ndarray | None] = []
    invalid = 0
    for i in range(len(pages)):
        result = results[str(i)]
        labels.append(result.labels if result.labelled else None)
        invalid += int(result.words.get("invalid", 0))
    return labels, seconds, invalid


def _figure(value: float | None) -> str:
    """A figure for the report lines; '-' where it is undefined (nothing called or
    nothing there)."""
    return "-" if value is None else f"{value:.3f}"


def check_tools(sites: list[Site] = SITES) -> None:
    """Stop, naming the packages to install, when a site or wget is missing."""
    missing = [s.package for s in sites if not s.root.is_dir()]
    if missing:
        sys.exit(f"the sites are Debian packages: apt-get install {' '.join(missing)}")
    if shutil.which("wget") is None:
        sys.exit("wget crawls the sites into WARC files: apt-get install wget")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="40 pages a site (< 60 s)")
    parser.add_argument("--limit", type=int, help="pages per site")
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    limit = 40 if args.quick else args.limit
    check_tools()
    report: dict = {"sites": {}}
    bench_keys = []
    total_pages = 0
    with tempfile.TemporaryDirectory(prefix="kehr-template-eval-") as tmp:
        for site in SITES:
            workdir = Path(tmp) / site.name
            pages, crawl_s = crawled_pages(site, Path(tmp), limit)
            total_pages += len(pages)
            good_share = float(np.mean(np.concatenate([p.gold == GOOD for p in pages])))
            urltree, urltree_s = run_urltree(pages)
            dbce, dbce_s, invalid_words = run_dbce(pages)
            methods = {f"urltree:{h}": score(pages, v) for h, v in urltree.items()}
            methods["dbce"] = score(pages, dbce)
            methods["keep-all"] = score(pages, [np.full(len(p.texts), GOOD) for p in pages])
            # The time axis: a second visit, with a rotating teaser box on every page
            # (boilerplate by the gold rule), labelled with the first visit as prev.
            warc2, _seconds = crawl(site, workdir, limit, capture=1)
            later = read_pages(warc2, site, limit, capture=1)
            dbce2, _s, invalid2 = run_dbce(later, pages)
            methods["dbce, second visit with the first as prev"] = score(later, dbce2)
            methods["dbce, second visit alone"] = score(later, run_dbce(later)[0])
            methods["keep-all, second visit"] = score(
                later, [np.full(len(p.texts), GOOD) for p in later]
            )
            report["sites"][site.name] = {
                "package": site.package, "gold_rule": site.rule, "pages": len(pages),
                "content_node_share": good_share, "crawl_s": crawl_s,
                "urltree_s": urltree_s, "dbce_s": dbce_s, "dbce_invalid_words": invalid_words,
                "second_visit_pages": len(later), "dbce_invalid_words_second_visit": invalid2,
                "urltree_learning_curve": {h: learning_curve(pages, v) for h, v in urltree.items()},
                "methods": methods,
            }  # fmt: skip
            print(f"{site.name}: {len(pages)} pages, content {good_share:.0%} of nodes")
            for name, figures in methods.items():
                token = figures.get("token", {})
                boilerplate = figures.get("boilerplate_token", {})
                print(f"  {name:42s} coverage {figures['coverage']:.2f} token P/R/F1 "
                      f"{token.get('precision', 0):.3f}/{token.get('recall', 0):.3f}/"
                      f"{token.get('f1', 0):.3f} boilerplate P/R "
                      f"{_figure(boilerplate.get('precision'))}/"
                      f"{_figure(boilerplate.get('recall'))}")  # fmt: skip
            short = SHORT_NAMES[site.name]
            for name in ("urltree:strict", "dbce"):
                f1 = methods[name].get("token", {}).get("f1", 0.0)
                bp = methods[name].get("boilerplate_token", {}).get("precision")
                key = f"{name.replace(':', '_')}_{short}"
                bench_keys += [f"{key}_token_f1={f1:.3f}", f"{key}_boilerplate_p={_figure(bp)}"]
            keep_f1 = methods["keep-all"].get("token", {}).get("f1", 0.0)
            bench_keys.append(f"keep_all_{short}_token_f1={keep_f1:.3f}")
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(f"BENCH template_eval pages={total_pages} " + " ".join(bench_keys))


if __name__ == "__main__":
    main()
