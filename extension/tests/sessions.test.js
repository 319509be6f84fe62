// background/sessions.js under Node: which tab shows what, kept in storage.session
// across restarts of the event page.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";

import { fake, loadFresh, resetBrowser } from "./support/fake-browser.js";
import { logIn, serveCorpus, settle, startBackground } from "./support/background.js";

/** @returns {Promise<typeof import("../src/background/sessions.js")>} */
async function freshSessions() {
  const sessions = (await loadFresh(["background/sessions.js"]))["background/sessions.js"];
  await sessions.ready;
  return sessions;
}

/**
 * @param {number} pageId
 * @returns {import("../src/background/sessions.js").PageSession}
 */
function pageSession(pageId) {
  return {
    kind: "page",
    mode: "annotate",
    url: `https://news.example/${pageId}`,
    pageId,
    corpus: "news",
    title: `Page ${pageId}`,
    nodeCount: 3,
    startedAt: "2026-11-02T09:00:00.000Z",
    labels: null,
    banner: "",
    notices: [],
    problem: "",
  };
}

beforeEach(() => resetBrowser());
afterEach(() => mock.restoreAll());

describe("sessions", () => {
  it("know a document by its URL without the fragment", async () => {
    const sessions = await freshSessions();
    assert.equal(sessions.documentUrl("https://a.example/p?q=1#part-2"), "https://a.example/p?q=1");
    assert.equal(sessions.documentUrl("not a url"), "not a url");
  });

  it("tell page tabs from setup tabs", async () => {
    const sessions = await freshSessions();
    await sessions.set(4, { kind: "setup", url: "http://kehr.proxy/" });
    await sessions.set(5, pageSession(50));
    assert.deepEqual(sessions.pageTabs(), [5]);
    assert.equal(sessions.pageSession(4), undefined);
    assert.equal(sessions.pageSession(5)?.pageId, 50);
    assert.equal(sessions.pageSession(undefined), undefined);
  });

  it("act on the active annotation tab, else on the one used last", async () => {
    const sessions = await freshSessions();
    await sessions.set(5, pageSession(50));
    await sessions.set(6, pageSession(60));
    assert.equal(sessions.currentPageTab(5), 5, "the active tab is an annotation tab");
    assert.equal(sessions.currentPageTab(99), 6, "the one opened last");
    await sessions.noteActive(5);
    assert.equal(sessions.currentPageTab(99), 5, "the one looked at last");
    await sessions.remove(5);
    assert.equal(sessions.currentPageTab(99), undefined, "the last one was closed");
    assert.equal(sessions.currentPageTab(6), 6);
  });

  it("keep the tabs in the order they were activated, each once, at most 20", async () => {
    const sessions = await freshSessions();
    for (let tab = 1; tab <= 25; tab++) await sessions.noteActive(tab);
    await sessions.noteActive(10);
    const recent = sessions.recentlyActive();
    assert.equal(recent.length, 20);
    assert.deepEqual(recent.slice(0, 3), [10, 25, 24]);
    assert.equal(new Set(recent).size, 20);
    await sessions.forgetTab(25);
    assert.deepEqual(sessions.recentlyActive().slice(0, 2), [10, 24]);
  });

  it("forget what a tab reported when it shows a new page", async () => {
    const sessions = await freshSessions();
    await sessions.set(5, pageSession(50));
    sessions.setState(5, { untagged: 1, total: 3, canUndo: true, canRedo: false });
    assert.equal(sessions.getState(5)?.untagged, 1);
    await sessions.set(5, pageSession(51));
    assert.equal(sessions.getState(5), undefined);
  });

  it("are the same after the event page is unloaded and started again", async () => {
    const before = await freshSessions();
    await before.set(5, pageSession(50));
    await before.set(6, { kind: "setup", url: "http://kehr.proxy/" });
    await before.noteActive(6);
    await before.noteActive(5);
    const session = before.pageSession(5);
    assert.ok(session);
    session.problem = "The proxy did not answer.";
    await before.save(); // a change made in place is kept once saved
    const after = await freshSessions();
    assert.notEqual(after, before);
    assert.deepEqual(after.get(5), { ...pageSession(50), problem: "The proxy did not answer." });
    assert.deepEqual(after.get(6), { kind: "setup", url: "http://kehr.proxy/" });
    assert.deepEqual(after.recentlyActive(), [5, 6]);
    assert.equal(after.currentPageTab(undefined), 5);
  });

  it("are gone after a browser restart (storage.session is emptied)", async () => {
    const before = await freshSessions();
    await before.set(5, pageSession(50));
    await fake.storage.session.clear();
    const after = await freshSessions();
    assert.deepEqual(after.pageTabs(), []);
    assert.equal(after.currentPageTab(undefined), undefined);
  });

  it("drop a tab when it is closed (the background's listener)", async () => {
    mock.method(console, "warn", () => {});
    await logIn();
    serveCorpus();
    const background = await startBackground();
    await background.sessions.set(5, pageSession(50));
    await background.sessions.noteActive(5);
    await fake.tabs.onRemoved.trigger(5, { isWindowClosing: false, windowId: 0 });
    await settle();
    assert.equal(background.sessions.get(5), undefined);
    assert.deepEqual(background.sessions.recentlyActive(), []);
    const stored = await fake.storage.session.get("sessions");
    assert.deepEqual(stored.sessions, {});
  });
});
