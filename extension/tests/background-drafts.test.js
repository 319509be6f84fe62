// background/drafts.js and Submit under Node: drafts written when tagging pauses, kept
// across restarts and failed submissions, dropped once the server has the tags.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";

import { DRAFT_MAX_AGE_MS, DRAFT_SAVE_DELAY_MS, draftKey } from "../src/lib/drafts.js";
import { fake, resetBrowser, tabMessages } from "./support/fake-browser.js";
import {
  PAGE,
  SERVER,
  contentCollects,
  grabPage,
  logIn,
  pageSender,
  serveCorpus,
  settle,
  startBackground,
  tabSender,
} from "./support/background.js";

const KEY = draftKey(SERVER, "anna", PAGE.id);
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

beforeEach(async () => {
  resetBrowser();
  mock.method(console, "warn", () => {});
  mock.timers.enable({ apis: ["setTimeout", "Date"], now: START });
  await logIn();
  serveCorpus();
});

afterEach(() => {
  mock.timers.reset();
  mock.restoreAll();
});

/** The draft stored for the page, if any. */
async function storedDraft() {
  return (await fake.storage.local.get(KEY))[KEY];
}

async function pending() {
  return (await fake.storage.local.get("pendingSubmissions")).pendingSubmissions ?? [];
}

/**
 * The content script of `tabId` reports its tags, and the pause after them passes.
 * @param {import("./support/background.js").Background} background
 * @param {number} tabId
 * @param {number[]} labels
 */
async function tag(background, tabId, labels) {
  assert.deepEqual(await background.send({ type: "content:draft", labels }, tabSender(tabId)), { ok: true });
  mock.timers.tick(DRAFT_SAVE_DELAY_MS);
  await settle();
}

describe("drafts", () => {
  it("are written once tagging pauses, not at every change", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    await background.send({ type: "content:draft", labels: [1, 0, 0, 0, 0] }, tabSender(tabId));
    await background.send({ type: "content:draft", labels: [1, 3, 0, 0, 0] }, tabSender(tabId));
    mock.timers.tick(DRAFT_SAVE_DELAY_MS - 1);
    await settle();
    assert.equal(await storedDraft(), undefined, "not written during the changes");
    mock.timers.tick(1);
    await settle();
    const draft = await storedDraft();
    assert.deepEqual(draft.labels, [1, 3, 0, 0, 0]);
    assert.equal(draft.savedAt, START);
    assert.equal(draft.nodeCount, PAGE.node_count);
  });

  it("survive a restart of the background and are put back on the page", async () => {
    const before = await startBackground();
    const tabId = await grabPage(before);
    await tag(before, tabId, [3, 3, 1, 0, 2]);
    const after = await startBackground(); // Firefox unloaded the idle event page
    assert.notEqual(after.sessions, before.sessions);
    const hello = await after.send({ type: "content:hello" }, tabSender(tabId));
    assert.deepEqual(hello.labels, [3, 3, 1, 0, 2]);
    assert.match(hello.notices[0].text, /^Restored 4 tags from your draft of .+\. Submit sends them; nothing was sent yet\.$/);
  });

  it("are written at once when the tab closes, and restored when the page is opened after a browser restart", async () => {
    const before = await startBackground();
    const tabId = await grabPage(before);
    await before.send({ type: "content:draft", labels: [2, 0, 0, 0, 3] }, tabSender(tabId));
    // The tab is closed (Firefox's event; the fake's tabs.remove cannot find the window).
    await fake.tabs.onRemoved.trigger(tabId, { isWindowClosing: false, windowId: 0 });
    await settle();
    assert.deepEqual((await storedDraft())?.labels, [2, 0, 0, 0, 3]);
    await fake.storage.session.clear(); // the browser restarted: no annotation tab any more
    const after = await startBackground();
    assert.deepEqual(after.sessions.pageTabs(), []);
    const newTab = await grabPage(after);
    assert.notEqual(newTab, tabId);
    const hello = await after.send({ type: "content:hello" }, tabSender(newTab));
    assert.deepEqual(hello.labels, [2, 0, 0, 0, 3]);
  });

  it("make Grab next page ask first, and stay when the annotator goes on", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    await background.send({ type: "content:draft", labels: [1, 1, 0, 0, 0] }, tabSender(tabId));
    const answer = await background.send({ type: "grab-next" }, pageSender());
    assert.deepEqual(answer.ask, {
      tabId,
      count: 2,
      title: PAGE.title,
      text: "You have 2 unsubmitted tags on “A story”: submit, keep as a draft and go on, or stay?",
    });
    assert.deepEqual((await storedDraft())?.labels, [1, 1, 0, 0, 0], "written before asking");
    const went = await background.send({ type: "grab-next", keepDraft: true }, pageSender());
    assert.equal(went.done, false);
    assert.deepEqual((await storedDraft())?.labels, [1, 1, 0, 0, 0]);
  });

  it("are removed when every tag is cleared again", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    await tag(background, tabId, [1, 0, 0, 0, 0]);
    assert.ok(await storedDraft());
    await tag(background, tabId, [0, 0, 0, 0, 0]);
    assert.equal(await storedDraft(), undefined);
  });

  it("are not kept for a read-only view, nor when logged out", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    const session = background.sessions.pageSession(tabId);
    assert.ok(session);
    await background.drafts.record({ ...session, mode: "view" }, [1, 1, 1, 1, 1]);
    await background.drafts.flush();
    assert.equal(await storedDraft(), undefined, "a view");
    await fake.storage.local.set({ auth: null });
    await background.drafts.record(session, [1, 1, 1, 1, 1]);
    await background.drafts.flush();
    assert.deepEqual(Object.keys(await fake.storage.local.get(null)).filter((key) => key.startsWith("draft:")), []);
  });

  it("of another version of the page are removed with a warning, not restored", async () => {
    await fake.storage.local.set({ [KEY]: { pageId: PAGE.id, nodeCount: 4, labels: [1, 1, 1, 1], savedAt: START, title: "", url: "" } });
    const background = await startBackground();
    const tabId = await grabPage(background);
    const hello = await background.send({ type: "content:hello" }, tabSender(tabId));
    assert.equal(hello.labels, null);
    assert.equal(hello.notices.length, 1);
    assert.equal(hello.notices[0].level, "warning");
    assert.match(hello.notices[0].text, /^A draft of this page was found but not restored: .*4 text nodes, and the page now has 5/);
    assert.equal(await storedDraft(), undefined);
  });

  it("expire at browser start-up after 30 days", async () => {
    const old = draftKey(SERVER, "anna", 1);
    const recent = draftKey(SERVER, "anna", 2);
    await fake.storage.local.set({
      [old]: { pageId: 1, nodeCount: 1, labels: [1], savedAt: START - DRAFT_MAX_AGE_MS - 1, title: "", url: "" },
      [recent]: { pageId: 2, nodeCount: 1, labels: [1], savedAt: START - DRAFT_MAX_AGE_MS + 60_000, title: "", url: "" },
    });
    await startBackground();
    await fake.runtime.onStartup.trigger();
    await settle();
    const stored = await fake.storage.local.get(null);
    assert.equal(stored[old], undefined);
    assert.ok(stored[recent]);
    assert.equal(stored.server, SERVER, "settings stay");
  });
});

