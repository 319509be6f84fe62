"""A fake addons.mozilla.org signing API on loopback, for ``manage.py addon sign`` tests.

It speaks the v5 calls annotator/signing.py makes and checks what Mozilla checks: every
request carries an HS256 JWT from the expected issuer, signed with the secret, with a
jti never seen before and an expiry at most 5 minutes after its issue time; the upload is
multipart with ``channel=unlisted`` and a zip whose manifest has the add-on's id. The
"signed" file is the uploaded one plus META-INF signature files (their content is not a
real signature: the client only checks they are there).
"""

from __future__ import annotations

import email.parser
import email.policy
import io
import json
import threading
import uuid
import zipfile
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote

import jwt

ISSUER = "user:12345:67"
SECRET = "a-test-secret-that-is-not-mozillas"


@dataclass
class FakeAmo:
    """What the fake service does, and what it saw (for the tests' assertions)."""

    polls_until_processed: int = 1
    polls_until_signed: int = 1
    never_sign: bool = False
    reject_with: list[str] = field(default_factory=list)
    unsigned_download: bool = False
    uploads: dict[str, dict[str, Any]] = field(default_factory=dict)
    versions: dict[int, dict[str, Any]] = field(default_factory=dict)
    jtis: set[str] = field(default_factory=set)
    auth_failures: list[str] = field(default_factory=list)
    base_url: str = ""

    def signed(self, package: bytes) -> bytes:
        out = io.BytesIO()
        with zipfile.ZipFile(io.BytesIO(package)) as source, zipfile.ZipFile(out, "w") as target:
            for item in source.infolist():
                target.writestr(item, source.read(item))
            if not self.unsigned_download:
                for name in ("META-INF/manifest.mf", "META-INF/mozilla.sf", "META-INF/mozilla.rsa"):
                    target.writestr(name, b"fake signature for tests\n")
        return out.getvalue()


def _handler(amo: FakeAmo) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet test output
            pass

        def _send(self, status: int, body: Any, content_type: str = "application/json") -> None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _authorised(self) -> bool:
            header = self.headers.get("Authorization", "")
            try:
                scheme, token = header.split(" ", 1)
                assert scheme == "JWT", f"scheme {scheme!r}"
                claims = jwt.decode(
                    token,
                    SECRET,
                    algorithms=["HS256"],
                    issuer=ISSUER,
                    options={"require": ["iss", "jti", "iat", "exp"]},
                )
                assert claims["exp"] - claims["iat"] <= 300, "exp more than 5 min after iat"
                assert claims["jti"] not in amo.jtis, "jti reused"
                amo.jtis.add(claims["jti"])
            except (ValueError, AssertionError, jwt.PyJWTError) as error:
                amo.auth_failures.append(str(error))
                self._send(401, {"detail": f"Bad token: {error}"})
                return False
            return True

        def _body(self) -> bytes:
            return self.rfile.read(int(self.headers.get("Content-Length", "0")))

        def do_POST(self) -> None:
            body = self._body()
            if not self._authorised():
                return
            if self.path != "/api/v5/addons/upload/":
                return self._send(404, {"detail": "Not found."})
            message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
                f"Content-Type: {self.headers['Content-Type']}\r\n\r\n".encode() + body
            )
            fields: dict[str, bytes] = {}
            for part in message.iter_parts():
                name = part.get_param("name", header="content-disposition")
                payload = part.get_payload(decode=True)
                assert isinstance(payload, bytes), f"part {name} has no bytes"
                fields[str(name)] = payload
            if fields.get("channel") != b"unlisted" or "upload" not in fields:
                return self._send(400, {"detail": f"want channel=unlisted and upload: {fields}"})
            with zipfile.ZipFile(io.BytesIO(fields["upload"])) as package:
                manifest = json.loads(package.read("manifest.json"))
            key = str(uuid.uuid4())
            amo.uploads[key] = {"package": fields["upload"], "manifest": manifest, "polls": 0}
            self._send(201, {"uuid": key, "processed": False, "valid": False, "validation": None})

        def do_GET(self) -> None:
            if not self._authorised():
                return
            parts = [unquote(part) for part in self.path.strip("/").split("/")]
            if parts[:4] == ["api", "v5", "addons", "upload"] and len(parts) == 5:
                upload = amo.uploads[parts[4]]
                upload["polls"] += 1
                processed = upload["polls"] >= amo.polls_until_processed
                messages = [{"type": "error", "message": text} for text in amo.reject_with]
                return self._send(
                    200,
                    {
                        "uuid": parts[4],
                        "processed": processed,
                        "valid": processed and not amo.reject_with,
                        "validation": {"errors": len(messages), "messages": messages}
                        if processed
                        else None,
                        "version": upload["manifest"]["version"],
                    },
                )
            if parts[:4] == ["api", "v5", "addons", "addon"] and parts[5:6] == ["versions"]:
                version = amo.versions[int(parts[6])]
                version["polls"] += 1
                signed = not amo.never_sign and version["polls"] >= amo.polls_until_signed
                root = amo.base_url.split("/api/")[0]
                url = f"{root}/files/{version['id']}/signed.xpi"
                file = {"status": "public", "url": url} if signed else {"status": "unreviewed"}
                return self._send(200, {"id": version["id"], "file": file})
            if parts[:1] == ["files"]:
                version = amo.versions[int(parts[1])]
                return self._send(200, amo.signed(version["package"]), "application/x-xpinstall")
            self._send(404, {"detail": "Not found."})

        def do_PUT(self) -> None:
            body = self._body()
            if not self._authorised():
                return
            parts = [unquote(part) for part in self.path.strip("/").split("/")]
            upload = amo.uploads[json.loads(body)["version"]["upload"]]
            manifest = upload["manifest"]
            if parts[4] != manifest["browser_specific_settings"]["gecko"]["id"]:
                return self._send(400, {"detail": "add-on id and upload differ"})
            if any(v["version"] == manifest["version"] for v in amo.versions.values()):
                return self._send(
                    409, {"version": [f"Version {manifest['version']} already exists."]}
                )
            version_id = len(amo.versions) + 1
            amo.versions[version_id] = {
                "id": version_id,
                "version": manifest["version"],
                "package": upload["package"],
                "polls": 0,
            }
            self._send(200, {"guid": parts[4], "version": {"id": version_id}})

    return Handler


class FakeAmoServer:
    def __init__(self, amo: FakeAmo):
        self.amo = amo
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(amo))
        self.server.daemon_threads = True
        amo.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/api/v5/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeAmo:
        self.thread.start()
        return self.amo

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
