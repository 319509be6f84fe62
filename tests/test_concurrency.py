"""Many annotators submitting at once over real HTTP: no write is lost or duplicated."""

from __future__ import annotations

import itertools
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from accounts.models import issue_token
from annotations.models import Submission
from corpora.models import Page
from tests.conftest import make_page

ANNOTATORS = 16
PAGES = 4
REPEATS = 3  # every annotator submits every page this many times (revisions)


@pytest.mark.django_db(transaction=True)
def test_concurrent_submitters_lose_and_duplicate_nothing(live_server, django_user_model):
    from corpora.models import Corpus

    corpus = Corpus.objects.create(name="Busy", slug="busy")
    pages = [make_page(corpus, n) for n in range(PAGES)]
    tokens = []
    for i in range(ANNOTATORS):
        user = django_user_model.objects.create_user(username=f"a{i}", password="x")
        tokens.append(issue_token(user, "concurrency test").key)

    jobs = [
        (token, page, repeat)
        for repeat, token, page in itertools.product(range(REPEATS), tokens, pages)
    ]

    def submit(job):
        token, page, repeat = job
        # The vector encodes who sent which revision, so lost or swapped writes show.
        labels = [1 + (tokens.index(token) + repeat + i) % 3 for i in range(page.node_count)]
        with httpx.Client(base_url=live_server.url, timeout=60) as client:
            response = client.post(
                "/api/submissions/",
                json={"page": page.pk, "labels": labels},
                headers={"Authorization": f"Token {token}"},
            )
        return response.status_code, job

    with ThreadPoolExecutor(max_workers=24) as pool:
        results = list(pool.map(submit, jobs))

    statuses = Counter(status for status, _ in results)
    assert set(statuses) <= {200, 201}, statuses
    assert statuses[201] == ANNOTATORS * PAGES  # exactly one creation per (page, user)
    assert Submission.objects.count() == ANNOTATORS * PAGES
    for page in Page.objects.filter(corpus=corpus):
        assert page.submission_count == ANNOTATORS
    for submission in Submission.objects.all():
        assert submission.revision == REPEATS
    # The stored vector is one of the ones this user sent for this page (no mixing of rows).
    for submission in Submission.objects.select_related("user", "page"):
        index = int(submission.user.username[1:])
        sent = [
            [1 + (index + repeat + i) % 3 for i in range(submission.page.node_count)]
            for repeat in range(REPEATS)
        ]
        assert submission.label_list in sent
