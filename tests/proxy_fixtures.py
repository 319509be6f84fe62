"""Start a REAL archive proxy (mitmproxy + the Kehr addon) in its own process.

    from tests.proxy_fixtures import start_archive_proxy, archive_proxy  # noqa: F401

    proxy = start_archive_proxy("record", tmp_path / "archive")
    httpx.get("http://127.0.0.1:8000/", proxy=proxy.url, verify=str(proxy.ca_cert_path))
    proxy.stop()      # SIGTERM: closes the current WARC file cleanly
    proxy.kill()      # SIGKILL: a crash, for recovery tests

``start_archive_proxy(mode, archive_dir, **options) -> ProxyHandle``
    mode         "record" or "replay"
    archive_dir  WARC files + index.sqlite3 (created if missing)
    options      listen_host="127.0.0.1", port=0 (free port), proxyauth="user:pass",
                 confdir=PATH (CA dir, default ARCHIVE_DIR/../proxy-ca), roll_size=BYTES,
                 fuzzy_rules=PATH, inject=True, quiet=True, extra_set=["opt=value", ...],
                 allow_private="false" | "true" | "127.0.0.0/8,..." (record mode: which
                 non-public addresses it may fetch from; the default refuses them all,
                 so a test recording from a loopback origin says so),
                 timeout=20 (seconds to wait for the ready line)
``ProxyHandle``: .port, .url ("http://127.0.0.1:PORT"), .ca_cert_path, .archive_dir,
    .mode, .process (Popen), .output() (stdout+stderr so far), .stop(), .kill().

``Origin()`` is a tiny loopback origin server that counts requests (``.seen``,
``.count``, ``.url(path)``, ``.stop()``); ``tls_context(dir)`` makes it serve HTTPS.

The ``archive_proxy`` pytest fixture is the same factory; every proxy it started is
killed at teardown.
"""

from __future__ import annotations

import gzip
import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

REPO = Path(__file__).resolve().parents[1]
# The test origins listen on loopback, which the recorder refuses unless allowed.
ALLOW_LOOPBACK = "127.0.0.0/8,::1/128"


@dataclass
class ProxyHandle:
    mode: str
    archive_dir: Path
    port: int
    ca_cert_path: Path
    process: subprocess.Popen
    host: str = "127.0.0.1"
    visit_port: int | None = None  # the live-visits listener (record mode, --visit-port)
    _lines: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def output(self) -> str:
        return "".join(self._lines)

    def visits(self) -> ProxyHandle:
        """The same recorder seen through its live-visits listener (--visit-port)."""
        assert self.visit_port is not None, "started without visit_port"
        return ProxyHandle(mode=self.mode, archive_dir=self.archive_dir, port=self.visit_port,
                           ca_cert_path=self.ca_cert_path, process=self.process)  # fmt: skip

    def stop(self, timeout: float = 10) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def kill(self) -> int:
        if self.process.poll() is None:
            self.process.kill()
        return self.process.wait()


def start_archive_proxy(mode: str, archive_dir, **options) -> ProxyHandle:
    archive_dir = Path(archive_dir).resolve()
    confdir = Path(options.get("confdir") or archive_dir.parent / "proxy-ca").resolve()
    host = options.get("listen_host", "127.0.0.1")
    argv = [
        sys.executable,
        "-m",
        "kehr_proxy",
        "--mode",
        mode,
        "--archive-dir",
        str(archive_dir),
        "--port",
        str(options.get("port", 0)),
        "--listen-host",
        host,
        "--confdir",
        str(confdir),
    ]
    if options.get("proxyauth"):
        argv += ["--proxyauth", options["proxyauth"]]
    if options.get("roll_size"):
        argv += ["--roll-size", str(options["roll_size"])]
    if options.get("fuzzy_rules"):
        argv += ["--fuzzy-rules", str(options["fuzzy_rules"])]
    if options.get("allow_private"):
        argv += ["--allow-private", options["allow_private"]]
    if options.get("visit_port") is not None:
        argv += ["--visit-port", str(options["visit_port"])]
    if not options.get("inject", True):
        argv.append("--no-inject")
    if options.get("quiet", True):
        argv.append("--quiet")
    for item in options.get("extra_set", []):
        argv += ["--set", item]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "proxy"), str(REPO)])}
    process = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=str(REPO),
    )
    lines: list[str] = []
    ready = threading.Event()
    found: dict = {}

    stdout = process.stdout
    assert stdout is not None  # a pipe

    def pump():  # keep draining the pipe so the proxy never blocks on a full buffer
        for line in stdout:
            lines.append(line)
            if line.startswith("KEHR-PROXY-VISITS"):
                found["visit_port"] = line.split("port=")[1].split()[0]
            if line.startswith("KEHR-PROXY-READY") and not ready.is_set():
                for pair in line.split()[1:]:
                    key, value = pair.split("=", 1)
                    found[key] = value
                ready.set()
        ready.set()

    threading.Thread(target=pump, daemon=True).start()
    if not ready.wait(options.get("timeout", 20)) or "port" not in found:
        process.kill()
        process.wait()
        raise RuntimeError(f"archive proxy ({mode}) did not start:\n{''.join(lines)}")
    return ProxyHandle(
        mode=mode,
        archive_dir=archive_dir,
        port=int(found["port"]),
        ca_cert_path=confdir / "mitmproxy-ca-cert.pem",
        process=process,
        host="127.0.0.1" if host in ("0.0.0.0", "::") else host,
        visit_port=int(found["visit_port"]) if "visit_port" in found else None,
        _lines=lines,
    )


