"""End to end, in a real Firefox ESR with the built add-on, the real backend and the
real replay proxy: the model's suggestions as hints and as prefilled tags; accepting
one node, a block and the page by key; undo and redo of acceptance; Submit warning
about hints nobody took up; the sidebar's count of suggested and confirmed nodes; a
draft with accepted suggestions surviving a closed tab; and the provenance the server
stored with the submission. (That tutorials never get suggestions is the server's
rule: tests/test_suggestions.py.)
"""

from __future__ import annotations

import numpy as np
import pytest

from annotations import labels as label_vectors
from annotations.models import Submission
from corpora.ingest import add_page
from corpora.models import Corpus
from learning.models import CorpusLearning, ModelVersion, PredictedVector, SuggestionAssignment
from tests.e2e.support import choose_corpus_and_grab, login_in_options, wait_for
from tests.e2e.test_extension_drafts import drafts_in, nodes_in, open_menu, painted, tag
from tests.expect import stored_bytes
from tests.proxy_fixtures import start_archive_proxy

pytestmark = [pytest.mark.timeout(300)]

PAGE_URL = "https://suggest.test/garden/beans"
PAGE = """<!DOCTYPE html>
<html><head><title>Runner beans</title><style>
body { font: 16px/1.4 sans-serif; background: #fff; color: #111; }
nav li { display: inline; margin-right: 1em; }
</style></head><body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/veg">Vegetables</a></li>
<li><a href="/fruit">Fruit</a></li></ul></nav>
<article>
<h1>Growing runner beans</h1>
<p class="one">Sow runner beans outdoors in late May, when the soil has warmed and the
last frosts are over, two seeds to every cane.</p>
<p class="two">Water them well in dry spells, and mulch the roots so that the soil keeps
its moisture through the summer.</p>
<p class="three">Pick the pods young and often: the more you pick, the more the plants
will flower and set new pods.</p>
</article>
<footer><p class="foot">Garden notes, spring edition</p></footer>
</body></html>
"""
BAD, UNSURE, GOOD = 1, 2, 3


def model_vector(page) -> tuple[list[int], np.ndarray]:
    """What the (stored) model says: the menu bad, the article good, the footer
    uncertain; the last paragraph good but too unsure to be suggested (0.4 < 0.5)."""
    document = page.document
    labels, proba = [], []
    for i in range(page.node_count):
        at = document.index(f'data-i="{i}"')
        if at < document.index("</nav>"):
            label, p = BAD, 0.9
        elif at > document.index("<footer"):
            label, p = UNSURE, 0.7
        else:
            label, p = GOOD, 0.4 if document.index('class="three"') < at else 0.95
        labels.append(label)
        row = [(1 - p) / 2] * 3
        row[label - 1] = p
        proba.append(row)
    return labels, np.array(proba, dtype=np.float32)


def suggested_corpus(slug: str, mode: str):
    corpus = Corpus.objects.create(name=f"Garden {mode}", slug=slug, min_words=1)
    page = add_page(corpus, PAGE, url=PAGE_URL)
    # A ready model whose vector for the page is stored: suggestions read it as they
    # read what `manage.py classify` stores (the model file is not needed for that).
    model = ModelVersion.objects.create(
        name=f"garden-{mode}", corpus=corpus, status=ModelVersion.Status.READY,
        job_state=ModelVersion.JobState.DONE,
    )  # fmt: skip
    labels, proba = model_vector(page)
    PredictedVector.objects.create(
        model=model, page=page, labels=bytes(labels), proba=PredictedVector.encode_proba(proba)
    )
    CorpusLearning.objects.create(
        corpus=corpus, suggestions=mode, suggestion_share=100, suggestion_threshold=0.5
    )
    expected = [
        0 if label == GOOD and p.max() < 0.5 else label
        for label, p in zip(labels, proba, strict=True)
    ]
    return corpus, page, expected


def hints(browser) -> list[int]:
    got = browser.js(
        "const out = {}; for (const el of document.querySelectorAll('kehr-t[data-i]'))"
        " out[el.dataset.i] = Number(el.dataset.kehrHint || 0); return out;"
    )
    return [got[k] for k in sorted(got, key=int)]


def pending(browser) -> list[int]:
    return browser.js(
        "return [...document.querySelectorAll('kehr-t[data-kehr-pending]')]"
        ".map((el) => Number(el.dataset.i))"
    )


def popup_submit(browser, popup: str) -> str:
    open_menu(browser, popup)
    wait_for(lambda: not browser.js("return document.getElementById('submit').disabled"))
    browser.click("#submit")
    return wait_for(lambda: browser.text("#status"), what="the submit's answer", timeout=30)


def start(backend, annotator_browser, make_user, tmp_path, corpus, name):
    user = make_user(name)
    proxy = start_archive_proxy("replay", tmp_path / "archive")  # nothing archived
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
    return user, proxy, browser, popup, tab


