"""Measuring a stored annotation document in the harvester's Firefox, safely and offline.

Plain Python (no Django), so that benches can measure pages that live outside the
database (bench/render_krdwrd.py); the platform's side is :mod:`harvest.rendering`.
"""

from __future__ import annotations

import lxml.html

from corpora.segmenter import parse_document
from harvest.browser import Browser
from kehr.processes import free_port
from kehr_engine.layout import Layout

__all__ = ["RENDER_TIMEOUT_S", "RenderError", "measure_document", "offline_proxy",
           "prepare_document"]  # fmt: skip

#: Seconds a page may take to load its resources before it is measured as it is.
RENDER_TIMEOUT_S = 20


class RenderError(RuntimeError):
    """A document that could not be measured; the message says why."""


def prepare_document(document: str, base_url: str) -> str:
    """The annotation document without anything that runs, with a base URL.

    Scripts, event handlers, ``javascript:`` URLs and meta refreshes go (the harvester
    removes them from live snapshots; imported documents may still have them); a
    ``<base href>`` of the page's URL makes relative stylesheets and images resolve as
    they did on the page. Node wrappers keep their ``data-i``, which is all that is read.
    """
    # The segmenter's parse: lxml's default parser stops at 256 levels and would drop
    # the nodes of a deeper page from its layout (kehr_engine.limits.MAX_DEPTH).
    root = parse_document(document)
    for element in list(root.iter("script")):
        element.drop_tree()
    for element in list(root.iter("meta")):
        if (element.get("http-equiv") or "").lower() == "refresh":
            element.drop_tree()
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue  # comments, processing instructions
        for name, value in list(element.attrib.items()):
            lowered = name.lower()
            if lowered.startswith("on") or (
                lowered in {"href", "src", "action", "formaction"}
                and value.strip().lower().startswith("javascript:")
            ):
                del element.attrib[name]
    head = root.find("head")
    if head is None:
        head = lxml.html.Element("head")
        root.insert(0, head)
    if base_url and root.find(".//base") is None:
        head.insert(0, lxml.html.Element("base", href=base_url))
    return lxml.html.tostring(root, doctype="<!DOCTYPE html>", encoding="unicode")


def offline_proxy() -> str:
    """A loopback port nothing listens on: every request through it fails at once."""
    return f"127.0.0.1:{free_port()}"


def measure_document(browser: Browser, document: str, node_count: int, base_url: str) -> dict:
    """The layout (kehr_engine.layout's JSON) of one annotation document; raises
    RenderError (the browser may then be broken: restart it) or LayoutError."""
    client = browser.client
    if client is None:
        raise RenderError("the browser is not running")
    prepared = prepare_document(document, base_url)
    try:
        client.navigate("about:blank")
        data = browser.node_rects(prepared, node_count, timeout_s=RENDER_TIMEOUT_S)
    except Exception as error:  # Marionette raises many kinds
        raise RenderError(f"{type(error).__name__}: {error}".strip()) from error
    Layout.from_json(data, node_count)
    return {**data, "node_count": node_count}
