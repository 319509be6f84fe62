"""Screen a change to the template methods on cached crawls of the sites already read.

A rule for URL Tree or DBCE is built from the errors of sites already read and judged
once on sites no method has run on (bench/template_eval.py; docs/methods.md). Between
the two, the change is screened on every site already read: which sites' figures move,
which pages' labels change, where the goal is gained or lost. This script is that
screen, so that anyone can repeat one:

  # in a checkout of the code before the change, then in one with it:
  python bench/template_screen.py run --sites stk,libgig --out /tmp/before.json
  python bench/template_screen.py run --sites stk,libgig --out /tmp/after.json
  python bench/template_screen.py compare /tmp/before.json /tmp/after.json

``run`` labels the first visit of each site (as bench/template_eval.py crawls and scores
it) with ``urltree:relaxed-share-40`` and ``dbce`` (the platform's defaults; ``--methods``
names others of template_eval's registry) and records, beside each method's figures, a
digest of its labels on every page. Each checkout imports its own engine (this script
puts its checkout's ``engine/`` first). wget's crawl of a site is cached as a WARC file
in ``--cache`` (default ``$KEHR_SCREEN_CACHE``, else ``~/.cache/kehr/template-screen``),
named by the site, its page cap and a fingerprint of the installed files, so the second
run skips the crawl and a package upgrade makes a new one. ``--sites read`` is every site
except the held-back group (:data:`template_sites.HELD_BACK`), which no bench but the
judge may run a method on; ``--installed-only`` skips, naming them, sites whose Debian
package is missing; ``--jobs N`` screens N sites at a time.

``compare`` prints, per site and method whose labels changed on a page, the token F1 of
content and the boilerplate precision before and after, the pages changed and the goal
where it changed, then the counts. ``--quick``: 20 pages of git and wireshark (< 60 s).

Last line: ``BENCH template_screen sites=... pages=... <method>_mean_token_f1=...`` for a
run, ``BENCH template_screen_compare sites=... changed_sites=... changed_pages=...
goals_gained=... goals_lost=...`` for a comparison.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine"), str(REPO / "bench")]

import template_eval  # noqa: E402
from template_eval import (  # noqa: E402
    METHODS,
    QUICK_LIMIT,
    QUICK_SITES,
    Crawl,
    Labels,
    Page,
    Site,
    check_tools,
    chosen_rows,
    evaluate,
    page_limit,
    read_pages,
)
from template_sites import HELD_BACK, SITES, refuse_unfathomed, select  # noqa: E402

DEFAULT_METHODS = ("urltree:relaxed-share-40", "dbce")
CACHE_ENV = "KEHR_SCREEN_CACHE"


def default_cache() -> Path:
    """``$KEHR_SCREEN_CACHE`` if set (an empty value is an error, not the default)."""
    value = os.environ.get(CACHE_ENV)
    if value is None:
        return Path.home() / ".cache" / "kehr" / "template-screen"
    if not value.strip():
        raise SystemExit(f"{CACHE_ENV} is set but empty: unset it or name a folder")
    return Path(value).expanduser()


def root_fingerprint(site: Site) -> str:
    """A digest of the site's installed files (path, size, modification time): a
    package upgrade changes it, and with it the cached crawl's name. A symbolic link
    counts as itself: Debian's documentation packages link other packages' files
    (a theme's CSS), which may not be installed."""
    digest = hashlib.blake2b(digest_size=6)
    for folder, dirs, files in os.walk(site.root):
        dirs.sort()  # walked in name order, so the digest does not depend on the disk
        for name in sorted(files):
            path = Path(folder, name)
            stat = path.lstat()
            relative = path.relative_to(site.root)
            digest.update(f"{relative}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


# A crawl's temporary folder older than this was left by a run that was killed (a crawl
# takes minutes): the next run removes it. Younger ones may be another run's, at work.
STALE_CRAWL_SECONDS = 6 * 3600
CRAWL_PREFIX = "kehr-screen-"


def sweep_stale_crawls(cache: Path, older_than: float = STALE_CRAWL_SECONDS) -> list[Path]:
    """Remove the temporary crawl folders in ``cache`` untouched for ``older_than``
    seconds (what a killed run leaves); the removed folders."""
    if not cache.is_dir():
        return []
    now = time.time()
    stale = [path for path in cache.glob(f"{CRAWL_PREFIX}*")
             if path.is_dir() and now - path.stat().st_mtime > older_than]  # fmt: skip
    for path in stale:
        shutil.rmtree(path, ignore_errors=True)
    return stale


def cached_warc(site: Site, cache: Path, limit: int | None) -> tuple[Path, bool]:
    """The site's first-visit crawl as a WARC in ``cache``, crawled now if missing;
    (path, whether it was crawled now). The file appears whole or not at all."""
    cap = page_limit(site, limit)
    path = cache / f"{site.short}-{cap or 'all'}-{root_fingerprint(site)}.warc.gz"
    if path.is_file():
        return path, False
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=CRAWL_PREFIX, dir=cache) as tmp:
        warc, _seconds = template_eval.crawl(site, Path(tmp), cap)
        if not warc.is_file():
            raise SystemExit(f"{site.short}: wget wrote no WARC (is {site.root} served?)")
        os.replace(warc, path)
    return path, True


def page_key(url: str) -> str:
    """A page's name across runs: its path and query (each run serves on its own port)."""
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def labels_digest(labels: np.ndarray | None) -> str | None:
    if labels is None:
        return None
    return hashlib.blake2b(np.asarray(labels, dtype=np.uint8).tobytes(), digest_size=8).hexdigest()


def figures(row: dict) -> dict:
    """The few figures a screen compares, from template_eval's row."""
    if not row.get("coverage"):
        return {"coverage": 0.0}
    return {
        "coverage": row["coverage"],
        "token_f1": row["token"]["f1"],
        "boilerplate_precision": row["boilerplate_token"]["precision"],
        "boilerplate_recall": row["boilerplate_token"]["recall"],
        "content_recall": row["thesis"]["content_recall_token"],
        "keep_all_token_f1": row["keep_all_token_f1"],
        "goal": row["goal"]["met"],
    }


def screen_pages(site: Site, pages: list[Page], methods: Sequence[str]) -> dict:
    """Each method's figures and per-page label digests on one visit's pages."""
    crawl = Crawl(site, pages)
    result: dict = {"pages": len(pages), "scored": sum(p.scored for p in pages),
                    "rows": {}, "digests": {}}  # fmt: skip
    for name, method in chosen_rows(METHODS, methods).items():
        predicted: Labels = method(crawl)
        result["rows"][name] = figures(evaluate(pages, predicted))
        result["digests"][name] = {
            page_key(page.url): labels_digest(labels)
            for page, labels in zip(pages, predicted, strict=True)
        }
    return result


def screen_site(short: str, cache: Path, limit: int | None, methods: Sequence[str]) -> dict:
    """One site's screen, named by its short name (a worker process gets the name: a
    Site's gold rules are functions that do not pickle)."""
    site = select(short)[0]
    started = time.perf_counter()
    warc, crawled = cached_warc(site, cache, limit)
    pages = read_pages(warc, site, page_limit(site, limit))
    if not pages:  # a crawl of nothing is no screen: drop it, so the next run crawls again
        warc.unlink()
        raise SystemExit(f"{short}: no HTML page in the crawl of {site.root / site.start}; "
                         "is the site served and its package whole?")  # fmt: skip
    result = screen_pages(site, pages, methods)
    result["crawled"] = crawled
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result


def revision() -> str:
    """The checkout's commit, with "+changes" when its engine differs from it."""
    try:
        git = ["git", "-C", str(REPO)]
        head = subprocess.run(
            [*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            [*git, "status", "--porcelain", "engine"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def chosen_sites(names: str | None, quick: bool, installed_only: bool) -> list[Site]:
    if names == "read":
        sites = [s for s in SITES if s.kind not in HELD_BACK]
    else:
        sites = select(names or (QUICK_SITES if quick else None), default=select(QUICK_SITES))
    refuse_unfathomed(sites)
    missing = [s for s in sites if not s.installed]
    if missing and installed_only:
        print("skipped, not installed: " + ", ".join(f"{s.short} ({s.package})" for s in missing))
        sites = [s for s in sites if s.installed]
    elif missing:
        packages = " ".join(sorted({s.package for s in missing}))
        raise SystemExit(f"the sites are Debian packages: apt-get install {packages} "
                         "(or --installed-only)")  # fmt: skip
    check_tools(sites)  # wget, as for template_eval
    return sites


def run(args: argparse.Namespace) -> None:
    methods = tuple(m.strip() for m in args.methods.split(",")) if args.methods else DEFAULT_METHODS
    unknown = sorted(set(methods) - set(METHODS))
    if unknown:
        raise SystemExit(f"unknown methods {', '.join(unknown)}; choose from {', '.join(METHODS)}")
    sites = chosen_sites(args.sites, args.quick, args.installed_only)
    limit = args.limit or (QUICK_LIMIT if args.quick else None)
    cache = args.cache or default_cache()
    swept = sweep_stale_crawls(cache)
    if swept:
        print(f"removed {len(swept)} half-done crawl folder(s) of killed runs from {cache}")
    started = time.perf_counter()
    report: dict = {"revision": revision(), "methods": list(methods), "limit": limit, "sites": {}}
    with contextlib.ExitStack() as stack:
        if args.jobs > 1:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=args.jobs))
            futures = [pool.submit(screen_site, s.short, cache, limit, methods) for s in sites]
            results = (future.result() for future in futures)
        else:
            results = (screen_site(s.short, cache, limit, methods) for s in sites)
        shorts = [s.short for s in sites]
        for done, (short, result) in enumerate(zip(shorts, results, strict=True), start=1):
            report["sites"][short] = result
            if args.out:  # after each site: a run stopped halfway keeps what it screened
                args.out.write_text(json.dumps(report, indent=1) + "\n")
            rows = "  ".join(f"{name} F1 {_fig(row.get('token_f1'))} "
                             f"bp {_fig(row.get('boilerplate_precision'))}"
                             f"{' goal' if row.get('goal') else ''}"
                             for name, row in result["rows"].items())  # fmt: skip
            source = "crawled" if result["crawled"] else "cached"
            print(f"[{done}/{len(sites)}] {short}: {result['pages']} pages ({source}), "
                  f"{result['seconds']} s  {rows}", flush=True)  # fmt: skip
    report["seconds"] = round(time.perf_counter() - started, 1)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    keys = []
    for name in methods:
        values = [r["rows"][name].get("token_f1") for r in report["sites"].values()]
        known = [v for v in values if v is not None]
        mean = f"{np.mean(known):.4f}" if known else "-"
        keys.append(f"{bench_name(name)}_mean_token_f1={mean}")
    pages = sum(r["pages"] for r in report["sites"].values())
    print(f"BENCH template_screen sites={len(sites)} pages={pages} {' '.join(keys)}")


def bench_name(method: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in method).strip("_")


def _fig(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def compare_reports(before: dict, after: dict) -> dict:
    """Per site and method present in both: the pages whose labels differ and the
    figures before and after; the sites only one report has are named apart."""
    sites: dict[str, dict] = {}
    for short in before["sites"].keys() & after["sites"].keys():
        old, new = before["sites"][short], after["sites"][short]
        for method in old["rows"].keys() & new["rows"].keys():
            old_digests, new_digests = old["digests"][method], new["digests"][method]
            pages = sorted(
                key for key in old_digests.keys() | new_digests.keys()
                if old_digests.get(key) != new_digests.get(key)
            )  # fmt: skip
            sites.setdefault(short, {})[method] = {
                "changed_pages": pages,
                "before": old["rows"][method],
                "after": new["rows"][method],
            }
    return {
        "sites": sites,
        "only_before": sorted(before["sites"].keys() - after["sites"].keys()),
        "only_after": sorted(after["sites"].keys() - before["sites"].keys()),
    }


def read_screen(path: Path) -> dict:
    """A screen ``run --out`` wrote, or a clear stop saying what is wrong with the file."""
    try:
        screen = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SystemExit(f"{path}: no such file (a screen is written by `run --out`)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SystemExit(f"{path}: not a screen: {error}") from None
    if not isinstance(screen, dict) or not isinstance(screen.get("sites"), dict):
        raise SystemExit(f'{path}: not a screen (no "sites"; written by `run --out`?)')
    return screen


def compare(args: argparse.Namespace) -> None:
    before = read_screen(args.before)
    after = read_screen(args.after)
    if before.get("limit") != after.get("limit"):
        print(f"note: the runs read different page limits ({before.get('limit')} and "
              f"{after.get('limit')}): pages only one of them read count as changed")  # fmt: skip
    result = compare_reports(before, after)
    print(f"before {before.get('revision')}, after {after.get('revision')}")
    changed_sites = changed_pages = gained = lost = 0
    for short in sorted(result["sites"]):
        site_changed = False
        for method, moved in sorted(result["sites"][short].items()):
            if not moved["changed_pages"]:
                continue
            site_changed = True
            changed_pages += len(moved["changed_pages"])
            old, new = moved["before"], moved["after"]
            goal = ""
            if bool(old.get("goal")) != bool(new.get("goal")):
                goal = "  goal gained" if new.get("goal") else "  goal LOST"
                gained += bool(new.get("goal"))
                lost += bool(old.get("goal"))
            print(f"{short:14} {method:26} {len(moved['changed_pages']):4} pages  "
                  f"F1 {_fig(old.get('token_f1'))} -> {_fig(new.get('token_f1'))}  "
                  f"bp {_fig(old.get('boilerplate_precision'))} -> "
                  f"{_fig(new.get('boilerplate_precision'))}{goal}")  # fmt: skip
            if args.pages:
                for key in moved["changed_pages"][: args.pages]:
                    print(f"{'':16}{key}")
        changed_sites += site_changed
    unchanged = len(result["sites"]) - changed_sites
    print(f"{len(result['sites'])} sites in both runs: {changed_sites} changed, "
          f"{unchanged} with every page's labels the same")  # fmt: skip
    for side in ("only_before", "only_after"):
        if result[side]:
            print(f"{side.replace('_', ' ')}: {', '.join(result[side])}")
    print(f"BENCH template_screen_compare sites={len(result['sites'])} "
          f"changed_sites={changed_sites} changed_pages={changed_pages} "
          f"goals_gained={gained} goals_lost={lost}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="screen this checkout's methods on sites")
    run_parser.add_argument("--sites", help="short names, comma-separated, or 'read' (every "
                            f"site but the held-back {', '.join(HELD_BACK)} ones; default: "
                            f"{QUICK_SITES})")  # fmt: skip
    run_parser.add_argument("--methods", help="rows of template_eval's registry, "
                            f"comma-separated (default: {','.join(DEFAULT_METHODS)})")  # fmt: skip
    run_parser.add_argument("--limit", type=int, help="pages per site (large sites have a cap)")
    run_parser.add_argument("--quick", action="store_true",
                            help=f"{QUICK_LIMIT} pages of {QUICK_SITES} (< 60 s)")  # fmt: skip
    run_parser.add_argument("--cache", type=Path, help=f"crawl cache (default: ${CACHE_ENV} "
                            "or ~/.cache/kehr/template-screen)")  # fmt: skip
    run_parser.add_argument("--jobs", type=int, default=1, help="sites screened at a time")
    run_parser.add_argument("--installed-only", action="store_true",
                            help="skip the sites whose Debian package is missing")  # fmt: skip
    run_parser.add_argument("--out", type=Path, help="write the screen as JSON here")
    compare_parser = commands.add_parser("compare", help="what changed between two runs")
    compare_parser.add_argument("before", type=Path)
    compare_parser.add_argument("after", type=Path)
    compare_parser.add_argument("--pages", type=int, default=0,
                                help="list up to N changed pages per site and method")  # fmt: skip
    args = parser.parse_args()
    if args.command == "run":
        if args.jobs < 1:
            parser.error("--jobs must be at least 1")
        run(args)
    else:
        compare(args)


if __name__ == "__main__":
    main()
