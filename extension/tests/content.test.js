// content/main.js under Node: a fresh copy of the content script started on a saved
// annotation document (linkedom), talking to a fake background through the fake browser.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";

import { BAD, GOOD } from "../src/lib/labels.js";
import { fake, loadFresh, resetBrowser } from "./support/fake-browser.js";
import { loadFixture, node } from "./helpers.js";

const FIXTURE = "demo-tram-line";
/** The content script's own background. */
const BACKGROUND = () => ({ id: fake.runtime.id });

/** @type {any[]} */
let sent;
/** @type {Document} */
let document;
/** @type {{ node_count: number, node_texts: string[] }} */
let info;

/**
 * What the background answers content:hello with, for an annotate tab of the fixture.
 * @param {Record<string, unknown>} [changes]
 */
function session(changes = {}) {
  return {
    active: true,
    mode: "annotate",
    pageId: 3,
    nodeCount: info.node_count,
    title: "Blue Line trams",
    labels: null,
    tracking: true,
    shortcuts: {},
    isMac: false,
    banner: "",
    notices: [],
    result: null,
    bar: null,
    suggestions: null,
    accepted: [],
    dismissed: false,
    ...changes,
  };
}

/**
 * Start a new copy of the content script in the fixture's document.
 * @param {object} hello the background's answer to content:hello
 */
async function startContent(hello) {
  fake.runtime.sendMessage = async (/** @type {any} */ message) => {
    sent.push(structuredClone(message));
    return message.type === "content:hello" ? hello : { ok: true };
  };
  const { start } = (await loadFresh(["content/main.js"]))["content/main.js"];
  await start();
}

/**
 * A message from the background, as the content script's listener gets it.
 * @param {unknown} message
 * @param {object} [sender]
 */
async function fromBackground(message, sender = BACKGROUND()) {
  const answers = await fake.runtime.onMessage.trigger(message, sender, () => {});
  assert.equal(answers.length, 1, "one content script listens");
  return answers[0];
}

/** @param {string} type */
function sentOf(type) {
  return sent.filter((message) => message.type === type);
}

beforeEach(() => {
  resetBrowser();
  // notices and flashes go after a while: no real timer outlives a test
  mock.timers.enable({ apis: ["setTimeout"] });
  ({ document, info } = loadFixture(FIXTURE));
  /** @type {any} */ (globalThis).document = document;
  sent = [];
});

afterEach(() => {
  delete (/** @type {any} */ (globalThis).document);
  mock.timers.reset();
  mock.restoreAll();
});

