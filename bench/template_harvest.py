"""URL Tree and DBCE on real sites harvested through Kehr's recorder (issue 13).

bench/template_eval.py reads the Debian documentation sites from wget's WARC files. Here
the same sites go the way a Kehr user's URL list goes: each site is served on loopback,
crawled with wget to find its HTML pages (the URL list, in crawl order), and that list
is harvested by the platform's harvester (headless Firefox through the recording proxy,
every resource frozen in WARC files) into a corpus of a throwaway SQLite instance. The
platform's runs then label it (crosspage.services.run_urltree and run_dbce, what the
Celery tasks call); the recorder's own WARC files are imported into a second corpus
(``manage.py import_warc``: Kehr's archive read as an external one) and labelled too.
The gold is the site's container rule (template_eval.SITES) applied to each page's
annotation document. The baseline in the same run: the same methods on wget's capture of
the same URLs. Scores are template_eval's: token P/R/F1 of content, macro over the pages
a method labelled, and coverage.

  apt-get install git-doc debian-handbook sphinx-doc firefox-esr
  python bench/template_harvest.py [--quick] [--sites git-docs ...] [--out FILE.json]

Last line: ``BENCH template_harvest pages=... harvest_pages_per_min=...
<site>_<source>_<method>_f1=...`` (source: harvested, imported or wget).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO / "proxy"), str(REPO), str(REPO / "bench")]

import template_eval  # noqa: E402
from benchlib import setup_sqlite_django  # noqa: E402
from template_eval import GOOD, SITES, Page, Site, crawled_pages, page_gold, score  # noqa: E402
from template_sites import refuse_unfathomed  # noqa: E402

DEFAULT_SITES = ("git-docs", "sphinx-docs", "debian-handbook")
SOURCES = {
    "harvested": "recorder: the harvested pages",
    "imported": "recorder: its WARC files imported",
    "wget": "wget's WARC (baseline)",
}
# The platform's URL Tree runs every default heuristic; these two are the paper's and
# the one the docs recommend (issue 31).
METHODS = ("urltree:strict", "urltree:relaxed-share-40", "dbce")


def harvest(site: Site, urls: list[str], slug: str, var_dir: Path) -> tuple[list[Path], float]:
    """Harvest ``urls`` through a fresh recorder into corpus ``slug``; (WARC files, s)."""
    from corpora.models import Corpus
    from harvest.harvester import create_job, run_job_sync
    from tests.proxy_fixtures import ALLOW_LOOPBACK, start_archive_proxy

    archive = var_dir / f"archive-{slug}"
    recorder = start_archive_proxy("record", archive, allow_private=ALLOW_LOOPBACK)
    started = time.perf_counter()
    try:
        # Keep every page wget found: manual pages run long, and some are a few lines.
        corpus = Corpus.objects.create(name=slug, slug=slug, min_words=1, max_words=1_000_000)
        job = create_job(
            corpus, "\n".join(urls),
            settings={"host_delay_ms": 0, "settle_ms": 300, "robots": False,
                      "proxy": f"127.0.0.1:{recorder.port}", "proxy_ca": str(recorder.ca_cert_path),
                      "archive_dir": str(recorder.archive_dir)},
        )  # fmt: skip
        with template_eval.served(site):
            progress = run_job_sync(job)
    finally:
        recorder.stop()
    seconds = time.perf_counter() - started
    print(f"  harvested {progress}", flush=True)
    for url, state, reason, message in job.items.exclude(state="done").values_list(
        "url", "state", "reason", "message"
    ):
        print(f"    {state} {reason}: {url} {message[:120]}", flush=True)
    return sorted(archive.rglob("*.warc.gz")), seconds


def labelled(slug: str, site: Site) -> tuple[list[Page], dict[str, list[np.ndarray | None]]]:
    """The corpus' pages with their gold, and each method's stored vectors (None where
    the method left the page unlabelled)."""
    from corpora.models import Page as StoredPage
    from corpora.segmenter import read_node_texts
    from crosspage.models import MethodVector

    pages: list[Page] = []
    predicted: dict[str, list[np.ndarray | None]] = {m: [] for m in METHODS}
    stored = StoredPage.objects.filter(corpus__slug=slug).order_by("pk")
    vectors = {
        (v.page_id, v.method): v for v in MethodVector.objects.filter(page__corpus__slug=slug)
    }
    for page in stored:
        texts = read_node_texts(page.document)
        if not texts:
            continue
        # As template_eval: a page without the site's container is not scored.
        gold, container = page_gold(page.document, site)
        pages.append(Page(page.url, 0.0, "", page.document, texts, gold, scored=container))
        for method in METHODS:
            vector = vectors.get((page.pk, method))
            labels = np.frombuffer(bytes(vector.labels), np.uint8) if vector else None
            predicted[method].append(labels if labels is not None and labels.any() else None)
    return pages, predicted


def import_archive(files: list[Path], slug: str) -> None:
    from django.core.management import call_command

    from corpora.models import Corpus

    Corpus.objects.create(name=slug, slug=slug)
    call_command("import_warc", *map(str, files), "--corpus", slug, verbosity=0)


def run_methods(slug: str) -> None:
    from corpora.models import Corpus
    from crosspage import services

    corpus = Corpus.objects.get(slug=slug)
    services.run_urltree(services.start_run(corpus, "urltree").pk)
    services.run_dbce(services.start_run(corpus, "dbce").pk)


def figures(pages: list[Page], predicted: dict[str, list[np.ndarray | None]]) -> dict:
    out = {method: score(pages, vectors) for method, vectors in predicted.items()}
    out["keep-all"] = score(pages, [np.full(len(p.texts), GOOD) for p in pages])
    return out


def wget_figures(pages: list[Page]) -> dict:
    # Text blocks, as the platform's runs count (crosspage.services.run_urltree).
    urltree, _seconds = template_eval.run_urltree(pages, "blocks")
    dbce, _seconds, _invalid = template_eval.run_dbce(pages)
    predicted = {m: urltree[m.split(":", 1)[1]] for m in METHODS if m.startswith("urltree:")}
    predicted["dbce"] = dbce
    return figures(pages, predicted)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="12 pages of one site (< 60 s)")
    parser.add_argument("--sites", nargs="+", choices=[s.name for s in SITES])
    parser.add_argument("--limit", type=int, help="pages per site")
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    names = args.sites or (DEFAULT_SITES[:1] if args.quick else DEFAULT_SITES)
    limit = 12 if args.quick else args.limit
    sites = [s for s in SITES if s.name in names]
    refuse_unfathomed(sites)
    template_eval.check_tools(sites)
    os.environ["KEHR_URLTREE_ON_ARRIVAL"] = "false"  # the runs below label the corpora
    report: dict = {"sites": {}}
    keys: list[str] = []
    total_pages, total_seconds = 0, 0.0
    with tempfile.TemporaryDirectory(prefix="kehr-template-harvest-") as tmp:
        setup_sqlite_django(tmp)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        for site in sites:
            by_wget, _seconds = crawled_pages(site, Path(tmp), limit)
            base = f"http://127.0.0.1:{template_eval.PORTS[site.name]}/"
            urls = [p.url for p in by_wget]
            print(f"{site.name}: harvesting {len(urls)} pages from {base}", flush=True)
            slug = f"{site.name}-harvested"
            files, seconds = harvest(site, urls, slug, Path(tmp))
            total_pages, total_seconds = total_pages + len(urls), total_seconds + seconds
            run_methods(slug)
            imported = f"{site.name}-imported"
            import_archive(files, imported)
            run_methods(imported)
            harvested_pages, harvested = labelled(slug, site)
            imported_pages, from_archive = labelled(imported, site)
            sources = {
                "harvested": figures(harvested_pages, harvested),
                "imported": figures(imported_pages, from_archive),
                "wget": wget_figures(by_wget),
            }
            report["sites"][site.name] = {
                "urls": len(urls), "harvested_pages": len(harvested_pages),
                "imported_pages": len(imported_pages), "harvest_s": round(seconds, 1),
                "warc_files": len(files), "sources": sources,
            }  # fmt: skip
            short = template_eval.SHORT_NAMES[site.name]
            for source, methods in sources.items():
                for method, row in methods.items():
                    token = row.get("token", {})
                    print(f"  {SOURCES[source]:34s} {method:30s} coverage {row['coverage']:.2f} "
                          f"token P/R/F1 {token.get('precision', 0):.3f}/"
                          f"{token.get('recall', 0):.3f}/{token.get('f1', 0):.3f}")  # fmt: skip
                    if method in ("urltree:strict", "dbce"):
                        name = method.replace(":", "_")
                        keys.append(f"{short}_{source}_{name}_f1={token.get('f1', 0.0):.3f}")
    rate = total_pages / total_seconds * 60 if total_seconds else 0.0
    report["harvest_pages_per_min"] = round(rate, 1)
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(f"BENCH template_harvest pages={total_pages} harvest_pages_per_min={rate:.1f} "
          + " ".join(keys))  # fmt: skip


if __name__ == "__main__":
    main()
