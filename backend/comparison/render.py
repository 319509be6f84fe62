"""The visual diff: a page's annotation document coloured by how two label vectors compare.

The result is one standalone HTML file that opens in any browser, without the
extension and without scripts (the 2009 KrdWrd system's diff routine did the same):

- every ``<kehr-t data-i="N">`` gets classes for its outcome and colour, and a
  ``title`` tooltip naming both tags;
- a ``<style>`` at the end of ``<head>`` colours them, in the extension's colours: bad
  red, uncertain yellow, good green. The colours are ``!important`` declarations in a
  cascade layer, which win over the page's own ``!important`` rules whatever their
  specificity or place (a site sheet that paints every element of a box with its own
  background must not hide the result);
- a ``<kehr-diff-bar>`` at the top of ``<body>`` (sticky, so it stays in view)
  names the page, the two vectors, the counts and scores, and shows a legend;
- scripts, inline event handlers, ``javascript:`` URLs and refresh redirects are
  removed, and a ``<meta>`` Content-Security-Policy forbids scripts, so the file is
  inert even when opened from disk (served, it also carries ``CSP: sandbox``).

The document keeps its ``<base href>`` (the page's original URL): images and
stylesheets load from there, i.e. from the archive when the viewer's browser uses
Kehr's replay proxy, from the live web (or not at all) otherwise. The bar says so.

Two modes. *Reference* (the tutorial's view; A is judged against reference B):
correct text in a light version of its tag's colour, wrong and missed text in the
saturated colour of the reference tag (missed text also dotted), unscored text
plain. *Side by side* (two annotators, an annotator and the gold standard): text
both sides tag alike in a light version of that colour, disagreements striped in
both colours and outlined, text only one side tagged striped in that side's colour
with white, dashed (A) or dotted (B).

Pure: lxml and the segmenter's own parser and serializer, no Django.
"""

from __future__ import annotations

import html
import uuid
from dataclasses import dataclass

import lxml.html

from comparison import core
from corpora.segmenter import NODE_INDEX_ATTR, NODE_TAG, _parse, _serialize

BAR_TAG = "kehr-diff-bar"

# The extension's tag colours (extension/src/content/annotator.css) as RGB. Light and
# saturated versions are the colour mixed with white in different strengths: opaque, so
# black text stays readable on dark pages too, and the hues stay recognisably the same.
COLOURS = {core.BAD: (255, 0, 0), core.UNCERTAIN: (255, 210, 0), core.GOOD: (0, 190, 0)}
LIGHT = 0.2
SATURATED = 0.75
STRIPE = 0.55

# No script may run in a diff, also when the file is opened from disk (no HTTP header).
META_CSP = "script-src 'none'; object-src 'none'"

_URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href", "data")


@dataclass(frozen=True)
class DiffHeader:
    """What the bar at the top says about the page and the two vectors."""

    page_title: str
    page_url: str
    a_name: str
    b_name: str
    # Where the viewer learns how to set up the replay proxy (absolute URL or path).
    proxy_help: str = ""


def colour(code: int, strength: float) -> str:
    """The tag's colour mixed with white: strength 1 is the pure colour, 0 white."""
    red, green, blue = (round(255 - (255 - c) * strength) for c in COLOURS[code])
    return f"#{red:02x}{green:02x}{blue:02x}"


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:.1f} %"


