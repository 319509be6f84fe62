"""URL keys: which documents are the same document, and where in the tree they go.

A key is built from the final URL (after redirects): scheme and host lower-cased, the
default port and the fragment dropped, and the query cut down by :class:`QueryRules`
(the first rule whose regular expression matches the URL says which parameters name the
document; with no matching rule the query goes). Parameters are sorted, so ``?b=2&a=1``
and ``?a=1&b=2`` agree. When a feed supplies the title, a ``_cid_`` parameter holding a
128-bit hash of it tells apart documents a site serves under one URL.

The branch of a key in its domain's tree is: the domain (the registered domain, from the
public-suffix list; the host and port for IP addresses and single-label hosts such as
``localhost``), the host, each path segment, then the kept query, if any. Branches are
at most :data:`MAX_DEPTH` nodes below the domain: deeper paths keep their rest as one
segment, so one odd URL cannot make a domain's tree deep for every document.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

import tldextract

__all__ = [
    "DEFAULT_RULES_PATH",
    "MAX_DEPTH",
    "QueryRules",
    "UrlKey",
    "registered_domain",
    "url_key",
]

DEFAULT_RULES_PATH = Path(__file__).resolve().parents[1] / "data" / "urltree-query-rules.txt"
_DEFAULT_PORTS = {"http": 80, "https": 443}
MAX_DEPTH = 8


class QueryRulesError(ValueError):
    """A rules file that cannot be read; the message names the line and what to write."""


@dataclass(frozen=True)
class QueryRule:
    pattern: re.Pattern[str]
    keep: frozenset[str]


@dataclass(frozen=True)
class QueryRules:
    """Regular expression -> query parameters to keep; the first match wins.

    The file format: one rule per line, ``REGEX PARAM,PARAM,...`` (the last white-space
    separated field is the parameter list, ``-`` for none); ``#`` starts a comment line.
    """

    rules: tuple[QueryRule, ...] = ()

    @classmethod
    def parse(cls, text: str, source: str = "rules") -> QueryRules:
        rules = []
        for number, line in enumerate(text.splitlines(), start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            regex, _, params = line.rpartition(" ")
            regex = regex.strip()
            if not regex:
                raise QueryRulesError(
                    f"{source}, line {number}: write a regular expression, a space and "
                    f"the parameters to keep (comma-separated, - for none): {line!r}"
                )
            try:
                pattern = re.compile(regex)
            except re.error as error:
                raise QueryRulesError(
                    f"{source}, line {number}: {regex!r} is not a regular expression ({error})"
                ) from None
            keep = frozenset() if params == "-" else frozenset(p for p in params.split(",") if p)
            rules.append(QueryRule(pattern, keep))
        return cls(tuple(rules))

    @classmethod
    def from_file(cls, path: Path) -> QueryRules:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise QueryRulesError(f"cannot read the query rules {path}: {error}") from None
        return cls.parse(text, str(path))

    @classmethod
    def default(cls) -> QueryRules:
        return cls.from_file(DEFAULT_RULES_PATH)

    def kept(self, url: str) -> frozenset[str]:
        for rule in self.rules:
            if rule.pattern.search(url):
                return rule.keep
        return frozenset()


@dataclass(frozen=True)
class UrlKey:
    domain: str
    segments: tuple[str, ...]  # below the domain node: host, path segments, query

    @property
    def text(self) -> str:
        host, *rest = self.segments
        path = "/".join(s for s in rest if not s.startswith("?"))
        query = rest[-1] if rest and rest[-1].startswith("?") else ""
        return f"{host}/{path}{query}"

    def chain(self) -> tuple[int, ...]:
        """64-bit hashes of the branch's prefixes below the domain, host first: the
        trees' node identities (a prefix of n segments is one hash, not n strings)."""
        digest = hashlib.blake2b(digest_size=8)
        out = []
        for segment in self.segments:
            digest.update(segment.encode() + b"\x00")
            out.append(int.from_bytes(digest.copy().digest(), "little"))
        return tuple(out)


@cache
def _extractor() -> tldextract.TLDExtract:

    # The list bundled with tldextract: never fetched (no network in tests, and a key
    # must not change because a download happened).
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)


def registered_domain(host: str) -> str:
    """``news.bbc.co.uk`` -> ``bbc.co.uk``; hosts without a public suffix stay whole."""
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return _extractor()(name).top_domain_under_public_suffix or host


def url_key(url: str, rules: QueryRules, title: str | None = None) -> UrlKey:
    """The document's key and its branch in its domain's tree."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        raise ValueError(f"not an http(s) URL with a host: {url!r}")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"the port of {url!r} is not a number from 0 to 65535") from None
    host = parts.hostname.lower()
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    if port is not None and port != _DEFAULT_PORTS[scheme]:
        host = f"{host}:{port}"
    kept = rules.kept(url)
    query = sorted((k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k in kept)
    if title is not None:
        query.append(("_cid_", hashlib.blake2b(title.encode(), digest_size=16).hexdigest()))
        query.sort()
    segments: list[str] = [host, *(s for s in parts.path.split("/") if s)]
    if parts.path.endswith("/") and len(segments) > 1:
        segments[-1] += "/"  # /news/ (an index page) is not /news (a document)
    if query:
        segments.append("?" + urlencode(query))
    if len(segments) > MAX_DEPTH:
        segments[MAX_DEPTH - 1 :] = ["/".join(segments[MAX_DEPTH - 1 :])]
    return UrlKey(registered_domain(host), tuple(segments))
