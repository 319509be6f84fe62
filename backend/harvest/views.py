"""Staff-only images of the harvester: visit captures and replay diffs (by content hash).

Mounted at /staff/harvest/ (kehr/urls.py); the admin pages of page visits and replay
checks link here. The files live in KEHR_HARVEST_DIR, outside the static files.
"""

from __future__ import annotations

import re

from django.http import FileResponse, Http404, HttpRequest

from harvest.replay_check import DIFF_FOLDER
from harvest.visits import capture_path
from kehr.staff_permissions import VIEW_CAPTURES, staff_permission_required

FOLDERS = {"visits", DIFF_FOLDER}
SHA256 = re.compile(r"^[0-9a-f]{64}$")


@staff_permission_required(VIEW_CAPTURES)
def image(request: HttpRequest, folder: str, sha256: str) -> FileResponse:
    if folder not in FOLDERS or not SHA256.match(sha256):
        raise Http404("no such image")
    path = capture_path(sha256, folder)
    if not path.is_file():
        raise Http404("no such image")
    response = FileResponse(open(path, "rb"), content_type="image/png")
    response["Cache-Control"] = "private, max-age=86400, immutable"  # named by its content
    return response
