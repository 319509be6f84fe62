"""Gold-standard exports in four formats, streamed page by page (docs/exports.md).

Every format is a generator of ``bytes`` chunks over the corpus' merged pages, read
from the database a few pages at a time: memory stays constant whatever the corpus
size, and the same generator feeds ``manage.py export`` and the staff download view
(a StreamingHttpResponse). JSONL and CSV can carry other label vectors beside the
gold, e.g. a classifier's (``include``; the sources register in gold.exports.included).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from corpora.models import Corpus
from gold.exports import csv_nodes, jsonl, merged_html, plain_text
from gold.exports.included import IncludeError, open_sources, with_included
from gold.exports.source import SkipHandler, gold_pages
from kehr.progress import Say


@dataclass(frozen=True)
class ExportFormat:
    name: str
    extension: str
    content_type: str
    write: Callable[..., Iterator[bytes]]
    description: str
    # Whether the format has per-page vectors, so it can include other sources' vectors.
    can_include: bool = False


FORMATS: dict[str, ExportFormat] = {
    fmt.name: fmt
    for fmt in (
        ExportFormat("jsonl", "jsonl", "application/jsonl; charset=utf-8", jsonl.write,
                     "one JSON record per page", can_include=True),
        ExportFormat("csv", "csv", "text/csv; charset=utf-8", csv_nodes.write,
                     "one row per text node", can_include=True),
        ExportFormat("text", "txt", "text/plain; charset=utf-8", plain_text.write,
                     "the good text of each page, a paragraph per node"),
        ExportFormat("html", "zip", "application/zip", merged_html.write,
                     "a ZIP of annotation documents with the merged tag as a class"),
    )
}  # fmt: skip


class UnknownFormat(ValueError):
    pass


def export(
    corpus: Corpus,
    fmt: str,
    *,
    include_uncertain: bool = False,
    include: Sequence[str] = (),
    on_skip: SkipHandler | None = None,
    on_note: Say | None = None,
) -> Iterator[bytes]:
    """The export of the corpus' gold standard in format ``fmt``, as bytes chunks.

    ``include`` names other vectors to carry beside the gold (``classifier:<model>``).
    Every spec is checked here, before the first byte: a bad one raises IncludeError.
    ``on_note`` hears what each included source says of the corpus (pages it labelled).
    """
    if fmt not in FORMATS:
        raise UnknownFormat(f"Unknown export format {fmt!r}: choose one of {', '.join(FORMATS)}.")
    chosen = FORMATS[fmt]
    if include and not chosen.can_include:
        formats = ", ".join(f.name for f in FORMATS.values() if f.can_include)
        raise IncludeError(
            f"The {fmt} format has no per-page label vectors to include "
            f"{', '.join(include)} in: choose {formats}."
        )
    sources = open_sources(corpus, include)
    for source in sources:
        if on_note is not None and source.note:
            on_note(source.note)
    pages = with_included(gold_pages(corpus, on_skip=on_skip), sources)
    if not sources:
        return chosen.write(corpus, pages, include_uncertain=include_uncertain)
    specs = [source.spec for source in sources]
    return chosen.write(corpus, pages, include_uncertain=include_uncertain, included=specs)


def filename(corpus: Corpus, fmt: str) -> str:
    return f"{corpus.slug}-gold.{FORMATS[fmt].extension}"
