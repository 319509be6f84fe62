"""Signing the annotator add-on on addons.mozilla.org (AMO), unlisted, through its API.

Release Firefox installs only add-ons Mozilla signed. On the *unlisted* channel AMO
signs after its automated review and never lists the add-on: the deployer's own server
hosts it (annotator/addon_store.py). The steps of AMO's v5 API (the ones web-ext sign
takes), each request authenticated with a fresh JWT:

1. ``POST upload/`` with the .xpi and ``channel=unlisted``; poll ``upload/UUID/`` until
   it is processed. Not valid: AMO's validation messages are the error.
2. ``PUT addon/ADDON_ID/`` with ``{"version": {"upload": UUID}}`` (creates the add-on
   on first use, else a version of it); a version number AMO already has is an error.
3. Poll ``addon/ADDON_ID/versions/VERSION_ID/`` until its file's status is ``public``
   (signed), then download ``file.url`` (also with the JWT).

Settings: KEHR_AMO_JWT_ISSUER, KEHR_AMO_JWT_SECRET, KEHR_AMO_BASE_URL (kehr/settings.py).
"""

from __future__ import annotations

import json
import secrets
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.parse import quote, urljoin
from urllib.request import Request, urlopen

import jwt

# Mozilla's limit is 5 minutes; one minute leaves room for clock drift and is plenty
# for the single request each token is made for.
TOKEN_SECONDS = 60
REQUEST_TIMEOUT = 120  # seconds for one HTTP request (an upload of a few hundred KB)
KEYS_PAGE = "https://addons.mozilla.org/developers/addon/api/key/"


class SigningError(Exception):
    """Signing failed; the message says why and what to do."""


class MissingKeys(SigningError):
    pass


class Rejected(SigningError):
    """AMO's validation refused the package; ``messages`` are its error messages."""

    def __init__(self, message: str, messages: list[str]):
        super().__init__(message)
        self.messages = messages


class VersionExists(SigningError):
    pass


class SigningTimeout(SigningError):
    pass


@dataclass(frozen=True)
class Credentials:
    issuer: str
    secret: str

    @classmethod
    def from_settings(cls) -> Credentials:
        from django.conf import settings

        issuer, secret = settings.KEHR_AMO_JWT_ISSUER, settings.KEHR_AMO_JWT_SECRET
        missing = [
            name
            for name, value in (("KEHR_AMO_JWT_ISSUER", issuer), ("KEHR_AMO_JWT_SECRET", secret))
            if not value
        ]
        if missing:
            raise MissingKeys(
                f"{' and '.join(missing)} not set: signing needs your addons.mozilla.org API "
                f"keys. Create them at {KEYS_PAGE} (the 'JWT issuer' and 'JWT secret') and "
                "set them in the server's environment (docs/admin-guide.md, Signing the add-on)."
            )
        return cls(issuer=issuer, secret=secret)


def token(credentials: Credentials, *, now: float | None = None) -> str:
    """A JWT as AMO wants it: HS256 over iss, a unique jti, iat and exp (<= 5 min later)."""
    issued = int(time.time() if now is None else now)
    claims = {
        "iss": credentials.issuer,
        "jti": secrets.token_hex(16),
        "iat": issued,
        "exp": issued + TOKEN_SECONDS,
    }
    return jwt.encode(claims, credentials.secret, algorithm="HS256")


def _multipart(fields: dict[str, str], filename: str, content: bytes) -> tuple[bytes, str]:
    boundary = f"kehr-{uuid.uuid4().hex}"
    parts = []
    for name, value in fields.items():
        disposition = f'Content-Disposition: form-data; name="{name}"'
        parts.append(f"--{boundary}\r\n{disposition}\r\n\r\n{value}\r\n".encode())
    parts.append(
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="upload"; '
            f'filename="{filename}"\r\nContent-Type: application/x-xpinstall\r\n\r\n'
        ).encode()
        + content
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


