"""Request keys and replay matching, in layers.

1. exact: method + canonical URL + digest of the request body;
2. cache-buster: the same after removing cache-busting query parameters (rules are
   data: ``fuzzy_rules.json`` beside this module, extended by an admin's file);
3. nearest: the candidate on the same method + path sharing most query parameters.

Every layer below "exact" is a loss of fidelity; the addon logs each such match and
each miss (see ``FidelityLog``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

DEFAULT_RULES_FILE = Path(__file__).with_name("fuzzy_rules.json")
DEFAULT_PORTS = {"http": 80, "https": 443}

EXACT = "exact"
CACHEBUSTER = "cachebuster"
NEAREST = "nearest"
MISS = "miss"


def body_digest(body: bytes | None) -> str:
    """'-' for an empty body, else sha1 in base32 (the WARC digest style)."""
    if not body:
        return "-"
    return "sha1:" + base64.b32encode(hashlib.sha1(body).digest()).decode("ascii")


def _split(url: str):
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    port = parts.port
    if ":" in host:  # an IPv6 literal keeps its brackets
        host = f"[{host}]"
    netloc = host if port in (None, DEFAULT_PORTS.get(scheme)) else f"{host}:{port}"
    # Re-quote the path so equivalent spellings (%7e / ~) agree, keeping reserved chars.
    path = quote(parts.path or "/", safe="/:@!$&'()*+,;=-._~%")
    return scheme, netloc, path, parse_qsl(parts.query, keep_blank_values=True)


def canonical_url(url: str) -> str:
    """Lower-case scheme and host, default port dropped, fragment dropped, query sorted."""
    scheme, netloc, path, query = _split(url)
    return urlunsplit((scheme, netloc, path, urlencode(sorted(query)), ""))


def path_key(method: str, url: str) -> str:
    """What fuzzy candidates share: method and the canonical URL without its query."""
    scheme, netloc, path, _ = _split(url)
    return f"{method.upper()} {scheme}://{netloc}{path}"


def request_key(method: str, url: str, body: bytes | None) -> str:
    return f"{method.upper()} {canonical_url(url)} {body_digest(body)}"


@dataclass
class FuzzyRules:
    drop_params: set[str] = field(default_factory=set)
    drop_param_prefixes: tuple[str, ...] = ()
    drop_value_patterns: list[re.Pattern] = field(default_factory=list)

    @classmethod
    def load(cls, extra_file: str | Path | None = None) -> FuzzyRules:
        """The built-in rules plus an admin's file (same keys; lists are added)."""
        rules = cls()
        files = [DEFAULT_RULES_FILE] + ([Path(extra_file)] if extra_file else [])
        for path in files:
            try:
                data = json.loads(Path(path).read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                raise ValueError(f"fuzzy rules file {path}: {error}") from error
            rules.drop_params |= {str(p) for p in data.get("drop_params", [])}
            rules.drop_param_prefixes += tuple(data.get("drop_param_prefixes", []))
            try:
                rules.drop_value_patterns += [
                    re.compile(p) for p in data.get("drop_value_patterns", [])
                ]
            except re.error as error:
                raise ValueError(f"fuzzy rules file {path}: bad pattern: {error}") from error
        return rules

    def is_buster(self, name: str, value: str) -> bool:
        if name in self.drop_params or name.startswith(self.drop_param_prefixes):
            return True
        return any(p.search(value) for p in self.drop_value_patterns)

    def strip(self, url: str) -> tuple[tuple[str, str], ...]:
        """The query parameters that remain once cache-busters are removed, sorted."""
        *_, query = _split(url)
        return tuple(sorted((k, v) for k, v in query if not self.is_buster(k, v)))


class Candidate(Protocol):
    """What choose() reads of an archived capture (kehr_proxy.index.IndexEntry)."""

    @property
    def id(self) -> int: ...
    @property
    def url(self) -> str: ...
    @property
    def body_digest(self) -> str: ...


C = TypeVar("C", bound=Candidate)


def choose(rules: FuzzyRules, url: str, digest: str, candidates: list[C]) -> tuple[str, C | None]:
    """Pick among same-path candidates (objects with .url, .body_digest, .id).

    Returns (CACHEBUSTER, c) if one with the same request body equals the request once
    busters are removed,
    (NEAREST, c) for the one sharing most parameters, or (MISS, None).
    Ties go to the earliest capture (lowest id): the first capture is the archive's truth.
    """
    if not candidates:
        return MISS, None
    wanted = rules.strip(url)
    same_body = [c for c in candidates if c.body_digest == digest]
    for c in sorted(same_body, key=lambda c: c.id):
        if rules.strip(c.url) == wanted:
            return CACHEBUSTER, c
    *_, query = _split(url)
    pairs, names = set(query), {k for k, _ in query}

    def score(c: C) -> tuple[bool, int, int, int, int]:
        *_, cq = _split(c.url)
        cpairs, cnames = set(cq), {k for k, _ in cq}
        extra = len(cpairs ^ pairs)
        return (
            c.body_digest == digest,
            len(cpairs & pairs),
            len(cnames & names),
            -extra,
            -c.id,
        )

    return NEAREST, max(candidates, key=score)


class FidelityLog:
    """Append-only JSONL log of fuzzy matches and misses (one line, one write)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)

    def write(self, **entry) -> None:
        entry.setdefault("ts", time.time())
        line = json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n"
        # O_APPEND + a single write: lines from several replay processes do not interleave.
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(line)
