import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { CONTENT_MESSAGES, MessageError, PAGE_MESSAGES, checkMessage, vectorProblem } from "../src/lib/messages.js";

describe("message validation", () => {
  it("accepts well-formed messages", () => {
    assert.deepEqual(checkMessage({ type: "content:hello" }, CONTENT_MESSAGES), { type: "content:hello" });
    checkMessage({ type: "content:changed", untagged: 3, total: 10, canUndo: true, canRedo: false }, CONTENT_MESSAGES);
    checkMessage({ type: "page-action", action: "propagate" }, PAGE_MESSAGES);
    checkMessage({ type: "page-action", action: "undo", tabId: 4 }, PAGE_MESSAGES);
    checkMessage({ type: "open-submission", id: 9, mode: "view" }, PAGE_MESSAGES);
  });

  it("keeps content scripts to their own small vocabulary", () => {
    for (const type of ["login", "submit", "settings", "status", "delete-submission"]) {
      assert.throws(() => checkMessage({ type }, CONTENT_MESSAGES), MessageError, type);
    }
  });

  it("refuses wrong shapes, unknown fields and non-objects", () => {
    const refused = [
      null,
      "status",
      [],
      { type: "nope" },
      { type: "__proto__" },
      { type: "toString" },
      { type: "content:changed", untagged: -1, total: 1, canUndo: false, canRedo: false },
      { type: "content:changed", untagged: 1.5, total: 1, canUndo: false, canRedo: false },
      { type: "content:changed", untagged: 1, total: 1, canUndo: "yes", canRedo: false },
      { type: "page-action", action: "format-disk" },
      { type: "open-submission", id: 0, mode: "view" },
      { type: "open-submission", id: 3, mode: "edit" },
      { type: "content:hello", token: "x" },
      { type: "login", server: "http://x", username: "u" },
    ];
    for (const message of refused) assert.throws(() => checkMessage(message, { ...CONTENT_MESSAGES, ...PAGE_MESSAGES }), MessageError, JSON.stringify(message));
  });
});

describe("label vectors", () => {
  it("must have exactly one code 0-3 per node", () => {
    assert.equal(vectorProblem([0, 1, 2, 3], 4), null);
    assert.match(String(vectorProblem([0, 1, 2], 4)), /expected 4 labels/);
    assert.match(String(vectorProblem([0, 1, 2, 4], 4)), /label 3 is 4/);
    assert.match(String(vectorProblem([0, true, 2, 3], 4)), /label 1 is true/);
    assert.match(String(vectorProblem([0, 1.0001, 2, 3], 4)), /label 1/);
    assert.match(String(vectorProblem("0123", 4)), /not a list/);
  });
});

describe("content:draft", () => {
  it("carries a label vector of tag codes only", () => {
    checkMessage({ type: "content:draft", labels: [0, 1, 2, 3] }, CONTENT_MESSAGES);
    checkMessage({ type: "content:draft", labels: [] }, CONTENT_MESSAGES);
    for (const labels of [[4], [-1], [1.5], ["3"], "0123", null, { 0: 1 }]) {
      assert.throws(() => checkMessage({ type: "content:draft", labels }, CONTENT_MESSAGES), MessageError, JSON.stringify(labels));
    }
  });
});
