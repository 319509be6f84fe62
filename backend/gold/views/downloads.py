"""CSV downloads of every dashboard table, and the gold-standard exports (streamed)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from django.http import Http404, HttpRequest, HttpResponseBadRequest, StreamingHttpResponse
from django.http.response import HttpResponseBase

from gold import figures, tables
from gold.exports import FORMATS, export, filename
from gold.exports.included import IncludeError
from gold.views.dashboard import corpus_or_404, current_stats
from kehr import safe_csv
from kehr.staff_permissions import EXPORT_GOLD, VIEW_GOLD, staff_permission_required


class _Echo:
    """CSV writer target that hands each formatted row back instead of storing it."""

    def write(self, value: str) -> str:
        return value


def _csv_stream(columns: list[str], rows: Iterable[list[Any]]) -> Iterator[str]:
    # Usernames and harvested texts: kehr.safe_csv keeps them from starting a formula
    # (and writes None as an empty cell).
    writer = safe_csv.writer(_Echo(), lineterminator="\n")
    yield writer.writerow(columns)
    for row in rows:
        yield writer.writerow(row)


def _from_stats(rows_of):
    def rows(corpus):
        stats = current_stats(corpus)
        return rows_of(stats.data) if stats else []

    return rows


# name -> (columns, function corpus -> rows). Stats tables are short; the others stream.
CSV_TABLES = {
    "status": (tables.STATUS_COLUMNS, tables.status_rows),
    "ties": (tables.TIE_COLUMNS, tables.tie_rows),
    "annotation-times": (tables.TIME_COLUMNS, tables.time_rows),
    "status-summary": (figures.STATUS_COLUMNS, _from_stats(figures.status_rows)),
    "agreement": (figures.AGREEMENT_COLUMNS, _from_stats(figures.agreement_rows)),
    "agreement-histogram": (["from", "to", "pages"], _from_stats(figures.histogram_rows)),
    "submissions-per-page": (
        ["submissions", "pages"],
        _from_stats(lambda data: data.get("submissions_per_page", [])),
    ),
    # The chart's bars, so that both show the same x (figures.at_least_rows).
    "annotators-at-least": (
        ["x", "annotators_with_at_least_x_pages"],
        _from_stats(figures.at_least_rows),
    ),
    "annotators": (figures.ANNOTATOR_COLUMNS, _from_stats(figures.annotator_rows)),
    "tag-bias": (figures.BIAS_COLUMNS, _from_stats(figures.bias_rows)),
}


@staff_permission_required(VIEW_GOLD)
def table_csv(request: HttpRequest, slug: str, name: str) -> StreamingHttpResponse:
    corpus = corpus_or_404(slug)
    if name not in CSV_TABLES:
        raise Http404(f"No table {name!r}: tables are {', '.join(CSV_TABLES)}.")
    columns, rows_of = CSV_TABLES[name]
    response = StreamingHttpResponse(
        _csv_stream(columns, rows_of(corpus)), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{corpus.slug}-{name}.csv"'
    return response


@staff_permission_required(EXPORT_GOLD)
def export_download(request: HttpRequest, slug: str, fmt: str) -> HttpResponseBase:
    corpus = corpus_or_404(slug)
    if fmt not in FORMATS:
        raise Http404(f"No export format {fmt!r}: formats are {', '.join(FORMATS)}.")
    include_uncertain = request.GET.get("uncertain") == "1"
    include = [spec for spec in request.GET.getlist("include") if spec.strip()]
    try:
        # Every included spec is checked here, before the first byte is sent.
        chunks = export(corpus, fmt, include_uncertain=include_uncertain, include=include)
    except IncludeError as error:
        return HttpResponseBadRequest(f"{error}\n", content_type="text/plain; charset=utf-8")
    response = StreamingHttpResponse(chunks, content_type=FORMATS[fmt].content_type)
    name = filename(corpus, fmt)
    if include_uncertain:
        name = name.replace("-gold.", "-gold-with-uncertain.")
    if include:
        name = name.replace("-gold.", "-gold-with-" + "-".join(
            re.sub(r"[^A-Za-z0-9]+", "-", spec).strip("-") for spec in dict.fromkeys(include)
        ) + ".")  # fmt: skip
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