def _stylesheet() -> str:
    rules = [
        f"{BAR_TAG}, {BAR_TAG} * {{ all: revert; }}",
        f"{BAR_TAG} {{ display: block !important; position: sticky !important; top: 0 !important;"
        " z-index: 2147483647 !important; margin: 0 0 .5em 0 !important;"
        " padding: .45em .8em !important; background: #fdfdfd !important;"
        " color: #111 !important; border-bottom: 2px solid #7a1f7a !important;"
        " font: 13px/1.45 system-ui, sans-serif !important; text-align: left !important;"
        " box-shadow: 0 2px 6px rgba(0,0,0,.2) !important; }",
        f"{BAR_TAG} kd-line {{ display: block !important; margin: .1em 0 !important; }}",
        f"{BAR_TAG} kd-help {{ display: block !important; color: #555 !important;"
        " font-size: 12px !important; }",
        f"{BAR_TAG} a {{ color: #7a1f7a !important; }}",
        f"{BAR_TAG} b {{ font-weight: 600 !important; }}",
        f"{BAR_TAG} .kd-swatch {{ display: inline-block !important; padding: 0 .4em !important;"
        " margin: 0 .5em .15em 0 !important; border-radius: 2px !important; }",
    ]
    return "\n".join([*rules, f"@layer {COLOUR_LAYER} {{", *_colour_rules(), "}"])


# An !important declaration in a cascade layer beats every unlayered !important one.
COLOUR_LAYER = "kehr-diff-colours"


def _colour_rules() -> list[str]:
    rules = [
        ".kd-correct, .kd-wrong, .kd-missed, .kd-same, .kd-different, .kd-only-a, .kd-only-b"
        " { color: #000 !important; -webkit-text-fill-color: #000 !important;"
        " text-shadow: none !important; opacity: 1 !important; }",
    ]
    for code in COLOURS:
        light, saturated, stripe = (colour(code, mix) for mix in (LIGHT, SATURATED, STRIPE))
        rules += [
            f".kd-correct.kd-ref-{code}, .kd-same.kd-a-{code} "
            f"{{ background: {light} !important; }}",
            f".kd-wrong.kd-ref-{code}, .kd-missed.kd-ref-{code} "
            f"{{ background: {saturated} !important; }}",
            f".kd-a-{code} {{ --kd-a: {stripe}; }}",
            f".kd-b-{code} {{ --kd-b: {stripe}; }}",
        ]
    rules += [
        ".kd-missed { outline: 2px dotted #000 !important; outline-offset: -1px !important; }",
        ".kd-different { background: repeating-linear-gradient(135deg, var(--kd-a) 0 .45em,"
        " var(--kd-b) .45em .9em) !important; outline: 2px solid #222 !important;"
        " outline-offset: -1px !important; }",
        ".kd-only-a { background: repeating-linear-gradient(45deg, var(--kd-a) 0 .45em,"
        " #fff .45em .9em) !important; outline: 1px dashed #222 !important; }",
        ".kd-only-b { background: repeating-linear-gradient(135deg, var(--kd-b) 0 .45em,"
        " #fff .45em .9em) !important; outline: 1px dotted #222 !important; }",
    ]
    return rules


STYLESHEET = _stylesheet()


# --------------------------------------------------------------------------- decorations


def reference_decorations(comparison: core.Comparison, a, reference) -> dict[int, tuple[str, str]]:
    """Node index -> (classes, tooltip) for A judged against a reference."""
    a_codes = core.as_vector(a).tolist()
    ref_codes = core.as_vector(reference).tolist()
    decorations = {}
    for index, result in enumerate(comparison.result_list()):
        mine, ref = core.LABEL_NAMES[a_codes[index]], core.LABEL_NAMES[ref_codes[index]]
        name = core.RESULT_NAMES[result]
        if result == core.UNSCORED:
            classes = "kd-unscored"
            tip = f"node {index}: A {mine}; not scored (the reference leaves it untagged)"
        else:
            classes = f"kd-{name} kd-ref-{ref_codes[index]}"
            tip = f"node {index}: A {mine}, reference {ref} ({name})"
        decorations[index] = (classes, tip)
    return decorations


_OUTCOME_CLASSES = {
    core.SAME: "kd-same",
    core.DIFFERENT: "kd-different",
    core.ONLY_A: "kd-only-a",
    core.ONLY_B: "kd-only-b",
    core.NEITHER: "kd-neither",
}


