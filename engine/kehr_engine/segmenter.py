"""The segmenter: raw HTML in, annotation document with numbered text nodes out.

Node identity is the contract everything else depends on (see
docs/architecture-notes "Node identity and label vectors"): node ``i`` of a page is
the ``i``-th non-whitespace-only text node in document order, skipping the
contents of :data:`SKIPPED_ELEMENTS`. The segmenter wraps each such node in
``<kehr-t data-i="i">`` so the browser extension never has to recompute the
enumeration itself; it only reads the indices. The same enumeration reproduces
the node order of the 2008 KrdWrd corpus pages, which is what lets us import
their annotations as label vectors.

Decoding page bytes as a browser would is :mod:`kehr_engine.decoding` (``decode_html``
and ``EncodingSource`` are importable from here too, where callers have always found
them). Everything here is pure (no Django, no I/O) so it can be tested and benchmarked
on its own. It lives in the engine (``kehr_engine``) because the engine must number
nodes exactly as the platform does: this module is the one copy of that truth, and
``corpora.segmenter`` re-exports it for the platform.
"""

from __future__ import annotations

import re
import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeGuard, cast
from urllib.parse import urljoin

import lxml.html
from lxml import etree

from kehr_engine.decoding import EncodingSource, decode_html
from kehr_engine.limits import MAX_DEPTH, EngineInputError, check_size, too_deep

NODE_TAG = "kehr-t"
NODE_INDEX_ATTR = "data-i"
# Elements whose contents (text and descendants) are not nodes. noscript is NOT
# among them although the KrdWrd README says so: the 2008 node lists count the
# text inside <noscript> (CANOLA pages 814 and 857 only match that way). It is
# also what annotators see where the document is shown with scripting disabled
# (a sandboxed document without allow-scripts): browsers then render noscript
# contents. With scripting enabled a browser keeps noscript content as raw text,
# so those few nodes would have no element there and simply stay unlabelled.
#
# textarea is NOT among them either: KrdWrd's walk (its add-on's traverse(), from
# <body>, skipping only SCRIPT elements) numbered the text node a browser keeps
# inside a <textarea>, its initial value. CANOLA page 831 has the one non-empty
# textarea of the 148 shared pages, and only matches (444 nodes; 7 tokens there)
# that way; every other textarea in them is empty.
SKIPPED_ELEMENTS = frozenset({"script", "style", "title", "template"})
# Elements whose content the parser (like a browser) keeps as one raw text node,
# markup included. Their text is a node (KrdWrd counts e.g. the <noembed> text of
# CANOLA page 916) but a wrapper inside them would be text too, so the wrapper goes
# around the element instead. lxml would also escape their content when
# serializing (changing it on every round trip), so it is written out verbatim.
RAW_TEXT_ELEMENTS = frozenset({"xmp", "iframe", "noembed", "noframes", "plaintext"})
# Elements whose content is one text node too, but with character references
# decoded (the HTML standard's "escapable raw text": textarea, and title, which is
# skipped). A wrapper inside would also be text, so it goes around the element;
# lxml's normal escaping on output is right for them.
ESCAPABLE_RAW_TEXT_ELEMENTS = frozenset({"textarea"})
# Every element whose <kehr-t> wrapper encloses the element rather than its text.
WRAPPED_FROM_OUTSIDE = RAW_TEXT_ELEMENTS | ESCAPABLE_RAW_TEXT_ELEMENTS

