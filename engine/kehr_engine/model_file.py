"""Model files: a readable header, then the pickled model.

Layout (docs/engine.md, "Model files")::

    KEHR-ENGINE-MODEL\\n                      magic line
    {"format": ..., "feature_version": ...}\\n one line of JSON: the header
    <payload>                                 pickle of kehr_engine.model.Model

The header names the format and its version, the engine's feature version, the
feature groups, library versions, the creation time, the payload's length and its
SHA-256, and a summary of the training data. It is read without unpickling anything,
so ``python -m kehr_engine info MODEL`` is safe on any file, and a file from another
feature version, a truncated or damaged file, or something that is not a model file
is refused before the payload is touched.

**Loading a model runs code**: pickle can execute anything while it loads, and the
checksum only proves the file is whole, not who wrote it. Load model files you made or
trust, as you would a Python script. Files are written atomically (a temporary file in
the same folder, renamed over the target), so a reader never sees half a model.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import tempfile
import warnings
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from kehr_engine.features import FEATURE_VERSION
from kehr_engine.limits import EngineInputError
from kehr_engine.model import Model

MAGIC = b"KEHR-ENGINE-MODEL\n"
FORMAT = "kehr-engine-model"
FORMAT_VERSION = 1
# A header is a few kilobytes; a bigger "header" means the file is something else.
MAX_HEADER_BYTES = 1 << 20
# Unpickling a model made with another scikit-learn may fail or predict differently.
CHECKED_LIBRARIES = ("scikit-learn", "numpy")


class ModelFileError(EngineInputError):
    """A model file that cannot be used; the message names the file and what to do."""


def _library_versions() -> dict[str, str]:
    versions = {}
    for name in ("scikit-learn", "numpy", "lxml"):
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def header_of(model: Model, payload: bytes) -> dict[str, Any]:
    """The header written before ``payload`` (the pickled ``model``)."""
    info = model.info
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "feature_version": model.feature_version,
        "groups": list(model.groups),
        "features": len(model.feature_names),
        "lexicon_words": len(model.lexicon) if model.lexicon is not None else 0,
        "smoothing": model.stage2 is not None,
        "created": info.get("created"),
        "training_data": info.get("training_data"),
        "libraries": _library_versions(),
        "payload_bytes": len(payload),
        "payload_sha256": hashlib.sha256(payload).hexdigest(),
    }


def save_model(model: Model, path: Path) -> None:
    """Write ``model`` to ``path`` atomically (header + pickle)."""
    path = Path(path)
    if not isinstance(model, Model):
        raise ModelFileError(f"save_model takes a kehr_engine Model, not {type(model).__name__}.")
    if not path.parent.is_dir():
        raise ModelFileError(f"cannot write {path}: the folder {path.parent} does not exist.")
    payload = pickle.dumps(model, protocol=pickle.HIGHEST_PROTOCOL)
    header = json.dumps(header_of(model, payload), sort_keys=True, default=str)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(MAGIC)
            out.write(header.encode() + b"\n")
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _read_header(stream: IO[bytes], path: Path) -> dict[str, Any]:
    if stream.read(len(MAGIC)) != MAGIC:
        raise ModelFileError(
            f"{path} is not a Kehr model file (it does not start with "
            f"{MAGIC.strip().decode()}); give a file written by python -m kehr_engine train."
        )
    line = stream.readline(MAX_HEADER_BYTES)
    try:
        header = json.loads(line) if line.endswith(b"\n") else None
    except (UnicodeDecodeError, json.JSONDecodeError):
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ModelFileError(
            f"{path}: the model file's header is damaged or cut off; write the model again."
        )
    version = header.get("format_version")
    if version != FORMAT_VERSION:
        raise ModelFileError(
            f"{path} has model file format {version}, this engine reads format "
            f"{FORMAT_VERSION}: use the engine that wrote it, or retrain with this one."
        )
    return header


def _open(path: Path) -> IO[bytes]:
    try:
        return Path(path).open("rb")
    except FileNotFoundError:
        raise ModelFileError(f"there is no model file at {path}.") from None
    except IsADirectoryError:
        raise ModelFileError(f"{path} is a folder, not a model file.") from None
    except OSError as error:
        raise ModelFileError(f"cannot read the model file {path}: {error.strerror}.") from None


def read_header(path: Path) -> dict[str, Any]:
    """The header of a model file, without unpickling anything (safe on any file)."""
    with _open(path) as stream:
        return _read_header(stream, Path(path))


def load_model(path: Path) -> Model:
    """The model in ``path``; refuses another feature version, a cut or damaged file.

    Loading unpickles the payload, which can run code: only load files you trust.
    """
    path = Path(path)
    with _open(path) as stream:
        header = _read_header(stream, path)
        if header.get("feature_version") != FEATURE_VERSION:
            raise ModelFileError(
                f"{path} was trained with feature version {header.get('feature_version')}, "
                f"this engine computes feature version {FEATURE_VERSION}: retrain the model "
                "with this engine (python -m kehr_engine train)."
            )
        expected = header.get("payload_bytes")
        payload = stream.read()
    if not isinstance(expected, int) or len(payload) != expected:
        raise ModelFileError(
            f"{path} is truncated or damaged: its header promises {expected} bytes of model, "
            f"the file holds {len(payload)}; copy or write it again."
        )
    if hashlib.sha256(payload).hexdigest() != header.get("payload_sha256"):
        raise ModelFileError(
            f"{path} is damaged: its model does not match the checksum in its header; "
            "copy or write it again."
        )
    _warn_about_libraries(path, header)
    try:
        model = pickle.loads(payload)  # trusted files only (module docstring)
    except Exception as error:  # any unpickling failure means the same thing to the user
        raise ModelFileError(
            f"{path}: the model cannot be loaded ({type(error).__name__}: {error}); it was "
            f"written with {_libraries_line(header)}: install those versions or retrain."
        ) from None
    if not isinstance(model, Model):
        raise ModelFileError(f"{path} holds a {type(model).__name__}, not a Kehr model.")
    return model


def _libraries_line(header: dict[str, Any]) -> str:
    libraries = header.get("libraries") or {}
    return ", ".join(f"{name} {version}" for name, version in dict(libraries).items())


def _warn_about_libraries(path: Path, header: dict[str, Any]) -> None:
    written = dict(header.get("libraries") or {})
    here = _library_versions()
    different = [
        f"{name} {written[name]} (here {here[name]})"
        for name in CHECKED_LIBRARIES
        if name in written and written[name] != here[name]
    ]
    if different:
        warnings.warn(
            f"{path} was written with {', '.join(different)}; its predictions may differ "
            "or loading may fail. Retrain with these versions to be sure.",
            stacklevel=3,
        )
