// background/router.js under Node: every message goes through the real router of a
// freshly started background, on a fake browser (tests/support/).

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";

import { fake, requests, resetBrowser, tabMessages } from "./support/fake-browser.js";
import { PAGE, contentCollects, grabPage, logIn, pageSender, serveCorpus, startBackground, tabSender } from "./support/background.js";

const REFUSED = { error: "The extension refused this request." };

/** @type {import("node:test").Mock<(...args: any[]) => void>} */
let warn;

beforeEach(async () => {
  resetBrowser();
  warn = mock.method(console, "warn", () => {});
  await logIn();
  serveCorpus();
});

afterEach(() => mock.restoreAll());

/** What the router told the console it refused, one string per refusal. */
function refusals() {
  return warn.mock.calls.filter((call) => call.arguments[0] === "Kehr annotator: refused a message:").map((call) => call.arguments[1]);
}

describe("the background router", () => {
  it("refuses a message of an unknown type, saying which type in the log", async () => {
    const background = await startBackground();
    assert.deepEqual(await background.send({ type: "delete-everything" }, pageSender()), REFUSED);
    assert.deepEqual(refusals(), ['message type "delete-everything" is not accepted from this sender']);
    assert.deepEqual(await background.send("status", pageSender()), REFUSED);
    assert.deepEqual(refusals().at(-1), "a message must be an object");
  });

  it("refuses a known message with a field it does not know or of the wrong kind", async () => {
    const background = await startBackground();
    assert.deepEqual(await background.send({ type: "select-corpus", slug: "news", extra: 1 }, pageSender()), REFUSED);
    assert.deepEqual(await background.send({ type: "submissions", offset: -1 }, pageSender()), REFUSED);
    assert.deepEqual(refusals(), ['select-corpus: unexpected field "extra"', 'submissions: field "offset" must be count']);
  });

  it("answers an extension page (the corpus chosen is stored)", async () => {
    const background = await startBackground();
    assert.deepEqual(await background.send({ type: "select-corpus", slug: "blogs" }, pageSender()), { ok: true });
    assert.equal((await fake.storage.local.get("corpus")).corpus, "blogs");
    const status = await background.send({ type: "status" }, pageSender());
    assert.equal(status.loggedIn, true);
    assert.equal(status.corpus, "blogs");
    assert.equal(status.tab, null, "no annotation tab is open");
  });

  it("leaves messages between a content script and the sidebar alone", async () => {
    await startBackground();
    const answers = await fake.runtime.onMessage.trigger({ type: "bg:nodes" }, tabSender(1), () => {});
    assert.deepEqual(answers, [undefined]);
    assert.deepEqual(refusals(), []);
  });

  it("refuses content-script messages from a tab that is no annotation tab", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    const hello = { type: "content:hello" };
    assert.equal((await background.send(hello, tabSender(tabId))).active, true);
    for (const sender of [
      tabSender(tabId + 1), // another tab
      tabSender(tabId, { frameId: 3 }), // a frame inside the page
      tabSender(tabId, { url: "https://elsewhere.example/" }), // the tab went on to another page
      tabSender(tabId, { id: "another-extension@example" }),
    ]) {
      assert.deepEqual(await background.send(hello, sender), REFUSED, JSON.stringify(sender));
    }
    assert.deepEqual(refusals(), Array(4).fill("not an annotation tab"));
  });

  it("never lets a content script send what only the extension's pages may", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    assert.deepEqual(await background.send({ type: "logout" }, tabSender(tabId)), REFUSED);
    assert.deepEqual(await background.send({ type: "status" }, tabSender(tabId)), REFUSED);
    assert.equal((await fake.storage.local.get("auth")).auth?.username, "anna", "still logged in");
    assert.ok(!requests.some((r) => r.method === "DELETE"), "no token revoked");
  });

  it("tells a content script its page, and the session's notices only once", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    const first = await background.send({ type: "content:hello" }, tabSender(tabId));
    assert.equal(first.pageId, PAGE.id);
    assert.equal(first.nodeCount, PAGE.node_count);
    assert.equal(first.mode, "annotate");
    assert.equal(first.labels, null, "nothing tagged yet");
    assert.ok(!JSON.stringify(first).includes("token-of-anna"), "the token never goes to a content script");
    // Submitted: the same tab shows the next page, with a notice saying so.
    contentCollects([3, 3, 1, 0, 2]);
    assert.equal((await background.send({ type: "submit" }, pageSender())).ok, true);
    const next = await background.send({ type: "content:hello" }, tabSender(tabId));
    assert.deepEqual(next.notices, [{ text: "Submitted “A story”. Note: 1 text node was still untagged and was sent as untagged.", level: "warning" }]);
    const again = await background.send({ type: "content:hello" }, tabSender(tabId));
    assert.deepEqual(again.notices, []);
  });

  it("refuses a draft whose label vector does not fit the page, and stores nothing", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    const draft = { type: "content:draft", labels: [3, 3, 3] };
    assert.deepEqual(await background.send(draft, tabSender(tabId)), REFUSED);
    assert.match(refusals()[0], /content:draft: expected 5 labels \(one per text node\), got 3/);
    await background.drafts.flush();
    const stored = await fake.storage.local.get(null);
    assert.deepEqual(Object.keys(stored).filter((key) => key.startsWith("draft:")), []);
  });

  it("shows in the toolbar menu what the content script last reported", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    const changed = { type: "content:changed", untagged: 2, total: 5, canUndo: true, canRedo: false };
    assert.deepEqual(await background.send(changed, tabSender(tabId)), { ok: true });
    const { tab } = await background.send({ type: "status" }, pageSender());
    assert.equal(tab.id, tabId);
    assert.deepEqual(tab.state, { untagged: 2, total: 5, canUndo: true, canRedo: false });
  });

  it("says in plain words why Submit cannot act when no corpus page is open", async () => {
    const background = await startBackground();
    const answer = await background.send({ type: "submit" }, pageSender());
    assert.deepEqual(answer, { error: "No corpus page is open: use “Grab next page” first." });
    assert.deepEqual(tabMessages, [], "no tab was asked for its tags");
  });

  it("refuses a replay proxy without a usable port, keeping the stored one", async () => {
    const background = await startBackground();
    const proxy = { type: "save-proxy", override: true, host: "proxy.example", port: 0, username: "", password: "" };
    const answer = await background.send(proxy, pageSender());
    assert.match(answer.error, /port between 1 and 65535/);
    assert.equal((await fake.storage.local.get("proxy")).proxy, undefined);
  });

  it("passes a tracking switch on to every annotation tab", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    await background.send({ type: "content:toggle-tracking" }, tabSender(tabId));
    assert.equal((await fake.storage.local.get("tracking")).tracking, false, "tracking was on by default");
    assert.deepEqual(tabMessages.at(-1), { tabId, message: { type: "bg:tracking", on: false } });
  });
});