# A page nested deeper than kehr_engine.limits.MAX_DEPTH (less one level for the
# <kehr-t> wrappers) is flattened to this depth: well below the limit, since the
# flattening scan does not know HTML's implied end tags and the parser may add
# <html> and <body> above what it saw.
FLATTEN_DEPTH = 1000
# Whether a parsed tree has an element below the given level: an XPath of that many
# steps runs in libxml2, ten times faster than walking the tree in Python (0.03 s for a
# 60,000-node page whose parse takes 0.34 s).
_DEEPER_THAN = {
    levels: etree.XPath("boolean(/" + "*/" * levels + "*)") for levels in (MAX_DEPTH - 1, MAX_DEPTH)
}
# lxml refuses str input that carries an XML encoding declaration, and after
# decoding that declaration is meaningless anyway.
_XML_DECL_RE = re.compile(r"^\s*<\?xml[^>]*>", re.IGNORECASE)
# Characters lxml cannot hold in a tree (XML 1.0 forbids them). Vertical tab and
# form feed are whitespace to Python's str.split and (form feed) to HTML, so they
# become spaces to keep token counts; the other controls and non-characters
# become U+FFFD, the same thing the parser already does with NUL.
_XML_INVALID_RE = re.compile("[\x00-\x08\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


class SegmenterError(ValueError):
    """The input cannot be segmented at all (empty, binary, unparseable)."""


class TooDeepError(SegmenterError):
    """A page or document nested deeper than kehr_engine.limits.MAX_DEPTH allows."""


@dataclass(frozen=True)
class SegmentedPage:
    """The result of :func:`segment`: the annotation document and what it contains."""

    document: str
    node_texts: list[str]
    node_tokens: list[int]
    title: str
    encoding: str
    encoding_source: EncodingSource

    @property
    def node_count(self) -> int:
        return len(self.node_texts)

    @property
    def word_count(self) -> int:
        return sum(self.node_tokens)


class TextNode(NamedTuple):
    """One enumerated text node: ``element.text`` (slot "text") or ``element.tail``."""

    element: etree._Element
    slot: Literal["text", "tail"]
    text: str


# ---------------------------------------------------------------------------
# Enumeration


def _is_text_node(text: str | None) -> TypeGuard[str]:
    """A text node counts when it has a character that is not whitespace.

    Whitespace is Python's notion (str.isspace), which includes U+00A0: a text
    node of only &nbsp; is not a node. The KrdWrd pages need exactly that (many
    of them have such nodes and their node lists leave them out).
    """
    return bool(text) and not text.isspace()  # type: ignore[union-attr]


def _is_visited(element: etree._Element, skipped: frozenset[str]) -> bool:
    """Whether the element's own text and children belong to the enumeration."""
    tag = element.tag
    if not isinstance(tag, str):  # comment, processing instruction, entity
        return False
    return tag.lower() not in skipped


def enumerate_text_nodes(
    root: etree._Element, skipped: frozenset[str] = SKIPPED_ELEMENTS
) -> list[TextNode]:
    """List the non-whitespace-only text nodes under ``root`` in document order.

    For an element: its ``.text``, then for each child the child's subtree and
    then the child's ``.tail``. The contents of SKIPPED_ELEMENTS are not visited
    but their tails are (the tail lies outside the element). Comments and
    processing instructions have no text node of their own; their tails do.
    ``root``'s own tail is outside it and not included. Elements named NODE_TAG
    are treated like any element, so on an annotation document this yields
    exactly the wrapped texts.

    The walk is iterative with an explicit stack: pages with thousands of nested
    elements must not hit Python's recursion limit.
    """
    nodes: list[TextNode] = []
    if not _is_visited(root, skipped):
        return nodes
    # The helpers above, inlined: this loop runs for every element of every page and
    # the calls were half its time (same tests, same order).
    append = nodes.append
    text = root.text
    if text and not text.isspace():
        append(TextNode(root, "text", text))
    # Each entry: an element whose .text is done, and an iterator over the
    # children still to visit. When the iterator runs out, the element's tail
    # comes next (unless it is the root).
    elements: list[etree._Element] = [root]
    iterators: list[Iterator[etree._Element]] = [iter(root)]
    while iterators:
        child = next(iterators[-1], None)
        if child is not None:
            tag = child.tag
            if isinstance(tag, str) and tag.lower() not in skipped:
                text = child.text
                if text and not text.isspace():
                    append(TextNode(child, "text", text))
                elements.append(child)
                iterators.append(iter(child))
                continue
        else:
            iterators.pop()
            child = elements.pop()
            if not iterators:
                break
        # A skipped element, comment or PI, or an element whose subtree is done.
        text = child.tail
        if text and not text.isspace():
            append(TextNode(child, "tail", text))
    return nodes


_KRDWRD_TOKEN_SEPARATOR_RE = re.compile(r"[ \n\r]+|[\t\xa0]")


def krdwrd_token_count(text: str) -> int:
    """The token count the 2008 KrdWrd tools recorded for a text node (`tokens` column).

    Found by matching all 3,300 nodes of the 21 CANOLA sample pages: trim the text
    (Python/JS whitespace, including U+00A0), then split on runs of spaces and
    newlines, but on every single tab and every single no-break space, so
    "a<TAB><TAB>b" is 3 tokens and "a.<NBSP> B" is 3. It over-counts; Kehr's own
    word counts use plain ``len(text.split())`` and this is only for comparing
    with (or importing) KrdWrd data.
    """
    return len(_KRDWRD_TOKEN_SEPARATOR_RE.split(text.strip()))


# ---------------------------------------------------------------------------
# Parsing and the annotation document


def _parser(html_classes: bool = True) -> etree.HTMLParser:
    # huge_tree: big pages and deep nesting must not hit libxml2's safety limits.
    # default_doctype=False: otherwise libxml2 invents an HTML 4.0 doctype and we
    # could not tell whether the page had one.
    # html_classes=False: the same libxml2 parse without lxml.html's element classes,
    # whose Python lookup runs for every element touched (a tenth of the features' time
    # on modern pages); for code that only reads the tree.
    kind = lxml.html.HTMLParser if html_classes else etree.HTMLParser
    return kind(huge_tree=True, remove_comments=False, remove_pis=False, default_doctype=False)


def _clean(text: str) -> str:
    """Decoded HTML without what lxml cannot take (an XML declaration, XML-invalid
    characters)."""
    text = _XML_DECL_RE.sub("", text, count=1)
    # Two str.replace calls, not str.translate: translate with a table looks up every
    # character in a dict, 0.43 CPU s of a 1.9 s pass over the 148 CANOLA pages
    # (replace: 1 ms); the whole segmenter got about 1.4 times faster.
    text = text.replace("\x0b", " ").replace("\x0c", " ")
    return _XML_INVALID_RE.sub("\ufffd", text)


def _parse_page(text: str) -> etree._Element:
    """Parse a page's decoded HTML into a tree rooted at <html> (lxml's plain element
    classes), flattening nesting deeper than the documents may be
    (kehr_engine.limits.MAX_DEPTH, less the wrapper's level) so that every parse of the
    annotation document gets all of it."""
    text = _clean(text)
    root, gave_up = _parse_once(text, html_classes=False)
    if gave_up or _DEEPER_THAN[MAX_DEPTH - 1](root):
        root, gave_up = _parse_once(_flatten_deep_nesting(text), html_classes=False)
        if gave_up or _DEEPER_THAN[MAX_DEPTH - 1](root):
            raise TooDeepError(too_deep("The page, even flattened,"))
    return root


def parse_document(document: str) -> lxml.html.HtmlElement:
    """Parse an annotation document (or any HTML the segmenter made) as the segmenter
    does: every parse of a document must see the same elements, or node numbers go
    missing. Raises TooDeepError, naming the limit, for a document nested deeper than
    kehr_engine.limits.MAX_DEPTH (the segmenter never makes one)."""
    return parse_document_tree(document, html_classes=True)  # type: ignore[return-value]


def parse_document_tree(document: str, *, html_classes: bool = False) -> etree._Element:
    """:func:`parse_document`, by default with lxml's plain element classes: the same
    tree, faster to read (no lxml.html methods such as drop_tree or text_content)."""
    root, gave_up = _parse_once(_clean(document), html_classes)
    if gave_up or _DEEPER_THAN[MAX_DEPTH](root):
        raise TooDeepError(too_deep("The annotation document"))
    return root


# The trees of the last SHARED_TREES annotation documents parsed or made, by document.
SHARED_TREES = 2
_shared_trees: OrderedDict[str, etree._Element] = OrderedDict()
_shared_trees_lock = threading.Lock()


def shared_document_tree(document: str) -> etree._Element:
    """:func:`parse_document_tree` for readers that never change the tree, kept for the
    last two documents: the features and the clean text of a page read the same
    annotation document, and each parse costs about 3 ms on a modern page. A document
    :func:`segment` just made comes with the tree it was serialised from, so a page on
    its way from raw HTML to clean text is parsed once. Do not modify the tree it
    returns (the next reader would see the change)."""
    with _shared_trees_lock:
        root = _shared_trees.get(document)
        if root is not None:
            _shared_trees.move_to_end(document)
            return root
    root = parse_document_tree(document)
    _share_tree(document, root)
    return root


def _share_tree(document: str, root: etree._Element) -> None:
    with _shared_trees_lock:
        _shared_trees[document] = root
        _shared_trees.move_to_end(document)
        while len(_shared_trees) > SHARED_TREES:
            _shared_trees.popitem(last=False)


# The old name, kept for callers that parse documents with it (comparison.render).
_parse = parse_document


def _parse_once(text: str, html_classes: bool = True) -> tuple[etree._Element, bool]:
    """Parse; also say whether libxml2 gave up at its nesting limit (losing the rest)."""
    parser = _parser(html_classes)
    try:
        root = etree.fromstring(text, parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError) as exc:
        raise SegmenterError(f"The page could not be parsed as HTML: {exc}") from exc
    if root is None:
        raise SegmenterError("The page is empty after parsing: it has no HTML content.")
    too_deep = any("Excessive depth" in error.message for error in parser.error_log)
    return root, too_deep


_VOID_ELEMENTS = frozenset(
    "area base basefont bgsound br col embed frame hr image img input isindex keygen link "
    "meta param source track wbr".split()
)
_FLATTEN_OPAQUE = ("script", "style", "textarea", "title", *sorted(RAW_TEXT_ELEMENTS))
_MARKUP_RE = re.compile(
    r"<!--.*?(?:-->|$)|<(/?)([a-zA-Z][^\s/>]*)[^>]*>",
    re.DOTALL,
)


def _flatten_deep_nesting(text: str) -> str:
    """Replace the start and end tags of elements nested deeper than FLATTEN_DEPTH by <!---->.

    Only used when the page is nested deeper than kehr_engine.limits.MAX_DEPTH allows.
    The scan does not know HTML's implied end tags, so it over-estimates depth; that
    only makes it flatten a little early. All text is kept: deep content ends up in its nearest kept
    ancestor instead of being lost, still split into the same text nodes.
    """
    out: list[str] = []
    stack: list[tuple[str, bool]] = []  # (tag name, dropped)
    depth = 0
    pos = 0
    while True:
        match = _MARKUP_RE.search(text, pos)
        if match is None:
            out.append(text[pos:])
            break
        out.append(text[pos : match.start()])
        pos = match.end()
        closing, name = match.group(1), (match.group(2) or "").lower()
        if not name:  # a comment
            out.append(match.group(0))
            continue
        if closing:
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == name:
                    dropped = stack[k][1]
                    depth -= sum(1 for _n, d in stack[k:] if not d)
                    del stack[k:]
                    out.append("<!---->" if dropped else match.group(0))
                    break
            else:
                out.append(match.group(0))  # stray end tag: leave it to the parser
            continue
        if name in _FLATTEN_OPAQUE:
            # Copy the raw text element whole: its content is not markup.
            end = re.compile(rf"</{name}\s*>", re.IGNORECASE).search(text, pos)
            stop = end.end() if end else len(text)
            out.append(match.group(0) + text[pos:stop])
            pos = stop
            continue
        if name in _VOID_ELEMENTS:
            out.append(match.group(0))
            continue
        dropped = depth >= FLATTEN_DEPTH
        stack.append((name, dropped))
        if dropped:
            # An empty comment in its place keeps the text before and after it
            # separate text nodes, so node boundaries stay those of the real tree.
            out.append("<!---->")
        else:
            depth += 1
            out.append(match.group(0))
    return "".join(out)


# Control characters other than tab, newline, carriage return and form feed (a regex:
# the per-character generator it replaces cost 0.3 ms a page).
_CONTROL_RE = re.compile("[\x00-\x08\x0b\x0e-\x1f]")


def _looks_binary(text: str) -> bool:
    """Whether decoded text is really binary data (an image, a PDF, ...)."""
    sample = text[:4096]
    controls = len(_CONTROL_RE.findall(sample))
    # An absolute minimum too: a few stray control characters in a short page are
    # not binary data.
    return controls > max(16, len(sample) // 20)


def _fix_head(root: etree._Element, url: str) -> None:
    """Declare UTF-8 and pin the base URL, so the stored document renders as the page did.

    The document is stored and served as UTF-8, so every original charset
    declaration would now be a lie. The <base> makes relative links, images and
    stylesheets resolve against the page's URL wherever the document is shown.
    """
    for meta in list(root.iter("meta")):
        http_equiv = (meta.get("http-equiv") or "").strip().lower()
        if meta.get("charset") is not None or http_equiv == "content-type":
            _drop_tree(meta)
    head = root.find("head")
    if head is None:
        head = root.makeelement("head", {})
        root.insert(0, head)
    meta = root.makeelement("meta", {"charset": "utf-8"})
    head.insert(0, meta)
    base = next((b for b in root.iter("base") if b.get("href") is not None), None)
    if base is not None:
        # A relative base is relative to the document URL; once the document is
        # served from elsewhere that meaning would be lost, so make it absolute.
        base.set("href", urljoin(url, base.get("href", "").strip()))
    else:
        meta.addnext(root.makeelement("base", {"href": url}))


def _drop_tree(element: etree._Element) -> None:
    """Remove an element and its subtree but keep its tail text (lxml.html's drop_tree
    for plain elements; remove() would lose the tail)."""
    parent = element.getparent()
    if parent is None:
        return
    if element.tail:
        previous = element.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + element.tail
        else:
            parent.text = (parent.text or "") + element.tail
    parent.remove(element)


def _wrap(root: etree._Element, nodes: list[TextNode]) -> None:
    """Wrap each enumerated text node in <kehr-t data-i="i">, in place.

    Last node first: wrapping a raw text element moves it, and its tail's node
    must already sit outside it by then.
    """
    for index in range(len(nodes) - 1, -1, -1):
        node = nodes[index]
        wrapper = root.makeelement(NODE_TAG, {NODE_INDEX_ATTR: str(index)})
        element = node.element
        if node.slot == "tail":
            wrapper.text = node.text
            element.tail = None
            # addnext is O(1); parent.insert(parent.index(...)) would make wide
            # pages quadratic.
            element.addnext(wrapper)
        elif _tag(element) in WRAPPED_FROM_OUTSIDE and element.getparent() is not None:
            # Wrap the element itself; its tail stays outside the wrapper.
            tail, element.tail = element.tail, None
            element.addprevious(wrapper)
            wrapper.append(element)
            wrapper.tail = tail
        else:
            wrapper.text = node.text
            element.text = None
            element.insert(0, wrapper)


def _tag(element: etree._Element) -> str:
    return element.tag.lower() if isinstance(element.tag, str) else ""


def _serialize(root: etree._Element, doctype: str | None) -> str:
    """Serialize as HTML, writing the content of raw text elements verbatim.

    libxml2 only treats script and style as raw when serializing; for the others
    it would escape "&" and "<", which a parser then reads back literally.
    """
    raw_texts: dict[str, str] = {}
    # A random nonce between private-use characters: the serializer leaves them
    # alone and the page cannot contain the same key by accident.
    nonce = uuid.uuid4().hex
    for element in root.iter(*RAW_TEXT_ELEMENTS):
        if element.text:
            key = f"\ue000{nonce}-{len(raw_texts)}\ue001"
            raw_texts[key] = element.text
            element.text = key
    # lxml.html's tostring (its stubs name HtmlElement) on plain elements: the same
    # serialiser.
    html_root = cast(lxml.html.HtmlElement, root)
    document = lxml.html.tostring(html_root, encoding="unicode", method="html", doctype=doctype)
    if raw_texts:
        pattern = f"\ue000{nonce}-\\d+\ue001"
        document = re.sub(pattern, lambda m: raw_texts.get(m[0], m[0]), document)
        for element in root.iter(*RAW_TEXT_ELEMENTS):  # leave the tree as it was
            if element.text in raw_texts:
                element.text = raw_texts[element.text]
    return document


def _title(root: etree._Element) -> str:
    title = root.find(".//title")
    if title is None:
        return ""
    return str(title.xpath("string()")).strip()  # lxml.html's text_content


def segment(raw: bytes | str, url: str, declared_charset: str | None = None) -> SegmentedPage:
    """Turn a page into an annotation document with numbered text nodes.

    ``raw`` is the page as fetched (bytes, decoded here as a browser would) or
    already decoded text. ``url`` is the page's final URL (for <base>);
    ``declared_charset`` the charset of the HTTP Content-Type header, if any.
    Raises SegmenterError for input that is empty or not HTML at all, or larger than
    kehr_engine.limits.max_bytes() (every path that stores a page segments it first).
    """
    try:
        # Characters, not bytes, for text: the limit is about memory, and close enough.
        check_size(len(raw), "The page")
    except EngineInputError as error:
        raise SegmenterError(str(error)) from None
    encoding_source: EncodingSource
    if isinstance(raw, str):
        text, encoding, encoding_source = raw, "utf-8", "unicode"
    else:
        text, encoding, encoding_source = decode_html(raw, declared_charset)
    if not text.strip():
        raise SegmenterError("The page is empty: there is no HTML to segment.")
    if _looks_binary(text):
        raise SegmenterError(
            "The page does not look like HTML: it is mostly control characters "
            "(binary data such as an image or a PDF?)."
        )
    root = _parse_page(text)
    tree = root.getroottree()
    # No doctype stays no doctype: adding one would switch a quirks-mode page to
    # standards mode and change its layout for annotators and screenshots.
    doctype = tree.docinfo.doctype or None
    # A page could carry its own <kehr-t> elements (e.g. a stored annotation
    # document fed in again, or a page forging indices): unwrap them so only the
    # indices given here exist and re-segmenting is idempotent.
    etree.strip_tags(root, NODE_TAG)  # lxml.html's drop_tag on each
    _fix_head(root, url)
    nodes = enumerate_text_nodes(root)
    title = _title(root)
    _wrap(root, nodes)
    document = _serialize(root, doctype)
    # The features and the clean text read this tree instead of parsing the document
    # again (2 to 3 ms of a modern page's 24). It is the tree a parse of the document
    # gives but for some attribute values the serialiser writes otherwise, which
    # dom_stats measures as written: tests/test_segmenter_shared_tree.py checks that
    # both trees give the same features and clean text.
    _share_tree(document, root)
    texts = [node.text for node in nodes]
    return SegmentedPage(
        document=document,
        node_texts=texts,
        node_tokens=[len(t.split()) for t in texts],
        title=title,
        encoding=encoding,
        encoding_source=encoding_source,
    )


def read_node_texts(document: str) -> list[str]:
    """Texts of the numbered nodes of an annotation document, in index order.

    Raises SegmenterError when the indices are not exactly 0..n-1 (a damaged or
    foreign document), since every label vector would then be misaligned.
    """
    if not document.strip():
        raise SegmenterError("The annotation document is empty.")
    root = shared_document_tree(document)  # read only: its text blocks reuse it
    by_index: dict[int, str] = {}
    for wrapper in root.iter(NODE_TAG):
        raw_index = wrapper.get(NODE_INDEX_ATTR)
        try:
            index = int(raw_index or "")
        except ValueError:
            raise SegmenterError(
                f"Annotation document has a <{NODE_TAG}> with a bad index {raw_index!r}."
            ) from None
        if index in by_index:
            raise SegmenterError(f"Annotation document has node index {index} twice.")
        by_index[index] = "".join(wrapper.itertext())
    if sorted(by_index) != list(range(len(by_index))):
        missing = sorted(set(range(len(by_index))) - set(by_index))
        raise SegmenterError(
            f"Annotation document's node indices are not 0..{len(by_index) - 1}: "
            f"missing {missing[:10]}."
        )
    return [by_index[i] for i in range(len(by_index))]
