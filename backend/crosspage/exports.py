"""The ``dbce``, ``urltree:<heuristic>`` and ``stability`` sources of gold exports
(--include dbce)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from corpora.models import Corpus
from crosspage.models import MethodVector
from gold.exports.included import IncludeError, OpenedSource, StoredVector, VectorSource
from kehr_engine.urltree.heuristics import parse_heuristic


def _opener(prefix: str, syntax: str) -> Callable[[Corpus, str], OpenedSource]:
    def open_source(corpus: Corpus, argument: str) -> OpenedSource:
        method = prefix if not argument else f"{prefix}:{argument}"
        if prefix == "urltree" and not argument:
            raise IncludeError("Name the heuristic: --include urltree:<heuristic>.")
        if prefix == "urltree":
            try:
                parse_heuristic(argument)
            except ValueError as error:
                raise IncludeError(str(error)) from None
        if prefix in ("dbce", "stability") and argument:
            raise IncludeError(f"{prefix} takes no argument: --include {prefix}.")
        vectors = MethodVector.objects.filter(page__corpus=corpus, method=method)
        labelled = vectors.filter(reason="").count()
        if not vectors.exists():
            command = prefix
            raise IncludeError(
                f"{method} has not labelled corpus {corpus.slug}: run "
                f"`manage.py {command} --corpus {corpus.slug}`, then export again."
            )

        def fetch(page_ids: Sequence[int]) -> Mapping[int, StoredVector]:
            rows = vectors.filter(page_id__in=page_ids, reason="").only("page_id", "labels")
            return {row.page_id: StoredVector(bytes(row.labels)) for row in rows}

        pages = corpus.pages.count()
        note = f"{method} labelled {labelled} of the {pages} pages of {corpus.slug}"
        # "The others" only when there are some (as learning.exports says it).
        note += "; the others are marked unclassified." if labelled < pages else "."
        return OpenedSource(spec=method, fetch=fetch, note=note)

    return open_source


def _choices(prefix: str) -> Callable[[Corpus], list[str]]:
    def choices(corpus: Corpus) -> list[str]:
        methods = (
            MethodVector.objects.filter(page__corpus=corpus, method__startswith=prefix, reason="")
            .order_by("method")
            .values_list("method", flat=True)
            .distinct()
        )
        return list(methods)

    return choices


EXPORTED = (
    VectorSource("dbce", "dbce", _opener("dbce", "dbce"), _choices("dbce")),
    VectorSource(
        "urltree",
        "urltree:<heuristic>",
        _opener("urltree", "urltree:<heuristic>"),
        _choices("urltree:"),
    ),
    VectorSource(
        "stability", "stability", _opener("stability", "stability"), _choices("stability")
    ),
)
