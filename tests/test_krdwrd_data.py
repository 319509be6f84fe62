"""The KrdWrd-data helper: skip on a user's machine, fail in CI, never shrink silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.krdwrd_data import KRDWRD, canola_page_ids, krdwrd_folder

FAILED = pytest.fail.Exception
SKIPPED = pytest.skip.Exception


@pytest.fixture
def not_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)


@pytest.fixture
def ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")


def test_present_folder_is_returned(tmp_path: Path, ci: None) -> None:
    (tmp_path / "tutorial").mkdir()
    assert krdwrd_folder("tutorial", root=tmp_path) == tmp_path / "tutorial"
    assert krdwrd_folder(root=tmp_path) == tmp_path


def test_missing_folder_skips_with_the_reason_outside_ci(tmp_path: Path, not_ci: None) -> None:
    with pytest.raises(SKIPPED, match=r"KrdWrd data not found at .*canola-train.*\.\./shared"):
        krdwrd_folder("canola-train", root=tmp_path)


@pytest.mark.parametrize("value", ["false", "0", "", "TRUE"])
def test_only_ci_true_counts_as_ci(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str):
    monkeypatch.setenv("CI", value)
    with pytest.raises(SKIPPED):
        krdwrd_folder("tutorial", root=tmp_path)


def test_missing_folder_fails_in_ci(tmp_path: Path, ci: None) -> None:
    with pytest.raises(FAILED, match=r"not found at .*tutorial.* CI=true.*instead of skipping"):
        krdwrd_folder("tutorial", root=tmp_path)


def test_missing_root_fails_in_ci(tmp_path: Path, ci: None) -> None:
    with pytest.raises(FAILED, match="CI=true"):
        krdwrd_folder(root=tmp_path / "shared/data/krdwrd")


def _make_canola(root: Path, folder: str, ids: list[str]) -> None:
    (root / folder / "pages").mkdir(parents=True)
    for page_id in ids:
        (root / folder / "pages" / f"{page_id}.html").write_text("<p>x</p>")


def test_page_ids_cover_every_page_of_every_folder(tmp_path: Path, ci: None) -> None:
    _make_canola(tmp_path, "canola-sample", ["905", "686"])
    _make_canola(tmp_path, "canola-train", ["1000", "99"])
    params = canola_page_ids(root=tmp_path)
    assert [p.values for p in params] == [  # type: ignore[attr-defined]
        ("canola-sample", "686"),
        ("canola-sample", "905"),
        ("canola-train", "99"),
        ("canola-train", "1000"),
    ]
    assert [p.marks for p in params] == [(), (), (), ()]  # type: ignore[attr-defined]


def test_page_ids_without_data_are_one_skipped_case_outside_ci(
    tmp_path: Path, not_ci: None
) -> None:
    _make_canola(tmp_path, "canola-sample", ["686"])  # canola-train missing
    (param,) = canola_page_ids(root=tmp_path)
    assert param.values == ("canola-train", "missing")  # type: ignore[attr-defined]
    (mark,) = param.marks  # type: ignore[attr-defined]
    assert mark.name == "skip" and "canola-train" in mark.kwargs["reason"]


def test_page_ids_without_data_in_ci_give_a_case_that_fails(tmp_path: Path, ci: None) -> None:
    (param,) = canola_page_ids(root=tmp_path)
    assert param.marks == ()  # type: ignore[attr-defined]  # not skipped: it runs
    folder, _page_id = param.values  # type: ignore[attr-defined]
    with pytest.raises(FAILED, match="CI=true"):
        krdwrd_folder(folder, root=tmp_path)  # what the test does first


def test_the_real_data_is_where_the_tests_look() -> None:
    # In CI this fails when ../shared is missing; elsewhere it skips.
    assert krdwrd_folder() == KRDWRD
    assert (KRDWRD / "README.md").is_file()
