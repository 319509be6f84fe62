"""The add-on packages this server signs and serves: packing, checking and storing them.

``manage.py addon sign`` packs extension/build/ (scripts/build.js) into an .xpi whose
manifest carries a signed build's version and the server's ``update_url``, has AMO sign
it (annotator/signing.py), checks the signature files are in what came back, and stores
it here. The install page, the download and ``updates.json`` read what is stored.

Layout under ``<KEHR_VAR_DIR>/addon/``: ``kehr-annotator-VERSION.xpi`` and beside it
``kehr-annotator-VERSION.json`` ({"addon_id", "version", "sha256", "size", "signed_at"}), written
last, so a package without its record (an interrupted store) is never offered.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import tomllib
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings

# A signed package has Mozilla's PKCS#7 signature and the manifests it signs
# (Firefox refuses a package whose META-INF is incomplete).
SIGNATURE_FILES = ("META-INF/mozilla.rsa", "META-INF/mozilla.sf", "META-INF/manifest.mf")
# Firefox versions: one to four dot-separated numbers (the signed builds use four).
_VERSION_RE = re.compile(r"^\d{1,9}(\.\d{1,9}){0,3}$")


class AddonError(Exception):
    """A package that cannot be packed, checked or stored, with what to do about it."""


@dataclass(frozen=True)
class StoredAddon:
    addon_id: str
    version: str
    sha256: str
    size: int
    signed_at: str
    path: Path

    @property
    def filename(self) -> str:
        return self.path.name


def addon_dir() -> Path:
    return Path(settings.VAR_DIR) / "addon"


def kehr_version() -> str:
    """Kehr's own version (pyproject.toml), the first three parts of a signed build's."""
    pyproject = Path(settings.REPO_DIR) / "pyproject.toml"
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]


def version_key(version: str) -> tuple[int, ...]:
    """Firefox orders these versions part by part as numbers (1.10 after 1.9)."""
    return tuple(int(part) for part in version.split("."))


def build_version(base: str, build: int) -> str:
    """The signed build's version: Kehr's version plus the build number, e.g. 0.1.0.3.

    It sorts after the unsigned development package (the bare 0.1.0) and before the next
    Kehr release, so installed add-ons update from one to the next.
    """
    if not _VERSION_RE.match(base) or base.count(".") > 2:
        raise AddonError(f"Kehr's version {base!r} is not one to three numbers like 0.1.0.")
    if build < 1:
        raise AddonError(f"the build number must be 1 or more, not {build}.")
    return f"{base}.{build}"


def next_build(base: str) -> int:
    """One more than the highest build of ``base`` stored here (1 for the first)."""
    prefix = base + "."
    builds = [
        int(stored.version[len(prefix) :])
        for stored in stored_addons()
        if stored.version.startswith(prefix) and stored.version[len(prefix) :].isdigit()
    ]
    return max(builds, default=0) + 1


def pack(source: Path, *, addon_id: str, version: str, update_url: str) -> bytes:
    """The extension in ``source`` (a built extension/build/) as an .xpi, its manifest set
    to ``addon_id``, ``version`` and ``update_url``. Files are stored in sorted order so
    that the same sources give the same package."""
    manifest_path = source / "manifest.json"
    if not manifest_path.is_file():
        raise AddonError(
            f"{source} has no manifest.json: build the extension first "
            "(cd extension && npm ci && npm run bundle)."
        )
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["version"] = version
    gecko = manifest.setdefault("browser_specific_settings", {}).setdefault("gecko", {})
    gecko["id"] = addon_id
    gecko["update_url"] = update_url
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps(manifest, indent=2) + "\n")
        for path in sorted(source.rglob("*")):
            name = path.relative_to(source).as_posix()
            if path.is_file() and name != "manifest.json":
                archive.write(path, name)
    return buffer.getvalue()


def check_signed(package: bytes, *, version: str, addon_id: str) -> None:
    """Refuse a "signed" package that is not one: no zip, missing signature files, or
    another add-on or version than the one sent."""
    try:
        with zipfile.ZipFile(io.BytesIO(package)) as archive:
            names = set(archive.namelist())
            manifest = json.loads(archive.read("manifest.json")) if "manifest.json" in names else {}
    except (zipfile.BadZipFile, ValueError) as error:
        raise AddonError(f"the signed file AMO returned is not a valid .xpi: {error}") from error
    missing = [name for name in SIGNATURE_FILES if name not in names]
    if missing:
        raise AddonError(
            f"the file AMO returned is not signed: {', '.join(missing)} missing. "
            "Nothing was stored; run the command again later."
        )
    got_id = manifest.get("browser_specific_settings", {}).get("gecko", {}).get("id")
    if manifest.get("version") != version or got_id != addon_id:
        raise AddonError(
            f"the signed file is {got_id} {manifest.get('version')}, not {addon_id} {version} "
            "as uploaded: nothing was stored."
        )


def store(package: bytes, *, addon_id: str, version: str) -> StoredAddon:
    """Keep a signed package and its record (sha256, size, time) under var/addon/."""
    folder = addon_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"kehr-annotator-{version}.xpi"
    record = {
        "addon_id": addon_id,
        "version": version,
        "sha256": hashlib.sha256(package).hexdigest(),
        "size": len(package),
        "signed_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    partial = path.with_suffix(".xpi.partial")
    partial.write_bytes(package)
    partial.replace(path)
    path.with_suffix(".json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    return StoredAddon(path=path, **record)  # type: ignore[arg-type]


def stored_addons() -> list[StoredAddon]:
    """The stored signed packages, oldest version first; ones without a record, or whose
    file no longer matches it, are left out."""
    found = []
    folder = addon_dir()
    for record_path in folder.glob("kehr-annotator-*.json") if folder.is_dir() else ():
        try:
            record = json.loads(record_path.read_text(encoding="utf-8"))
            version = str(record["version"])
            path = record_path.with_suffix(".xpi")
            if not _VERSION_RE.match(version) or path.stat().st_size != record["size"]:
                continue
            found.append(
                StoredAddon(
                    addon_id=str(record["addon_id"]),
                    version=version,
                    sha256=str(record["sha256"]),
                    size=int(record["size"]),
                    signed_at=str(record.get("signed_at", "")),
                    path=path,
                )
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a damaged or half-written record: not offered
    return sorted(found, key=lambda stored: version_key(stored.version))


def latest() -> StoredAddon | None:
    stored = stored_addons()
    return stored[-1] if stored else None


def find(version: str) -> StoredAddon | None:
    return next((stored for stored in stored_addons() if stored.version == version), None)