describe("the content script", () => {
  it("stays out of a page that is no annotation page", async () => {
    await startContent({ active: false });
    assert.deepEqual(sent, [{ type: "content:hello" }]);
    assert.equal(fake.runtime.onMessage.hasListeners(), false);
    assert.equal(document.documentElement.getAttribute("data-kehr-annotator"), null);
  });

  it("marks an annotation page and reports its state", async () => {
    await startContent(session());
    assert.equal(document.documentElement.getAttribute("data-kehr-annotator"), "annotate");
    assert.equal(document.documentElement.getAttribute("data-kehr-tracking"), "on");
    assert.deepEqual(sentOf("content:changed"), [
      { type: "content:changed", untagged: info.node_count, total: info.node_count, canUndo: false, canRedo: false },
    ]);
  });

  it("answers only its own background, not another tab's script", async () => {
    await startContent(session());
    assert.equal(await fromBackground({ type: "bg:collect" }, { id: fake.runtime.id, tab: { id: 4 } }), undefined);
    assert.equal(await fromBackground({ type: "bg:collect" }, { id: "another-extension@example" }), undefined);
  });

  it("refuses a message of an unknown type with a named error", async () => {
    await startContent(session());
    await assert.rejects(fromBackground({ type: "bg:erase-page" }), {
      name: "Error",
      message: 'message type "bg:erase-page" is not accepted from this sender',
    });
    await assert.rejects(fromBackground({ type: "bg:scroll-to", index: -1 }), {
      message: 'bg:scroll-to: field "index" must be count',
    });
    await assert.rejects(fromBackground({ type: "content:hello" }), /is not accepted from this sender/);
  });

  it("tags the text the context menu was opened on, and sends the change and the draft", async () => {
    await startContent(session());
    const target = node(document, 5);
    fake.menus.getTargetElement = (/** @type {number} */ id) => (id === 17 ? target : null);
    const answer = await fromBackground({ type: "bg:command", action: "tag-good", source: "menu", targetElementId: 17 });
    assert.equal(answer.ok, true);
    assert.match(answer.message, /: good\.$/);
    const [draft] = sentOf("content:draft");
    assert.equal(draft.labels.length, info.node_count);
    assert.equal(draft.labels[5], GOOD);
    assert.equal(draft.labels.filter((/** @type {number} */ label) => label !== 0).length, 1);
    assert.deepEqual(sentOf("content:changed").at(-1), {
      type: "content:changed",
      untagged: info.node_count - 1,
      total: info.node_count,
      canUndo: true,
      canRedo: false,
    });
    const collected = await fromBackground({ type: "bg:collect" });
    assert.deepEqual(collected.labels, draft.labels);
    assert.equal(collected.pageId, 3);
    assert.equal(collected.untagged, info.node_count - 1);
  });

  it("says what to do when nothing is pointed at, and sends no draft", async () => {
    await startContent(session());
    const answer = await fromBackground({ type: "bg:command", action: "tag-bad", source: "shortcut" });
    assert.deepEqual(answer, { ok: true, message: "Point at the text you want to tag first: it is outlined in pink." });
    assert.deepEqual(sentOf("content:draft"), []);
  });

  it("puts back the tags of a restored draft, which Undo does not take away", async () => {
    const labels = Array(info.node_count).fill(0);
    labels[0] = BAD;
    labels[7] = GOOD;
    await startContent(session({ labels }));
    assert.deepEqual((await fromBackground({ type: "bg:collect" })).labels, labels);
    const undo = await fromBackground({ type: "bg:command", action: "undo", source: "popup" });
    assert.equal(undo.message, "Nothing to undo.");
    assert.deepEqual((await fromBackground({ type: "bg:collect" })).labels, labels);
  });

  it("never tags a read-only view", async () => {
    await startContent(session({ mode: "view", tracking: true }));
    assert.equal(document.documentElement.getAttribute("data-kehr-tracking"), "off", "no highlight on a view");
    fake.menus.getTargetElement = () => node(document, 5);
    const answer = await fromBackground({ type: "bg:command", action: "tag-bad", source: "menu", targetElementId: 1 });
    assert.match(answer.message, /^This is a read-only view of your submission\./);
    assert.deepEqual(sentOf("content:draft"), []);
    assert.ok((await fromBackground({ type: "bg:collect" })).labels.every((/** @type {number} */ label) => label === 0));
    await fromBackground({ type: "bg:tracking", on: true });
    assert.equal(document.documentElement.getAttribute("data-kehr-tracking"), "off");
  });

  it("switches tracking when the background says so", async () => {
    await startContent(session());
    assert.deepEqual(await fromBackground({ type: "bg:tracking", on: false }), { ok: true });
    assert.equal(document.documentElement.getAttribute("data-kehr-tracking"), "off");
    await fromBackground({ type: "bg:tracking", on: true });
    assert.equal(document.documentElement.getAttribute("data-kehr-tracking"), "on");
  });

  it("lists its text nodes for the sidebar and scrolls only to one it shows", async () => {
    await startContent(session());
    const list = await fromBackground({ type: "bg:nodes" });
    assert.equal(list.nodes.length, info.node_count);
    assert.equal(list.nodes[1].text, info.node_texts[1].replace(/\s+/g, " ").trim());
    assert.equal(list.untagged, info.node_count);
    /** @type {number[]} */
    const scrolled = [];
    // linkedom lays nothing out: record the scroll instead
    Object.assign(node(document, 1), { scrollIntoView: () => scrolled.push(1) });
    assert.deepEqual(await fromBackground({ type: "bg:scroll-to", index: 1 }), { ok: true });
    assert.deepEqual(scrolled, [1]);
    assert.deepEqual(await fromBackground({ type: "bg:scroll-to", index: info.node_count + 10 }), { ok: false });
  });
});
