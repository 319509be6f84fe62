"""End to end, in a real Firefox ESR with the built add-on, the real backend and the
real replay proxy: a Firefox that does not trust the proxy's CA yet is told so and led
to the setup page; pages without any archive (the demo corpus) are annotatable; the
page's own scripts do not run, and nothing a page script can reach holds the token.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from accounts.models import ClientToken
from annotator import conf
from corpora.ingest import add_page
from corpora.models import Corpus
from tests.e2e.support import PASSWORD, PROBE, choose_corpus_and_grab, login_in_options, wait_for
from tests.proxy_fixtures import start_archive_proxy

pytestmark = [pytest.mark.timeout(240)]

SCRIPTED_URL = "https://scripted.test/news/story"
SCRIPTED_PAGE = """<!DOCTYPE html>
<html><head><title>A scripted page</title>
<script>document.title = "SCRIPT RAN"; document.documentElement.dataset.pwned = "1";</script>
</head>
<body onload="document.documentElement.dataset.onload = '1'">
<nav><a href="/">Home</a></nav>
<article><h1>Story</h1><p>The running text of the story, in full sentences.</p>
<noscript><p>Readers without scripts see this paragraph.</p></noscript></article>
</body></html>
"""


@pytest.mark.django_db(transaction=True)
def test_untrusted_ca_no_archive_and_no_page_scripts(
    backend, annotator_browser, make_user, tmp_path
):
    user = make_user("ulla", password=PASSWORD)
    scripted = Corpus.objects.create(name="Scripted", slug="scripted", min_words=1)
    page = add_page(scripted, SCRIPTED_PAGE, url=SCRIPTED_URL)
    call_command("load_demo", verbosity=0)
    # An empty archive: every page is "not archived" (404), as for the demo corpus.
    proxy = start_archive_proxy("replay", tmp_path / "archive")
    try:
        server = backend({"KEHR_ANNOTATOR_REPLAY_PROXY": f"127.0.0.1:{proxy.port}"})
        browser = annotator_browser(ca_pem=None)  # the CA is not trusted yet
        login_in_options(browser, server.url, "ulla")
        options = browser.m.current_window_handle

        # The connection check says what is wrong and offers the setup page.
        browser.click("#check")
        wait_for(lambda: browser.js("return !!document.getElementById('check-ca')"), what="check")
        assert browser.js("return document.getElementById('check-server').dataset.ok") == "true"
        assert browser.js("return document.getElementById('check-proxy').dataset.ok") == "true", (
            browser.text("#check-proxy")
        )
        assert browser.js("return document.getElementById('check-ca').dataset.ok") == "false"
        assert "does not trust the replay proxy's certificate authority" in browser.text(
            "#check-ca"
        )
        assert browser.js("return document.getElementById('setup').hidden") is False

        # A corpus page over HTTPS: Firefox refuses the certificate; the add-on explains.
        popup = browser.open_tab(browser.extension_page("popup/popup.html"))
        tab = choose_corpus_and_grab(browser, popup, "scripted")
        browser.switch(tab)
        wait_for(lambda: "pages/problem.html" in browser.m.get_url(), what="the problem page")
        assert "kind=ca" in browser.m.get_url()
        assert browser.text("#headline") == "Firefox does not trust the replay proxy yet"
        before = set(browser.m.window_handles)
        browser.click("#setup")
        setup = browser.new_handle(before)
        browser.switch(setup)
        wait_for(lambda: browser.m.title == "Kehr archive proxy", what="the proxy's setup page")
        assert browser.m.get_url() == "http://kehr.proxy/"

        # The annotator imports the CA, goes back and tries again.
        browser.trust_ca(proxy.ca_cert_path.read_text())
        browser.switch(tab)
        browser.click("#retry")
        wait_for(lambda: browser.m.get_url() == SCRIPTED_URL, what="the page under its own URL")
        wait_for(
            lambda: browser.js("return document.documentElement.dataset.kehrAnnotator"),
            what="the annotator in the page",
        )
        # The annotation document, not the archive's 404 answer, and none of its scripts ran.
        assert browser.js("return document.querySelectorAll('kehr-t[data-i]').length") == (
            page.node_count
        )
        assert browser.m.title == "A scripted page"
        assert browser.js("return document.documentElement.dataset.pwned") is None
        assert browser.js("return document.documentElement.dataset.onload") is None
        # Scripting is off, so <noscript> content shows, as the segmenter counted it.
        noscript_node = browser.js(
            "const el = [...document.querySelectorAll('kehr-t')].find("
            "  (e) => e.textContent.startsWith('Readers without scripts'));"
            "return el ? el.getBoundingClientRect().height : null;"
        )
        assert noscript_node and noscript_node > 0

        # Nothing a page script could reach holds the token.
        token = ClientToken.objects.get(user=user).key
        probe = browser.page_js(PROBE, token)
        assert probe == {"found": [], "browser": "undefined", "chrome": "undefined"}

        # And the connection check is all green now.
        browser.switch(options)
        browser.click("#check")
        wait_for(
            lambda: browser.js(
                "const c = document.getElementById('check-ca'); return c && c.dataset.ok === 'true'"
            ),
            what="the CA check to pass",
        )

        # A demo page: nothing of it is archived, yet it shows and can be tagged.
        # The annotation tab is reused for the next page.
        choose_corpus_and_grab(browser, popup, "demo", tab)
        browser.switch(tab)
        wait_for(
            lambda: (
                ".example/" in browser.m.get_url()
                and browser.js("return document.documentElement.dataset.kehrAnnotator")
            ),
            what="a demo page to annotate",
        )
        browser.hover("p kehr-t[data-i]")
        browser.chord("3")
        wait_for(
            lambda: (
                browser.js("return document.querySelector('p kehr-t').dataset.kehrLabel") == "3"
            ),
            what="the paragraph to turn good",
        )
        # About shows the version; the guidelines ship inside the add-on.
        browser.switch(popup)
        browser.m.navigate(browser.extension_page("pages/about.html"))
        version = f"version {conf.extension_version()}"
        wait_for(lambda: browser.text("#version") == version, what="the version in About")
        browser.m.navigate(browser.extension_page("pages/guidelines.html"))
        assert browser.m.title == "Kehr: Annotation guidelines"
    finally:
        proxy.stop()
