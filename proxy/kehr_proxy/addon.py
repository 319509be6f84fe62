"""The mitmproxy addon: one class, two modes sharing one archive.

record  A request already in the archive (exact key) is answered from it: the first
        capture is kept and never fetched again. Anything else goes upstream and the
        request and response are appended to the WARC file, then indexed.
replay  Answered from the archive only (exact, cache-buster, nearest on the same path);
        anything else gets ``404`` + ``X-Kehr-Archive: miss``. Responses are made in the
        ``request`` hook, so mitmproxy never needs a server connection; the launcher
        sets ``connection_strategy=lazy`` and ``upstream_cert=false`` and this addon
        refuses to start without them; ``server_connect`` vetoes any connection that
        would still be attempted, and TCP/UDP flows and WebSocket upgrades are refused.

Record mode fetches only from public addresses (``netguard``): a host that resolves to a
loopback, link-local or private address is answered ``403`` + ``X-Kehr-Archive:
refused`` unless ``kehr_allow_private`` allows it, and the connection goes to the very
address that was checked. A host that does not resolve is answered ``502`` +
``X-Kehr-Archive: unreachable`` at once, and remembered, so a page's many requests to
a dead host fail fast. These answers are never archived; their HTML names the reason in
``<meta name="kehr-recorder-error">`` for the harvester.

visits  In record mode, flows that arrive on the visits listener (``kehr_visit_spec``,
        the launcher's ``--visit-port``) are fetched live every time, through the same
        address checks, and never archived or answered from the archive: repeated
        visits of a page see its ads change while replay keeps the first capture.
        They carry ``X-Kehr-Archive: live``. The harvester's robots.txt requests
        (``X-Kehr-Robots``, on the recording listener) are fetched the same way: the
        address checks apply to them and their redirects, and nothing is archived.

Every response carries ``X-Kehr-Archive`` (exact | cachebuster | nearest | recorded |
miss | refused | unreachable | error | live). Fuzzy matches and misses go to
``fidelity.jsonl`` and to the per-page counters in the index. ``http://kehr.proxy/``
(through the proxy) is the setup page with the CA certificate.
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import time
from collections import OrderedDict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mitmproxy import ctx, exceptions, http
from mitmproxy.http import status_codes
from mitmproxy.net.http import url as mitm_url

from kehr_proxy import ca, inject, matching, netguard, warc_store
from kehr_proxy.index import ArchiveIndex, IndexEntry

log = logging.getLogger(__name__)

MODES = ("record", "replay")
MARKER = "X-Kehr-Archive"
SETUP_HOST = "kehr.proxy"
# The harvester's robots.txt requests (harvest.robots): fetched live, never archived.
ROBOTS_HEADER = "X-Kehr-Robots"
HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "upgrade",
    "te",
    "trailer",
    "x-archive-orig-transfer-encoding",
}
# Conditional requests would archive a body-less 304; the archive wants the full response.
CONDITIONAL = ("if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range")
CACHE_BYTES = 64 * 1024 * 1024


def _ms(warc_date: str) -> int:
    moment = datetime.strptime(warc_date, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    return int(moment.timestamp() * 1000)


RECORDER_ERROR_META = "kehr-recorder-error"


def recorder_error_response(status: int, kind: str, title: str, message: str) -> http.Response:
    """The recorder's own answer instead of the origin's: HTML that names the reason.

    HTML (not plain text) so that a browser shows it and the harvester, which only sees
    the page, can read ``<meta name="kehr-recorder-error" content=KIND>`` and the text.
    """
    page = RECORDER_ERROR_PAGE.format(
        meta=RECORDER_ERROR_META,
        kind=html.escape(kind),
        title=html.escape(title),
        message=html.escape(message),
    )
    return http.Response.make(
        status,
        page.encode("utf-8"),
        {"Content-Type": "text/html; charset=utf-8", MARKER: kind, "Cache-Control": "no-store"},
    )


def request_url(request: http.Request) -> str:
    """The request's URL as the archive keys it, an IPv6 host in brackets.

    mitmproxy's ``pretty_url`` writes ``http://::1:8797/t3`` for ``http://[::1]:8797/t3``,
    which no URL parser reads back (every lookup of such a URL failed with a 500).
    """
    if request.first_line_format == "authority":
        return request.authority
    host, port = request.host, request.port
    if request.host_header:  # the name the client asked for (pretty_url's choice)
        host, header_port = mitm_url.parse_authority(request.host_header, check=False)
        port = header_port or mitm_url.default_port(request.scheme) or 443
    if ":" in host:
        host = f"[{host}]"
    return mitm_url.unparse(request.scheme, host, port, request.path)


def _text_response(status: int, text: str, kind: str) -> http.Response:
    return http.Response.make(
        status,
        text.encode("utf-8"),
        {"Content-Type": "text/plain; charset=utf-8", MARKER: kind, "Cache-Control": "no-store"},
    )


class KehrArchive:
    def __init__(self) -> None:
        self.mode: str | None = None
        self.archive_dir: Path | None = None
        self.index: ArchiveIndex | None = None
        self.store: warc_store.WarcStore | None = None
        self.reader: warc_store.RecordReader | None = None
        self.rules: matching.FuzzyRules | None = None
        self.fidelity_log: matching.FidelityLog | None = None
        self.lock = None
        self.cache: OrderedDict[int, tuple] = OrderedDict()
        self.cache_bytes = 0
        self.vetoed_connections = 0
        self.policy = netguard.AddressPolicy()
        self.resolver = netguard.Resolver()
        # server id -> the host name a connection was pinned away from (see server_connect)
        self.pinned: dict[str, tuple[str, int]] = {}

    # mitmproxy lifecycle
    def load(self, loader) -> None:
        loader.add_option("kehr_mode", str, "", "Archive proxy mode: record or replay.")
        loader.add_option(
            "kehr_archive_dir", str, "", "Directory of the WARC files and their index."
        )
        loader.add_option(
            "kehr_roll_size", int, 1_000_000_000, "Close a WARC file once it has this many bytes."
        )
        loader.add_option(
            "kehr_fuzzy_rules", str, "", "Extra cache-buster rules (JSON), added to the built-in."
        )
        loader.add_option(
            "kehr_inject", bool, True, "Inject the determinism script into HTML responses."
        )
        loader.add_option(
            "kehr_allow_private",
            str,
            "false",
            "Record mode: non-public addresses the recorder may fetch from: false (none), "
            "true (all) or networks such as 127.0.0.0/8,::1/128.",
        )
        loader.add_option(
            "kehr_visit_spec",
            str,
            "",
            "Record mode: the proxy mode (e.g. regular@8092) whose flows are live visits, "
            "fetched every time and never archived.",
        )
        loader.add_option(
            "kehr_dns_failure_ttl",
            int,
            3600,
            "Record mode: seconds a host name that did not resolve is answered at once.",
        )

    def configure(self, updated) -> None:
        opts = ctx.options
        if not opts.kehr_mode:  # not configured yet (the addon is added before its options)
            return
        if opts.kehr_mode not in MODES:
            raise exceptions.OptionsError(
                f"kehr_mode must be one of {MODES}, not {opts.kehr_mode!r}"
            )
        if opts.kehr_mode == "replay" and (
            opts.connection_strategy != "lazy" or opts.upstream_cert
        ):
            raise exceptions.OptionsError(
                "replay mode needs connection_strategy=lazy and upstream_cert=false, "
                "so that no upstream connection is ever opened"
            )
        if opts.kehr_visit_spec and opts.kehr_mode != "record":
            raise exceptions.OptionsError("kehr_visit_spec is for record mode only")
        if opts.kehr_roll_size < 1024:
            raise exceptions.OptionsError("kehr_roll_size must be at least 1024 bytes")
        if "kehr_allow_private" in updated:
            try:
                self.policy = netguard.AddressPolicy.parse(opts.kehr_allow_private)
            except ValueError as error:
                raise exceptions.OptionsError(str(error)) from error
        if "kehr_dns_failure_ttl" in updated:
            if opts.kehr_dns_failure_ttl < 0:
                raise exceptions.OptionsError("kehr_dns_failure_ttl must be 0 or more seconds")
            self.resolver = netguard.Resolver(failure_ttl=opts.kehr_dns_failure_ttl)
        if "kehr_fuzzy_rules" in updated or self.rules is None:
            try:
                self.rules = matching.FuzzyRules.load(opts.kehr_fuzzy_rules or None)
            except ValueError as error:
                raise exceptions.OptionsError(str(error)) from error
        if {"kehr_mode", "kehr_archive_dir", "kehr_roll_size"} & set(updated):
            if not opts.kehr_archive_dir:
                raise exceptions.OptionsError("kehr_archive_dir is required")
            self._open(Path(opts.kehr_archive_dir), opts.kehr_mode, opts.kehr_roll_size)

    def _open(self, archive_dir: Path, mode: str, roll_size: int) -> None:
        self.done()
        archive_dir.mkdir(parents=True, exist_ok=True)
        self.archive_dir, self.mode = archive_dir, mode
        self.index = ArchiveIndex(archive_dir)
        self.reader = warc_store.RecordReader(archive_dir)
        self.fidelity_log = matching.FidelityLog(archive_dir / "fidelity.jsonl")
        if mode == "record":
            try:
                self.lock = warc_store.acquire_recorder_lock(archive_dir)
            except warc_store.RecorderLocked as error:
                raise exceptions.OptionsError(str(error)) from error
            recovered = warc_store.recover(archive_dir, self.index)
            if recovered:
                log.warning("recovered WARC files left open by a crash: %s", recovered)
            self.store = warc_store.WarcStore(archive_dir, self.index, roll_size)

    async def running(self) -> None:
        if self.mode == "record":  # before the ready line, so whoever waits for it has both
            print(f"KEHR-PROXY-TARGETS {self.policy.describe()}", flush=True)
        server = ctx.master.addons.get("proxyserver")
        addrs: list[Any] = []  # mitmproxy's Address: (host, port, ...)
        for _ in range(200):
            addrs = server.listen_addrs() if server else []
            if addrs:
                break
            await asyncio.sleep(0.05)
        visits = ctx.options.kehr_visit_spec
        visit_addrs = [
            addr
            for instance in (server.servers if server else [])
            if instance.mode.full_spec == visits
            for addr in instance.listen_addrs
        ]
        for addr in visit_addrs:  # first: whoever waits for the ready line has both
            print(f"KEHR-PROXY-VISITS host={addr[0]} port={addr[1]}", flush=True)
        for addr in addrs:
            if addr in visit_addrs:
                continue
            print(
                f"KEHR-PROXY-READY mode={self.mode} host={addr[0]} port={addr[1]} "
                f"archive={self.archive_dir} pid={os.getpid()}",
                flush=True,
            )

    def done(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None
        if self.reader is not None:
            self.reader.close()
        if self.index is not None:
            self.index.close()
            self.index = None
        if self.lock is not None:
            self.lock.close()
            self.lock = None

    # network guards
    async def server_connect(self, data) -> None:
        if self.mode == "replay":
            self.vetoed_connections += 1
            data.server.error = "Kehr replay mode never connects upstream"
            return
        if self.mode != "record" or not data.server.address:
            return
        host, port = data.server.address[:2]
        problem, addresses = await self._check_target(host)
        if problem is not None:
            data.server.error = f"Kehr recorder: {problem[2]}"
            return
        if netguard.literal_ip(host) is None:
            # Connect to an address that was checked, not to the name again: a second
            # DNS answer could point somewhere else (DNS rebinding). The name is put
            # back once connected, so mitmproxy still reuses the connection by name.
            self.pinned[data.server.id] = (host, port)
            data.server.address = (addresses[0], port)

    def server_connected(self, data) -> None:
        original = self.pinned.pop(data.server.id, None)
        if original is not None:
            # Only the label changes (the socket stays on the checked address); mitmproxy's
            # setter refuses any change on an open connection, so write it directly.
            data.server.__dict__["address"] = original

    def server_connect_error(self, data) -> None:
        self.pinned.pop(data.server.id, None)

    def tcp_start(self, flow) -> None:
        if self.mode == "replay":
            flow.kill()

    def udp_start(self, flow) -> None:
        if self.mode == "replay":
            flow.kill()

    async def _check_target(self, host: str) -> tuple[tuple | None, list[str]]:
        """((status, kind, message) | None, addresses) for an upstream host name."""
        try:
            addresses = await self.resolver.resolve(host)
        except netguard.ResolveError as error:
            return (502, "unreachable", str(error)), []
        for address in addresses:
            why = self.policy.refusal(address)
            if why is not None:
                where = "" if netguard.literal_ip(host) else f"{host} resolves to {address}; "
                message = (
                    f"{where}{why}, and the recorder fetches only "
                    "from public addresses. To record a local site, allow it with "
                    "KEHR_ARCHIVE_ALLOW_PRIVATE (true, or networks such as 10.1.2.0/24)."
                )
                return (403, "refused", message), addresses
        # IPv4 first: a host with both kinds is reached where IPv6 is not routed.
        addresses = sorted(addresses, key=lambda a: ":" in a)
        return None, addresses

    # HTTP
    async def request(self, f: http.HTTPFlow) -> None:
        if f.response is not None:  # e.g. proxyauth's 407
            return
        try:
            if self._request(f) and self.mode == "record":
                problem, _ = await self._check_target(f.request.host)
                if problem is not None:
                    status, kind, message = problem
                    title = "address refused" if kind == "refused" else "host unreachable"
                    f.response = recorder_error_response(status, kind, title, message)
                    f.metadata["kehr"] = kind
        except Exception as error:  # fail closed: an addon error must not let a flow through
            log.exception("archive lookup failed for %s", request_url(f.request))
            f.response = _text_response(500, f"Kehr archive proxy error: {error}\n", "error")

    def _request(self, f: http.HTTPFlow) -> bool:
        """Answer from the archive (or refuse); True when the flow should go upstream."""
        if f.request.pretty_host == SETUP_HOST:
            f.response = self._setup_page(f.request.path)
            return False
        if f.request.headers.get("upgrade", "").lower() == "websocket":
            f.response = _text_response(403, "WebSocket is not archived.\n", "refused")
            return False
        if self._is_visit(f):
            f.metadata["kehr"] = "live"
            return True
        assert self.index is not None  # configure() opens it before any flow arrives
        method, url, body = f.request.method, request_url(f.request), f.request.raw_content
        key = matching.request_key(method, url, body)
        entry = self.index.get(key)
        kind = matching.EXACT
        if entry is None and self.mode == "replay":
            assert self.rules is not None and self.fidelity_log is not None  # configure()
            candidates = self.index.candidates(matching.path_key(method, url))
            kind, entry = matching.choose(self.rules, url, matching.body_digest(body), candidates)
            page = f.request.headers.get("referer") or url
            self.fidelity_log.write(
                kind=kind,
                method=method,
                url=url,
                page=page,
                matched=entry.url if entry else None,
                pid=os.getpid(),
            )
            self.index.count_fidelity(page, kind)
        if entry is not None:
            f.response = self._from_archive(f, entry, kind)
            f.metadata["kehr"] = kind
        elif self.mode == "replay":
            f.response = _text_response(404, f"Not archived: {method} {url}\n", matching.MISS)
        else:
            for name in CONDITIONAL:
                f.request.headers.pop(name, None)
            f.metadata["kehr"] = "record"
            return True
        return False

    def _is_visit(self, f: http.HTTPFlow) -> bool:
        """A live fetch: a flow on the visits listener, or the harvester's robots.txt."""
        if self.mode != "record":
            return False
        if f.request.method == "GET" and f.request.headers.pop(ROBOTS_HEADER, None):
            return True  # asked again at every harvest: an archived copy would be final
        spec = ctx.options.kehr_visit_spec
        return bool(spec) and f.client_conn.proxy_mode.full_spec == spec

    def response(self, f: http.HTTPFlow) -> None:
        if f.metadata.get("kehr") == "live" and f.response is not None:
            f.response.headers[MARKER] = "live"
            return
        if f.metadata.get("kehr") != "record" or self.mode != "record":
            return
        try:
            capture = self._record(f)
        except Exception as error:  # fail loudly: never let traffic through unrecorded
            log.exception("archive write failed for %s", request_url(f.request))
            f.response = _text_response(502, f"Kehr could not archive this: {error}\n", "error")
            return
        assert f.response is not None  # the response hook runs with one (_record used it)
        f.response.headers[MARKER] = "recorded"
        f.response.headers["X-Kehr-Record-Id"] = capture["record_id"]
        self._maybe_inject(f, f.response, capture["warc_date"], request_url(f.request))

    # helpers
    def _record(self, f: http.HTTPFlow) -> dict:
        req, resp = f.request, f.response
        url = request_url(req)
        # The response hook has a response; record mode opened the store (configure()).
        assert resp is not None and self.store is not None and self.index is not None
        if resp.raw_content is None:
            raise ValueError("streamed bodies cannot be archived")
        captured = datetime.fromtimestamp(resp.timestamp_start or time.time(), UTC)
        headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in req.headers.fields]
        if not any(k.lower() == "host" for k, _ in headers):
            headers.insert(0, ("Host", req.authority or urlsplit(url).netloc))
        body = req.raw_content or b""
        peer = f.server_conn.peername[0] if f.server_conn and f.server_conn.peername else None
        place = self.store.write_pair(
            url=url,
            method=req.method,
            request_line=f"{req.method} {req.path or '/'} HTTP/1.1",
            request_headers=headers,
            request_body=body,
            status=resp.status_code,
            reason=resp.reason or status_codes.RESPONSES.get(resp.status_code, ""),
            response_headers=[
                (k.decode("latin-1"), v.decode("latin-1")) for k, v in resp.headers.fields
            ],
            response_body=resp.raw_content,
            captured=captured,
            remote_ip=peer,
        )
        self.index.add(
            key=matching.request_key(req.method, url, body),
            method=req.method,
            url=url,
            canon_url=matching.canonical_url(url),
            path_key=matching.path_key(req.method, url),
            body_digest=matching.body_digest(body),
            status=resp.status_code,
            mime=resp.headers.get("content-type", ""),
            captured_at=captured.timestamp(),
            **place,
        )
        self.store.maybe_roll()
        return place

    def _read(self, entry: IndexEntry) -> tuple:
        cached = self.cache.get(entry.id)
        if cached is not None:
            self.cache.move_to_end(entry.id)
            return cached
        assert self.reader is not None  # configure() opens it before any flow arrives
        value = self.reader.read(entry.filename, entry.offset, entry.length)
        size = len(value[3]) + 512
        if size < CACHE_BYTES // 8:
            self.cache[entry.id] = value
            self.cache_bytes += size
            while self.cache_bytes > CACHE_BYTES:
                _, old = self.cache.popitem(last=False)
                self.cache_bytes -= len(old[3]) + 512
        return value

    def _from_archive(self, f: http.HTTPFlow, entry: IndexEntry, kind: str) -> http.Response:
        status, reason, headers, body = self._read(entry)
        fields = [
            (k.encode("latin-1"), v.encode("latin-1"))
            for k, v in headers
            if k.lower() not in HOP_BY_HOP and k.lower() != "content-length"
        ]
        fields += [
            (b"content-length", str(len(body)).encode()),
            (MARKER.encode(), kind.encode()),
            (b"X-Kehr-Record-Id", entry.record_id.encode()),
        ]
        response = http.Response(
            http_version=b"HTTP/1.1",
            status_code=status,
            reason=reason.encode("latin-1", "replace"),
            headers=http.Headers(fields),
            content=None,
            trailers=None,
            timestamp_start=time.time(),
            timestamp_end=time.time(),
        )
        response.raw_content = body
        self._maybe_inject(f, response, entry.warc_date, entry.url)
        return response

    def _maybe_inject(
        self, f: http.HTTPFlow, response: http.Response, warc_date: str, captured_url: str
    ) -> None:
        """Same URL (as captured) and capture time give the same script, record or replay."""
        if not ctx.options.kehr_inject or f.request.method != "GET":
            return
        if not inject.is_html(response.headers.get("content-type", "")):
            return
        try:
            document = response.content
        except ValueError:  # unknown Content-Encoding: leave the bytes alone
            return
        if not document:
            return
        script = inject.script_for(matching.canonical_url(captured_url), _ms(warc_date))
        response.content = inject.inject(document, script)

    def _setup_page(self, path: str) -> http.Response:
        cert = ca.cert_path(ctx.options.confdir)
        if path.startswith("/ca.pem") or path.startswith("/ca.crt"):
            return http.Response.make(
                200,
                cert.read_bytes(),
                {
                    "Content-Type": "application/x-x509-ca-cert",
                    "Content-Disposition": 'attachment; filename="kehr-ca.pem"',
                    MARKER: "setup",
                },
            )
        note = RECORD_NOTE if self.mode == "record" else REPLAY_NOTE
        page = SETUP_PAGE.format(mode=html.escape(self.mode or ""), host=SETUP_HOST, note=note)
        return http.Response.make(
            200, page.encode(), {"Content-Type": "text/html; charset=utf-8", MARKER: "setup"}
        )


