"""End to end: a learner goes through the shipped tutorial in a real Firefox ESR.

The shipped tutorial is installed as ``manage.py load_tutorial`` does; the backend is
gunicorn on the test database, the replay proxy an empty archive (the tutorial pages
are not archived: their documents come from the API, as for the demo corpus). The
learner logs in, presses Start Tutorial, tags step 1 partly right and partly wrong and
submits: the page comes back coloured by the server's result — light where right,
saturated in the reference tag's colour where wrong or missed — under a bar with the
server's score and the page's note. "Next page" opens step 2; Start Tutorial again
asks about the unsubmitted tags and, kept as a draft, shows them again in the same tab;
after closing the tab Start Tutorial resumes there with the draft; My Stats shows
the scores and the result again; "Start over" there restarts at step 1. At the end of
the tutorial "Finish" leads to My Stats. A staff member then makes their own tags a
step's reference from the bar.

``KEHR_SCREENSHOTS=1`` also saves docs/img/annotator-tutorial-result.png.
"""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from annotations import labels as label_vectors
from annotations.models import Submission
from annotations.services import submit_labels
from comparison import render
from corpora.models import Corpus
from tests.e2e.support import PASSWORD, login_in_options, wait_for, wait_logged_in
from tests.expect import stored_bytes
from tests.proxy_fixtures import start_archive_proxy
from tutorial import progress
from tutorial.models import TutorialStep

pytestmark = [pytest.mark.timeout(300)]

SLUG = "kehr-tutorial"

LABELS_JS = """
const out = {};
for (const el of document.querySelectorAll("kehr-t[data-i]")) {
  out[el.dataset.i] = Number(el.dataset.kehrLabel || 0);
}
return out;
"""
# Every node's result marking and computed background colour.
LOOKS_JS = """
const out = {};
for (const el of document.querySelectorAll("kehr-t[data-i]")) {
  out[el.dataset.i] = [el.dataset.kehrResult, Number(el.dataset.kehrRef),
                       getComputedStyle(el).backgroundColor, getComputedStyle(el).outlineStyle];
}
return out;
"""
# The bar lives in a closed shadow root: the test reads it with system rights.
BAR_JS = """
const host = document.querySelector("kehr-tutorial-bar");
const root = host && host.openOrClosedShadowRoot;
if (!root) return null;
const text = (name) => root.querySelector(`[data-kehr="${name}"]`)?.textContent ?? null;
const rect = (name) => {
  const el = root.querySelector(`[data-kehr="${name}"]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
};
return {score: text("score"), note: text("note"), next: text("next"),
        reference: text("reference"), nextAt: rect("next"), referenceAt: rect("reference"),
        padding: getComputedStyle(document.documentElement).paddingTop,
        barHeight: host.getBoundingClientRect().height};
"""


def rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def mode(browser) -> str | None:
    return browser.js("return document.documentElement.dataset.kehrAnnotator || null")


def bar(browser) -> dict | None:
    return browser.m.execute_script(BAR_JS, sandbox="system")


def click_in_bar(browser, name: str) -> None:
    """A person's click on a button of the bar (trusted events at its place)."""
    from marionette_driver.marionette import ActionSequence

    x, y = wait_for(lambda: (bar(browser) or {}).get(f"{name}At"), what=f"the bar's {name}")
    mouse = ActionSequence(browser.m, "pointer", "mouse")
    mouse.pointer_move(int(x), int(y)).pointer_down(button=0).pointer_up(button=0)
    mouse.perform()


def popup_start(browser, popup: str) -> str:
    """Start Tutorial in the toolbar menu; return the message it shows."""
    browser.switch(popup)
    browser.m.navigate(browser.extension_page("popup/popup.html"))
    wait_for(
        lambda: browser.js(
            "return !document.getElementById('menu').hidden"
            " && document.getElementById('tutorial-note').textContent !== ''"
        ),
        what="the menu with the tutorial",
    )
    press(browser, "#tutorial")
    return wait_for(lambda: browser.text("#status"), what="Start Tutorial's answer", timeout=30)


def press(browser, selector: str) -> None:
    """Click once the element can be clicked (pages render after their data arrives)."""
    wait_for(lambda: browser.click(selector) or True, what=f"{selector} to be clickable")


def step(position: int) -> TutorialStep:
    return TutorialStep.objects.select_related("page").get(corpus__slug=SLUG, position=position)


