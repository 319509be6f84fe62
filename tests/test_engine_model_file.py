"""Model files: round trip, readable header, and every way a file can be wrong."""

from __future__ import annotations

import hashlib
import json
import pickle
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from kehr_engine.features import FEATURE_VERSION
from kehr_engine.model import Model
from kehr_engine.model_file import (
    FORMAT_VERSION,
    MAGIC,
    ModelFileError,
    load_model,
    read_header,
    save_model,
)
from kehr_engine.pipeline import EngineInputError, PageInput, predict, train_model

# A tiny hand-made training set: nodes of a link menu are bad, sentences are good.
PAGE_HTML = (
    "<html><body><nav>{menu}</nav><article>{text}</article><footer>© Example</footer></body></html>"
)


@pytest.fixture(scope="module", autouse=True)
def one_thread() -> Iterator[None]:
    """Train with one OpenMP thread: on a shared 2-core machine more threads spin-wait
    for each other (a 4-page model took 35 s with the default threads, 1.7 s with one)."""
    with threadpool_limits(1):
        yield


def tiny_page(n: int) -> tuple[PageInput, np.ndarray]:
    menu = "".join(f"<a href='/{i}'>Menu {i}</a> " for i in range(4))
    text = "".join(
        f"<p>This is sentence {i} of page {n}, and it says something about the sea.</p>"
        for i in range(5)
    )
    page = PageInput.from_html(PAGE_HTML.format(menu=menu, text=text), f"https://t.test/{n}")
    labels = np.array([1] * 4 + [3] * 5 + [1], dtype=np.int8)
    return page, labels


@pytest.fixture(scope="module")
def model() -> Model:
    pages, labels = zip(*(tiny_page(n) for n in range(4)), strict=True)
    return train_model(list(pages), list(labels), groups=("text", "dom"), max_iter=5, seed=2)


@pytest.fixture
def saved(model: Model, tmp_path: Path) -> Path:
    path = tmp_path / "tiny.kehr-model"
    save_model(model, path)
    return path


def test_a_saved_model_loads_and_predicts_the_same(model: Model, saved: Path) -> None:
    loaded = load_model(saved)
    page, _ = tiny_page(9)
    before, after = predict(model, page), predict(loaded, page)
    assert np.array_equal(before.labels, after.labels)
    assert np.array_equal(before.proba, after.proba)
    assert loaded.info == model.info and loaded.groups == ("text", "dom")
    # Only the file itself is left behind: the temporary file was renamed over it.
    assert [p.name for p in saved.parent.iterdir()] == [saved.name]


def test_the_header_is_readable_without_unpickling(model: Model, saved: Path) -> None:
    raw = saved.read_bytes()
    assert raw.startswith(MAGIC)
    header = read_header(saved)
    assert header == json.loads(raw[len(MAGIC) :].split(b"\n", 1)[0])
    assert header["format_version"] == FORMAT_VERSION
    assert header["feature_version"] == FEATURE_VERSION
    assert header["groups"] == ["text", "dom"]
    assert header["features"] == len(model.feature_names)
    assert header["training_data"]["pages"] == 4
    assert header["libraries"]["scikit-learn"][0].isdigit()
    assert header["payload_bytes"] == len(raw) - len(MAGIC) - len(raw.split(b"\n", 2)[1]) - 1
    # A header over a payload that would explode if unpickled is still readable.
    bomb = crafted_file(saved, header, b"cos\nsystem\n(S'exit 3'\ntR.")
    assert read_header(bomb)["groups"] == ["text", "dom"]


def crafted_file(next_to: Path, header: dict, payload: bytes, name: str = "crafted") -> Path:
    """A model file with this header (payload length and checksum left as given)."""
    path = next_to.parent / name
    path.write_bytes(MAGIC + json.dumps(header).encode() + b"\n" + payload)
    return path