SETUP_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Kehr archive proxy</title></head>
<body>
<h1>Kehr archive proxy ({mode} mode)</h1>
<p>Pages you see through this proxy come from Kehr's web archive. To load archived
HTTPS pages, your browser must trust this installation's certificate authority once.</p>
<ol>
<li><a href="http://{host}/ca.pem">Download the CA certificate</a> (kehr-ca.pem).</li>
<li>Firefox: Settings → Privacy &amp; Security → Certificates → View Certificates →
Authorities → Import…, choose the file, tick "Trust this CA to identify websites".</li>
</ol>
<p>You do not need to change Firefox's network settings: the Kehr add-on sends only its
own annotation tabs through this proxy (it learns the address and login from the Kehr
server), and every other tab keeps your normal connection.</p>
<p>{note}</p>
</body></html>
"""
REPLAY_NOTE = """Anything not in the archive is answered with "Not archived" (404): the archive
proxy never contacts the original sites."""
RECORD_NOTE = """This is the recorder: what is not archived yet it fetches from the site (public
addresses only) and archives; what is archived it never fetches again."""

RECORDER_ERROR_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="{meta}" content="{kind}">
<title>Kehr recorder: {title}</title></head>
<body><h1>Kehr recorder: {title}</h1>
<p>{message}</p>
<p>This answer comes from Kehr's recording proxy, not from the site, and is not archived.</p>
</body></html>
"""
