import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseHTML } from "linkedom";

import { checkDraft } from "../src/lib/drafts.js";
import { Annotation, BAD, GOOD, UNCERTAIN, UNTAGGED } from "../src/lib/labels.js";
import { CONTENT_MESSAGES, checkMessage } from "../src/lib/messages.js";
import {
  enclosingBlock,
  nodeStates,
  nodesWithin,
  parseSuggestions,
  provenance,
  stateCounts,
  suggestionsNotice,
  withoutPending,
} from "../src/lib/suggestions.js";

// Nodes 0–2 a menu, 3–5 an article (5 inside a bold), 6 a footer.
const PAGE = `<!DOCTYPE html><html><body>
<nav><ul><li><a><kehr-t data-i="0">Home</kehr-t></a></li><li><a><kehr-t data-i="1">News</kehr-t></a></li>
<li><a><kehr-t data-i="2">Sport</kehr-t></a></li></ul></nav>
<article><p id="p1"><kehr-t data-i="3">First paragraph.</kehr-t></p>
<p id="p2"><kehr-t data-i="4">Second, with </kehr-t><b><kehr-t data-i="5">bold</kehr-t></b></p></article>
<footer><kehr-t data-i="6">© Example</kehr-t></footer>
</body></html>`;
const NODES = 7;
const SUGGESTED = [BAD, BAD, BAD, GOOD, GOOD, GOOD, UNCERTAIN];

/** @param {string} [mode] */
function page(mode = "hints", labels = SUGGESTED) {
  const { document } = parseHTML(PAGE);
  const annotation = new Annotation(/** @type {Document} */ (/** @type {unknown} */ (document)), NODES);
  const suggestions = /** @type {import("../src/lib/suggestions.js").Suggestions} */ ({
    mode,
    model: "m-1",
    threshold: 0.5,
    labels: [...labels],
    probability: labels.map((l) => (l ? 0.9 : 0)),
  });
  /** @param {string} selector */
  const one = (selector) => {
    const element = document.querySelector(selector);
    if (!element) throw new Error(selector);
    return /** @type {Element} */ (/** @type {unknown} */ (element));
  };
  return { annotation, suggestions, one };
}

/** @param {number[]} nodes */
function answer(nodes, extra = {}) {
  return {
    page: 9, mode: "hints", reason: "", model: "m-1", threshold: 0.5, node_count: NODES,
    nodes: nodes.map((i) => ({ i, label: SUGGESTED[i], probability: 0.9 })), ...extra,
  };
}

describe("the server's suggestions", () => {
  it("become a label per node, 0 where the model had none", () => {
    const parsed = parseSuggestions(answer([0, 3, 6]), NODES);
    assert.deepEqual(parsed, {
      mode: "hints",
      model: "m-1",
      threshold: 0.5,
      labels: [BAD, 0, 0, GOOD, 0, 0, UNCERTAIN],
      probability: [0.9, 0, 0, 0.9, 0, 0, 0.9],
    });
  });

  it("show nothing when off or when the answer does not fit the page", () => {
    assert.equal(parseSuggestions(answer([0], { mode: "off" }), NODES), null);
    assert.equal(parseSuggestions(answer([0], { node_count: 8 }), NODES), null);
    assert.equal(parseSuggestions({ ...answer([]), nodes: [{ i: 7, label: 1 }] }, NODES), null);
    assert.equal(parseSuggestions({ ...answer([]), nodes: [{ i: 1, label: 4 }] }, NODES), null);
    assert.equal(parseSuggestions({ ...answer([]), nodes: [{ i: "1", label: 1 }] }, NODES), null);
    assert.equal(parseSuggestions({ ...answer([]), nodes: [{ i: 1, label: 0 }] }, NODES), null);
    assert.equal(parseSuggestions(null, NODES), null);
    assert.equal(parseSuggestions("hints", NODES), null);
  });
});

describe("blocks", () => {
  it("are the nearest ancestor with more text nodes, never the body", () => {
    const { annotation, one } = page();
    assert.equal(enclosingBlock(annotation, one("nav li a"))?.localName, "ul");
    assert.equal(enclosingBlock(annotation, one("#p1"))?.localName, "article");
    assert.equal(enclosingBlock(annotation, one("#p2 b"))?.id, "p2");
    assert.equal(enclosingBlock(annotation, one("article")), null);
    assert.deepEqual(nodesWithin(annotation, one("#p2")).map((n) => n.index), [4, 5]);
    assert.deepEqual(nodesWithin(annotation, one('kehr-t[data-i="6"]')).map((n) => n.index), [6]);
  });
});

