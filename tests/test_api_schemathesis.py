"""Property-based test of the whole API surface documented in docs/openapi.yaml.

Schemathesis generates requests for every operation of the committed schema — valid
ones and, in its coverage phase, deliberately invalid ones (wrong types, missing fields,
out-of-range numbers, unsupported methods, no credentials) — and sends them in-process
to the Django WSGI application, on the real test database, once with an annotator's
token and once with a staff member's. Every check is on: no server error, every status
code and content type and body as documented, invalid data rejected, valid data accepted.

Bounded and repeatable: a fixed number of examples per operation, derandomized.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from accounts.models import issue_token
from annotations.services import submit_labels
from corpora.models import Corpus
from harvest.models import HarvestJob
from kehr.wsgi import application
from tests.conftest import make_page
from tests.test_tutorial_api import REFERENCE, make_tutorial

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "docs" / "openapi.yaml"

# Operations whose validity depends on the database, not only on the request's shape:
# a schema-valid page id or corpus slug may name nothing (400 naming the field), a
# label vector must have the page's length, a login needs the right password. For these
# the positive_data_acceptance check accepts a 400 as well.
DEPENDS_ON_DATA = [
    "POST /api/submissions/",
    "POST /api/harvest/jobs/",
    "POST /api/auth/token/",
    "POST /api/auth/register/",
    "POST /api/submissions/{id}/reference/",
]
MAX_EXAMPLES = 6

CONFIG = schemathesis.Config.from_dict(
    {
        "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True},
        "checks": {"enabled": True},
        "operations": [
            {
                "include-name": name,
                "checks": {
                    "positive_data_acceptance": {
                        "expected-statuses": ["2xx", "400", "401", "403", "404", "429"]
                    }
                },
            }
            for name in DEPENDS_ON_DATA
        ],
    }
)

schema = schemathesis.openapi.from_path(SCHEMA_PATH, config=CONFIG)
# Requests (and the checks' own probes, e.g. the same request without a token) go to the
# WSGI application in-process; wsgi_app keeps them inside the test's transaction.
schema.app = application


@pytest.fixture
def wsgi_app(db):
    """The Django WSGI application, run inside the test's transaction.

    Like Django's test client: a finished request must not close the database
    connection, or the test transaction (and its data) would be gone.
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield application
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # Every login attempt hashes a password; the production hasher takes ~0.3 s on purpose.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def world(db, make_user):
    """Some of everything, so that generated ids sometimes hit real rows."""
    annotator = make_user("sam")
    staff = make_user("stan", staff=True)
    corpus = Corpus.objects.create(name="Schemathesis corpus", slug="st")
    pages = [make_page(corpus, n) for n in range(3)]
    submit_labels(page_id=pages[0].pk, user=annotator, labels=[3] * pages[0].node_count)
    submit_labels(page_id=pages[1].pk, user=staff, labels=[1] * pages[1].node_count)
    _tutorial, steps = make_tutorial("practice")
    submit_labels(page_id=steps[1].pk, user=annotator, labels=REFERENCE)
    HarvestJob.objects.create(corpus=corpus, url_list="https://example.test/\n")
    return {"annotator": annotator, "staff": staff}


@pytest.fixture(params=["annotator", "staff"])
def role(request) -> str:
    return request.param


@schema.parametrize()
@settings(
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    max_examples=MAX_EXAMPLES,
)
def test_api_conforms_to_its_schema(case, wsgi_app, world, role):
    user = world[role]
    # Revoking endpoints get a token of their own: the next requests keep theirs.
    token = issue_token(user, "schemathesis")
    case.call_and_validate(app=wsgi_app, headers={"Authorization": f"Token {token.key}"})
