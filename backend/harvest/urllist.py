"""Parsing URL lists: one URL per line, ``#`` comments and blank lines allowed.

A malformed line never stops the list: it is reported with its line number and the
rest is used. Each URL gets a *normalised key* used to spot duplicates:

- scheme and host lower-cased (they are case-insensitive; the path is not);
- default ports dropped (``:80`` for http, ``:443`` for https);
- the fragment dropped (it never reaches the server);
- an empty path becomes ``/``;
- the query string is kept **as is, not sorted**: servers may treat parameter order as
  meaningful (``?a=1&b=2`` and ``?b=2&a=1`` can be different pages), and sorting would
  merge pages that are not the same. Identical text is caught by the text filter anyway.
- ``http`` and ``https`` stay different keys: many sites serve different content on
  each, and the text-digest filter removes true duplicates.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

MAX_URL_LENGTH = 2000  # Page.url's max_length
ALLOWED_SCHEMES = ("http", "https")
DEFAULT_PORTS = {"http": 80, "https": 443}
# One label of a host name (after IDNA): what browsers load, underscores included.
_LABEL = re.compile(r"[a-z0-9_-]{1,63}")


class URLError(ValueError):
    """A line that is not a usable http(s) URL."""


@dataclass(frozen=True)
class ListedURL:
    line: int
    url: str
    key: str


@dataclass(frozen=True)
class BadLine:
    line: int
    text: str
    error: str


@dataclass
class ParsedList:
    urls: list[ListedURL] = field(default_factory=list)
    errors: list[BadLine] = field(default_factory=list)
    # (line, url, line of the first occurrence)
    duplicates: list[tuple[ListedURL, int]] = field(default_factory=list)


def normalise_url(url: str) -> str:
    """Check an http(s) URL and return its normalised key (see the module docstring)."""
    return _normalise(url, check_host=True)


def _normalise(url: str, *, check_host: bool) -> str:
    """``check_host=False`` for URLs already stored (a job listed before the host check
    existed must still run: such a page then fails to load, with its reason)."""
    url = url.strip()
    if not url:
        raise URLError("empty URL")
    if len(url) > MAX_URL_LENGTH:
        raise URLError(f"URL longer than {MAX_URL_LENGTH} characters")
    if any(ch.isspace() for ch in url):
        raise URLError("URL contains whitespace")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:  # bad port, bad IPv6 literal
        raise URLError(f"not a URL: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in ALLOWED_SCHEMES:
        raise URLError(
            f"scheme {parts.scheme!r} is not http or https"
            if parts.scheme
            else "no scheme (write http:// or https://)"
        )
    host = (parts.hostname or "").lower()
    if not host:
        raise URLError("no host name")
    if parts.username is not None or parts.password is not None:
        raise URLError("URLs with user name or password are not harvested")
    try:
        host = host.encode("idna").decode("ascii") if not host.isascii() else host
    except UnicodeError:
        raise URLError(f"host {host!r} is not a valid domain name") from None
    if check_host:
        _check_host(host)
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    netloc = host if port is None or port == DEFAULT_PORTS[scheme] else f"{host}:{port}"
    return urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))


def _check_host(host: str) -> None:
    """Refuse a host no browser would load (``http://%00/``, ``http://a..b/``): it
    would only fail later, or mean something else to Firefox than to this list."""
    if ":" in host:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise URLError(f"host [{host}] is not a valid IPv6 address") from None
        return
    if "%" in host:
        raise URLError(
            f"host {host!r} is percent-encoded: write the host name itself "
            "(e.g. bücher.example, not b%C3%BCcher.example)"
        )
    labels = host.removesuffix(".").split(".")
    if len(host) > 253 or not all(_LABEL.fullmatch(label) for label in labels):
        raise URLError(
            f"host {host!r} is not a valid host name: use letters, digits, '-' and '_' "
            "in dot-separated parts of 1 to 63 characters"
        )


def host_of(url: str) -> str:
    """The host (lower case, with a non-default port) a URL's politeness limits apply to."""
    return urlsplit(_normalise(url, check_host=False)).netloc


def domain_of(url: str) -> str:
    """The host name without port and a leading ``www.`` (for one-page-per-domain)."""
    host = urlsplit(_normalise(url, check_host=False)).hostname or ""
    return host.removeprefix("www.")


def _two_fields(first: str) -> str:
    """Why a line with spaces is refused: prose is not a URL; a URL with more after it is
    one URL too many (or a URL with an unescaped space)."""
    try:
        normalise_url(first)
    except URLError as exc:
        return f"not a URL ({exc})"
    return "more than one field: one URL per line (write a space inside a URL as %20)"


def parse_url_list(text: str) -> ParsedList:
    """Parse a URL list; never raises for bad lines (see :class:`ParsedList`).

    A line's first whitespace-separated field is the URL; a ``#`` at the start of a
    line or after whitespace starts a comment (``#`` inside a URL is a fragment).
    """
    parsed = ParsedList()
    first_seen: dict[str, int] = {}
    text = text.lstrip("\ufeff")
    for number, raw_line in enumerate(text.splitlines(), start=1):
        line = raw_line.strip()
        if " #" in line or "\t#" in line:
            line = line[: min(i for i in (line.find(" #"), line.find("\t#")) if i >= 0)]
            line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        if len(fields) > 1:
            parsed.errors.append(BadLine(number, raw_line.strip()[:200], _two_fields(fields[0])))
            continue
        try:
            key = normalise_url(line)
        except URLError as exc:
            parsed.errors.append(BadLine(number, raw_line.strip()[:200], str(exc)))
            continue
        listed = ListedURL(number, line, key)
        if key in first_seen:
            parsed.duplicates.append((listed, first_seen[key]))
            continue
        first_seen[key] = number
        parsed.urls.append(listed)
    return parsed