describe("hints", () => {
  it("show on untagged nodes until accepted or tagged, and undo brings them back", () => {
    const { annotation, suggestions, one } = page("hints");
    assert.deepEqual(stateCounts(nodeStates(annotation, suggestions)), { hint: 7, pending: 0, accepted: 0 });
    assert.equal(annotation.accept(nodesWithin(annotation, one("nav ul")), suggestions.labels), 3);
    annotation.tag(one("#p1"), GOOD); // tagged by hand: no longer a hint, not accepted
    let states = nodeStates(annotation, suggestions);
    assert.deepEqual(states, ["accepted", "accepted", "accepted", "", "hint", "hint", "hint"]);
    assert.deepEqual(annotation.vector().labels, [BAD, BAD, BAD, GOOD, 0, 0, 0]);
    assert.deepEqual(provenance(annotation, suggestions), { accepted: [0, 1, 2], prefilled: [] });

    annotation.undo(); // the hand tag
    annotation.undo(); // the acceptance
    states = nodeStates(annotation, suggestions);
    assert.deepEqual(stateCounts(states), { hint: 7, pending: 0, accepted: 0 });
    assert.deepEqual(annotation.vector().labels, new Array(NODES).fill(0));
    annotation.redo();
    assert.deepEqual(provenance(annotation, suggestions).accepted, [0, 1, 2]);
  });

  it("accepting twice is one step; a node retagged loses its accepted provenance", () => {
    const { annotation, suggestions, one } = page("hints");
    assert.equal(annotation.accept(annotation.nodes, suggestions.labels), 7);
    assert.equal(annotation.accept(annotation.nodes, suggestions.labels), 0);
    assert.equal(annotation.undoStack.length, 1);
    annotation.tag(one("footer"), BAD); // the footer's suggestion was uncertain
    const report = provenance(annotation, suggestions);
    assert.deepEqual(report.accepted, [0, 1, 2, 3, 4, 5]);
    assert.equal(nodeStates(annotation, suggestions)[6], "");
  });

  it("are cleared by dismissing, which undo takes back", () => {
    const { annotation, suggestions } = page("hints");
    assert.ok(annotation.dismiss(null));
    assert.ok(!annotation.dismiss(null));
    assert.deepEqual(stateCounts(nodeStates(annotation, suggestions)), { hint: 0, pending: 0, accepted: 0 });
    annotation.undo();
    assert.equal(stateCounts(nodeStates(annotation, suggestions)).hint, 7);
  });
});

describe("prefill", () => {
  it("starts tagged and pending; what is left as it was is reported as prefilled", () => {
    const { annotation, suggestions, one } = page("prefill");
    annotation.applyVector(suggestions.labels, { resetHistory: true });
    assert.deepEqual(stateCounts(nodeStates(annotation, suggestions)), { hint: 0, pending: 7, accepted: 0 });
    annotation.tag(one("footer"), BAD); // corrected
    annotation.accept(nodesWithin(annotation, one("#p1")), suggestions.labels); // confirmed
    assert.deepEqual(provenance(annotation, suggestions), { accepted: [3], prefilled: [0, 1, 2, 4, 5] });
    assert.deepEqual(nodeStates(annotation, suggestions), ["pending", "pending", "pending", "accepted", "pending", "pending", ""]);
  });

  it("clearing takes the unconfirmed tags off and keeps corrected and accepted ones", () => {
    const { annotation, suggestions, one } = page("prefill");
    annotation.applyVector(suggestions.labels, { resetHistory: true });
    annotation.tag(one("footer"), BAD);
    annotation.accept(nodesWithin(annotation, one("#p1")), suggestions.labels);
    assert.ok(annotation.dismiss(withoutPending(annotation, suggestions)));
    assert.deepEqual(annotation.vector().labels, [0, 0, 0, GOOD, 0, 0, BAD]);
    assert.deepEqual(provenance(annotation, suggestions), { accepted: [3], prefilled: [] });
    annotation.undo();
    assert.deepEqual(annotation.vector().labels, [BAD, BAD, BAD, GOOD, GOOD, GOOD, BAD]);
  });

  it("a restored draft keeps what was accepted and dismissed", () => {
    const { annotation, suggestions } = page("prefill");
    annotation.applyVector([BAD, BAD, 0, GOOD, 0, 0, 0], { resetHistory: true });
    annotation.restoreSuggestionState([0, 3, 99, -1], true);
    assert.deepEqual([...annotation.accepted], [0, 3]);
    assert.deepEqual(provenance(annotation, suggestions), { accepted: [0, 3], prefilled: [1] });
    assert.deepEqual(stateCounts(nodeStates(annotation, suggestions)), { hint: 0, pending: 0, accepted: 2 });
  });
});

describe("drafts and messages with suggestions", () => {
  const base = { pageId: 9, nodeCount: NODES, labels: [1, 0, 0, 3, 0, 0, 0], savedAt: 1, title: "t", url: "u" };

  it("drafts keep accepted nodes of the page and refuse others", () => {
    assert.ok(checkDraft({ ...base, accepted: [0, 3], dismissed: false }, NODES).ok);
    assert.ok(checkDraft(base, NODES).ok);
    assert.match(JSON.stringify(checkDraft({ ...base, accepted: [7] }, NODES)), /not nodes of the page/);
    assert.match(JSON.stringify(checkDraft({ ...base, accepted: ["0"] }, NODES)), /not nodes of the page/);
    assert.equal(checkDraft({ ...base, dismissed: "yes" }, NODES).ok, false);
  });

  it("a content script's draft message may carry node lists only", () => {
    const message = { type: "content:draft", labels: [0, 1], accepted: [1], dismissed: false };
    assert.deepEqual(checkMessage(message, CONTENT_MESSAGES), message);
    assert.throws(() => checkMessage({ ...message, accepted: [-1] }, CONTENT_MESSAGES), /accepted/);
    assert.throws(() => checkMessage({ ...message, accepted: [1.5] }, CONTENT_MESSAGES), /accepted/);
    assert.throws(() => checkMessage({ ...message, accepted: "1" }, CONTENT_MESSAGES), /accepted/);
  });

  it("the opening notice names the model and the keys", () => {
    const { suggestions } = page("hints");
    const text = suggestionsNotice(suggestions, { "accept-suggestion": "Ctrl+Alt+A", "clear-suggestions": "Ctrl+Alt+X" });
    assert.match(text, /7 text nodes show the tag model m-1 suggests/);
    assert.match(text, /Ctrl\+Alt\+A accepts the pointed text's, Ctrl\+Alt\+X clears them/);
    assert.doesNotMatch(suggestionsNotice(suggestions, {}), /Keys/);
  });
});

it("UNTAGGED is what no suggestion means", () => assert.equal(UNTAGGED, 0));