def wait_for_step(browser, position: int, wanted_mode: str = "annotate") -> None:
    url = step(position).page.final_url or step(position).page.url
    wait_for(
        lambda: browser.m.get_url() == url and mode(browser) == wanted_mode,
        what=f"step {position} in mode {wanted_mode}",
        timeout=20,
    )


def tag(browser, selector: str, key: str, outlined: str) -> None:
    browser.hover(selector)
    wait_for(
        lambda: browser.js(
            "return document.querySelector('[data-kehr-hover]')"
            " === document.querySelector(arguments[0])",
            outlined,
        ),
        what=f"{outlined} outlined",
    )
    browser.chord(key)


def nodes_in(browser, selector: str) -> list[int]:
    return browser.js(
        "return [...document.querySelectorAll(arguments[0])].map((el) => Number(el.dataset.i))",
        f"{selector} kehr-t[data-i], {selector}:is(kehr-t[data-i])",
    )


def assert_result_colours(browser, result: dict) -> dict[str, int]:
    """Every node shows the server's result in the server's diff colours; returns counts."""
    looks = {int(i): v for i, v in browser.js(LOOKS_JS).items()}
    counts = {"correct": 0, "wrong": 0, "missed": 0}
    names = {0: "correct", 1: "wrong", 2: "missed"}
    for index, (marked, ref_marked, background, outline) in looks.items():
        code, ref = result["results"][index], result["reference"][index]
        assert code != -1, "the shipped tutorial scores every node"
        name = names[code]
        strength = render.LIGHT if code == 0 else render.SATURATED
        expected = rgb(render.colour(ref, strength))
        assert (marked, ref_marked) == (name, ref), f"node {index}"
        assert background == expected, f"node {index} ({name}, reference {ref}): {background}"
        assert (outline == "dotted") == (name == "missed"), f"node {index} outline {outline}"
        counts[name] += 1
    return counts


def assert_bar_score(browser, result: dict) -> dict:
    shown = wait_for(lambda: bar(browser), what="the result bar")
    numbers = [float(x) for x in re.findall(r"([\d.]+) %", shown["score"])]
    assert numbers == pytest.approx(
        [result["score_nodes"] * 100, result["score_tokens"] * 100], abs=0.051
    ), shown["score"]
    assert f"({result['correct']} of {result['scored']} nodes)" in shown["score"]
    return shown


@pytest.mark.django_db(transaction=True)
def test_tutorial_result_resume_restart_finish_and_reference(
    backend, annotator_browser, make_user, tmp_path
):
    call_command("load_tutorial", verbosity=0)
    tutorial = Corpus.objects.get(slug=SLUG)
    learner = make_user("lena")
    make_user("sven", staff=True)
    proxy = start_archive_proxy("replay", tmp_path / "archive")  # empty: nothing archived
    try:
        server = backend({"KEHR_ANNOTATOR_REPLAY_PROXY": f"127.0.0.1:{proxy.port}"})
        browser = annotator_browser(ca_pem=proxy.ca_cert_path.read_text())
        run_tutorial(browser, server, learner, tutorial)
        run_staff_reference(browser, server)
    finally:
        proxy.stop()


