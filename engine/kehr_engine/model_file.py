"""Model files: a readable header, then the model as JSON (no pickle anywhere).

Layout (docs/engine.md, "Model files")::

    KEHR-ENGINE-MODEL\\n                      magic line
    {"format": ..., "feature_version": ...}\\n one line of JSON: the header
    <payload>                                 UTF-8 JSON: the model (format 2)

The header names the format and its version, the engine's feature version, the
feature groups, the target, library versions, the creation time, the payload's length
and its SHA-256, and a summary of the training data. It is read without parsing the
payload, so ``python -m kehr_engine info MODEL`` is safe on any file, and a file from
another feature version, a truncated or damaged file, or something that is not a model
file is refused before the payload is touched.

The payload (format 2) is one JSON object with sorted keys: each stage's classes and
LightGBM's text model of its booster (``Booster.model_to_string``), the lexicon's
log-odds, the groups, feature names, target, feature version and ``info`` without the
creation time. Loading parses JSON and LightGBM's text format; neither runs code, so a
model file written by someone else can at worst predict badly. Format 1 files held a
pickle, which can run any code while it loads: they are refused, naming the format, and
must be retrained (or rebuilt with ``manage.py train_default_model``).

Reproducible bytes: the creation time lives only in the header, and only when the
caller gives one (``save_model(..., created=...)``). By default it is left out, so two
trainings of the same pages with the same seed and library versions write identical
files (the shipped models are rebuilt so). Files are written atomically (a temporary
file in the same folder, renamed over the target), so a reader never sees half a model.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import warnings
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from kehr_engine.features import FEATURE_VERSION
from kehr_engine.lexicon import FEATURE_NAMES as LEXICON_FEATURES
from kehr_engine.lexicon import Lexicon
from kehr_engine.limits import EngineInputError
from kehr_engine.model import Model, Trees
from kehr_engine.targets import TARGETS

MAGIC = b"KEHR-ENGINE-MODEL\n"
FORMAT = "kehr-engine-model"
FORMAT_VERSION = 2
# What each earlier format held, for the refusal's message.
OLD_FORMATS = {1: "format 1 (pickle)"}
# A header is a few kilobytes; a bigger "header" means the file is something else.
MAX_HEADER_BYTES = 1 << 20
# LightGBM's text model loads in other versions, but predictions may differ slightly.
CHECKED_LIBRARIES = ("lightgbm",)
LIBRARIES = ("lightgbm", "numpy", "lxml")
PAYLOAD_KEYS = ("feature_names", "feature_version", "groups", "info", "lexicon", "stage1",
                "stage2", "target")  # fmt: skip
# Pickle protocol 2 and later start with this opcode (PROTO).
PICKLE_START = b"\x80"


class ModelFileError(EngineInputError):
    """A model file that cannot be used; the message names the file and what to do."""


def _library_versions() -> dict[str, str]:
    versions = {}
    for name in LIBRARIES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def payload_of(model: Model) -> bytes:
    """The model as UTF-8 JSON (sorted keys): the same model gives the same bytes."""
    info = {k: v for k, v in model.info.items() if k != "created"}
    data = {
        "feature_names": list(model.feature_names),
        "feature_version": model.feature_version,
        "groups": list(model.groups),
        "info": info,
        "lexicon": dict(model.lexicon.log_odds) if model.lexicon is not None else None,
        "stage1": model.stage1.as_dict(),
        "stage2": model.stage2.as_dict() if model.stage2 is not None else None,
        "target": model.target,
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return text.encode("utf-8")


def header_of(model: Model, payload: bytes, created: str | None = None) -> dict[str, Any]:
    """The header written before ``payload`` (the model's JSON)."""
    info = model.info
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "feature_version": model.feature_version,
        "groups": list(model.groups),
        "target": model.target,
        "features": len(model.feature_names),
        "lexicon_words": len(model.lexicon) if model.lexicon is not None else 0,
        "smoothing": model.stage2 is not None,
        "created": created,
        "training_data": info.get("training_data"),
        "libraries": _library_versions(),
        "payload_bytes": len(payload),
        "payload_sha256": hashlib.sha256(payload).hexdigest(),
    }