def test_a_model_from_another_feature_version_names_both_versions(saved: Path) -> None:
    header = read_header(saved)
    payload = saved.read_bytes().split(b"\n", 2)[2]
    other = crafted_file(saved, {**header, "feature_version": FEATURE_VERSION + 1}, payload)
    with pytest.raises(
        ModelFileError,
        match=rf"feature version {FEATURE_VERSION + 1}, this engine computes feature version "
        rf"{FEATURE_VERSION}",
    ):
        load_model(other)
    newer = crafted_file(saved, {**header, "format_version": FORMAT_VERSION + 1}, payload, "newer")
    with pytest.raises(ModelFileError, match=rf"format {FORMAT_VERSION + 1}, this engine reads"):
        load_model(newer)


def test_truncated_and_corrupt_files_are_refused(saved: Path) -> None:
    raw = saved.read_bytes()
    cut = saved.parent / "cut"
    cut.write_bytes(raw[: len(raw) - 100])
    with pytest.raises(ModelFileError, match=r"truncated or damaged: .* promises \d+ bytes"):
        load_model(cut)
    flipped = bytearray(raw)
    flipped[-50] ^= 0xFF
    corrupt = saved.parent / "corrupt"
    corrupt.write_bytes(bytes(flipped))
    with pytest.raises(ModelFileError, match="does not match the checksum"):
        load_model(corrupt)
    header_cut = saved.parent / "header-cut"
    header_cut.write_bytes(raw[: len(MAGIC) + 40])
    with pytest.raises(ModelFileError, match="header is damaged or cut off"):
        load_model(header_cut)
    with pytest.raises(ModelFileError, match="header is damaged or cut off"):
        read_header(header_cut)


def test_files_that_are_not_models_are_refused(saved: Path, tmp_path: Path) -> None:
    html = tmp_path / "page.html"
    html.write_text("<html><body>not a model</body></html>")
    with pytest.raises(ModelFileError, match="is not a Kehr model file"):
        load_model(html)
    bare = tmp_path / "bare.pickle"
    bare.write_bytes(pickle.dumps({"stage1": None}))
    with pytest.raises(ModelFileError, match="is not a Kehr model file"):
        load_model(bare)
    with pytest.raises(ModelFileError, match="there is no model file at"):
        load_model(tmp_path / "missing.kehr-model")
    with pytest.raises(ModelFileError, match="is a folder, not a model file"):
        read_header(tmp_path)
    # A well-formed file whose payload is something else entirely.
    payload = pickle.dumps(["not", "a", "model"])
    header = {**read_header(saved), "payload_bytes": len(payload),
              "payload_sha256": hashlib.sha256(payload).hexdigest()}  # fmt: skip
    with pytest.raises(ModelFileError, match="holds a list, not a Kehr model"):
        load_model(crafted_file(saved, header, payload, "list"))
    assert issubclass(ModelFileError, EngineInputError)


def test_writing_is_atomic_and_checks_its_input(
    model: Model, saved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = saved.read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    import kehr_engine.model_file

    with monkeypatch.context() as patch:
        patch.setattr(kehr_engine.model_file.os, "fsync", disk_full)
        with pytest.raises(OSError, match="No space left"):
            save_model(model, saved)
    assert saved.read_bytes() == before  # the old file is untouched
    assert [p.name for p in saved.parent.iterdir()] == [saved.name]  # no temp file left
    with pytest.raises(ModelFileError, match=r"folder .* does not exist"):
        save_model(model, tmp_path / "nowhere" / "m.kehr-model")
    with pytest.raises(ModelFileError, match="takes a kehr_engine Model, not dict"):
        save_model({}, tmp_path / "m")  # type: ignore[arg-type]


def test_a_model_from_other_library_versions_loads_with_a_warning(saved: Path) -> None:
    header = read_header(saved)
    payload = saved.read_bytes().split(b"\n", 2)[2]
    libraries = {**header["libraries"], "scikit-learn": "0.9.9"}
    older = crafted_file(saved, {**header, "libraries": libraries}, payload, "older-sklearn")
    here = header["libraries"]["scikit-learn"]
    with pytest.warns(UserWarning, match=rf"scikit-learn 0\.9\.9 \(here {re.escape(here)}\)"):
        model = load_model(older)
    assert isinstance(model, Model)