def run_tutorial(browser, server, learner, tutorial):
    login_in_options(browser, server.url, learner.username)
    popup = browser.open_tab(browser.extension_page("popup/popup.html"))

    # --- Start Tutorial opens step 1 ---------------------------------------------------
    before = set(browser.m.window_handles)
    message = popup_start(browser, popup)
    assert message.startswith("Opened page 1 of 11 of “Kehr tutorial”"), message
    tab = browser.new_handle(before)
    browser.switch(tab)
    wait_for_step(browser, 1)
    first = step(1)
    n = first.page.node_count
    reference = label_vectors.decode(stored_bytes(first.reference_labels))

    # --- tag some text right (headline, first paragraph: good) and some wrong ---------
    # (the paper's name and the byline are bad in the reference); the rest stays untagged
    tag(browser, "article h1 kehr-t", "3", "article h1")
    tag(browser, ".body > p:first-of-type kehr-t", "3", ".body > p:first-of-type")
    tag(browser, ".masthead .name kehr-t", "3", ".masthead .name")
    tag(browser, ".byline > kehr-t", "3", ".byline")
    tagged = {
        i
        for sel in ("article h1", ".body > p:first-of-type", ".masthead .name", ".byline")
        for i in nodes_in(browser, sel)
    }
    expected = [3 if i in tagged else 0 for i in range(n)]
    wait_for(
        lambda: {int(i): v for i, v in browser.js(LABELS_JS).items()} == dict(enumerate(expected)),
        what="the tags painted",
    )
    assert {reference[i] for i in tagged} == {1, 3}, "some tags right, some wrong"

    # --- submit: the page comes back coloured by the result, with the bar --------------
    browser.switch(popup)
    browser.m.navigate(browser.extension_page("popup/popup.html"))
    wait_for(lambda: not browser.js("return document.getElementById('submit').disabled"))
    press(browser, "#submit")
    message = wait_for(lambda: browser.text("#status"), what="the submit's answer", timeout=30)
    assert message.startswith(f"Submitted “{first.page.title}”."), message
    submission = Submission.objects.get(user=learner, page=first.page)
    assert label_vectors.decode(submission.labels) == expected
    result = progress.result_for_position(learner, tutorial, 1)
    assert "Score:" in message
    browser.switch(tab)
    wait_for_step(browser, 1, "result")
    counts = assert_result_colours(browser, result)
    assert counts["correct"] and counts["wrong"] and counts["missed"], counts
    shown = assert_bar_score(browser, result)
    assert shown["note"] == f"What this page teaches: {first.note}"
    assert shown["next"] == "Next page"
    assert shown["reference"] is None, "learners get no reference button"
    # The bar is fixed at the top; the page moved down by its height, nothing else.
    assert shown["padding"] == f"{int(-(-shown['barHeight'] // 1))}px", shown
    browser.js("window.scrollTo(0, 0)")
    browser.screenshot("annotator-tutorial-result.png")
    # Tagging is off in the result view.
    browser.hover("article h1 kehr-t")
    browser.chord("1")
    browser.wait_notice("tagging is off", "the key press to be handled")
    assert browser.js("return document.querySelector('[data-kehr-hover]')") is None
    assert browser.js("return document.querySelector('kehr-t[data-kehr-label]')") is None

    # A reload shows the result again.
    browser.m.refresh()
    wait_for_step(browser, 1, "result")
    assert_result_colours(browser, result)

    # --- Next page: step 2 ---------------------------------------------------------------
    click_in_bar(browser, "next")
    wait_for_step(browser, 2)
    second = step(2)
    tag(browser, "h1 kehr-t", "1", "h1")
    wait_for(lambda: any(v for v in browser.js(LABELS_JS).values()), what="a tag on step 2")
    draft = browser.js(LABELS_JS)

    # Start Tutorial before submitting: asked first; kept as a draft, the same page
    # comes back in the same tab with its tags.
    browser.js("document.documentElement.dataset.before = 'yes'")
    browser.switch(popup)
    browser.m.navigate(browser.extension_page("popup/popup.html"))
    wait_for(lambda: browser.js("return document.getElementById('tutorial-note').textContent"))
    before = set(browser.m.window_handles)
    press(browser, "#tutorial")
    question = wait_for(
        lambda: (
            not browser.js("return document.getElementById('ask').hidden")
            and browser.text("#ask-text")
        ),
        what="the question about unsubmitted tags",
    )
    assert re.match(r"You have \d+ unsubmitted tags? on “", question), question
    press(browser, "#ask-keep")
    message = wait_for(lambda: browser.text("#status"), what="Start Tutorial's answer")
    assert message.startswith("Opened page 2 of 11"), message
    assert set(browser.m.window_handles) == before, "the annotation tab is reused"
    browser.switch(tab)
    wait_for(
        lambda: (
            not browser.js("return document.documentElement.dataset.before")
            and mode(browser) == "annotate"
            and browser.js(LABELS_JS) == draft
        ),
        what="step 2 shown again with its draft",
    )
    assert browser.m.get_url() == second.page.url
    browser.wait_notice("from your draft of")

    # --- quit and come back: it resumes at step 2, with the draft -------------------------
    browser.m.close()
    before = set(browser.m.window_handles)
    message = popup_start(browser, popup)
    assert message.startswith("Opened page 2 of 11"), message
    tab = browser.new_handle(before)
    browser.switch(tab)
    wait_for_step(browser, 2)
    wait_for(lambda: browser.js(LABELS_JS) == draft, what="the draft restored")

    # --- My Stats: progress, scores, the result again (from the server) ------------------
    browser.m.navigate(browser.extension_page("pages/stats.html"))
    block = f"[data-tutorial='{SLUG}']"
    wait_for(lambda: browser.js(f"return !!document.querySelector(\"{block} tr[data-step='1']\")"))
    assert browser.text(f"{block} .progress").startswith("1 of 11 pages done.")
    score = browser.text(f"{block} tr[data-step='1'] .score")
    assert score == (
        f"{result['score_nodes'] * 100:.1f} % (words {result['score_tokens'] * 100:.1f} %)"
    )
    assert browser.text(f"{block} tr[data-step='2'] .score") == "not done"
    before = set(browser.m.window_handles)
    press(browser, f"{block} tr[data-step='1'] button.result")
    shown_again = browser.new_handle(before)
    browser.switch(shown_again)
    wait_for_step(browser, 1, "result")
    assert_result_colours(browser, result)
    assert_bar_score(browser, result)
    browser.m.close()

    # --- Start over in My Stats: the tutorial begins again at step 1 ---------------------
    browser.switch(tab)
    press(browser, f"{block} button.restart")
    browser.m.switch_to_alert().accept()
    wait_for(lambda: not Submission.objects.filter(user=learner).exists(), what="the deletion")
    wait_for(lambda: browser.text(f"{block} .progress").startswith("0 of 11"))
    message = popup_start(browser, popup)
    assert message.startswith("Opened page 1 of 11"), message
    browser.switch(tab)
    wait_for_step(browser, 1)

    # --- the last page: "Finish" leads to the tutorial's summary in My Stats ------------
    for position in range(1, 11):  # as if done before
        page = step(position).page
        submit_labels(page_id=page.pk, user=learner, labels=[3] * page.node_count)
    popup_start(browser, popup)
    browser.switch(tab)
    wait_for_step(browser, 11)
    # Only the headline tagged (the server refuses a submission with nothing tagged).
    tag(browser, "h1 kehr-t", "3", "h1")
    wait_for(lambda: any(browser.js(LABELS_JS).values()), what="the headline tagged")
    browser.switch(popup)
    browser.m.navigate(browser.extension_page("popup/popup.html"))
    wait_for(lambda: not browser.js("return document.getElementById('submit').disabled"))
    press(browser, "#submit")
    wait_for(lambda: browser.text("#status").startswith("Submitted"), timeout=30)
    browser.switch(tab)
    wait_for_step(browser, 11, "result")
    assert wait_for(lambda: bar(browser))["next"] == "Finish"
    click_in_bar(browser, "next")
    wait_for(lambda: "pages/stats.html" in browser.m.get_url(), what="My Stats")
    wait_for(
        lambda: browser.js("return !!document.querySelector(arguments[0])", f"{block}.highlight")
    )
    assert browser.text(f"{block} .progress").startswith("11 of 11 pages done — finished!")
    assert "You have done every page of “Kehr tutorial”" in browser.text("#notice")
    browser.m.close()
    browser.switch(popup)


