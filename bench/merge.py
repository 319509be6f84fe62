"""Merge + agreement over a synthetic corpus of 100,000 pages x 8 submissions x 300 nodes.

What is measured, in one run (the machine is noisy, so everything is in the same run):

1. core — the vectorised merge exactly as the workers call it: gold.voting.merge_batch
   (vote counts, majority, ties, per-submission 4x4 tag tables) including
   gold.agreement.batch_agreement (Fleiss' multi-pi, token-weighted pi, Krippendorff's
   alpha), chunk by chunk of gold.merge.CHUNK_PAGES pages, over the whole synthetic
   corpus held in memory as the label bytes the database stores. Not included: reading
   from and writing to the database (that is part 3).
   Also timed alone: gold.agreement.batch_agreement on the same pages (agreement only,
   the same work as the baseline).
2. baseline — a per-page loop calling statsmodels' aggregate_raters + fleiss_kappa on
   a random sample of the same pages (agreement only, no vote). The run also checks
   that Kehr's pi equals statsmodels' kappa on every sampled page (every node is
   tagged by all 8 coders, where the two definitions coincide).
3. db — the real thing end to end, gold.merge.merge_corpus on a PostgreSQL corpus
   (throwaway cluster, the test harness's) of --db-pages pages x 8 x 300 loaded with
   COPY: read submissions, check them, vote, agreement, write the results. Timed twice:
   a first merge of everything, then a re-run with nothing changed (fingerprints only).

Node-votes are (pages x submissions x nodes): one annotator's label on one node.

    python bench/merge.py [--quick] [--pages N] [--sample N] [--db-pages N] [--db sqlite]

Last line: BENCH merge node_votes_per_s=… statsmodels_ratio=… db_node_votes_per_s=… …
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO)]

# Pure NumPy modules: the core part runs before Django is set up (for the DB part).
from gold.voting import CHUNK_PAGES, VoteBatch, merge_batch  # noqa: E402

NODES = 300
CODERS = 8
# Labels of the synthetic pages: mostly boilerplate, as on real web pages; a coder
# gives the page's "true" tag with probability AGREE, else a random tag.
TAG_SHARES = (0.6, 0.05, 0.35)  # bad, uncertain, good
AGREE = 0.8


def synthetic(pages: int, seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """(pages, coders, nodes) uint8 labels, every node tagged, and (pages, nodes) tokens."""
    rng = np.random.default_rng(seed)
    labels = np.empty((pages, CODERS, NODES), dtype=np.uint8)
    for start in range(0, pages, 2000):
        n = min(2000, pages - start)
        truth = rng.choice(np.arange(1, 4, dtype=np.uint8), size=(n, 1, NODES), p=TAG_SHARES)
        noise = rng.integers(1, 4, size=(n, CODERS, NODES), dtype=np.uint8)
        keep = rng.random((n, CODERS, NODES)) < AGREE
        labels[start : start + n] = np.where(keep, truth, noise)
    tokens = rng.integers(1, 25, size=(pages, NODES)).astype(np.float64)
    return labels, tokens


def run_core(labels: np.ndarray, tokens: np.ndarray) -> tuple[float, np.ndarray]:
    """Merge + agreement of every page, chunk by chunk; returns (seconds, pi per page)."""
    pages = labels.shape[0]
    pi = np.empty(pages)
    started = time.perf_counter()
    for start in range(0, pages, CHUNK_PAGES):
        stop = min(start + CHUNK_PAGES, pages)
        n = stop - start
        batch = VoteBatch(
            node_counts=np.full(n, NODES, dtype=np.int64),
            submission_pages=np.repeat(np.arange(n, dtype=np.int64), CODERS),
            labels=labels[start:stop].reshape(-1),  # the stored bytes, concatenated
            tokens=tokens[start:stop].reshape(-1),
        )
        result = merge_batch(batch, tie_label=0)
        pi[start:stop] = result.agreement["pi"]
    return time.perf_counter() - started, pi


def run_agreement_only(labels: np.ndarray, tokens: np.ndarray) -> float:
    """Seconds of gold.agreement.batch_agreement alone (counts prepared outside the timer)."""
    from gold.agreement import batch_agreement

    pages = labels.shape[0]
    seconds = 0.0
    for start in range(0, pages, CHUNK_PAGES):
        stop = min(start + CHUNK_PAGES, pages)
        chunk = labels[start:stop]
        counts = np.stack([(chunk == k).sum(axis=1, dtype=np.int32) for k in (1, 2, 3)], -1)
        counts = counts.reshape(-1, 3)
        page_index = np.repeat(np.arange(stop - start), NODES)
        started = time.perf_counter()
        batch_agreement(counts, page_index, stop - start, tokens[start:stop].reshape(-1))
        seconds += time.perf_counter() - started
    return seconds


def run_statsmodels(labels: np.ndarray, sample: list[int]) -> tuple[float, np.ndarray]:
    from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

    kappas = np.empty(len(sample))
    started = time.perf_counter()
    for i, page in enumerate(sample):
        table, _categories = aggregate_raters(labels[page].T)  # subjects x raters
        kappas[i] = fleiss_kappa(table, method="fleiss")
    return time.perf_counter() - started, kappas


def run_db(pages: int, engine: str, workdir: Path) -> dict[str, float]:
    """The real merge on a database corpus; returns timings."""
    cluster = None
    if engine == "postgres":
        from tests.services import PostgresCluster  # the test harness's throwaway cluster

        cluster = PostgresCluster(workdir / "postgres")
        cluster.start()
        os.environ["DATABASE_URL"] = cluster.url
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir / 'bench.sqlite3'}"
    os.environ["KEHR_VAR_DIR"] = str(workdir / "var")
    os.environ["DJANGO_SETTINGS_MODULE"] = "kehr.settings"
    os.environ["LOG_LEVEL"] = "WARNING"
    try:
        # The settings only read var/: the start-up command makes it (kehr/instance.py).
        from kehr.instance import init_instance

        init_instance()
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        corpus = populate(pages, engine)
        populate_s = time.perf_counter() - started
        from gold.merge import merge_corpus

        started = time.perf_counter()
        first = merge_corpus(corpus)
        first_s = time.perf_counter() - started
        started = time.perf_counter()
        again = merge_corpus(corpus)
        again_s = time.perf_counter() - started
        assert first.merged == pages and again.unchanged == pages, (first, again)
        from gold.stats import refresh_corpus_stats

        started = time.perf_counter()
        refresh_corpus_stats(corpus)
        stats_s = time.perf_counter() - started
        from django.db import connections

        connections.close_all()
        return {"populate_s": populate_s, "merge_s": first_s, "rerun_s": again_s,
                "stats_s": stats_s}  # fmt: skip
    finally:
        if cluster is not None:
            cluster.stop()


def populate(pages: int, engine: str):
    """pages x CODERS submissions of NODES labels (same generator as the core part)."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from corpora.models import Corpus, Page

    corpus = Corpus.objects.create(name="Bench", slug="bench", min_words=0, min_submissions=5)
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"coder{i}", password="!") for i in range(CODERS)]
    )
    labels, tokens = synthetic(pages, seed=11)
    document = "<html><body>" + "".join(
        f'<p><kehr-t data-i="{i}">w</kehr-t></p>' for i in range(NODES)
    ) + "</body></html>"  # fmt: skip
    now = timezone.now()
    if engine == "postgres":
        with connection.cursor() as cursor:
            with cursor.copy(
                "COPY corpora_page (corpus_id, url, final_url, title, document, "
                "source_encoding, node_count, word_count, node_tokens, capture_record_id, "
                "submission_count, shuffle_key, uncertainty, created_at, updated_at) FROM STDIN"
            ) as copy:
                for n in range(pages):
                    row_tokens = tokens[n].astype(int).tolist()
                    copy.write_row((corpus.pk, f"https://bench.example/{n}", "", f"Page {n}",
                                    document, "utf-8", NODES, sum(row_tokens),
                                    str(row_tokens), "", CODERS, random.randrange(2**31),
                                    0.0, now, now))  # fmt: skip
            page_ids = list(
                Page.objects.filter(corpus=corpus).order_by("pk").values_list("pk", flat=True)
            )
            with cursor.copy(
                "COPY annotations_submission (page_id, user_id, labels, revision, "
                "submitted_at, client_version, created_at) FROM STDIN"
            ) as copy:
                for n, page_id in enumerate(page_ids):
                    for c, user in enumerate(users):
                        copy.write_row((page_id, user.pk, labels[n, c].tobytes(), 1, now,
                                        "bench", now))  # fmt: skip
            cursor.execute("ANALYZE")
    else:
        from annotations.models import Submission

        Page.objects.bulk_create(
            [Page(corpus=corpus, url=f"https://bench.example/{n}", document=document,
                  node_count=NODES, word_count=int(tokens[n].sum()),
                  node_tokens=tokens[n].astype(int).tolist(), submission_count=CODERS)
             for n in range(pages)], batch_size=2000,
        )  # fmt: skip
        page_ids = list(
            Page.objects.filter(corpus=corpus).order_by("pk").values_list("pk", flat=True)
        )
        for start in range(0, pages, 2000):
            Submission.objects.bulk_create(
                [Submission(page_id=page_id, user=user, labels=labels[n, c].tobytes(),
                            submitted_at=now)
                 for n, page_id in enumerate(page_ids[start:start + 2000], start=start)
                 for c, user in enumerate(users)], batch_size=5000,
            )  # fmt: skip
    return corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller corpus, ends within 60 s")
    parser.add_argument("--pages", type=int, default=None, help="pages of the in-memory corpus")
    parser.add_argument("--sample", type=int, default=None, help="pages for statsmodels")
    parser.add_argument("--db-pages", type=int, default=None, help="pages of the DB corpus")
    parser.add_argument("--db", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    args = parser.parse_args()
    if args.smoke:
        args.pages, args.sample, args.db_pages = 200, 20, 20
    pages = args.pages or (10_000 if args.quick else 100_000)
    sample_size = args.sample or (1_000 if args.quick else 5_000)
    db_pages = args.db_pages if args.db_pages is not None else (500 if args.quick else 10_000)

    started = time.perf_counter()
    labels, tokens = synthetic(pages)
    print(f"generated {pages:,} pages x {CODERS} x {NODES} in "
          f"{time.perf_counter() - started:.1f} s", file=sys.stderr)  # fmt: skip

    run_core(labels[: min(pages, 2 * CHUNK_PAGES)], tokens)  # warm-up: imports, caches
    core_times = []
    for _ in range(1 if not args.quick else 3):
        seconds, pi = run_core(labels, tokens)
        core_times.append(seconds)
    core_s = statistics.median(core_times)
    votes = pages * CODERS * NODES
    core_rate = votes / core_s

    agreement_s = run_agreement_only(labels, tokens)
    sample = sorted(random.Random(3).sample(range(pages), min(sample_size, pages)))
    base_s, kappas = run_statsmodels(labels, sample)
    base_rate = len(sample) * CODERS * NODES / base_s
    difference = float(np.nanmax(np.abs(pi[sample] - kappas)))
    runs = ", ".join(f"{t:.2f}" for t in core_times)
    print(
        f"core: {pages:,} pages ({votes:,} node-votes) merged + agreement in {core_s:.2f} s "
        f"(runs {runs}); statsmodels: {len(sample):,} pages in {base_s:.2f} s; "
        f"max |pi - kappa| = {difference:.2e}",
        file=sys.stderr,
    )
    if not difference < 1e-9:
        raise SystemExit(f"pi differs from statsmodels' kappa by {difference}: a bug.")

    db: dict[str, float] = {}
    if db_pages:
        workdir = Path(tempfile.mkdtemp(prefix="kehr-bench-merge-"))
        try:
            db = run_db(db_pages, args.db, workdir)
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
        print(
            f"db ({args.db}): {db_pages:,} pages loaded in {db['populate_s']:.1f} s; "
            f"merge_corpus {db['merge_s']:.2f} s, re-run with nothing changed "
            f"{db['rerun_s']:.2f} s, statistics {db['stats_s']:.2f} s",
            file=sys.stderr,
        )

    line = (
        f"BENCH merge node_votes_per_s={core_rate:.3g} "
        f"statsmodels_ratio={core_rate / base_rate:.0f} "
        f"statsmodels_node_votes_per_s={base_rate:.3g} pages={pages} corpus_s={core_s:.2f} "
        f"agreement_only_s={agreement_s:.2f} "
        f"agreement_only_ratio={votes / agreement_s / base_rate:.0f}"
    )
    if db:
        line += (
            f" db={args.db} db_pages={db_pages} "
            f"db_node_votes_per_s={db_pages * CODERS * NODES / db['merge_s']:.3g} "
            f"db_merge_s={db['merge_s']:.2f} db_rerun_s={db['rerun_s']:.2f} "
            f"db_stats_s={db['stats_s']:.2f}"
        )
    print(line)


if __name__ == "__main__":
    main()
