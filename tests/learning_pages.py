"""A tiny corpus with a merged gold standard, for the classifier tests (tests/test_learning_*).

Pages vary in how many navigation links and paragraphs they have, so no two are the
same; their gold is what two annotators submitted and the real merge made of it:
navigation and footer bad, the article good.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
from django.conf import settings
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from annotations.services import submit_labels
from corpora.ingest import add_page
from corpora.models import Corpus, Page
from gold import merge
from kehr_engine.features import FEATURE_VERSION
from kehr_engine.model_file import save_model
from kehr_engine.pipeline import PageInput, train_model
from learning.models import ModelVersion

BAD, GOOD = 1, 3
#: Boosting rounds for tests: enough to learn these pages, a second to train.
ROUNDS = 10

WORDS = (
    "the river carried stone and silt past the old mill while people of the town talked "
    "about harvest weather markets and the long winter that was coming to the valley"
).split()


def page_html(n: int) -> str:
    """About 30 text nodes: menus and a footer of short link texts, an article of sentences."""
    links = "".join(f'<li><a href="/s{i}">Section {i}</a></li>' for i in range(8 + n % 4))
    side = "".join(f'<li><a href="/t{i}">Topic {n + i}</a></li>' for i in range(3))
    paragraphs = "".join(
        f"<p>{' '.join(WORDS[(n + k) % 7 :][: 12 + (n * k) % 9])}.</p>" for k in range(5 + n % 3)
    )
    return (
        f"<!DOCTYPE html><html><head><title>Story {n}</title></head><body>"
        f"<nav><ul>{links}</ul></nav><aside><ul>{side}</ul></aside>"
        f"<article><h1>Story number {n}</h1>{paragraphs}</article>"
        "<footer><a href='/imprint'>Imprint</a> <a href='/privacy'>Privacy</a> "
        "<a href='/contact'>Contact</a> <span>© Example</span></footer>"
        "</body></html>"
    )


def gold_labels(page: Page | PageInput) -> list[int]:
    """Bad outside the article, good inside: read from the annotation document."""
    document = page.document
    article = (document.index("<article"), document.index("</article>"))
    labels = []
    for i in range(page.node_count):
        at = document.index(f'data-i="{i}"')
        labels.append(GOOD if article[0] < at < article[1] else BAD)
    return labels


def gold_corpus(slug: str, pages: int, users: list) -> tuple[Corpus, list[Page]]:
    """A corpus of ``pages`` pages, each submitted by every user and merged."""
    corpus = Corpus.objects.create(name=f"Corpus {slug}", slug=slug, min_submissions=len(users))
    made = [
        add_page(corpus, page_html(n), url=f"https://{slug}.example/story/{n}")
        for n in range(pages)
    ]
    for page in made:
        for user in users:
            submit_labels(page_id=page.pk, user=user, labels=gold_labels(page))
    merge.merge_corpus(corpus)
    return corpus, made


#: Feature groups of the tests' models: the extractor group (trafilatura, jusText,
#: readability on every page) triples the time and is tested by the engine's own tests.
GROUPS = ["text", "dom", "context"]


def train_file(path: Path, pages: int = 6) -> Path:
    """A model file trained by the engine alone on ``pages`` fixture pages (no database)."""
    inputs = [PageInput.from_html(page_html(n), f"https://file.example/{n}") for n in range(pages)]
    labels = [np.array(gold_labels(page)) for page in inputs]
    with threadpool_limits(limits=1):  # as learning.jobs runs training: fast on a busy machine
        save_model(train_model(inputs, labels, groups=GROUPS, max_iter=ROUNDS), path)
    return path


def ready_version(name: str, corpus: Corpus, model_file: Path) -> ModelVersion:
    """A ready ModelVersion whose file is a copy of ``model_file`` in the var directory."""
    relative = ModelVersion.file_for(name)
    target = Path(settings.VAR_DIR) / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(model_file, target)
    return ModelVersion.objects.create(
        name=name, corpus=corpus, status=ModelVersion.Status.READY, groups=GROUPS,
        feature_version=FEATURE_VERSION, file=relative,
        job_state=ModelVersion.JobState.DONE, progress=1.0,
    )  # fmt: skip
