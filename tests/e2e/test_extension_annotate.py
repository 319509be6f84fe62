"""End to end: an annotator tags a harvested corpus in a real Firefox ESR.

The corpus is harvested from the fixture site through the recording proxy; the site
then goes away (a stand-in on its port counts any request that still reaches it).
Firefox runs the built add-on in a profile made by ``annotator.firefox`` (the code of
``manage.py annotator_firefox``), the backend is gunicorn on the test database, the
replay proxy asks for a proxy password. The annotator logs in through the options,
grabs a page, hovers and tags with the keyboard, propagates, undoes and redoes,
checks the sidebar, submits while the server is down, closes the tab, and the
submission lands once the server is back — exactly the vector tagged. Then the next
page, My Stats, view, resubmit and delete.

``KEHR_SCREENSHOTS=1`` also saves the screenshots of docs/annotator-guide.md.
"""

from __future__ import annotations

import os
import time

import pytest

from accounts.models import ClientToken
from annotations import labels as label_vectors
from annotations.models import Submission
from corpora.models import Corpus, Page
from harvest.browser import discard_shared_browser
from harvest.harvester import create_job, run_job_sync
from tests.e2e.support import PROBE, choose_corpus_and_grab, login_in_options, wait_for
from tests.fixture_site_server import FixtureSite
from tests.proxy_fixtures import start_archive_proxy

pytestmark = [pytest.mark.timeout(300)]

PAGES = ["/index.html", "/article.html"]
PROXY_AUTH = "annotators:s3cret-proxy"

# Node indices by where they are, read from the page itself (not from the add-on).
REGIONS_JS = """
const r = {nav: [], main: [], footer: [], other: [], p2: [], h1: [], home: []};
for (const el of document.querySelectorAll("kehr-t[data-i]")) {
  const i = Number(el.dataset.i);
  if (el.closest("nav")) r.nav.push(i);
  else if (el.closest("main")) r.main.push(i);
  else if (el.closest("footer")) r.footer.push(i);
  else r.other.push(i);
  if (el.closest("main > p:nth-of-type(2)")) r.p2.push(i);
  if (el.closest("main h1")) r.h1.push(i);
  if (el.closest("nav a") && el.textContent === "Home") r.home.push(i);
}
return r;
"""
LABELS_JS = """
const out = {};
for (const el of document.querySelectorAll("kehr-t[data-i]")) {
  out[el.dataset.i] = Number(el.dataset.kehrLabel);
}
return out;
"""
RECTS_JS = """
return [...document.querySelectorAll("kehr-t[data-i], main, nav, footer, p, h1")].map((el) => {
  const r = el.getBoundingClientRect();
  return [r.left + scrollX, r.top + scrollY, r.width, r.height];
});
"""


def painted(browser) -> dict[int, int]:
    return {int(i): label for i, label in browser.js(LABELS_JS).items()}


def vector(node_count: int, **groups) -> list[int]:
    """A label vector: each keyword is (indices, label), applied in order."""
    labels = [0] * node_count
    for indices, label in groups.values():
        for i in indices:
            labels[i] = label
    return labels


def wait_painted(browser, expected: list[int], what: str) -> None:
    want = dict(enumerate(expected))
    wait_for(lambda: painted(browser) == want, what=what, timeout=10)


def highlighted(browser, selector: str) -> bool:
    return browser.js(
        "return document.querySelector('[data-kehr-hover]')"
        " === document.querySelector(arguments[0])",
        selector,
    )


def popup_click(browser, popup: str, button: str) -> str:
    """Click a button of the toolbar menu; return the status message it shows."""
    browser.switch(popup)
    browser.m.navigate(browser.extension_page("popup/popup.html"))
    # Ready when the corpus list has loaded (the last thing the menu does).
    wait_for(
        lambda: browser.js(
            "return !document.getElementById('menu').hidden"
            " && document.querySelector('#corpus option').textContent !== '(loading…)'"
        ),
        what="the menu",
    )
    browser.js("document.getElementById('status').textContent = ''")
    wait_for(
        lambda: not browser.js(f"return document.getElementById('{button}').disabled"),
        what=f"{button} to be enabled ({browser.text('#page')})",
    )
    browser.click(f"#{button}")
    return wait_for(lambda: browser.text("#status"), what=f"the result of {button}", timeout=30)