@pytest.mark.django_db(transaction=True)
def test_hints_accept_undo_warn_sidebar_and_provenance(
    backend, annotator_browser, make_user, tmp_path
):
    corpus, page, expected = suggested_corpus("hinted", "hints")
    user, proxy, browser, popup, tab = start(
        backend, annotator_browser, make_user, tmp_path, corpus, "hilde"
    )
    try:
        n = page.node_count
        menu, one, three, foot = (nodes_in(browser, s) for s in ("nav", ".one", ".three", ".foot"))
        assert menu and one and three and foot
        # --- hints: outlines in the suggested colour, nothing tagged ---------------------
        wait_for(lambda: hints(browser) == expected, what="the hints painted")
        assert painted(browser) == [0] * n
        assert all(expected[i] == 0 for i in three), "too unsure: no hint"
        browser.wait_notice("show the tag model garden-hints suggests")
        outline = browser.js(
            "return getComputedStyle(document.querySelector('.one kehr-t')).outlineStyle"
        )
        assert outline == "dashed"

        # --- accept one paragraph, then the menu's block, by key -------------------------
        tag(browser, ".one", "a")
        wait_for(lambda: all(painted(browser)[i] == GOOD for i in one), what="node accepted")
        tag(browser, "nav li:first-child a", "b")
        wait_for(lambda: all(painted(browser)[i] == BAD for i in menu), what="block accepted")
        assert all(hints(browser)[i] == 0 for i in menu + one)

        # --- undo takes the block back to hints; redo accepts it again -------------------
        browser.chord("z")
        wait_for(lambda: all(hints(browser)[i] == BAD for i in menu), what="undone")
        assert all(painted(browser)[i] == 0 for i in menu)
        browser.chord("y")
        wait_for(lambda: all(painted(browser)[i] == BAD for i in menu), what="redone")

        # --- the sidebar counts accepted nodes and hints not taken up --------------------
        browser.open_tab(browser.extension_page("sidebar/sidebar.html"))
        untaken = sum(1 for i in range(n) if expected[i] and i not in menu + one)
        wait_for(
            lambda: (
                browser.js("return document.getElementById('suggestions').dataset.hint")
                == str(untaken)
            ),
            what="the sidebar's count of hints",
        )
        summary = browser.text("#suggestions")
        assert f"{len(menu) + len(one)} accepted" in summary, summary
        states = browser.js(
            "return [...document.querySelectorAll('#nodes button')].map((b) => b.dataset.state)"
        )
        assert [states[i] for i in menu + one] == ["accepted"] * len(menu + one)
        assert [states[i] for i in foot] == ["hint"] * len(foot)
        title = browser.js(
            "return document.querySelector(`#nodes button[data-i='${arguments[0]}']`).title",
            foot[0],
        )
        assert title == f"{foot[0]}: untagged (suggested: uncertain, probability 0.70)", title
        browser.m.close()

        # --- Submit with hints nobody took up: a warning first, nothing sent -------------
        browser.switch(tab)
        message = popup_submit(browser, popup)
        assert f"{untaken} text nodes still show suggestions" in message, message
        assert not Submission.objects.exists()

        # --- accept the rest of the page, submit: stored with its provenance -------------
        browser.switch(tab)
        browser.chord("e")
        wait_for(lambda: painted(browser) == expected, what="every suggestion accepted")
        message = popup_submit(browser, popup)
        assert message.startswith(f"Submitted “{page.title}”."), message
        stored = Submission.objects.get(user=user, page=page)
        assert label_vectors.decode(stored.labels) == expected
        record = SuggestionAssignment.objects.get(user=user, page=page)
        assert record.shown and record.mode == "hints" and record.model_name == "garden-hints"
        provenance = list(stored_bytes(record.accepted))
        assert provenance == [1 if expected[i] else 0 for i in range(n)]
    finally:
        proxy.stop()


@pytest.mark.django_db(transaction=True)
def test_prefill_confirm_correct_draft_and_provenance(
    backend, annotator_browser, make_user, tmp_path
):
    corpus, page, expected = suggested_corpus("prefilled", "prefill")
    user, proxy, browser, popup, tab = start(
        backend, annotator_browser, make_user, tmp_path, corpus, "pia"
    )
    try:
        n = page.node_count
        menu, one, three, foot = (nodes_in(browser, s) for s in ("nav", ".one", ".three", ".foot"))
        # --- prefill: the page starts tagged as suggested, all unconfirmed ---------------
        wait_for(lambda: painted(browser) == expected, what="the prefilled tags")
        assert sorted(pending(browser)) == [i for i in range(n) if expected[i]]
        browser.wait_notice("start with the tag model garden-prefill suggests")

        # --- confirm one paragraph, correct the footer, tag the unsure paragraph ---------
        tag(browser, ".one", "a")
        wait_for(lambda: not set(one) & set(pending(browser)), what="the paragraph confirmed")
        tag(browser, ".foot", "1")
        tag(browser, ".three", "3")
        final = [BAD if i in foot else GOOD if i in three else expected[i] for i in range(n)]
        wait_for(lambda: painted(browser) == final, what="the corrections")

        # --- close the tab: the draft keeps the tags and what was accepted ---------------
        wait_for(lambda: drafts_in(browser, popup), what="the draft written")
        draft = next(iter(drafts_in(browser, popup).values()))
        assert draft["accepted"] == one and draft["labels"] == final
        browser.switch(tab)
        browser.m.close()
        tab = choose_corpus_and_grab(browser, popup, corpus.slug)
        browser.switch(tab)
        wait_for(lambda: painted(browser) == final, what="the draft restored")
        browser.wait_notice("from your draft of")
        # Still confirmed after the restore; the rest of the prefill still unconfirmed.
        still = sorted(pending(browser))
        assert still == [i for i in range(n) if expected[i] and i not in one + foot]

        # --- submit: accepted, prefilled and own tags told apart -------------------------
        message = popup_submit(browser, popup)
        assert message.startswith(f"Submitted “{page.title}”."), message
        stored = Submission.objects.get(user=user, page=page)
        assert label_vectors.decode(stored.labels) == final
        provenance = list(
            stored_bytes(SuggestionAssignment.objects.get(user=user, page=page).accepted)
        )
        assert [provenance[i] for i in one] == [1] * len(one)
        assert [provenance[i] for i in foot + three] == [0] * len(foot + three)
        assert [provenance[i] for i in menu] == [2] * len(menu)
    finally:
        proxy.stop()
