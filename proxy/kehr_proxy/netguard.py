"""Where the recorder may fetch from, and its DNS cache.

Two jobs, both for record mode only (replay never opens a connection):

- **Refuse non-public targets.** A harvest list (or a page's resources, or a redirect)
  could point the recorder at the installation itself — the app's ``/healthz/``, the
  database, a cloud metadata address — and the archive would then serve that to
  annotators. So every address a host name resolves to must be public; loopback,
  link-local, private, shared (CGNAT), multicast and reserved addresses are refused
  unless :class:`AddressPolicy` allows them (tests and local sites). *Every* resolved
  address is checked, not just a literal in the URL, and the connection is then made to
  an address that was checked (see ``addon.KehrArchive.server_connect``), so a DNS
  answer that changes between the check and the connection (DNS rebinding) gains nothing.
- **Fail fast on dead hosts.** Old pages reference many resource hosts that no longer
  exist; each request for one used to wait for its own DNS failure (thousands per
  harvest, seconds each). :class:`Resolver` keeps failed host names for
  ``failure_ttl`` seconds and lets concurrent lookups of one name share a single query.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

TRUE_WORDS = {"1", "true", "yes", "on", "all"}
FALSE_WORDS = {"", "0", "false", "no", "off", "none"}


class ResolveError(OSError):
    """A host name that does not resolve (the message says why)."""


def _kind(ip: IPAddress) -> str | None:
    """What makes an address non-public, or None for a public one."""
    checks = (
        ("loopback", ip.is_loopback),
        ("link-local", ip.is_link_local),
        ("multicast", ip.is_multicast),
        ("unspecified", ip.is_unspecified),
        ("private", ip.is_private),
        ("reserved", ip.is_reserved),
    )
    for name, hit in checks:
        if hit:
            return name
    return None if ip.is_global else "non-public"


@dataclass(frozen=True)
class AddressPolicy:
    """Which non-public addresses the recorder may still fetch from.

    Parsed from one setting (``--allow-private`` / ``KEHR_ARCHIVE_ALLOW_PRIVATE``):
    ``false`` (the default: none), ``true`` (all of them), or a comma-separated list
    of networks such as ``127.0.0.0/8,::1/128,10.1.2.0/24``.
    """

    allow_all: bool = False
    networks: tuple[IPNetwork, ...] = ()

    @classmethod
    def parse(cls, value: str | None) -> AddressPolicy:
        text = (value or "").strip()
        if text.lower() in FALSE_WORDS:
            return cls()
        if text.lower() in TRUE_WORDS:
            return cls(allow_all=True)
        networks = []
        for item in text.split(","):
            item = item.strip()
            if not item:
                continue
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise ValueError(
                    f"allow-private: {item!r} is not a network; use true, false or a "
                    "comma-separated list such as 127.0.0.0/8,::1/128"
                ) from None
        return cls(networks=tuple(networks))

    def describe(self) -> str:
        if self.allow_all:
            return "all private addresses allowed"
        if self.networks:
            return "allowed: " + ",".join(str(n) for n in self.networks)
        return "private addresses refused"

    def refusal(self, address: str) -> str | None:
        """Why the recorder must not connect to ``address``; None when it may."""
        ip = ipaddress.ip_address(address.split("%", 1)[0])  # drop an IPv6 zone id
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        kind = _kind(ip)
        if kind is None or self.allow_all or any(ip in net for net in self.networks):
            return None
        return f"{ip} is a {kind} address"


def literal_ip(host: str) -> str | None:
    try:
        return str(ipaddress.ip_address(host.strip("[]").split("%", 1)[0]))
    except ValueError:
        return None


async def _getaddrinfo(host: str) -> list[str]:
    infos = await asyncio.get_running_loop().getaddrinfo(
        host, None, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP
    )
    return list(dict.fromkeys(info[4][0] for info in infos))


class Resolver:
    """Host name → addresses, caching answers briefly and failures for ``failure_ttl``.

    Answers are kept ``answer_ttl`` seconds (long enough for one page's resources,
    short enough to follow a site that moves). ``failure_ttl=0`` turns the failure
    memory off entirely, concurrent lookups included: every request then waits for its
    own DNS answer, as before this cache existed (``bench/harvest_krdwrd.py`` compares
    the two). The lookup function is the system's ``getaddrinfo`` (the same one the
    proxy would use), replaceable for tests.
    """

    def __init__(
        self,
        *,
        failure_ttl: float = 3600.0,
        answer_ttl: float = 60.0,
        timeout: float = 10.0,
        lookup: Callable[[str], Awaitable[list[str]]] = _getaddrinfo,
    ) -> None:
        self.failure_ttl = failure_ttl
        self.answer_ttl = answer_ttl
        self.timeout = timeout
        self.lookup = lookup
        self.answers: dict[str, tuple[float, list[str]]] = {}
        self.failures: dict[str, tuple[float, str]] = {}
        self.pending: dict[str, asyncio.Future] = {}
        self.queries = 0
        self.failures_served = 0

    async def resolve(self, host: str) -> list[str]:
        """The addresses of ``host`` (an IP literal resolves to itself); ResolveError."""
        ip = literal_ip(host)
        if ip is not None:
            return [ip]
        key = host.lower().rstrip(".")
        now = time.monotonic()
        failed = self.failures.get(key)
        if failed is not None and failed[0] > now:
            self.failures_served += 1
            raise ResolveError(failed[1] + " (remembered: not asked again for a while)")
        answer = self.answers.get(key)
        if answer is not None and answer[0] > now:
            return answer[1]
        if self.failure_ttl <= 0:
            return await self._query(key)
        pending = self.pending.get(key)
        if pending is None:
            pending = asyncio.ensure_future(self._query(key))
            self.pending[key] = pending
            pending.add_done_callback(lambda _f: self.pending.pop(key, None))
        return await asyncio.shield(pending)

    async def _query(self, key: str) -> list[str]:
        self.queries += 1
        try:
            addresses = await asyncio.wait_for(self.lookup(key), self.timeout)
            if not addresses:
                raise ResolveError(f"{key} has no address")
        except (OSError, UnicodeError) as error:  # TimeoutError is an OSError
            if isinstance(error, TimeoutError):
                message = f"{key} does not resolve: no DNS answer within {self.timeout:g} s"
            else:
                detail = getattr(error, "strerror", None) or str(error) or type(error).__name__
                message = f"{key} does not resolve: {detail}"
            if self.failure_ttl > 0:
                self.failures[key] = (time.monotonic() + self.failure_ttl, message)
                if len(self.failures) > 100_000:
                    self.failures.clear()
            raise ResolveError(message) from None
        self.answers[key] = (time.monotonic() + self.answer_ttl, addresses)
        if len(self.answers) > 10_000:  # a long run through many hosts: start afresh
            self.answers.clear()
        return addresses