@pytest.mark.django_db(transaction=True)
def test_annotate_submit_retry_and_my_stats(backend, annotator_browser, make_user, tmp_path):
    user = make_user("anna")
    corpus = Corpus.objects.create(name="Harvested", slug="harvested", min_words=1)

    # A harvested corpus: the fixture site through the recording proxy.
    site = FixtureSite.start()
    archive = tmp_path / "archive"
    recorder = start_archive_proxy("record", archive, allow_private="127.0.0.0/8")
    try:
        job = create_job(
            corpus,
            "\n".join(site.url(p) for p in PAGES),
            settings={
                "host_delay_ms": 0,
                "settle_ms": 150,
                "proxy": f"127.0.0.1:{recorder.port}",
                "proxy_ca": str(recorder.ca_cert_path),
            },
        )
        progress = run_job_sync(job)
    finally:
        discard_shared_browser()
        recorder.stop()
        site.stop()
    assert progress["done"] == len(PAGES), list(job.items.values("url", "reason", "message"))
    gone = FixtureSite.start(port=site.port, gone=True)
    replay = start_archive_proxy("replay", archive, proxyauth=PROXY_AUTH)
    try:
        server = backend(
            {
                "KEHR_ANNOTATOR_REPLAY_PROXY": f"127.0.0.1:{replay.port}",
                "KEHR_ARCHIVE_REPLAY_AUTH": PROXY_AUTH,
            }
        )
        browser = annotator_browser(ca_pem=replay.ca_cert_path.read_text())
        run_annotation(browser, server, user, corpus, site.base)
    finally:
        replay.stop()
        gone.stop()
    # Every page, stylesheet, image and font came from the archive.
    assert gone.total() == 0, gone.counts


