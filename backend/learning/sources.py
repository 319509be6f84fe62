"""The ``classifier:<model>`` source of comparison.sources: a model's stored predictions.

Registered by learning.apps.LearningConfig.ready(). Only stored vectors are shown (what
``manage.py classify`` or the staff page's *classify* button wrote): a diff never runs
the model in the request.
"""

from __future__ import annotations

from collections.abc import Iterable

from comparison.sources import SourceError, SourceKind, Vector
from corpora.models import Page
from learning.models import ModelVersion, PredictedVector


def _resolve(page: Page, argument: str) -> Vector:
    name = argument.strip()
    if not name:
        raise SourceError("Name the model: write classifier:<model name>.")
    model = ModelVersion.objects.filter(name=name).first()
    if model is None:
        known = ", ".join(ModelVersion.objects.order_by("name").values_list("name", flat=True))
        raise SourceError(f"No model named {name!r}. Models: {known or 'none yet'}.")
    vector = PredictedVector.objects.filter(model=model, page=page).only("labels").first()
    if vector is None:
        raise SourceError(
            f"Model {name} has not classified page {page.pk} yet: run "
            f"`manage.py classify --corpus {page.corpus.slug} --model {name}` (or the "
            "classify button on /staff/models/)."
        )
    return Vector(
        spec=f"classifier:{name}", name=f"classifier {name}", kind="classifier",
        labels=bytes(vector.labels),
    )  # fmt: skip


def _choices(page: Page) -> Iterable[tuple[str, str]]:
    names = (
        PredictedVector.objects.filter(page=page)
        .order_by("model__name")
        .values_list("model__name", flat=True)
    )
    for name in names:
        yield f"classifier:{name}", f"classifier {name}"


CLASSIFIER = SourceKind("classifier", _resolve, _choices, "classifier:<model>")
