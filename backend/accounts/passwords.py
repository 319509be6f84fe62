"""Hashing the passwords of many new accounts at once: on every core, within a deadline.

One PBKDF2-SHA256 hash at Django's 1,000,000 iterations costs about 0.33 s of one core
here, so 3,000 accounts hashed one by one took 16 minutes and 150 in the admin ran past
the web server's 30 s timeout. Two things make bulk imports fast:

- Hashes run in a thread pool as wide as the CPUs this process may use: hashlib's
  pbkdf2_hmac (and scrypt) release the GIL, so threads hash in parallel without forking a
  process that holds the web server's or the test run's state.
- A *generated* password (72 random bits, never chosen by a person) is hashed with
  ``KEHR_GENERATED_PASSWORD_ITERATIONS`` (default 100,000) iterations of the same
  algorithm. Iterations slow the guessing of human-chosen passwords, whose guesses come
  from short lists; guessing 72 random bits takes 2**71 tries on average, each of them
  100,000 iterations. Django re-hashes such a password with the full 1,000,000 at the
  account's first login (the hasher's must_update), so every password in use ends at
  the default cost. A password given in the CSV is hashed at the default cost at once.

With both, 3,000 generated passwords take about 3,000 x 0.033 s / 2 cores = 50 s on a
2-core machine (docs/admin-guide.md has measured figures); at the default cost they would
take 490 s, which is why 3,000 rows within a minute is not possible with it on 2 cores.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher, make_password

from kehr.progress import Progress


class GeneratedPasswordHasher(PBKDF2PasswordHasher):
    """Django's PBKDF2-SHA256 at KEHR_GENERATED_PASSWORD_ITERATIONS, for generated passwords.

    Same algorithm name, so Django verifies these hashes with its own PBKDF2 hasher (the
    iteration count is part of the hash) and upgrades them at the first login.
    """

    def __init__(self) -> None:
        self.iterations = generated_password_iterations()


def generated_password_iterations() -> int:
    """KEHR_GENERATED_PASSWORD_ITERATIONS, read when hashing (tests change the setting)."""
    iterations: int = settings.KEHR_GENERATED_PASSWORD_ITERATIONS
    return iterations


@dataclass(frozen=True)
class NewPassword:
    text: str
    generated: bool


class TooSlowForTheWeb(Exception):
    """Hashing would take longer than a web request may; nothing was hashed for good."""

    def __init__(self, seconds: float, limit: float) -> None:
        super().__init__(f"about {seconds:.0f} s of password hashing (the limit is {limit:g} s)")
        self.seconds = seconds
        self.limit = limit


def cpu_count() -> int:
    """The CPUs this process may run on (a container's limit, not the host's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _hasher_for(password: NewPassword):
    return GeneratedPasswordHasher() if password.generated else get_hasher("default")


def _hash(password: NewPassword) -> tuple[str, float]:
    start = time.perf_counter()
    encoded = make_password(password.text, hasher=_hasher_for(password))
    return encoded, time.perf_counter() - start


def hash_passwords(
    passwords: Sequence[NewPassword],
    *,
    deadline_seconds: float | None = None,
    progress: Progress | None = None,
    workers: int | None = None,
) -> list[str]:
    """Every password hashed, in order, on ``workers`` threads (default: every CPU).

    With ``deadline_seconds`` (the web path), one password of each kind is hashed first
    to measure its cost; when the whole would take longer, or the hashing runs past the
    deadline after all (a busy machine), TooSlowForTheWeb is raised and nothing is kept.
    """
    workers = workers or cpu_count()
    started = time.perf_counter()
    results: list[str | None] = [None] * len(passwords)
    done = 0
    if deadline_seconds is not None:
        done = _measure_first(passwords, results, workers, deadline_seconds)
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kehr-hash") as pool:
        pending: dict[Future[tuple[str, float]], int] = {
            pool.submit(_hash, password): i
            for i, password in enumerate(passwords)
            if results[i] is None
        }
        while pending:
            finished, _ = wait(pending, timeout=1.0, return_when=FIRST_COMPLETED)
            for future in finished:
                results[pending.pop(future)] = future.result()[0]
                done += 1
                if progress is not None:
                    progress(done, len(passwords))
            elapsed = time.perf_counter() - started
            if deadline_seconds is not None and elapsed > deadline_seconds:
                for future in pending:
                    future.cancel()
                projected = elapsed * len(passwords) / max(done, 1)
                raise TooSlowForTheWeb(projected, deadline_seconds)
    return [encoded for encoded in results if encoded is not None]


def _measure_first(
    passwords: Sequence[NewPassword],
    results: list[str | None],
    workers: int,
    deadline_seconds: float,
) -> int:
    """Hash the first password of each kind, timed; raise when the whole cannot fit."""
    estimate = 0.0
    measured = 0
    for generated in (False, True):
        indices = [i for i, p in enumerate(passwords) if p.generated is generated]
        if not indices:
            continue
        results[indices[0]], seconds = _hash(passwords[indices[0]])
        measured += 1
        estimate += seconds * len(indices) / workers
    if estimate > deadline_seconds:
        raise TooSlowForTheWeb(estimate, deadline_seconds)
    return measured
