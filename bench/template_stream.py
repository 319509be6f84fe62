"""A synthetic news stream for the template methods' benchmarks, with known boilerplate.

Shaped after the pages the URL Tree paper streamed and the CANOLA pages (a median of 107
text nodes, 24 of them running text): every domain has a template (menu, footer,
per-section boxes), a "most read" box of recent headlines, a date line whose digits
change; articles have a title and paragraphs of their own. Domain sizes follow a Zipf
law, so the largest domains pass the 10,000-document cap and the 14-day window, and a
few percent of the documents come again under a tracking parameter (duplicates).

Deterministic for a seed. Gold: template, box, date and comment lines are boilerplate;
the title and paragraphs are content.
"""

from __future__ import annotations

import zlib
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from kehr_engine.urltree import StreamDocument

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")  # fmt: skip
SYLLABLES = ("ka", "lo", "mi", "ne", "ru", "ta", "vo", "si", "de", "pa", "go", "li", "an",
             "er", "un", "ob", "is", "te", "ha", "mo", "ri", "sa", "el", "du")  # fmt: skip


@dataclass
class _Domain:
    name: str
    hosts: list[str]
    sections: list[str]
    menu: list[str]
    footer: list[str]
    boxes: dict[str, list[str]]
    recent: deque[str]
    forum: bool
    count: int = 0


@dataclass(frozen=True)
class GoldDocument:
    document: StreamDocument
    boilerplate: np.ndarray  # one bool per block


class SyntheticStream:
    def __init__(self, documents: int, domains: int = 400, seed: int = 0, days: float = 60.0):
        self.documents, self.days = documents, days
        self.rng = np.random.default_rng(seed)
        self.vocabulary = [self._word() for _ in range(6000)]
        weights = 1.0 / np.arange(1, domains + 1) ** 1.1
        self.weights = weights / weights.sum()
        self.domains = [self._domain(n) for n in range(domains)]

    def _word(self) -> str:
        return "".join(self.rng.choice(SYLLABLES, size=int(self.rng.integers(1, 4))))

    def _phrase(self, low: int, high: int) -> str:
        n = int(self.rng.integers(low, high + 1))
        return " ".join(self.vocabulary[i] for i in self.rng.integers(0, 6000, size=n))

    def _phrases(self, count: int, low: int, high: int) -> list[str]:
        return [self._phrase(low, high) for _ in range(count)]

    def _domain(self, n: int) -> _Domain:
        hosts = ["www", "news", "blog"][: int(self.rng.integers(1, 4))]
        sections = [self._word() for _ in range(int(self.rng.integers(4, 13)))]
        return _Domain(
            name=f"{self._word()}{n}.{self.rng.choice(['com', 'org', 'co.uk', 'de'])}",
            hosts=hosts,
            sections=sections,
            menu=[self._phrase(1, 3).title() for _ in range(int(self.rng.integers(40, 71)))],
            footer=[self._phrase(2, 8) for _ in range(int(self.rng.integers(10, 21)))],
            boxes={s: self._phrases(int(self.rng.integers(3, 9)), 1, 5) for s in sections},
            recent=deque(maxlen=200),
            forum=bool(self.rng.random() < 0.1),
        )

    def __iter__(self) -> Iterator[GoldDocument]:
        rng = self.rng
        picks = rng.choice(len(self.domains), size=self.documents, p=self.weights)
        for number, pick in enumerate(picks):
            domain = self.domains[int(pick)]
            time = number / self.documents * self.days * 86_400
            if domain.count and rng.random() < 0.03:  # a refetch under a tracking parameter
                yield self._article(domain, domain.count - 1, time, "?utm_source=rss")
                continue
            domain.count += 1
            yield self._article(domain, domain.count, time, "")

    def _article(self, domain: _Domain, n: int, time: float, suffix: str) -> GoldDocument:
        rng = np.random.default_rng(zlib.crc32(domain.name.encode()) * 1_000_003 + n)
        section = domain.sections[int(rng.integers(len(domain.sections)))]
        host = domain.hosts[int(rng.integers(len(domain.hosts)))]
        day = int(time // 86_400)
        title = " ".join(self.vocabulary[i] for i in rng.integers(0, 6000, size=6)).capitalize()
        boiler: list[str] = list(domain.menu) + domain.boxes[section]
        boiler.append(
            f"Published {day % 28 + 1} {MONTHS[day // 28 % 12]} 2009 at {n % 24}:{n % 60:02d}"
        )
        boiler += [domain.recent[int(i)] for i in rng.integers(0, len(domain.recent), size=5)] if (
            domain.recent) else []  # fmt: skip
        paragraphs = [
            " ".join(
                self.vocabulary[i] for i in rng.integers(0, 6000, size=int(rng.integers(8, 61)))
            )
            for _ in range(int(rng.integers(8, 41)))
        ]
        content = [title, *paragraphs]
        tail = [f"Comments ({int(rng.integers(0, 300))})", *domain.footer]
        blocks = boiler + content + tail
        gold = np.array([True] * len(boiler) + [False] * len(content) + [True] * len(tail))
        if domain.forum:
            url = f"http://{host}.{domain.name}/forum/viewtopic.php?t={n}&sid={n * 7919 % 10007:x}"
        else:
            slug = title[:12].replace(" ", "-").lower()
            month_number = day // 28 % 12 + 1
            url = f"http://{host}.{domain.name}/{section}/2009/{month_number:02d}/{slug}-{n}.html"
        if not suffix:
            domain.recent.append(title)
        return GoldDocument(StreamDocument(url + suffix, blocks, time), gold)
