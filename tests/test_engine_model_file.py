"""Model files: round trip, readable header, no pickle, reproducible bytes, and every way
a file can be wrong."""

from __future__ import annotations

import ast
import hashlib
import json
import pickle
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

import kehr_engine.lexicon
import kehr_engine.lightgbm_import
import kehr_engine.model
import kehr_engine.model_file
from kehr_engine.features import FEATURE_VERSION
from kehr_engine.model import Model, train
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
    # The creation time is left out of the file unless given (reproducible bytes).
    assert "created" in model.info and "created" not in loaded.info
    assert loaded.info == {k: v for k, v in model.info.items() if k != "created"}
    assert loaded.groups == ("text", "dom") and loaded.target == model.target == "krdwrd"
    assert loaded.feature_names == model.feature_names
    assert loaded.lexicon is not None and loaded.lexicon == model.lexicon
    # Only the file itself is left behind: the temporary file was renamed over it.
    assert [p.name for p in saved.parent.iterdir()] == [saved.name]


def test_the_creation_time_goes_into_the_header_only_when_given(
    model: Model, saved: Path, tmp_path: Path
) -> None:
    stamped = tmp_path / "stamped.kehr-model"
    save_model(model, stamped, created=str(model.info["created"]))
    assert read_header(stamped)["created"] == model.info["created"]
    assert read_header(saved)["created"] is None
    assert load_model(stamped).info == model.info
    # The payloads are the same bytes: only the header differs.
    assert stamped.read_bytes().split(b"\n", 2)[2] == saved.read_bytes().split(b"\n", 2)[2]


def test_two_trainings_of_the_same_pages_write_identical_files(tmp_path: Path) -> None:
    """Reproducible bytes (issue 27): same pages, same seed, same libraries, same file;
    another seed gives another file (so the comparison can fail)."""
    pages, labels = zip(*(tiny_page(n) for n in range(4)), strict=True)
    written = []
    for name, seed in (("a", 3), ("b", 3), ("c", 4)):
        trained = train_model(list(pages), list(labels), groups=("text", "dom"), max_iter=8,
                              seed=seed)  # fmt: skip
        save_model(trained, tmp_path / name)
        written.append((tmp_path / name).read_bytes())
    assert written[0] == written[1]
    assert written[0] != written[2]


def test_the_payload_is_sorted_json_with_lightgbm_text_models(model: Model, saved: Path) -> None:
    payload = saved.read_bytes().split(b"\n", 2)[2]
    data = json.loads(payload)
    assert list(data) == sorted(data)
    assert data["target"] == "krdwrd" and data["groups"] == ["text", "dom"]
    assert data["stage1"]["classes"] == [1, 3]  # the tiny pages have no uncertain node
    assert data["stage1"]["booster"].startswith("tree\n")
    assert data["stage2"] is None and "created" not in data["info"]
    assert model.lexicon is not None and data["lexicon"] == model.lexicon.log_odds