def pair_decorations(pair: core.PairDiff) -> dict[int, tuple[str, str]]:
    """Node index -> (classes, tooltip) for two vectors side by side."""
    decorations = {}
    a_codes, b_codes = pair.a.tolist(), pair.b.tolist()
    for index, outcome in enumerate(pair.outcomes.tolist()):
        a, b = a_codes[index], b_codes[index]
        classes = [_OUTCOME_CLASSES[outcome]]
        if a:
            classes.append(f"kd-a-{a}")
        if b:
            classes.append(f"kd-b-{b}")
        tip = f"node {index}: A {core.LABEL_NAMES[a]}, B {core.LABEL_NAMES[b]}"
        decorations[index] = (" ".join(classes), tip)
    return decorations


# --------------------------------------------------------------------------- the bar


def _swatch(classes: str, text: str, tip: str = "") -> str:
    title = f' title="{html.escape(tip)}"' if tip else ""
    return f'<span class="kd-swatch {classes}"{title}>{html.escape(text)}</span>'


def _bar(header: DiffHeader, summary: str, legend: str) -> str:
    url = html.escape(header.page_url)
    proxy = (
        f' (set-up: docs/archive.md, "HTTPS and the CA"; through the proxy '
        f'<a href="{html.escape(header.proxy_help)}">{html.escape(header.proxy_help)}</a> '
        "has its certificate)"
        if header.proxy_help
        else ""
    )
    return (
        f"<kd-line><b>Kehr visual diff</b> · {html.escape(header.page_title or header.page_url)}"
        f' · <a href="{url}" rel="noreferrer noopener">{url}</a></kd-line>'
        f"<kd-line><b>A</b>: {html.escape(header.a_name)} · <b>B</b>: "
        f"{html.escape(header.b_name)}</kd-line>"
        f"<kd-line>{summary}</kd-line>"
        f"<kd-line>{legend}</kd-line>"
        "<kd-help>Hover over a text to see both tags. Images and stylesheets load from the "
        "page's original address: open this file in a browser that uses Kehr's replay proxy "
        f"to see them as archived{proxy}. Without the proxy the page may look unstyled; "
        "the colours are right either way.</kd-help>"
    )


def reference_bar(header: DiffHeader, comparison: core.Comparison) -> str:
    summary = (
        f"<b>Score</b>: {_percent(comparison.score_nodes)} of nodes "
        f"({comparison.correct} of {comparison.scored} scored), "
        f"{_percent(comparison.score_tokens)} of tokens · {comparison.wrong} wrong · "
        f"{comparison.missed} missed · {comparison.unscored} not scored"
    )
    legend = "".join(
        [
            *(
                _swatch(f"kd-correct kd-ref-{code}", f"correct: {core.LABEL_NAMES[code]}")
                for code in COLOURS
            ),
            *(
                _swatch(f"kd-wrong kd-ref-{code}", f"wrong, reference {core.LABEL_NAMES[code]}")
                for code in COLOURS
            ),
            _swatch(
                f"kd-missed kd-ref-{core.GOOD}",
                "missed (A untagged)",
                "dotted outline, colour of the reference tag",
            ),
            _swatch("kd-unscored", "no colour: not scored"),
        ]
    )
    return _bar(header, summary, legend)


def pair_bar(header: DiffHeader, pair: core.PairDiff) -> str:
    summary = (
        f"<b>Agreement</b>: {pair.same} of {pair.both_tagged} nodes tagged by both "
        f"({_percent(pair.agreement_nodes)}; tokens {_percent(pair.agreement_tokens)}) · "
        f"{pair.different} differ · {pair.only_a} tagged by A only · "
        f"{pair.only_b} by B only · {pair.neither} by neither"
    )
    legend = "".join(
        [
            *(
                _swatch(f"kd-same kd-a-{code} kd-b-{code}", f"same: {core.LABEL_NAMES[code]}")
                for code in COLOURS
            ),
            _swatch(
                f"kd-different kd-a-{core.BAD} kd-b-{core.GOOD}",
                "differ (e.g. A bad, B good)",
                "stripes in both tags' colours, outlined",
            ),
            _swatch(f"kd-only-a kd-a-{core.GOOD}", "A only (e.g. good)", "dashed outline"),
            _swatch(f"kd-only-b kd-b-{core.BAD}", "B only (e.g. bad)", "dotted outline"),
            _swatch("kd-neither", "no colour: untagged by both"),
        ]
    )
    return _bar(header, summary, legend)


