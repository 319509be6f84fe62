"""manage.py harvest FILE --corpus SLUG [--sync] [--set NAME=VALUE]: turn a URL list into
pages of a corpus."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm
from tqdm.contrib.logging import logging_redirect_tqdm

from corpora.models import Corpus
from harvest import conf
from harvest.harvester import create_job, proxy_reachable, run_job_sync
from harvest.job_settings import PER_JOB, RERUN, HarvestSettings, HarvestSettingsError
from harvest.models import HarvestItem, HarvestJob, PageVisits
from harvest.tasks import enqueue_job
from harvest.visits import visit_pages_pending
from kehr.env import ConfigurationError

NO_PROGRESS_HINT_S = 60
FINISHED = {HarvestItem.State.DONE, HarvestItem.State.FAILED, HarvestItem.State.FILTERED}


class Command(BaseCommand):
    help = (
        "Harvest a URL list (one URL per line, # comments) into a corpus. Without --sync "
        "the URLs go to the Celery workers and this command follows the progress; "
        "--job N re-runs job N instead (done URLs are skipped)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", nargs="?", help="URL list file, or - for standard input")
        parser.add_argument("--corpus", help="slug of the corpus")
        parser.add_argument("--job", type=int, help="re-run this job instead of a new list")
        parser.add_argument(
            "--sync", action="store_true", help="harvest in this process, not via Celery"
        )
        parser.add_argument(
            "--no-wait", action="store_true", help="queue the job and return at once"
        )
        parser.add_argument(
            "--visits",
            type=int,
            metavar="N",
            help="after each page, visit it N more times live (0-30) for visual stability: "
            "screenshots at 1920x1080, never archived (docs/methods.md)",
        )
        parser.add_argument(
            "--set",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="change one of the installation's harvest settings for this job, e.g. "
            f"--set settle_ms=300 (repeatable; settings: {', '.join(PER_JOB)}); with --job "
            f"only {', '.join(RERUN)}, e.g. --set max_attempts=5 to try failed URLs again",
        )

    def handle(self, *args, **options) -> None:
        if options["visits"] is not None:  # the same as --set visits=N
            options["set"] = [*options["set"], f"visits={options['visits']}"]
        if options["job"]:
            try:
                job = HarvestJob.objects.get(pk=options["job"])
            except HarvestJob.DoesNotExist:
                raise CommandError(f"No harvest job {options['job']}.") from None
            self._check_proxy(job.harvest_settings.proxy)
            self._change_for_rerun(job, options["set"])
            self._note_where_allow_private_applies(job)
        else:
            try:
                settings = conf.job_settings().with_text_changes(options["set"])
            except (ConfigurationError, HarvestSettingsError) as error:
                raise CommandError(str(error)) from None
            self._check_proxy(settings.proxy)
            job = self._new_job(options, settings)
        for problem in job.list_errors:
            self.stderr.write(f"line {problem['line']}: {problem['error']}: {problem['text']}")
        # Log lines printed while a bar is drawn (a broker's warning, a worker's retry) go
        # above it through tqdm, not into the middle of its line.
        with logging_redirect_tqdm():
            if not self._follow(job, options):
                return
        p = job.progress()
        visits = f", {p['visits']} of {p['visits_planned']} visits" if p["visits_planned"] else ""
        self.stdout.write(
            f"job {job.pk}: {p['done']} done, {p['filtered']} filtered, {p['failed']} failed"
            + visits
        )
        for item in job.items.exclude(state=HarvestItem.State.DONE).exclude(reason=""):
            # The message is what helps ("393 words, the corpus needs at least 500").
            why = f"{item.reason} ({item.message})" if item.message else item.reason
            self.stdout.write(f"  line {item.line}: {item.state} {why}: {item.url}")
        cut_short = PageVisits.objects.filter(
            page__harvest_items__job=job, page__harvest_items__state=HarvestItem.State.DONE
        ).exclude(message="")
        for page_visits in cut_short.select_related("page"):
            self.stdout.write(f"  visits of {page_visits.page.url}: {page_visits.message}")

    def _follow(self, job: HarvestJob, options) -> bool:
        """Run (--sync) or queue the job and draw its progress until every URL is
        finished; False when only queued (--no-wait)."""
        # The bar counts the job's finished URLs as the database has them, not the items
        # run this time added to those finished before: a re-run puts its failed URLs back
        # in the queue, and adding them again counted 43 of 25 URLs.
        bar = tqdm(total=job.items.count(), unit="url", desc=f"job {job.pk}",
                   file=sys.stderr, disable=options["verbosity"] == 0)  # fmt: skip
        with bar:
            if options["sync"]:
                run_job_sync(
                    job,
                    on_start=lambda: _show_finished(bar, job),
                    on_item=lambda item: _show_finished(bar, job),
                )
                return True
            enqueue_job(job)
            _show_finished(bar, job)
            if options["no_wait"]:
                bar.close()
                self.stdout.write(f"job {job.pk} queued")
                return False
            self._wait_for_urls(job, bar)
        self._wait_for_visits(job, options["verbosity"])
        return True

    def _wait_for_urls(self, job: HarvestJob, bar: tqdm) -> None:
        total = job.items.count()
        last_change, hinted = time.monotonic(), False
        while bar.n < total:
            time.sleep(0.5)
            before = bar.n
            if _show_finished(bar, job) != before:
                last_change = time.monotonic()
            if not hinted and time.monotonic() - last_change > NO_PROGRESS_HINT_S:
                bar.write(
                    f"No URL finished for {NO_PROGRESS_HINT_S} s: is a Celery worker "
                    "running (./dev run starts one)? Ctrl-C stops watching; the job "
                    f"goes on. Use --sync to harvest without a worker."
                )
                hinted = True

    def _wait_for_visits(self, job: HarvestJob, verbosity: int) -> None:
        """After the pages, follow their live visits until every page's are taken or
        ended by a failure (the visits run after each page is stored)."""
        planned = job.progress()["visits_planned"]
        if not planned:
            return
        bar = tqdm(total=planned, unit="visit", desc=f"job {job.pk} visits", file=sys.stderr,
                   disable=verbosity == 0)  # fmt: skip
        last, last_change, hinted = -1, time.monotonic(), False
        while visit_pages_pending(job):
            taken = job.progress()["visits"]
            if taken != last:
                bar.update(taken - max(last, 0))
                last, last_change = taken, time.monotonic()
            if not hinted and time.monotonic() - last_change > NO_PROGRESS_HINT_S:
                bar.write(
                    f"No visit taken for {NO_PROGRESS_HINT_S} s: is the Celery worker still "
                    "running? Ctrl-C stops watching; the visits go on."
                )
                hinted = True
            time.sleep(0.5)
        bar.update(job.progress()["visits"] - max(last, 0))
        bar.close()

    def _change_for_rerun(self, job: HarvestJob, assignments: list[str]) -> None:
        """Apply ``--set`` to a job being re-run: only :data:`RERUN` settings (more
        attempts for its failed URLs); the rest stay as the first run had them."""
        if not assignments:
            return
        try:
            changed = job.harvest_settings.with_text_changes(assignments, allowed=RERUN)
        except HarvestSettingsError as error:
            raise CommandError(str(error)) from None
        job.settings = changed.to_json()
        job.save(update_fields=["settings"])

    def _check_proxy(self, proxy: str) -> None:
        """Stop before queueing anything when the recorder is not there to archive pages."""
        if proxy and not proxy_reachable(proxy):
            raise CommandError(
                f"The recording proxy at {proxy} does not answer. Start it with "
                "`manage.py archive_proxy --mode record` (./dev run starts it), or set "
                "KEHR_HARVEST_PROXY=direct to harvest without archiving."
            )

    def _note_where_allow_private_applies(self, job: HarvestJob) -> None:
        """Re-running refused URLs with KEHR_ARCHIVE_ALLOW_PRIVATE set for this command:
        it changes nothing here (the recorder, another process, reads it when it
        starts), so say so before the URLs are refused again."""
        refused = job.items.filter(reason=HarvestItem.Reason.REFUSED_ADDRESS)
        if "KEHR_ARCHIVE_ALLOW_PRIVATE" in os.environ and refused.exists():
            self.stderr.write(
                "Note: KEHR_ARCHIVE_ALLOW_PRIVATE is the recorder's setting, read when it "
                "starts, not this command's: unless the recorder at "
                f"{job.harvest_settings.proxy} was started with it, restart it with it "
                "(`manage.py archive_proxy --mode record`, or ./dev run) or the URLs are "
                "refused again."
            )

    def _new_job(self, options, settings: HarvestSettings) -> HarvestJob:
        if not options["file"] or not options["corpus"]:
            raise CommandError("Give a URL list FILE and --corpus SLUG (or --job N).")
        try:
            corpus = Corpus.objects.get(slug=options["corpus"])
        except Corpus.DoesNotExist:
            raise CommandError(f"No corpus with slug {options['corpus']!r}.") from None
        if options["file"] == "-":
            text = sys.stdin.read()
        else:
            try:
                text = Path(options["file"]).read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError) as exc:
                raise CommandError(f"Cannot read {options['file']}: {exc}") from None
        return create_job(corpus, text, settings=settings)


def _show_finished(bar: tqdm, job: HarvestJob) -> int:
    """Move the bar to the job's finished URLs; returns their number."""
    finished = job.items.filter(state__in=FINISHED).count()
    if finished != bar.n:
        bar.n = finished
        bar.refresh()
    return finished