class AmoClient:
    """The few calls of AMO's API that signing needs."""

    def __init__(self, base_url: str, credentials: Credentials):
        self.base_url = base_url.rstrip("/") + "/"
        self.credentials = credentials

    def _request(
        self,
        method: str,
        path_or_url: str,
        *,
        body: bytes | None = None,
        content_type: str | None = None,
    ) -> tuple[int, bytes]:
        url = urljoin(self.base_url, path_or_url)
        headers = {"Authorization": f"JWT {token(self.credentials)}", "Accept": "application/json"}
        if content_type:
            headers["Content-Type"] = content_type
        request = Request(url, data=body, headers=headers, method=method)
        try:
            with urlopen(request, timeout=REQUEST_TIMEOUT) as response:
                return response.status, response.read()
        except HTTPError as error:
            status, text = error.code, error.read()
            if status in (401, 403):
                raise SigningError(
                    f"AMO refused the API keys ({status}: {_detail(text)}). Check "
                    f"KEHR_AMO_JWT_ISSUER and KEHR_AMO_JWT_SECRET against {KEYS_PAGE}, and that "
                    "this machine's clock is right (the token is valid for one minute)."
                ) from None
            return status, text
        except (URLError, TimeoutError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise SigningError(f"could not reach AMO at {url}: {reason}") from None

    def _json(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
        status, text = self._request(method, path, **kwargs)
        try:
            return status, json.loads(text or b"null")
        except ValueError:
            raise SigningError(
                f"AMO answered {method} {path} with {status} and not JSON: {text[:200]!r}"
            ) from None

    def upload(self, package: bytes, filename: str) -> dict:
        body, content_type = _multipart({"channel": "unlisted"}, filename, package)
        status, data = self._json("POST", "addons/upload/", body=body, content_type=content_type)
        if status >= 400:
            raise SigningError(f"AMO refused the upload ({status}): {_detail(data)}")
        return data

    def upload_status(self, upload_uuid: str) -> dict:
        status, data = self._json("GET", f"addons/upload/{quote(upload_uuid)}/")
        if status >= 400:
            raise SigningError(f"AMO could not report on the upload ({status}): {_detail(data)}")
        return data

    def create_version(self, addon_id: str, upload_uuid: str, version: str) -> dict:
        body = json.dumps({"version": {"upload": upload_uuid}}).encode()
        status, data = self._json(
            "PUT",
            f"addons/addon/{quote(addon_id, safe='')}/",
            body=body,
            content_type="application/json",
        )
        if status == 409 or (status >= 400 and "already exists" in json.dumps(data)):
            raise VersionExists(
                f"AMO already has version {version} of {addon_id}: versions cannot be reused. "
                "Sign with the next build number (--build), or leave --build out to take it."
            )
        if status >= 400:
            raise SigningError(f"AMO refused the new version ({status}): {_detail(data)}")
        return data

    def version_detail(self, addon_id: str, version_id: int | str) -> dict:
        status, data = self._json(
            "GET", f"addons/addon/{quote(addon_id, safe='')}/versions/{version_id}/"
        )
        if status >= 400:
            raise SigningError(f"AMO could not report on the version ({status}): {_detail(data)}")
        return data

    def download(self, url: str) -> bytes:
        status, data = self._request("GET", url)
        if status >= 400:
            raise SigningError(f"the signed file could not be downloaded ({status}) from {url}")
        return data


def _detail(data: Any) -> str:
    if isinstance(data, bytes):
        data = data.decode("utf-8", "replace")
    text = data if isinstance(data, str) else json.dumps(data)
    return text[:500]


def validation_errors(upload: dict) -> list[str]:
    """AMO's validation messages of type error, as one line each (file: message)."""
    messages = (upload.get("validation") or {}).get("messages") or []
    lines = []
    for message in messages:
        if message.get("type") != "error":
            continue
        where = message.get("file") or ""
        text = str(message.get("message", "")).strip()
        lines.append(f"{where}: {text}" if where else text)
    return lines or ["(AMO gave no message; see the upload on addons.mozilla.org)"]


def sign(
    client: AmoClient,
    package: bytes,
    *,
    addon_id: str,
    version: str,
    filename: str,
    timeout: float,
    poll_seconds: float = 5.0,
    progress: Callable[[str], None] = lambda text: None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> bytes:
    """Upload ``package``, wait for AMO to validate and sign it, and return the signed file.

    ``timeout`` covers the whole wait (validation and signing). Raises Rejected,
    VersionExists, SigningTimeout or SigningError.
    """
    deadline = clock() + timeout
    started = clock()

    def wait(what: str) -> None:
        if clock() >= deadline:
            raise SigningTimeout(
                f"AMO had not finished {what} after {timeout:.0f} s. Unlisted signing is "
                "usually done in minutes but can take longer: run the command again with "
                "--timeout; if the version was already created, sign the next build."
            )
        progress(f"{what}… {clock() - started:.0f} s")
        sleep(poll_seconds)

    progress(f"Uploading {filename} ({len(package) / 1024:.0f} KB) to {client.base_url}")
    upload = client.upload(package, filename)
    while not upload.get("processed"):
        wait("validating the upload")
        upload = client.upload_status(str(upload["uuid"]))
    if not upload.get("valid"):
        errors = validation_errors(upload)
        if any("already exists" in line for line in errors):
            raise VersionExists(
                f"AMO already has version {version} of {addon_id}: "
                + "; ".join(errors)
                + ". Sign with the next build number (--build)."
            )
        raise Rejected(
            "AMO's validation rejected the add-on:\n" + "\n".join(f"  - {e}" for e in errors),
            errors,
        )
    progress("Validated; creating the unlisted version")
    created = client.create_version(addon_id, str(upload["uuid"]), version)
    version_id = (created.get("version") or {}).get("id") or created.get("id")
    if version_id is None:
        raise SigningError(f"AMO created the version but did not say its id: {_detail(created)}")
    while True:
        detail = client.version_detail(addon_id, version_id)
        file = detail.get("file") or {}
        if file.get("status") == "public" and file.get("url"):
            break
        if file.get("status") == "disabled":
            raise Rejected(
                f"AMO did not sign version {version}: its file is disabled (rejected in review).",
                [],
            )
        wait("waiting for AMO to sign it")
    progress(f"Signed; downloading {file['url']}")
    return client.download(str(file["url"]))
