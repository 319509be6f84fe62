"""Where the tests find the 2008 KrdWrd data, and what happens when it is not there.

The data (../shared/data/krdwrd, see its README) is not part of the repository. On a
user's fresh machine it is absent and the tests that read it skip, saying why. In CI
(``CI=true``) ../shared is always checked out beside the repository, so a missing
folder means a broken checkout: those tests fail instead of quietly skipping.
Every test that reads the data goes through :func:`krdwrd_folder` or
:func:`canola_page_ids`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

KRDWRD = Path(__file__).resolve().parents[2] / "shared/data/krdwrd"
# The two CANOLA folders shared for development: 21 + 127 of the 208 pages.
CANOLA_FOLDERS = ("canola-sample", "canola-train")


def in_ci() -> bool:
    """Whether the tests run in CI, where ../shared must be present."""
    return os.environ.get("CI") == "true"


def missing_reason(path: Path) -> str:
    return (
        f"KrdWrd data not found at {path}: it lives outside the repository "
        "(../shared/data/krdwrd) and is only available on development machines and in CI."
    )


def _absent(path: Path) -> None:
    """Fail in CI, skip elsewhere; never returns."""
    if in_ci():
        pytest.fail(
            f"{missing_reason(path)} CI=true, and CI always has ../shared: "
            "the checkout is broken, so this fails instead of skipping.",
            pytrace=False,
        )
    pytest.skip(missing_reason(path))


def krdwrd_folder(name: str = "", *, root: Path = KRDWRD) -> Path:
    """The folder ``root/name`` (e.g. "canola-train", "tutorial"); skips or fails if absent."""
    path = root / name if name else root
    if not path.is_dir():
        _absent(path)
    return path


def canola_page_ids(
    folders: tuple[str, ...] = CANOLA_FOLDERS, *, root: Path = KRDWRD
) -> list[object]:
    """Parameters ``(folder, page id)`` for every CANOLA page, for ``parametrize``.

    Called while collecting, so it must not skip or fail itself. With a folder
    absent it gives one case, ``(folder, "missing")``, for the test's own
    :func:`krdwrd_folder` call to handle: outside CI it is marked skipped with the
    reason; in CI it runs and fails there, so a missing checkout is never one quiet
    "missing" case instead of the 148 pages.
    """
    for folder in folders:
        if not (root / folder / "pages").is_dir():
            marks = () if in_ci() else (pytest.mark.skip(reason=missing_reason(root / folder)),)
            return [pytest.param(folder, "missing", id=f"{folder}/missing", marks=marks)]
    return [
        pytest.param(folder, path.stem, id=f"{folder}/{path.stem}")
        for folder in folders
        for path in sorted((root / folder / "pages").glob("*.html"), key=_natural)
    ]


def _natural(path: Path) -> tuple[int, str]:
    return (int(path.stem), "") if path.stem.isdigit() else (0, path.stem)