def save_model(model: Model, path: Path, *, created: str | None = None) -> None:
    """Write ``model`` to ``path`` atomically (header + JSON).

    ``created`` (e.g. ``model.info["created"]``) goes into the header only; left out
    (the default), the file's bytes depend on the model alone (module docstring).
    """
    path = Path(path)
    if not isinstance(model, Model):
        raise ModelFileError(f"save_model takes a kehr_engine Model, not {type(model).__name__}.")
    if not path.parent.is_dir():
        raise ModelFileError(f"cannot write {path}: the folder {path.parent} does not exist.")
    payload = payload_of(model)
    header = json.dumps(header_of(model, payload, created), sort_keys=True, default=str)
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
    return header


def _check_format(header: dict[str, Any], path: Path) -> None:
    version = header.get("format_version")
    if isinstance(version, int) and version in OLD_FORMATS:
        raise ModelFileError(
            f"{path} is a model file of {OLD_FORMATS[version]}, which this engine does not "
            f"load: loading a pickle can run any code. Retrain the model with this engine "
            "(python -m kehr_engine train, manage.py train for a corpus, or manage.py "
            f"train_default_model for the shipped one) to get format {FORMAT_VERSION}."
        )
    if version != FORMAT_VERSION:
        raise ModelFileError(
            f"{path} has model file format {version}, this engine reads format "
            f"{FORMAT_VERSION}: use the engine that wrote it, or retrain with this one."
        )


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
    """The header of a model file of any format version, without reading its payload
    (safe on any file; ``load_model`` checks the version)."""
    with _open(path) as stream:
        return _read_header(stream, Path(path))


def load_model(path: Path) -> Model:
    """The model in ``path``; refuses another format or feature version, a cut or
    damaged file, and a payload that is not this engine's JSON. Runs no code from the
    file (module docstring)."""
    path = Path(path)
    with _open(path) as stream:
        header = _read_header(stream, path)
        _check_format(header, path)
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
    model = model_of(_parse(payload, path), path)
    if isinstance(header.get("created"), str):
        model.info["created"] = header["created"]
    return model


def _parse(payload: bytes, path: Path) -> dict[str, Any]:
    if payload.startswith(PICKLE_START):
        raise ModelFileError(
            f"{path}: its model is a pickle ({OLD_FORMATS[1]}) under a format "
            f"{FORMAT_VERSION} header; it is not loaded, since loading a pickle can run any "
            "code. Retrain the model with this engine (python -m kehr_engine train)."
        )
    try:
        data = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ModelFileError(
            f"{path}: its model is not JSON ({error}); write the model again with this engine."
        ) from None
    if not isinstance(data, dict):
        raise ModelFileError(
            f"{path} holds a JSON {type(data).__name__}, not a Kehr model; write it again."
        )
    missing = [key for key in PAYLOAD_KEYS if key not in data]
    if missing:
        raise ModelFileError(
            f"{path}: its model lacks {', '.join(missing)}; write it again with this engine."
        )
    return data


def model_of(data: dict[str, Any], path: Path) -> Model:
    """The Model in a parsed payload; any inconsistency is a ModelFileError."""
    try:
        if data["target"] not in TARGETS:
            raise ValueError(f"unknown target {data['target']!r}")
        lexicon = data["lexicon"]
        model = Model(
            groups=tuple(str(g) for g in data["groups"]),
            feature_names=[str(n) for n in data["feature_names"]],
            stage1=Trees.from_dict(data["stage1"]),
            stage2=Trees.from_dict(data["stage2"]) if data["stage2"] is not None else None,
            feature_version=int(data["feature_version"]),
            info=dict(data["info"]),
            lexicon=(
                Lexicon({str(w): float(v) for w, v in dict(lexicon).items()})
                if lexicon is not None
                else None
            ),
            target=str(data["target"]),
        )
    except Exception as error:  # whatever is wrong inside, the file is not usable
        raise ModelFileError(
            f"{path}: the model cannot be loaded ({type(error).__name__}: {error}); "
            "write it again with this engine."
        ) from None
    lexicon_columns = 0 if model.lexicon is None else len(LEXICON_FEATURES)
    expected = len(model.feature_names) + lexicon_columns
    if model.stage1.booster is not None and model.stage1.n_features != expected:
        raise ModelFileError(
            f"{path}: its booster takes {model.stage1.n_features} features, its feature names "
            f"and lexicon give {expected}; write the model again."
        )
    return model


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
            "slightly. Retrain with these versions to be sure.",
            stacklevel=3,
        )
