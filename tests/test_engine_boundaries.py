"""The engine is a standalone package: no Django, and the platform's segmenter is its,
with one depth limit for both."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import corpora.segmenter
import kehr_engine.segmenter
from kehr_engine.clean_text import kept_text
from kehr_engine.features import features
from kehr_engine.limits import MAX_DEPTH, EngineInputError
from kehr_engine.pipeline import PageInput
from kehr_engine.segmenter import TooDeepError, parse_document, read_node_texts

ENGINE = Path(__file__).resolve().parents[1] / "engine"

# Every module of the package is imported with Django made unimportable (a None entry
# in sys.modules makes `import django` raise ImportError) and only engine/ on the path,
# so neither a direct nor an indirect import of Django or of a platform app can hide.
IMPORT_ALL = """
import importlib, pkgutil, sys
sys.modules["django"] = None
import kehr_engine
names = [m.name for m in pkgutil.walk_packages(kehr_engine.__path__, "kehr_engine.")]
for name in names:
    importlib.import_module(name)
platform = sorted(n for n, m in sys.modules.items() if m is not None and n.split(".")[0] in {
    "django", "rest_framework", "celery", "kehr", "corpora", "gold", "annotations"})
print(len(names), platform)
"""


def test_every_engine_module_imports_without_django() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(ENGINE)!r})\n{IMPORT_ALL}",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    count, platform = result.stdout.split(" ", 1)
    assert int(count) >= 1
    assert platform.strip() == "[]"


def test_the_platform_segmenter_is_the_engine_one() -> None:
    """One copy of the numbering: corpora.segmenter re-exports the engine's objects."""
    assert corpora.segmenter.segment is kehr_engine.segmenter.segment
    assert corpora.segmenter.enumerate_text_nodes is kehr_engine.segmenter.enumerate_text_nodes
    assert corpora.segmenter.SegmenterError is kehr_engine.segmenter.SegmenterError


def nested(depth: int, tag: str = "div") -> str:
    """A page whose innermost text sits ``depth`` elements below <body>."""
    return (
        "<html><body><p>before</p>" + "".join(f"<{tag}>t{i} " for i in range(depth))
        + f"</{tag}>" * depth + "<p>after</p></body></html>"
    )  # fmt: skip


@pytest.mark.parametrize("depth", [254, 300, 1500, MAX_DEPTH + 100])
def test_a_deeply_nested_page_is_one_the_engine_takes(depth: int) -> None:
    """Issue 26 item 13: 254 levels were segmented but refused by the engine ("0
    numbered nodes"), whose parser stopped at libxml2's default 256 levels."""
    page = PageInput.from_html(nested(depth).encode(), "https://deep.test/")
    assert page.node_count == depth + 2
    doc = page.node_document()
    names, matrix = features(doc)
    assert matrix.shape == (depth + 2, len(names))
    assert page.node_texts[-2:] == [f"t{depth - 1} ", "after"]
    assert read_node_texts(page.document) == page.node_texts


def test_deep_inline_text_keeps_its_line_in_the_clean_text() -> None:
    raw = "<p>" + "<span>" * 300 + "deep" + "</span>" * 300 + " tail</p><p>next</p>"
    page = PageInput.from_html(raw, "https://deep.test/")
    assert kept_text(page.node_texts, [True] * page.node_count, page.document) == (
        "deep tail\nnext"
    )


def test_one_depth_limit_for_segmenter_and_engine() -> None:
    assert kehr_engine.segmenter.MAX_DEPTH is MAX_DEPTH
    assert corpora.segmenter.MAX_DEPTH is MAX_DEPTH
    # The segmenter's document never goes past it, however deep the page.
    document = PageInput.from_html(nested(MAX_DEPTH + 100), "https://deep.test/").document
    assert parse_document(document).xpath(f"boolean(/{'*/' * MAX_DEPTH}*)") is False


def test_a_document_deeper_than_the_limit_is_refused_naming_it() -> None:
    """A document made elsewhere, deeper than the segmenter ever makes one."""
    depth = MAX_DEPTH + 10
    document = (
        "<html><body>" + "<div>" * depth + '<kehr-t data-i="0">deep</kehr-t>'
        + "</div>" * depth + "</body></html>"
    )  # fmt: skip
    page = PageInput(node_texts=["deep"], document=document, html="")
    limit = rf"more than the limit of {MAX_DEPTH:,} levels \(kehr_engine\.limits\.MAX_DEPTH\)"
    with pytest.raises(EngineInputError, match=limit):
        page.node_document()
    with pytest.raises(TooDeepError, match=limit):
        read_node_texts(document)