describe("Submit", () => {
  it("drops the draft once the server has the tags", async () => {
    const background = await startBackground();
    const tabId = await grabPage(background);
    await tag(background, tabId, [3, 3, 3, 1, 1]);
    contentCollects([3, 3, 3, 1, 1]);
    const answer = await background.send({ type: "submit" }, pageSender());
    assert.equal(answer.ok, true, answer.message);
    await settle();
    assert.equal(await storedDraft(), undefined);
    assert.deepEqual(await pending(), []);
  });

  it("that fails keeps the draft and queues the tags; the draft goes when a retry lands", async () => {
    serveCorpus({ submit: () => "network-error" });
    const background = await startBackground();
    const tabId = await grabPage(background);
    await tag(background, tabId, [3, 3, 3, 1, 1]);
    contentCollects([3, 3, 3, 1, 1]);
    const answer = await background.send({ type: "submit" }, pageSender());
    assert.equal(answer.ok, false);
    assert.match(answer.message, /Your tags are saved in the browser and will be sent automatically\.$/);
    assert.deepEqual(tabMessages.at(-1), { tabId, message: { type: "bg:notice", text: answer.message, level: "error" } });
    assert.deepEqual((await storedDraft())?.labels, [3, 3, 3, 1, 1]);
    const [queued] = await pending();
    assert.deepEqual(queued.labels, [3, 3, 3, 1, 1]);
    assert.equal(queued.draftKey, KEY);

    serveCorpus(); // the server is back
    const retried = await background.send({ type: "retry-queue" }, pageSender());
    assert.equal(retried.error, undefined, JSON.stringify(retried));
    await settle();
    assert.deepEqual(await pending(), []);
    assert.equal(await storedDraft(), undefined);
  });

  it("refused by the server keeps the draft", async () => {
    serveCorpus({ submit: () => ({ status: 400, body: { labels: ["Expected 5 labels."] } }) });
    const background = await startBackground();
    const tabId = await grabPage(background);
    await tag(background, tabId, [1, 1, 1, 1, 1]);
    contentCollects([1, 1, 1, 1, 1]);
    const answer = await background.send({ type: "submit" }, pageSender());
    assert.equal(answer.ok, false);
    assert.match(answer.message, /^The server refused the submission: /);
    assert.deepEqual((await storedDraft())?.labels, [1, 1, 1, 1, 1]);
  });

  it("keeps the tags made after a queued submission when that submission lands", async () => {
    serveCorpus({ submit: () => "network-error" });
    const background = await startBackground();
    const tabId = await grabPage(background);
    await tag(background, tabId, [1, 1, 1, 1, 1]);
    contentCollects([1, 1, 1, 1, 1]);
    assert.equal((await background.send({ type: "submit" }, pageSender())).ok, false);
    mock.timers.tick(60_000);
    await tag(background, tabId, [1, 1, 1, 1, 3]); // tagged on after the submission was queued
    serveCorpus();
    await background.send({ type: "retry-queue" }, pageSender());
    await settle();
    assert.deepEqual(await pending(), []);
    assert.deepEqual((await storedDraft())?.labels, [1, 1, 1, 1, 3]);
  });
});
