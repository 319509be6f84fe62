"""The ``classifier:<model>`` source of gold exports: a model's stored vectors per page.

Registered by learning.apps.LearningConfig.ready() in gold.exports.included, so
``manage.py export --include classifier:<model>`` carries the labels and probabilities
that ``manage.py classify`` stored. Exports never run the model: a page it has not
classified is marked ``unclassified`` in the file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from corpora.models import Corpus
from gold.exports.included import IncludeError, OpenedSource, StoredVector, VectorSource
from learning.models import ModelVersion, PredictedVector


def _open(corpus: Corpus, argument: str) -> OpenedSource:
    name = argument
    if not name:
        raise IncludeError("Name the model to include: write classifier:<model name>.")
    model = ModelVersion.objects.filter(name=name).first()
    if model is None:
        known = ", ".join(ModelVersion.objects.order_by("name").values_list("name", flat=True))
        raise IncludeError(
            f"Cannot include classifier:{name}: there is no model named {name!r}. "
            f"Models: {known or 'none yet (train one with manage.py train)'}."
        )
    classified = PredictedVector.objects.filter(model=model, page__corpus=corpus).count()
    if classified == 0:
        if _classifying(model, corpus):
            raise IncludeError(
                f"Model {name} is classifying corpus {corpus.slug} now "
                f"({model.progress:.0%}, no page stored yet): export again when the job "
                "has stored pages, or when it is done (/staff/models/)."
            )
        raise IncludeError(
            f"Model {name} has not classified corpus {corpus.slug} yet: run "
            f"`manage.py classify --corpus {corpus.slug} --model {name}` (or the classify "
            "button on /staff/models/), then export again."
        )
    pages = corpus.pages.count()
    note = f"classifier:{name} has classified {classified} of the {pages} pages of {corpus.slug}"
    if classified < pages:
        note += "; the others are marked unclassified"

    def fetch(page_ids: Sequence[int]) -> Mapping[int, StoredVector]:
        rows = PredictedVector.objects.filter(model=model, page_id__in=page_ids).only(
            "page_id", "labels", "proba"
        )
        return {
            row.page_id: StoredVector(bytes(row.labels), row.proba_array if row.proba else None)
            for row in rows
        }

    return OpenedSource(spec=f"classifier:{name}", fetch=fetch, note=note + ".")


def _classifying(model: ModelVersion, corpus: Corpus) -> bool:
    """Whether a classification of this corpus by the model is queued or running."""
    job_is_here = model.job == ModelVersion.Job.CLASSIFY and model.job_corpus_id == corpus.pk
    return model.is_busy and job_is_here


def _choices(corpus: Corpus) -> list[str]:
    """classifier:<model> for every model that has classified pages of the corpus."""
    names = (
        PredictedVector.objects.filter(page__corpus=corpus)
        .order_by("model__name")
        .values_list("model__name", flat=True)
        .distinct()
    )
    return [f"classifier:{name}" for name in names]


CLASSIFIER = VectorSource("classifier", "classifier:<model>", _open, _choices)