def test_no_pickle_anywhere_in_writing_or_loading(
    model: Model, saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The modules that write and read models import no pickle-like module, and loading
    unpickles nothing (pickle's loaders are booby-trapped while it runs)."""
    unsafe = {"pickle", "_pickle", "cloudpickle", "dill", "joblib", "shelve", "marshal"}
    modules = (kehr_engine.model_file, kehr_engine.model, kehr_engine.lexicon,
               kehr_engine.lightgbm_import)  # fmt: skip
    for module in modules:
        tree = ast.parse(Path(str(module.__file__)).read_text())
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                imported.add(str(node.module).split(".")[0])
        # The check sees imports: LightGBM comes in through kehr_engine.lightgbm_import.
        assert "lightgbm" in imported or module is not kehr_engine.lightgbm_import
        assert not imported & unsafe, module.__name__

    def trap(*args: object, **kwargs: object) -> None:
        raise AssertionError("something unpickled while loading a model")

    monkeypatch.setattr(pickle, "loads", trap)
    monkeypatch.setattr(pickle, "load", trap)
    monkeypatch.setattr(pickle, "Unpickler", trap)
    page, _ = tiny_page(7)
    assert np.array_equal(predict(load_model(saved), page).proba, predict(model, page).proba)


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
    assert header["libraries"]["lightgbm"][0].isdigit()
    assert header["target"] == "krdwrd" and header["created"] is None
    assert header["payload_bytes"] == len(raw) - len(MAGIC) - len(raw.split(b"\n", 2)[1]) - 1
    # A header over a payload that would explode if unpickled is still readable.
    bomb = crafted_file(saved, header, b"cos\nsystem\n(S'exit 3'\ntR.")
    assert read_header(bomb)["groups"] == ["text", "dom"]


def test_old_pickled_model_files_are_refused_naming_the_format(saved: Path) -> None:
    """Format 1 held a pickle: its header is still shown (``info``), loading is refused
    with what to do, and a pickle under a format-2 header is refused the same way."""
    header = read_header(saved)
    payload = pickle.dumps({"stage1": None})
    signed = {"payload_bytes": len(payload), "payload_sha256": hashlib.sha256(payload).hexdigest()}
    old = crafted_file(saved, {**header, **signed, "format_version": 1}, payload, "old")
    assert read_header(old)["format_version"] == 1
    with pytest.raises(ModelFileError, match=r"format 1 \(pickle\).*Retrain the model"):
        load_model(old)
    disguised = crafted_file(saved, {**header, **signed}, payload, "disguised")
    with pytest.raises(ModelFileError, match=r"is a pickle \(format 1 \(pickle\)\).*Retrain"):
        load_model(disguised)


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
    # Well-formed files whose payload is something else entirely.
    for payload, expected in (
        (b'["not", "a", "model"]', "holds a JSON list, not a Kehr model"),
        (b"\xff\xfe not text", "its model is not JSON"),
        (b'{"groups": []}', "its model lacks feature_names, feature_version"),
    ):
        header = {**read_header(saved), "payload_bytes": len(payload),
                  "payload_sha256": hashlib.sha256(payload).hexdigest()}  # fmt: skip
        with pytest.raises(ModelFileError, match=expected):
            load_model(crafted_file(saved, header, payload, "other"))
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
    libraries = {**header["libraries"], "lightgbm": "4.0.9"}
    older = crafted_file(saved, {**header, "libraries": libraries}, payload, "older-lightgbm")
    here = header["libraries"]["lightgbm"]
    with pytest.warns(UserWarning, match=rf"lightgbm 4\.0\.9 \(here {re.escape(here)}\)"):
        model = load_model(older)
    assert isinstance(model, Model)


def resigned(saved: Path, data: dict, name: str) -> Path:
    payload = json.dumps(data, sort_keys=True).encode()
    header = {**read_header(saved), "payload_bytes": len(payload),
              "payload_sha256": hashlib.sha256(payload).hexdigest()}  # fmt: skip
    return crafted_file(saved, header, payload, name)


def test_a_payload_whose_parts_disagree_is_refused(saved: Path) -> None:
    data = json.loads(saved.read_bytes().split(b"\n", 2)[2])
    fewer = resigned(saved, {**data, "feature_names": data["feature_names"][:-1]}, "fewer")
    with pytest.raises(ModelFileError, match=r"its booster takes \d+ features"):
        load_model(fewer)
    target = resigned(saved, {**data, "target": "poetry"}, "target")
    with pytest.raises(ModelFileError, match="unknown target 'poetry'"):
        load_model(target)
    broken = {**data, "stage1": {"classes": [1, 3], "booster": "not a model"}}
    with pytest.raises(ModelFileError, match="the model cannot be loaded"):
        load_model(resigned(saved, broken, "broken"))
    classes = {**data, "stage1": {**data["stage1"], "classes": [0, 7]}}
    with pytest.raises(ModelFileError, match=r"classes \[0, 7\] are not KrdWrd codes"):
        load_model(resigned(saved, classes, "classes"))


@pytest.mark.parametrize("shape", ["smoothed", "three classes", "one class"])
def test_every_kind_of_model_round_trips(shape: str, tmp_path: Path) -> None:
    """Stage 2, a class missing from training, a single class: the loaded model gives
    the same probabilities (absent classes get 0)."""
    rng = np.random.default_rng(5)
    matrices = [rng.normal(size=(30, 3)) for _ in range(5)]
    if shape == "one class":
        labels = [np.full(30, 3) for _ in matrices]
    else:
        labels = [np.where(m[:, 0] > 0.3, 3, np.where(m[:, 0] < -0.3, 1, 2)) for m in matrices]
    trained = train(matrices, labels, ["a", "b", "c"], ("text",), max_iter=6,
                    smoothing=shape == "smoothed", target="article")  # fmt: skip
    save_model(trained, tmp_path / "m")
    loaded = load_model(tmp_path / "m")
    probe = rng.normal(size=(12, 3))
    np.testing.assert_array_equal(loaded.predict_proba(probe), trained.predict_proba(probe))
    assert loaded.target == "article" and read_header(tmp_path / "m")["target"] == "article"
    assert (loaded.stage2 is not None) == (shape == "smoothed")
    if shape == "one class":
        assert (loaded.predict(probe) == 3).all()
        np.testing.assert_array_equal(loaded.predict_proba(probe)[:, :2], 0)
