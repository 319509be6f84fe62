import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  DRAFT_MAX_AGE_MS,
  askText,
  checkDraft,
  draftKey,
  expiredKeys,
  restoredText,
  taggedCount,
} from "../src/lib/drafts.js";

/** @param {Partial<import("../src/lib/drafts.js").Draft>} fields */
function draft(fields = {}) {
  return { pageId: 7, nodeCount: 4, labels: [3, 0, 1, 3], savedAt: 1_000, title: "A page", url: "https://a.test/", ...fields };
}

describe("drafts", () => {
  it("are keyed by server, user and page, so no one else's draft is restored", () => {
    const keys = new Set([
      draftKey("https://kehr.example.org", "anna", 7),
      draftKey("https://kehr.example.org", "anna", 8),
      draftKey("https://kehr.example.org", "ben", 7),
      draftKey("https://other.example.org", "anna", 7),
      // a user name that looks like a separator cannot collide with another key
      draftKey("https://kehr.example.org|anna", "", 7),
    ]);
    assert.equal(keys.size, 5);
    for (const key of keys) assert.ok(key.startsWith("draft:"));
  });

  it("count the tagged text nodes", () => {
    assert.equal(taggedCount([0, 1, 2, 3, 0]), 3);
    assert.equal(taggedCount([]), 0);
  });

  it("are restored only onto a page with the same node count", () => {
    assert.deepEqual(checkDraft(draft(), 4), { ok: true, draft: draft() });
    const stale = checkDraft(draft(), 5);
    assert.equal(stale.ok, false);
    assert.match(!stale.ok ? stale.reason : "", /4 text nodes, and the page now has 5/);
    assert.equal(checkDraft(draft({ labels: [3, 0, 1] }), 4).ok, false, "wrong length");
    assert.equal(checkDraft(draft({ labels: [3, 0, 1, 9] }), 4).ok, false, "not a tag");
    assert.equal(checkDraft({ pageId: 7 }, 4).ok, false, "damaged");
    assert.equal(checkDraft(null, 4).ok, false);
  });

  it("expire after 30 days; other stored settings are never touched", () => {
    const now = 10 * DRAFT_MAX_AGE_MS;
    const stored = {
      [draftKey("s", "u", 1)]: draft({ savedAt: now - DRAFT_MAX_AGE_MS - 1 }),
      [draftKey("s", "u", 2)]: draft({ savedAt: now - DRAFT_MAX_AGE_MS + 1 }),
      [draftKey("s", "u", 3)]: "garbage",
      pendingSubmissions: [],
      server: "https://kehr.example.org",
    };
    assert.deepEqual(expiredKeys(stored, now).sort(), [draftKey("s", "u", 1), draftKey("s", "u", 3)].sort());
  });

  it("say what was restored and ask before leaving unsubmitted tags", () => {
    assert.equal(
      restoredText(draft(), () => "yesterday"),
      "Restored 3 tags from your draft of yesterday. Submit sends them; nothing was sent yet.",
    );
    assert.match(restoredText(draft({ labels: [0, 0, 0, 2] }), () => "now"), /^Restored 1 tag from/);
    assert.equal(
      askText(1, "A page"),
      "You have 1 unsubmitted tag on “A page”: submit, keep as a draft and go on, or stay?",
    );
    assert.match(askText(12, "A page"), /^You have 12 unsubmitted tags/);
  });
});
