"""Which page an annotator gets next: a random one among the least annotated.

Never counts submissions at request time: it walks the (corpus, submission_count,
shuffle_key) index in order and probes the (page, user) unique index to skip the
pages this annotator already did — a few index lookups whatever the corpus size.

The common case is one SQL statement written out below rather than built with the
ORM: building and compiling that queryset cost about eight times the CPU of running
the statement (bench/profile_requests.py; docs/development.md), and this is the
query every annotator runs for every page. Rare paths (wrap-around races, tutorials)
stay in the ORM.

A corpus whose page order is ``uncertainty`` (active learning) gets, among the same
least-annotated undone pages, the one its current model is least sure of: the page's
``uncertainty``, stored when the model labels the corpus (learning.uncertainty), read
through its own index, so this too is one statement.

A kind of corpus can go its own way instead: an app registers a rule for it from its
``AppConfig.ready()`` (:func:`register_rule`; the tutorial app hands out its steps in
order), so this module imports none of the apps above it (docs/architecture.md,
"Registration seams").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from django.db import connection
from django.db.models import Exists, Field, OuterRef

from annotations.models import Submission
from corpora.models import Corpus, Page
from kehr import rows

# (user, corpus) -> the user's next page of the corpus, or None when they are done.
NextPageRule = Callable[[object, Corpus], Page | None]
# Corpus kind -> the rule that picks its pages instead of the random least-annotated one.
RULES: dict[str, NextPageRule] = {}


def register_rule(kind: str, rule: NextPageRule) -> None:
    """Pick the next page of every corpus of ``kind`` with ``rule``."""
    RULES[kind] = rule


# The columns the pick loads: what the next-page answer needs, none that a backend
# converts (no dates, no JSON), so the row becomes a Page without the ORM compiler.
# The rest (document, node_tokens, timestamps) is deferred and loads if read.
# (Each a concrete column of Page: the cast only tells mypy it is no relation.)
_PICKED_FIELDS = [
    cast("Field[Any, Any]", Page._meta.get_field(name))
    for name in (
        "id",
        "corpus",
        "url",
        "final_url",
        "title",
        "source_encoding",
        "node_count",
        "word_count",
        "capture_record_id",
        "submission_count",
        "shuffle_key",
    )
]
_PICKED_ATTNAMES = [field.attname for field in _PICKED_FIELDS]


def _pick_sql(*, after_pivot: bool = False, order: str = "p.shuffle_key") -> str:
    """The first undone page of the lowest level in ``order`` (after_pivot: only from a
    shuffle key on).

    What the ORM would build from undone_pages filtered to the lowest level (the
    subquery: the lowest submission_count among the user's undone pages).
    """
    page, submission = Page._meta.db_table, Submission._meta.db_table
    columns = ", ".join(f"p.{connection.ops.quote_name(f.column)}" for f in _PICKED_FIELDS)
    return (
        f"SELECT {columns} FROM {page} p"
        f" WHERE p.corpus_id = %s"
        f" AND p.submission_count = ("
        f"SELECT q.submission_count FROM {page} q WHERE q.corpus_id = %s"
        f" AND NOT EXISTS (SELECT 1 FROM {submission} s"
        f" WHERE s.page_id = q.id AND s.user_id = %s)"
        f" ORDER BY q.submission_count LIMIT 1)"
        + (" AND p.shuffle_key >= %s" if after_pivot else "")
        + f" AND NOT EXISTS (SELECT 1 FROM {submission} s"
        f" WHERE s.page_id = p.id AND s.user_id = %s)"
        f" ORDER BY {order} LIMIT 1"
    )


_PICK_AFTER_PIVOT = _pick_sql(after_pivot=True)
_PICK_FROM_START = _pick_sql()
# The uncertainty order walks the page_least_annotated_unsure index (corpus,
# submission_count, uncertainty DESC, shuffle_key). No pivot: the most uncertain page is
# wanted, not a random one; ties (every page, before a model labelled the corpus) go by
# shuffle key.
_PICK_UNSURE = _pick_sql(order="p.uncertainty DESC, p.shuffle_key")


def _pick(sql: str, params: list) -> Page | None:
    with rows.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else Page.from_db(connection.alias, _PICKED_ATTNAMES, row)


def undone_pages(corpus: Corpus, user):
    """The corpus' pages without a submission of ``user`` (for rules too)."""
    done = Submission.objects.filter(page=OuterRef("pk"), user=user)
    return Page.objects.filter(corpus=corpus).exclude(Exists(done))


def next_page_for(user, corpus: Corpus, rng: random.Random | None = None) -> Page | None:
    """The next page for this user, or None when the user has submitted every page.

    One query in the common case: the lowest level is a subquery of the pick itself.
    A corpus kind with a registered rule goes its own way (a tutorial: in order).
    """
    rule = RULES.get(corpus.kind)
    if rule is not None:
        return rule(user, corpus)
    if corpus.page_order == Corpus.PageOrder.UNCERTAINTY:
        page = _pick(_PICK_UNSURE, [corpus.pk, corpus.pk, user.pk, user.pk])
        if page is not None:
            return page
        return _least_annotated(corpus, user, "-uncertainty")
    # A random point on the shuffle key; wrap around when nothing lies after it.
    pivot = (rng or random).randrange(2**31)
    page = _pick(_PICK_AFTER_PIVOT, [corpus.pk, corpus.pk, user.pk, pivot, user.pk])
    if page is None:
        page = _pick(_PICK_FROM_START, [corpus.pk, corpus.pk, user.pk, user.pk])
    if page is None:
        page = _least_annotated(corpus, user)
    return page


def _least_annotated(corpus: Corpus, user, *order: str) -> Page | None:
    """Either every page is done, or concurrent submissions lifted the whole lowest level
    between the subquery and the pick: then any least annotated page will do."""
    return (
        undone_pages(corpus, user)
        .defer("document", "node_tokens")
        .order_by("submission_count", *order, "shuffle_key")
        .first()
    )
