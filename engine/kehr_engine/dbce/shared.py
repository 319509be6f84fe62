"""A DBCE index several processes share: LSH buckets and signatures in Redis.

datasketch keeps an LSH's buckets in Redis with a ``storage_config``; the signatures
the ranking needs go into one Redis hash beside them (:class:`RedisSignatures`). Every
process that opens the same ``namespace`` sees every capture any of them indexed, so a
large archive is signed in parallel and then labelled in parallel
(:func:`kehr_engine.dbce.run.index_captures`, :func:`kehr_engine.dbce.run.label_pages`).
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from urllib.parse import urlsplit

import numpy as np
import redis

from kehr_engine.dbce.similar import SimilarityIndex

__all__ = ["RedisSignatures", "drop_namespace", "redis_index"]


class RedisSignatures(MutableMapping[str, np.ndarray]):
    """capture key -> MinHash hash values (uint64), in one Redis hash."""

    def __init__(self, client: redis.Redis, name: str) -> None:
        self.client, self.name = client, name

    def __getitem__(self, key: str) -> np.ndarray:
        value = self.client.hget(self.name, key)
        if value is None:
            raise KeyError(key)
        return np.frombuffer(value, dtype=np.uint64)  # type: ignore[arg-type]

    def __setitem__(self, key: str, value: np.ndarray) -> None:
        self.client.hset(self.name, key, np.asarray(value, dtype=np.uint64).tobytes())

    def __delitem__(self, key: str) -> None:
        if not self.client.hdel(self.name, key):
            raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and bool(self.client.hexists(self.name, key))

    def __iter__(self) -> Iterator[str]:
        for key in self.client.hscan_iter(self.name):
            yield key[0].decode()

    def __len__(self) -> int:
        return int(self.client.hlen(self.name))


def _connection(url: str) -> dict:
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss"):
        raise ValueError(f"not a Redis URL: {url!r} (redis://host:port/db)")
    return {"host": parts.hostname or "localhost", "port": parts.port or 6379,
            "db": int(parts.path.strip("/") or 0), "password": parts.password}  # fmt: skip


def redis_index(url: str, namespace: str) -> SimilarityIndex:
    """The index under ``namespace`` in the Redis at ``url`` (made on first use)."""
    connection = _connection(url)
    client = redis.Redis(**connection)
    return SimilarityIndex(
        storage_config={"type": "redis", "redis": connection,
                        "basename": f"{namespace}:lsh".encode()},
        signatures=RedisSignatures(client, f"{namespace}:signatures"),
    )  # fmt: skip


def drop_namespace(url: str, namespace: str) -> int:
    """Delete everything an index left under ``namespace``; returns the keys deleted."""
    client = redis.Redis(**_connection(url))
    keys = list(client.scan_iter(match=f"{namespace}:*", count=1000))
    return int(client.delete(*keys)) if keys else 0