def run_annotation(browser, server, user, corpus, site_base):
    login_in_options(browser, server.url, user.username)
    popup = browser.open_tab(browser.extension_page("popup/popup.html"))
    tab = choose_corpus_and_grab(browser, popup, corpus.slug)

    # --- the page, under its original URL, with its archived resources -------------
    browser.switch(tab)
    wait_for(
        lambda: (
            browser.m.get_url().startswith(site_base)
            and browser.js("return document.documentElement.dataset.kehrAnnotator") == "annotate"
        ),
        what="the first page, ready to annotate",
    )
    page = Page.objects.get(corpus=corpus, final_url=browser.m.get_url())
    n = page.node_count
    assert browser.js("return document.querySelectorAll('kehr-t[data-i]').length") == n
    assert browser.js("return getComputedStyle(document.querySelector('nav')).backgroundColor") == (
        "rgb(238, 238, 255)"
    ), "the site's stylesheet (from the archive) applies"
    wait_for(
        lambda: browser.js(
            "const img = document.querySelector('main img');return img.complete && img.naturalWidth"
        ),
        what="the image from the archive",
    )
    wait_for(
        lambda: browser.js(
            "return [...document.fonts].some("
            "  (f) => f.family.includes('KehrFixture') && f.status === 'loaded')"
        ),
        what="the web font from the archive",
    )
    r = browser.js(REGIONS_JS)
    assert r["p2"] and r["h1"] and len(r["home"]) == 1 and r["footer"] and len(r["nav"]) == 3

    # --- tracking: the element under the pointer, outlined in fuchsia, layout unmoved --
    layout = browser.js(RECTS_JS)
    browser.hover("main > p:nth-of-type(2) kehr-t")
    wait_for(lambda: highlighted(browser, "main > p:nth-of-type(2)"), what="the paragraph outlined")
    style = browser.js(
        "const s = getComputedStyle(document.querySelector('main > p:nth-of-type(2)'));"
        "return [s.outlineColor, s.outlineStyle, s.outlineWidth];"
    )
    assert style == ["rgb(255, 0, 255)", "solid", "2px"]
    assert browser.js(RECTS_JS) == layout, "highlighting moved something"

    # --- tagging with the keyboard ----------------------------------------------------
    browser.chord("1")  # the second paragraph: bad
    wait_painted(browser, vector(n, p2=(r["p2"], 1)), "the paragraph painted bad")
    browser.hover("main h1 kehr-t")
    wait_for(lambda: highlighted(browser, "main h1"), what="the heading outlined")
    browser.chord("1")
    wait_painted(browser, vector(n, p2=(r["p2"], 1), h1=(r["h1"], 1)), "the heading bad")
    browser.chord("4")  # clear it again
    wait_painted(browser, vector(n, p2=(r["p2"], 1)), "the heading cleared")
    browser.hover("main img")  # no text of its own: the article around it
    wait_for(lambda: highlighted(browser, "main"), what="the article outlined")
    browser.chord("3")
    # The paragraph's own tag wins over the article's (the nearest tagged ancestor-or-self).
    wait_painted(
        browser, vector(n, main=(r["main"], 3), p2=(r["p2"], 1)), "the article good, p2 still bad"
    )
    browser.hover("nav a kehr-t")
    wait_for(lambda: highlighted(browser, "nav a"), what="the Home link outlined")
    browser.chord("1")
    browser.context_menu("footer kehr-t", "tag-uncertain")  # right-click → Kehr → Uncertain
    final = vector(
        n, main=(r["main"], 3), p2=(r["p2"], 1), home=(r["home"], 1), footer=(r["footer"], 2)
    )
    wait_painted(browser, final, "link bad and footer uncertain")
    colours = browser.js(
        "const bg = (sel) => getComputedStyle(document.querySelector(sel)).backgroundColor;"
        "return [bg('main > p:nth-of-type(2) kehr-t'), bg('footer kehr-t'), bg('main h1 kehr-t')];"
    )
    assert colours == ["rgb(255, 158, 158)", "rgb(255, 228, 102)", "rgb(158, 230, 158)"]

    # --- propagate, undo, redo (keyboard and the menu's Utils) -------------------------
    browser.hover("main img")
    browser.chord("p")  # propagate the article's tag over the paragraph's own
    propagated = vector(n, main=(r["main"], 3), home=(r["home"], 1), footer=(r["footer"], 2))
    wait_painted(browser, propagated, "propagate")
    browser.chord("z")
    wait_painted(browser, final, "undo of propagate")
    assert popup_click(browser, popup, "redo") is not None
    browser.switch(tab)
    wait_painted(browser, propagated, "redo from the menu")
    popup_click(browser, popup, "undo")
    browser.switch(tab)
    wait_painted(browser, final, "undo from the menu")
    browser.hover("main img")
    browser.js("window.scrollTo(0, 0)")  # the outline stays: the pointer did not move
    browser.screenshot("annotator-tagged-page.png")
    if os.environ.get("KEHR_SCREENSHOTS"):  # the real sidebar beside the page
        browser.show_sidebar(True)
        wait_for(lambda: browser.toolbar_icon())  # let the sidebar render
        time.sleep(1)
        browser.window_screenshot("annotator-sidebar.png")
        browser.show_sidebar(False)

    # --- the sidebar: every node, coloured, click to scroll ----------------------------
    untagged = final.count(0)
    assert untagged == 2  # the " | " and "Article" of the navigation
    browser.js("window.scrollTo(0, 0)")
    sidebar = browser.open_tab(browser.extension_page("sidebar/sidebar.html"))
    wait_for(
        lambda: (
            browser.js("return document.getElementById('summary').dataset.untagged")
            == str(untagged)
        ),
        what="the sidebar's untagged count",
    )
    listed = browser.js(
        "return [...document.querySelectorAll('#nodes button')].map((b) => Number(b.dataset.label))"
    )
    assert listed == final
    sidebar_colours = browser.js(
        "return [...document.querySelectorAll('#nodes button')]"
        ".map((b) => getComputedStyle(b).backgroundColor)"
    )
    page_colours = {0: "rgba(0, 0, 0, 0)", 1: "rgb(255, 158, 158)", 2: "rgb(255, 228, 102)"}
    page_colours[3] = "rgb(158, 230, 158)"
    assert sidebar_colours == [page_colours[label] for label in final]
    last = r["footer"][-1]
    browser.click(f"#nodes button[data-i='{last}']")
    browser.switch(tab)
    wait_for(
        lambda: browser.js(
            "const r = document.querySelector(`kehr-t[data-i='${arguments[0]}']`)"
            ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight;",
            last,
        ),
        what="the page scrolled to the node",
    )
    browser.switch(sidebar)
    browser.m.close()

    # --- tracking off and on again (the toolbar menu) ---------------------------------
    assert "broom-on.svg" in browser.toolbar_icon(), "a pink broom while tracking"
    assert popup_click(browser, popup, "tracking").startswith("Tracking is off")
    assert "broom-off.svg" in browser.toolbar_icon(), "a grey broom without tracking"
    browser.switch(tab)
    wait_for(lambda: browser.js("return document.documentElement.dataset.kehrTracking") == "off")
    assert browser.js("return document.querySelector('[data-kehr-hover]')") is None
    browser.hover("main h1 kehr-t")
    browser.chord("1")  # no target while tracking is off: nothing changes
    browser.wait_notice("Tracking is off", "the key press to be handled")
    assert painted(browser) == dict(enumerate(final))
    assert popup_click(browser, popup, "tracking") == "Tracking is on."
    browser.switch(tab)
    wait_for(lambda: browser.js("return document.documentElement.dataset.kehrTracking") == "on")

    # --- nothing a page script can reach holds the token ------------------------------
    browser.switch(tab)
    token = ClientToken.objects.get(user=user).key
    assert browser.page_js(PROBE, token) == {
        "found": [],
        "browser": "undefined",
        "chrome": "undefined",
    }

    # --- submit while the server is down; close the tab; it lands when it is back -----
    server.stop()
    message = popup_click(browser, popup, "submit")
    assert "Could not reach the Kehr server" in message, message
    assert "saved in the browser and will be sent automatically" in message, message
    wait_for(lambda: "1 submission waiting" in browser.text("#pending"), what="the pending count")
    browser.screenshot("annotator-popup.png", browser.css("body"))
    assert not Submission.objects.exists()
    browser.switch(tab)
    browser.m.close()
    server.start()
    stored = wait_for(
        lambda: Submission.objects.filter(user=user, page=page).first(),
        timeout=60,
        what="the retried submission to land",
    )
    assert label_vectors.decode(stored.labels) == final
    # The draft made while tagging went when the queued submission landed.
    browser.switch(popup)
    wait_for(
        lambda: not [k for k in browser.extension_storage() if k.startswith("draft:")],
        what="the draft to go once the submission landed",
    )
    assert stored.client_version == "kehr-extension 0.1.0"
    assert stored.started_at is not None and stored.started_at <= stored.submitted_at

    # --- the next (last) page: submitted at once, untagged nodes warned about -----------
    tab = choose_corpus_and_grab(browser, popup, corpus.slug)
    browser.switch(tab)
    wait_for(
        lambda: (
            browser.js("return document.documentElement.dataset.kehrAnnotator") == "annotate"
            and browser.m.get_url() != page.final_url
        ),
        what="the second page",
    )
    second = Page.objects.get(corpus=corpus, final_url=browser.m.get_url())
    r2 = browser.js(REGIONS_JS)
    browser.hover("main img")
    browser.chord("3")
    expected_second = vector(second.node_count, main=(r2["main"], 3))
    wait_painted(browser, expected_second, "the second page's article good")
    message = popup_click(browser, popup, "submit")
    skipped = expected_second.count(0)
    assert f"Submitted “{second.title}”. Note: {skipped} text nodes were still untagged" in message
    assert "You have annotated every page of 'Harvested'" in message
    assert label_vectors.decode(Submission.objects.get(page=second).labels) == expected_second

    # --- My Stats opened itself: pages per corpus, the submissions ---------------------
    browser.switch(tab)
    wait_for(lambda: "pages/stats.html" in browser.m.get_url(), what="My Stats")
    wait_for(
        lambda: browser.js("return document.querySelectorAll('tr[data-submission]').length") == 2
    )
    assert "Thank you" in browser.text("#notice")
    assert browser.text("#totals").startswith("2 pages annotated")
    assert browser.text("tr[data-corpus='harvested'] td:nth-child(2)") == "2 of 2"
    # Corpora and pages as people know them (name, title), the slug and URL beside.
    assert browser.text("tr[data-corpus='harvested'] .corpus-name") == "Harvested"
    assert browser.text("tr[data-corpus='harvested'] .corpus-name-id") == "harvested"
    row = f"tr[data-submission='{Submission.objects.get(page=second).pk}']"
    assert browser.text(f"{row} .page-title") == second.title
    assert browser.text(f"{row} .page-url") == second.url
    browser.screenshot("annotator-my-stats.png")

    # View: the stored tags, read-only.
    before = set(browser.m.window_handles)
    browser.click(f"tr[data-submission='{stored.pk}'] button.view")
    view = browser.new_handle(before)
    browser.switch(view)
    wait_for(lambda: browser.js("return document.documentElement.dataset.kehrAnnotator") == "view")
    wait_painted(browser, final, "the submission re-displayed with its tags")
    browser.hover("main img")
    browser.chord("1")  # read-only: nothing changes
    browser.wait_notice("read-only view", "the key press to be handled")
    assert painted(browser) == dict(enumerate(final))
    browser.m.close()

    # Resubmit: change a tag, submit again; the server keeps revision 2.
    browser.switch(tab)
    before = set(browser.m.window_handles)
    browser.click(f"tr[data-submission='{stored.pk}'] button.resubmit")
    again = browser.new_handle(before)
    browser.switch(again)
    wait_for(
        lambda: browser.js("return document.documentElement.dataset.kehrAnnotator") == "resubmit"
    )
    wait_painted(browser, final, "the submission to change")
    browser.hover("footer kehr-t")
    browser.chord("3")
    changed = vector(
        n, main=(r["main"], 3), p2=(r["p2"], 1), home=(r["home"], 1), footer=(r["footer"], 3)
    )
    wait_painted(browser, changed, "the footer good now")
    message = popup_click(browser, popup, "submit")
    assert message.startswith("Submitted"), message
    stored.refresh_from_db()
    assert (stored.revision, label_vectors.decode(stored.labels)) == (2, changed)

    # Delete the second page's submission.
    browser.switch(tab)
    browser.m.navigate(browser.extension_page("pages/stats.html"))
    second_row = Submission.objects.get(page=second).pk
    wait_for(
        lambda: browser.js("return document.querySelectorAll('tr[data-submission]').length") == 2
    )
    browser.click(f"tr[data-submission='{second_row}'] button.delete")
    browser.m.switch_to_alert().accept()
    wait_for(lambda: not Submission.objects.filter(pk=second_row).exists(), what="the deletion")
    assert Submission.objects.filter(user=user).count() == 1