def run_staff_reference(browser, server):
    """Staff make their own tags a step's reference from the result bar."""
    browser.m.navigate(browser.extension_page("options/options.html"))
    wait_for(lambda: not browser.js("return document.getElementById('logged-in').hidden"))
    press(browser, "#logout")
    wait_for(lambda: browser.js("return document.getElementById('logged-in').hidden"))
    browser.css("#username").clear()  # it still says the learner's name
    browser.css("#username").send_keys("sven")
    browser.css("#password").send_keys(PASSWORD)
    press(browser, "#login")
    wait_logged_in(browser, "sven", what="staff login")

    popup = browser.m.current_window_handle
    before = set(browser.m.window_handles)
    popup_start(browser, popup)
    tab = browser.new_handle(before)
    browser.switch(tab)
    wait_for_step(browser, 1)
    tag(browser, "article h1 kehr-t", "1", "article h1")  # the reference says good
    browser.switch(popup)
    browser.m.navigate(browser.extension_page("popup/popup.html"))
    wait_for(lambda: not browser.js("return document.getElementById('submit').disabled"))
    press(browser, "#submit")
    wait_for(lambda: browser.text("#status").startswith("Submitted"), timeout=30)
    browser.switch(tab)
    wait_for_step(browser, 1, "result")
    assert wait_for(lambda: bar(browser))["reference"] == "Use my tags as the reference"
    click_in_bar(browser, "reference")
    mine = Submission.objects.get(user__username="sven", page=step(1).page)
    wait_for(
        lambda: stored_bytes(step(1).reference_labels) == bytes(mine.labels),
        what="the staff tags to become the reference",
    )
    # Shown again against the new reference: everything tagged is right now.
    wait_for(lambda: "100.0 % of the text nodes" in ((bar(browser) or {}).get("score") or ""))