@pytest.fixture
def archive_proxy():
    """Factory fixture: ``archive_proxy(mode, archive_dir, **options) -> ProxyHandle``."""
    started: list[ProxyHandle] = []

    def start(mode: str, archive_dir=None, **options) -> ProxyHandle:
        archive_dir = archive_dir or Path(tempfile.mkdtemp(prefix="kehr-archive-")) / "archive"
        handle = start_archive_proxy(mode, archive_dir, **options)
        started.append(handle)
        return handle

    yield start
    for handle in started:
        handle.kill()


# A tiny origin web server for the tests: loopback, counts every request it sees.
PAGE = b"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Origin page</title>
<link rel="stylesheet" href="/style.css">
<style>@font-face { font-family: K; src: url(/font.woff2); }</style>
</head>
<body><h1>Archived page</h1><p>Running text for the archive.</p>
<img src="/img.png">
<script>fetch('/data.json?_=' + Date.now()).then(r => r.json());</script>
</body></html>
"""
CSS = b"body { font-family: K, serif; color: #123456; }\n" * 20
PNG = bytes(range(256)) * 8 + b"\x89PNG-not-really"
FONT = b"wOF2" + bytes(reversed(range(256))) * 4
CHUNKS = [b"first chunk\n", b"second chunk\n", b"third\n"]


class _Server6(ThreadingHTTPServer):
    address_family = socket.AF_INET6


class Origin:
    def __init__(self, tls_context: ssl.SSLContext | None = None, host: str = "127.0.0.1"):
        self.seen: list[str] = []
        self.lock = threading.Lock()
        origin = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("content-length", 0))
                body = self.rfile.read(length)
                origin._count(self)
                self._send(200, "application/json", json.dumps({"echo": body.decode()}).encode())

            def do_GET(self):
                origin._count(self)
                parts = urlsplit(self.path)
                path = parts.path
                if path in ("/", "/page.html", "/secure.html"):
                    self._send(200, "text/html; charset=utf-8", PAGE)
                elif path == "/style.css":
                    self._send(
                        200, "text/css", gzip.compress(CSS, mtime=0), {"Content-Encoding": "gzip"}
                    )
                elif path == "/img.png":
                    self._send(200, "image/png", PNG)
                elif path == "/font.woff2":
                    self._send(200, "font/woff2", FONT)
                elif path == "/data.json":
                    query = dict(parse_qsl(parts.query))
                    query.pop("_", None)
                    body = json.dumps({"items": [1, 2, 3], "query": query}).encode()
                    self._send(200, "application/json", body)
                elif path == "/chunked.txt":
                    self.send_response(200)
                    self.send_header("Content-Type", "text/plain")
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    for chunk in CHUNKS:
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    self.wfile.write(b"0\r\n\r\n")
                elif path.startswith("/item/"):
                    self._send(200, "text/plain", f"item {path[6:]}\n".encode() * 50)
                else:
                    self._send(404, "text/plain", b"no such thing\n")

            def _send(self, status, ctype, body, extra=None):
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                for k, v in (extra or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)

        server_class = _Server6 if ":" in host else ThreadingHTTPServer
        self.server = server_class((host, 0), Handler)
        self.host = host
        self.server.daemon_threads = True
        if tls_context is not None:
            self.server.socket = tls_context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.scheme = "https" if tls_context else "http"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def _count(self, handler) -> None:
        with self.lock:
            self.seen.append(handler.path)

    def url(self, path: str, host: str = "") -> str:
        host = host or self.host
        host = f"[{host}]" if ":" in host else host
        return f"{self.scheme}://{host}:{self.port}{path}"

    @property
    def count(self) -> int:
        with self.lock:
            return len(self.seen)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def tls_context(directory: Path) -> ssl.SSLContext:
    """A server context for 'localhost' signed by a throwaway origin CA."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    from mitmproxy import certs

    store = certs.CertStore.from_store(directory, "origin", 2048)
    entry = store.get_cert("localhost", [x509.DNSName("localhost")])
    cert_file, key_file = directory / "localhost.pem", directory / "localhost.key"
    cert_file.write_bytes(entry.cert.to_pem())
    key_file.write_bytes(
        entry.privatekey.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert_file, key_file)
    return context