# --------------------------------------------------------------------------- the document


def _neutralise(root: lxml.html.HtmlElement) -> None:
    """Remove everything that could run or navigate: scripts, handlers, refreshes.

    ``<noscript>`` in the body becomes ``<kehr-noscript>``: annotators saw the page with
    scripts off, where browsers show it, but a downloaded diff opened from disk counts as
    scripted (even if its CSP blocks every script) and would hide those nodes.
    """
    for element in list(root.iter("script")):
        element.drop_tree()  # keeps the tail text (a text node of the page)
    body = root.find("body")
    if body is not None:
        for element in body.iter("noscript"):
            element.tag = "kehr-noscript"
    for meta in list(root.iter("meta")):
        if (meta.get("http-equiv") or "").strip().lower() in ("refresh", "content-security-policy"):
            meta.drop_tree()
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        for name in list(element.attrib):
            lowered = name.lower()
            if lowered.startswith("on"):
                del element.attrib[name]
            elif lowered in _URL_ATTRIBUTES or lowered == "srcdoc":
                value = element.attrib[name].strip().lower().replace("\t", "").replace("\n", "")
                if lowered == "srcdoc" or value.startswith(("javascript:", "vbscript:")):
                    del element.attrib[name]


def render(document: str, decorations: dict[int, tuple[str, str]], bar_html: str) -> str:
    """The annotation document with decorated nodes, the stylesheet and the bar."""
    root = _parse(document)
    doctype = root.getroottree().docinfo.doctype or None
    _neutralise(root)
    for wrapper in root.iter(NODE_TAG):
        try:
            index = int(wrapper.get(NODE_INDEX_ATTR, ""))
        except ValueError:
            continue
        if index in decorations:
            classes, tip = decorations[index]
            wrapper.set("class", classes)
            wrapper.set("title", tip)
    head = root.find("head")
    if head is None:
        head = root.makeelement("head", {})
        root.insert(0, head)
    csp = root.makeelement("meta", {"http-equiv": "Content-Security-Policy", "content": META_CSP})
    charset = head.find("meta[@charset]")
    if charset is not None:
        charset.addnext(csp)  # the charset declaration stays first
    else:
        head.insert(0, csp)
    style = root.makeelement("style", {"id": "kehr-diff-style"})
    style.text = STYLESHEET
    head.append(style)
    body = root.find("body")
    if body is None:
        body = root.makeelement("body", {})
        root.append(body)
    # The bar goes in as a placeholder: its markup is ours and already escaped, and
    # splicing it in after serialisation keeps lxml from re-parsing it.
    placeholder = f"\ue000kehr-diff-bar-{uuid.uuid4().hex}\ue001"
    bar = root.makeelement(BAR_TAG, {"id": BAR_TAG, "role": "banner"})
    bar.text = placeholder
    bar.tail, body.text = body.text, None
    body.insert(0, bar)
    return _serialize(root, doctype).replace(placeholder, bar_html, 1)


def render_reference_diff(
    document: str, a, reference, tokens, header: DiffHeader
) -> tuple[str, core.Comparison]:
    comparison = core.compare(a, reference, tokens)
    page = render(
        document, reference_decorations(comparison, a, reference), reference_bar(header, comparison)
    )
    return page, comparison


def render_pair_diff(document: str, a, b, tokens, header: DiffHeader) -> tuple[str, core.PairDiff]:
    pair = core.diff(a, b, tokens)
    return render(document, pair_decorations(pair), pair_bar(header, pair)), pair
