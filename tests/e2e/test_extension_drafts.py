"""End to end, in a real Firefox ESR with the built add-on, the real backend and the
real replay proxy: unsubmitted tags survive a closed tab and *Grab next page*
(drafts), Submit acts only on the tab in front, tag colours are visible on nodes
inside elements with their own background, and the connection check fetches a corpus
page through the replay proxy and says what to do about loopback pages.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from PIL import Image

from annotations import labels as label_vectors
from annotations.models import Submission
from corpora.ingest import add_page
from corpora.models import Corpus
from tests.e2e.support import choose_corpus_and_grab, login_in_options, wait_for
from tests.proxy_fixtures import start_archive_proxy

pytestmark = [pytest.mark.timeout(300)]

PAGE_URL = "https://drafts.test/oceans/pirates"
# The photo credit of CANOLA page 734 sits in a box with its own (dark) background, the
# warning in a red one: tag colours must show on both, not just on white.
PAGE = """<!DOCTYPE html>
<html><head><title>Pirates unmasked</title><style>
body { font: 16px/1.4 sans-serif; background: #fff; color: #111; }
.update_picl { float: left; width: 170px; margin: 0 12px 6px 0; padding: 4px;
               background: #1d3c6e; color: #fff; font-size: 13px; }
.photo { display: block; width: 160px; height: 90px; background: #889; }
.alert { clear: both; background: #d00; color: #fff; padding: 4px; }
</style></head><body>
<h1>Pirates unmasked off Guinea</h1>
<div class="update_picl"><span class="photo"></span>
<span class="credit">©Greenpeace/Walsh</span></div>
<p class="story">We have been working undercover off the coast of Guinea, West Africa,
and have documented the theft of fish from one of the poorest regions in the world.</p>
<p class="alert"><span class="warning">Pirate vessels ahead</span></p>
<footer><p>Copyright Greenpeace</p></footer>
</body></html>
"""
LABELS_JS = """
const out = {};
for (const el of document.querySelectorAll("kehr-t[data-i]")) {
  out[el.dataset.i] = Number(el.dataset.kehrLabel || 0);
}
return out;
"""
# The add-on's tag colours as painted (extension/src/content/annotator.css).
BAD, GOOD = (255, 158, 158), (158, 230, 158)


def painted(browser) -> list[int]:
    labels = {int(i): v for i, v in browser.js(LABELS_JS).items()}
    return [labels[i] for i in sorted(labels)]


def nodes_in(browser, selector: str) -> list[int]:
    return browser.js(
        "return [...document.querySelectorAll(arguments[0])].map((el) => Number(el.dataset.i))",
        f"{selector} kehr-t[data-i]",
    )


def tag(browser, selector: str, key: str) -> None:
    """Point at the element (it is outlined), press Ctrl+Alt+key."""
    browser.hover(f"{selector} kehr-t")
    wait_for(
        lambda: browser.js(
            "return document.querySelector('[data-kehr-hover]')"
            " === document.querySelector(arguments[0])",
            selector,
        ),
        what=f"{selector} outlined",
    )
    browser.chord(key)


def share_of_colour(browser, selector: str, colour: tuple[int, int, int]) -> float:
    """The share of the element's painted pixels that are the tag colour (a screenshot
    of what is on the screen, not the computed style)."""
    element = browser.css(selector)
    png = browser.m.screenshot(element=element, format="binary")
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)
    return float((np.abs(pixels - np.array(colour)) <= 6).all(axis=2).mean())


def open_menu(browser, popup: str) -> None:
    browser.switch(popup)
    browser.m.navigate(browser.extension_page("popup/popup.html"))
    wait_for(
        lambda: browser.js(
            "return !document.getElementById('menu').hidden"
            " && document.querySelector('#corpus option').textContent !== '(loading…)'"
        ),
        what="the menu",
    )


def drafts_in(browser, popup: str) -> dict:
    open_menu(browser, popup)
    return {k: v for k, v in browser.extension_storage().items() if k.startswith("draft:")}


@pytest.mark.django_db(transaction=True)
def test_drafts_ask_front_tab_and_visible_colours(backend, annotator_browser, make_user, tmp_path):
    user = make_user("dora")
    corpus = Corpus.objects.create(name="Oceans", slug="oceans", min_words=1)
    page = add_page(corpus, PAGE, url=PAGE_URL)
    proxy = start_archive_proxy("replay", tmp_path / "archive")  # nothing archived
    try:
        server = backend({"KEHR_ANNOTATOR_REPLAY_PROXY": f"127.0.0.1:{proxy.port}"})
        browser = annotator_browser(ca_pem=proxy.ca_cert_path.read_text())
        login_in_options(browser, server.url, user.username)
        popup = browser.open_tab(browser.extension_page("popup/popup.html"))
        tab = choose_corpus_and_grab(browser, popup, corpus.slug)
        browser.switch(tab)
        wait_for(
            lambda: browser.js("return document.documentElement.dataset.kehrAnnotator"),
            what="the page ready to annotate",
        )
        n = page.node_count
        story, credit, warning = (
            nodes_in(browser, sel) for sel in (".story", ".credit", ".warning")
        )

        # --- tag: the colours show on dark and red boxes too (what is painted) ----------
        tag(browser, ".story", "3")
        tag(browser, ".credit", "1")
        tag(browser, ".warning", "1")
        tagged = [3 if i in story else 1 if i in credit or i in warning else 0 for i in range(n)]
        wait_for(lambda: painted(browser) == tagged, what="the tags painted")
        browser.hover("h1 kehr-t")  # the pointer's outline off the nodes measured
        wait_for(lambda: browser.js("return !!document.querySelector('h1[data-kehr-hover]')"))
        for selector, colour in (
            (".story kehr-t", GOOD),
            (".credit kehr-t", BAD),
            (".warning kehr-t", BAD),
        ):
            share = share_of_colour(browser, selector, colour)
            assert share > 0.4, f"{selector}: only {share:.0%} of it in the tag colour"

        # --- close the tab at once; open the page again: the tags are back --------------
        browser.m.close()
        tab = choose_corpus_and_grab(browser, popup, corpus.slug)
        browser.switch(tab)
        wait_for(lambda: painted(browser) == tagged, what="the draft restored")
        restored = browser.wait_notice("from your draft of")
        assert restored.startswith(f"Restored {tagged.count(1) + tagged.count(3)} tags"), restored

        # --- Grab next page with unsubmitted tags: asked first --------------------------
        open_menu(browser, popup)
        browser.click("#grab")
        question = wait_for(
            lambda: (
                not browser.js("return document.getElementById('ask').hidden")
                and browser.text("#ask-text")
            ),
            what="the question about unsubmitted tags",
        )
        count = tagged.count(1) + tagged.count(3)
        assert question == (
            f"You have {count} unsubmitted tags on “{page.title}”: "
            "submit, keep as a draft and go on, or stay?"
        )
        browser.click("#ask-stay")
        wait_for(lambda: "Nothing changed" in browser.text("#status"), what="Stay")
        browser.switch(tab)
        assert painted(browser) == tagged, "Stay leaves the page as it is"
        # Keep as draft and go on: the next page (this one again: the only one).
        browser.js("document.documentElement.dataset.before = 'yes'")  # this document
        open_menu(browser, popup)
        browser.click("#grab")
        wait_for(lambda: not browser.js("return document.getElementById('ask').hidden"))
        browser.click("#ask-keep")
        wait_for(lambda: browser.text("#status").startswith("Opened"), what="the next page")
        browser.switch(tab)
        wait_for(
            lambda: (
                not browser.js("return document.documentElement.dataset.before")
                and any("from your draft of" in n for n in browser.notices())
            ),
            what="the page again, with its draft",
        )
        wait_for(lambda: painted(browser) == tagged, what="the draft restored again")

        # --- Submit acts on the tab in front, never on an annotation tab behind it -------
        other = browser.open_tab("about:blank")
        open_menu(browser, popup)
        wait_for(lambda: "not an annotation tab" in browser.text("#page"), what="the menu")
        assert browser.js("return document.getElementById('submit').disabled") is True
        answer = browser.m.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.wrappedJSObject.browser.runtime.sendMessage({type: 'submit'})"
            ".then((a) => done(JSON.parse(JSON.stringify(a))), (e) => done({error: String(e)}));"
        )
        assert "is not an annotation tab" in answer.get("error", ""), answer
        assert not Submission.objects.exists()
        assert drafts_in(browser, popup), "the draft is still there"
        browser.switch(other)
        browser.m.close()

        # --- Submit the page in front: stored, and the draft is gone --------------------
        browser.switch(tab)
        open_menu(browser, popup)
        wait_for(lambda: not browser.js("return document.getElementById('submit').disabled"))
        browser.click("#submit")
        message = wait_for(lambda: browser.text("#status"), what="the submit's answer", timeout=30)
        assert message.startswith(f"Submitted “{page.title}”."), message
        stored = Submission.objects.get(user=user, page=page)
        assert label_vectors.decode(stored.labels) == tagged
        wait_for(lambda: not drafts_in(browser, popup), what="the draft to be dropped")
    finally:
        proxy.stop()


LOOPBACK_PAGE = """<!DOCTYPE html><html><head><title>Local page</title></head>
<body><p>A page harvested from this computer.</p></body></html>"""


@pytest.mark.django_db(transaction=True)
def test_connection_check_fetches_a_page_and_explains_loopback(
    backend, annotator_browser, make_user, tmp_path
):
    user = make_user("lou")
    corpus = Corpus.objects.create(name="Local", slug="local", min_words=1)
    add_page(corpus, LOOPBACK_PAGE, url="http://127.0.0.1:8/local/page.html")
    proxy = start_archive_proxy("replay", tmp_path / "archive")
    try:
        server = backend({"KEHR_ANNOTATOR_REPLAY_PROXY": f"127.0.0.1:{proxy.port}"})
        browser = annotator_browser(ca_pem=proxy.ca_cert_path.read_text())
        login_in_options(browser, server.url, user.username)
        options = browser.m.current_window_handle
        browser.open_tab(browser.extension_page("popup/popup.html"))
        wait_for(
            lambda: browser.js("return !!document.querySelector('#corpus option[value=\"local\"]')")
        )
        browser.js(
            "const s = document.getElementById('corpus'); s.value = 'local';"
            "s.dispatchEvent(new Event('change'));"
        )
        wait_for(lambda: "Corpus chosen" in browser.text("#status"))

        def check() -> tuple[str, str]:
            browser.switch(options)
            browser.js("document.getElementById('checks').replaceChildren()")
            browser.click("#check")
            wait_for(lambda: browser.js("return !!document.getElementById('check-page')"))
            return (
                browser.js("return document.getElementById('check-page').dataset.ok"),
                browser.text("#check-page"),
            )

        # The profile made by annotator_firefox proxies loopback addresses: the page
        # came through the replay proxy (it answered "not archived", which is fine).
        state, text = check()
        assert state == "true", text
        assert "came through the replay proxy" in text
        # A normal profile does not: the check says so, and what to do.
        browser.chrome_js(
            "Services.prefs.setBoolPref('network.proxy.allow_hijacking_localhost', false)"
        )
        state, text = check()
        assert state == "false", text
        assert re.search(r"this Firefox profile never sends loopback addresses", text), text
        assert "network.proxy.allow_hijacking_localhost to true" in text
        assert browser.js("return document.getElementById('check-proxy').dataset.ok") == "true"
    finally:
        proxy.stop()
