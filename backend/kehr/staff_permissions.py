"""Django permissions for the staff pages under /staff/ (docs/admin-guide.md, "Staff permissions").

Being staff (``is_staff``) only lets an account in; each staff page and action also needs
one permission, named on its view with :func:`staff_permission_required`. Superusers hold
every permission. The view keeps the permission as ``view.staff_permission`` so that
tests can find every /staff/ route through the URL resolver and check none is left open.

:data:`GROUPS` are the suggested groups ``manage.py create_staff_groups`` creates. This
module imports Django only: every app can use it without breaking the app layers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponseForbidden
from django.http.response import HttpResponseBase

# Pages, streamed CSV and exports, files: any response.
View = Callable[..., HttpResponseBase]

# Permissions of the staff pages, by what they let a member of staff do.
VIEW_GOLD = "gold.view_pagegold"  # the stats dashboard, its tables and CSV files
EXPORT_GOLD = "gold.export_gold"  # download the gold-standard exports
MERGE_GOLD = "gold.merge_corpus"  # queue a merge or the statistics
EXCLUDE_ANNOTATOR = "gold.exclude_annotator"  # exclude or include an annotator
DECIDE_TIE = "gold.decide_tie"  # decide or withdraw a tied node's label
VIEW_SUBMISSIONS = "annotations.view_submission"  # visual diffs of a page's vectors
VIEW_MODELS = "learning.view_modelversion"  # model versions, jobs and reports
RUN_MODEL_JOBS = "learning.run_model_jobs"  # train, evaluate, classify
VIEW_SUGGESTIONS = "learning.view_corpuslearning"  # what suggestions change in a corpus
VIEW_TUTORIAL_SCORES = "tutorial.view_scores"  # learners' tutorial scores and CSV
VIEW_STABILITY = "crosspage.view_pagestability"  # visual stability overlays
VIEW_CAPTURES = "harvest.view_visitcapture"  # harvest screenshots and replay diffs

_LOOKING = [
    VIEW_GOLD, EXPORT_GOLD, VIEW_SUBMISSIONS, VIEW_MODELS, VIEW_SUGGESTIONS,
    VIEW_TUTORIAL_SCORES, VIEW_STABILITY, VIEW_CAPTURES,
]  # fmt: skip

#: Every permission a staff page asks for.
STAFF_PERMISSIONS = frozenset(
    {*_LOOKING, MERGE_GOLD, EXCLUDE_ANNOTATOR, DECIDE_TIE, RUN_MODEL_JOBS}
)

#: The suggested groups (name -> permissions), from looking to running the platform.
GROUPS: dict[str, list[str]] = {
    # Read the figures and download the data; change nothing.
    "Researchers": _LOOKING,
    # Watch the annotators' work and decide about it: exclusions, ties, merges.
    "Annotation supervisors": [
        *(VIEW_GOLD, VIEW_SUBMISSIONS, VIEW_TUTORIAL_SCORES, VIEW_SUGGESTIONS),
        *(EXCLUDE_ANNOTATOR, DECIDE_TIE, MERGE_GOLD),
    ],
    # Everything on the staff pages, with the classifier's jobs.
    "Corpus managers": sorted(STAFF_PERMISSIONS),
}


def staff_permission_required(permission: str) -> Callable[[View], View]:
    """Let in staff holding ``permission`` ("app_label.codename"); others get a 403.

    Visitors who are not logged-in staff go to the admin login, as with
    ``staff_member_required``. The check runs before the view looks anything up, so a
    missing permission is never hidden behind a 404.
    """

    def decorate(view: View) -> View:
        @wraps(view)
        def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not request.user.has_perm(permission):
                return forbidden(request, permission)
            return view(request, *args, **kwargs)

        guarded = staff_member_required(checked)
        guarded.staff_permission = permission  # type: ignore[attr-defined]
        return guarded

    return decorate


def forbidden(request: HttpRequest, permission: str) -> HttpResponseForbidden:
    """A 403 that names the missing permission and who can grant it."""
    from django.contrib.auth.models import Permission  # needs the app registry

    app_label, _, codename = permission.partition(".")
    name = (
        Permission.objects.filter(content_type__app_label=app_label, codename=codename)
        .values_list("name", flat=True)
        .first()
    )
    described = f"{permission} ({name})" if name else permission
    return HttpResponseForbidden(
        f"Your account {request.user.get_username()!r} is staff but lacks the permission "
        f"{described} this page needs. Ask an administrator to add you to a group that "
        "has it (/admin/auth/group/; `manage.py create_staff_groups` creates the suggested "
        'groups, docs/admin-guide.md "Staff permissions").\n',
        content_type="text/plain; charset=utf-8",
    )
