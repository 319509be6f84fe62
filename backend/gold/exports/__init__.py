"""Gold-standard exports in four formats, streamed page by page (docs/exports.md).

Every format is a generator of ``bytes`` chunks over the corpus' merged pages, read
from the database a few pages at a time: memory stays constant whatever the corpus
size, and the same generator feeds ``manage.py export`` and the staff download view
(a StreamingHttpResponse).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from corpora.models import Corpus
from gold.exports import csv_nodes, jsonl, merged_html, plain_text
from gold.exports.source import SkipHandler, gold_pages


@dataclass(frozen=True)
class ExportFormat:
    name: str
    extension: str
    content_type: str
    write: Callable[..., Iterator[bytes]]
    description: str


FORMATS: dict[str, ExportFormat] = {
    fmt.name: fmt
    for fmt in (
        ExportFormat("jsonl", "jsonl", "application/jsonl; charset=utf-8", jsonl.write,
                     "one JSON record per page"),
        ExportFormat("csv", "csv", "text/csv; charset=utf-8", csv_nodes.write,
                     "one row per text node"),
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
    on_skip: SkipHandler | None = None,
) -> Iterator[bytes]:
    """The export of the corpus' gold standard in format ``fmt``, as bytes chunks."""
    if fmt not in FORMATS:
        raise UnknownFormat(f"Unknown export format {fmt!r}: choose one of {', '.join(FORMATS)}.")
    pages = gold_pages(corpus, on_skip=on_skip)
    return FORMATS[fmt].write(corpus, pages, include_uncertain=include_uncertain)


def filename(corpus: Corpus, fmt: str) -> str:
    return f"{corpus.slug}-gold.{FORMATS[fmt].extension}"
