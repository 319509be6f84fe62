"""The classifier with and without the template methods' feature groups (issue 13).

The real sites of bench/template_eval.py (Debian documentation packages, gold from each
site's content container) are crawled with wget; URL Tree (its four heuristics) and
DBCE label every page, unsupervised, and their vectors become the ``urltree`` and
``dbce`` feature groups (kehr_engine.template_features) beside the default groups.
Each set of groups is scored by the engine's own evaluation (kehr_engine.pipeline
evaluate_pages, token P/R/F1 of good text, macro over pages) under two protocols:

- **pooled**: page-grouped k-fold CV over the pages of all sites (a site's template is
  seen in training: the easy case, where DOM features alone learn it);
- **leave one site out**: train on the other sites, test on the held-out one (the
  template is new: the case the template methods are for).

Keep-all (every node good) is scored beside them. The template methods never see the
gold; the folds only split the classifier's training.

  apt-get install python3.11-doc git-doc debian-reference-en sphinx-doc debian-handbook \
      apache2-doc libgtk-3-doc python-sqlalchemy-doc wireshark-doc developers-reference
  python bench/template_ablation.py [--quick] [--sites git,apache] \
      [--out bench/reports/template-ablation.json]

Leave one site out groups the folds by site, one fold per selected site. By default the
developer sites only: the ablation reads the methods' output, which the unseen sites
(bench/template_sites.py) must not have shown anyone before the evaluation is run.

Last line: ``BENCH template_ablation pages=... <protocol>_<groups>_f1=... ...``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine"), str(REPO / "bench")]

import template_eval  # noqa: E402
from template_eval import SITES, Page, Site, check_tools, crawled_pages, page_limit  # noqa: E402
from template_sites import DEVELOPER_SITES, refuse_unfathomed, select  # noqa: E402

from kehr_engine.evaluation import page_features  # noqa: E402
from kehr_engine.features import DEFAULT_GROUPS  # noqa: E402
from kehr_engine.pipeline import PageInput, evaluate_pages, gold_pages  # noqa: E402

GROUP_SETS = {
    "default": DEFAULT_GROUPS,
    "default+urltree": (*DEFAULT_GROUPS, "urltree"),
    "default+dbce": (*DEFAULT_GROUPS, "dbce"),
    "default+urltree+dbce": (*DEFAULT_GROUPS, "urltree", "dbce"),
    "urltree+dbce alone": ("urltree", "dbce"),
    # Without the dom group: its class/id and tag-path hashes name a site's template, so
    # on a site left out they mislead (issue 31: debian-reference 0.20 with them, 0.997
    # without), and a model that has them never needs the template groups.
    "text+context": ("text", "context"),
    "text+context+urltree": ("text", "context", "urltree"),
    "text+context+dbce": ("text", "context", "dbce"),
    "text+context+urltree+dbce": ("text", "context", "urltree", "dbce"),
}
QUICK_SETS = ("default", "default+urltree+dbce", "urltree+dbce alone")
# Leave one site out trains once per site: --quick takes three small-paged developer
# sites to stay within a minute.
QUICK_SITES = "git,handbook,wireshark"


def method_labels(pages: list[Page]) -> list[dict[str, np.ndarray]]:
    """Per page, the vectors URL Tree (streamed in crawl order) and DBCE gave it."""
    urltree, _seconds = template_eval.run_urltree(pages)
    dbce, _seconds, _invalid = template_eval.run_dbce(pages)
    out: list[dict[str, np.ndarray]] = []
    for i in range(len(pages)):
        given = {f"urltree:{h}": v[i] for h, v in urltree.items() if v[i] is not None}
        if dbce[i] is not None:
            given["dbce"] = dbce[i]
        out.append(given)
    return out


def as_input(site: Site, page: Page, labels: dict[str, np.ndarray]) -> PageInput:
    """The page as the engine takes it; its host becomes the site's name, so grouping
    folds by site (kehr_engine.splits.site_of) tells the sites apart (all are served
    from 127.0.0.1)."""
    parts = urlsplit(page.url)
    url = urlunsplit(("http", f"{site.name}.test", parts.path, parts.query, ""))
    return PageInput(page.texts, page.document, page.html, url, None, labels)


def macro(source: dict) -> dict[str, float]:
    figures = {key: round(float(source["macro"][key]), 4) for key in ("precision", "recall", "f1")}
    if source.get("accuracy") is not None:
        figures["node_accuracy"] = round(float(source["accuracy"]), 4)
    return figures


def per_site(source: dict, site_of_page: dict[str, str]) -> dict[str, float]:
    """Macro token F1 per site (the mean over its pages)."""
    scores: dict[str, list[float]] = {}
    for page_id, f1 in source["per_page_f1"].items():
        scores.setdefault(site_of_page[page_id], []).append(f1)
    return {site: round(float(np.mean(values)), 4) for site, values in scores.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help=f"10 pages of {QUICK_SITES} unless --sites, 2 folds, 3 sets of groups, "
        "30 rounds (< 60 s)",
    )
    parser.add_argument("--max-iter", type=int, help="boosting rounds (default: the engine's)")
    parser.add_argument("--limit", type=int, help="pages per site (large sites have a cap)")
    parser.add_argument("--sites", help="short names, comma-separated (default: the developer "
                        "sites; the unseen ones only when named): "
                        + ",".join(s.short for s in SITES))  # fmt: skip
    parser.add_argument("--folds", type=int, default=5, help="folds of the pooled CV")
    parser.add_argument("--sets", help="sets of groups, comma-separated (default: all): "
                        + ",".join(GROUP_SETS))  # fmt: skip
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    limit = 10 if args.quick else args.limit
    folds = 2 if args.quick else args.folds
    max_iter = 30 if args.quick else args.max_iter
    names = args.sets.split(",") if args.sets else QUICK_SETS if args.quick else list(GROUP_SETS)
    unknown = [name for name in names if name not in GROUP_SETS]
    if unknown:
        parser.error(f"unknown sets of groups {unknown}: choose from {', '.join(GROUP_SETS)}")
    group_sets = {name: GROUP_SETS[name] for name in names}
    sites = select(args.sites or (QUICK_SITES if args.quick else None), default=DEVELOPER_SITES)
    refuse_unfathomed(sites)
    check_tools(sites)
    started = time.perf_counter()
    inputs: list[PageInput] = []
    gold: list[np.ndarray] = []
    ids: list[str] = []
    site_of_page: dict[str, str] = {}
    coverage: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="kehr-template-ablation-") as tmp:
        for site in sites:
            pages, _seconds = crawled_pages(site, Path(tmp), page_limit(site, limit))
            labels = method_labels(pages)
            coverage[site.name] = {
                "pages": len(pages),
                "dbce_labelled": round(sum("dbce" in given for given in labels) / len(pages), 3),
            }
            for number, (page, given) in enumerate(zip(pages, labels, strict=True)):
                if not page.scored:  # no content container, so no gold (template_sites)
                    continue
                page_id = f"{site.name}/{number}"
                inputs.append(as_input(site, page, given))
                gold.append(page.gold)
                ids.append(page_id)
                site_of_page[page_id] = site.name
            print(f"{site.name}: {len(pages)} pages, DBCE labelled "
                  f"{coverage[site.name]['dbce_labelled']:.0%}", flush=True)  # fmt: skip
    scored = gold_pages(inputs, gold, ids)
    keep_all = evaluate_pages(inputs, gold, model=False, baselines=("keep-all",), page_ids=ids)
    kept = keep_all["sources"][0]
    results: dict = {"keep-all": {"macro": macro(kept), "per_site": per_site(kept, site_of_page)}}
    bench_keys = []
    for name, groups in group_sets.items():
        cached = page_features(scored, groups)
        row: dict = {"groups": list(groups)}
        for protocol, by_site, k in (("pooled", False, folds),
                                     ("leave_one_site_out", True, len(sites))):  # fmt: skip
            data = evaluate_pages(
                inputs, gold, groups=groups, k=k, by_site=by_site, baselines=(),
                page_ids=ids, cached=cached, max_iter=max_iter,
            )  # fmt: skip
            source = data["sources"][0]
            row[protocol] = {"macro": macro(source), "per_site": per_site(source, site_of_page)}
            key = f"{protocol}_{name.split(' ')[0].replace('+', '_')}_f1"
            bench_keys.append(f"{key}={source['macro']['f1']:.3f}")
            print(f"  {name:22s} {protocol:20s} macro token F1 {source['macro']['f1']:.3f} "
                  f"per site {row[protocol]['per_site']}", flush=True)  # fmt: skip
        results[name] = row
    report = {
        "pages": len(inputs),
        "sites": coverage,
        "nodes": int(sum(len(v) for v in gold)),
        "pooled_folds": folds,
        "max_iter": max_iter,
        "seconds": round(time.perf_counter() - started, 1),
        "environment": keep_all["environment"],
        "data_fingerprint": keep_all["data_fingerprint"],
        "results": results,
    }
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    keep = results["keep-all"]["macro"]["f1"]
    print(
        f"BENCH template_ablation pages={len(inputs)} keep_all_f1={keep:.3f} "
        + " ".join(bench_keys)
    )


if __name__ == "__main__":
    main()
