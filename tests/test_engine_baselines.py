"""Baseline extractors mapped onto numbered nodes, on hand-made pages."""

from __future__ import annotations

import numpy as np
import pytest

from kehr_engine.baselines import BASELINES, EXTRACTORS, run_baseline
from kehr_engine.node_mapping import kept_nodes
from kehr_engine.segmenter import segment

ARTICLE = [
    "The river had risen overnight, and by morning the lower town was under water again. "
    "Residents who had only just finished clearing the mud from the spring floods carried "
    "their furniture upstairs for the second time this year, and the council opened the "
    "school hall as a shelter for families who could not stay at home.",
    "Engineers from the regional water authority said the new embankment had held where it "
    "was finished, but the unfinished section near the old mill gave way shortly after two "
    "o'clock. They expect the level to fall slowly over the next three days if the rain "
    "stops, and they have asked people not to drive through flooded roads.",
    "Volunteers handed out sandbags at the fire station until late in the evening, and the "
    "bakery on the market square stayed open all night to feed the helpers. Many of them "
    "had been through the same thing in the spring and knew exactly what to do.",
]
MENU = ["Home", "News", "Sport", "Weather", "Contact us"]
FOOTER = "Copyright 2024 Riverside Gazette. All rights reserved. Privacy policy."


def page_html() -> str:
    menu = "".join(f'<li><a href="/{m.lower()}">{m}</a></li>' for m in MENU)
    body = "".join(f"<p>{p}</p>" for p in ARTICLE)
    return (
        "<!DOCTYPE html><html><head><title>Flood returns to the lower town</title></head><body>"
        f'<div id="nav"><ul>{menu}</ul></div>'
        f'<div id="main"><article><h1>Flood returns to the lower town</h1>{body}</article></div>'
        f'<div id="footer"><p>{FOOTER}</p></div></body></html>'
    )


def test_mapping_keeps_the_nodes_whose_text_the_output_contains() -> None:
    nodes = ["Home", "News", "The river rose again today.", "It rained.", "Contact"]
    output = "The river rose again today.\nIt rained."
    assert kept_nodes(nodes, output).tolist() == [False, False, True, True, False]


def test_mapping_credits_a_repeated_word_only_where_the_sequence_matches() -> None:
    """ "News" in the menu is not kept because the article's "News" was."""
    nodes = ["News", "Local News today: the bridge reopens after repairs", "Weather"]
    output = "Local News today: the bridge reopens after repairs"
    assert kept_nodes(nodes, output).tolist() == [False, True, False]


def test_mapping_keeps_a_node_from_exactly_half_of_its_tokens() -> None:
    """KEPT_SHARE at its boundary: 2 of 4 tokens aligned keep the node, 1 of 4 (or 2 of
    5) does not."""
    from kehr_engine.node_mapping import KEPT_SHARE

    assert KEPT_SHARE == 0.5
    nodes = ["alpha beta gamma delta", "one two three four five", "red green blue cyan"]
    output = "alpha beta one two red"
    assert kept_nodes(nodes, output).tolist() == [True, False, False]
    assert kept_nodes(nodes, "gamma delta two three four").tolist() == [True, True, False]


def test_mapping_tolerates_small_rewrites_but_not_a_stray_word() -> None:
    nodes = ["• one two three four", "five", "six seven eight nine ten"]
    output = "one two three four six seven eight nine"
    assert kept_nodes(nodes, output).tolist() == [True, False, True]
    assert kept_nodes([], "anything").tolist() == []
    assert kept_nodes(["a b"], "").tolist() == [False]


@pytest.mark.parametrize("name", ["trafilatura", "justext", "readability", "boilerpy3",
                                  "resiliparse"])  # fmt: skip
def test_each_extractor_keeps_the_article_and_exactly_the_nodes_its_output_holds(
    name: str,
) -> None:
    segmented = segment(page_html(), "https://gazette.example/flood")
    texts = segmented.node_texts
    result = run_baseline(name, page_html(), texts)
    assert result.error is None
    kept = {text for text, k in zip(texts, result.kept, strict=True) if k}
    assert set(ARTICLE) <= kept, name
    # On this page every node's text is distinct, so the mapping must agree with a plain
    # "is the node's text in the output" check.
    output = " ".join(EXTRACTORS[name](page_html()).split())
    assert kept == {text for text in texts if " ".join(text.split()) in output}, name
    assert len(kept) < len(texts), name  # the menu or the footer went


def test_keep_all_keeps_every_node_and_a_failing_extractor_keeps_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = segment(page_html(), "https://gazette.example/flood").node_texts
    assert run_baseline("keep-all", page_html(), texts).kept.all()

    def broken(html: str) -> str:
        raise RuntimeError("parser gave up")

    monkeypatch.setitem(EXTRACTORS, "trafilatura", broken)
    result = run_baseline("trafilatura", page_html(), texts)
    assert result.error == "RuntimeError: parser gave up"
    assert not result.kept.any()
    with pytest.raises(ValueError, match="unknown baseline 'boilerpipe'; choose one of"):
        run_baseline("boilerpipe", page_html(), texts)
    assert "keep-all" in BASELINES and np.ones(1).all()
