// Drafts: the tags of a page not submitted yet, kept in the browser so that closing
// the tab, Grab next page or a crash loses nothing (docs/annotator-guide.md, "Drafts").
// Pure rules over plain objects, so they are unit-tested; background/drafts.js keeps
// them in storage.local.
//
// A draft belongs to one server, one user and one page; it carries the page's node
// count, so a draft made for another segmentation of the page (re-ingested, a
// different server) is recognised as stale and never put on the wrong nodes.

/**
 * @typedef {{ pageId: number, nodeCount: number, labels: number[], savedAt: number,
 *   title: string, url: string, accepted?: number[], dismissed?: boolean }} Draft
 *   `accepted`, `dismissed`: on a page with model suggestions, the nodes whose
 *   suggestion was accepted and whether the suggestions were cleared (their provenance
 *   goes with the submission made from the draft)
 */

const DRAFT_PREFIX = "draft:";
/** Drafts nobody came back to for this long are removed. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Tagging fires many changes in a row; the draft is written once they pause. */
export const DRAFT_SAVE_DELAY_MS = 300;

/**
 * The storage key of a draft.
 * @param {string} server
 * @param {string} username
 * @param {number} pageId
 * @returns {string}
 */
export function draftKey(server, username, pageId) {
  return `${DRAFT_PREFIX}${JSON.stringify([server, username, pageId])}`;
}

/**
 * How many text nodes carry a tag.
 * @param {readonly number[]} labels
 * @returns {number}
 */
export function taggedCount(labels) {
  return labels.reduce((count, label) => count + (label ? 1 : 0), 0);
}

/**
 * @param {unknown} value
 * @returns {value is Draft}
 */
function isDraft(value) {
  if (typeof value !== "object" || value === null) return false;
  const d = /** @type {Record<string, unknown>} */ (value);
  return (
    Number.isSafeInteger(d.pageId) &&
    Number.isSafeInteger(d.nodeCount) &&
    Array.isArray(d.labels) &&
    typeof d.savedAt === "number" &&
    typeof d.title === "string" &&
    typeof d.url === "string"
  );
}

/**
 * @param {Draft} draft
 * @param {number} now
 * @returns {boolean}
 */
function isExpired(draft, now) {
  return now - draft.savedAt > DRAFT_MAX_AGE_MS;
}

/**
 * Whether a stored draft can be put on the page as the server describes it now.
 * @param {unknown} draft
 * @param {number} nodeCount the page's node count from the server
 * @returns {{ ok: true, draft: Draft } | { ok: false, reason: string }}
 */
export function checkDraft(draft, nodeCount) {
  if (!isDraft(draft)) return { ok: false, reason: "it is damaged" };
  if (draft.nodeCount !== nodeCount || draft.labels.length !== nodeCount) {
    return {
      ok: false,
      reason: `it was made for a version of the page with ${draft.nodeCount} text nodes, and the page now has ${nodeCount}`,
    };
  }
  if (!draft.labels.every((l) => l === 0 || l === 1 || l === 2 || l === 3)) {
    return { ok: false, reason: "it holds a value that is not a tag" };
  }
  const accepted = draft.accepted ?? [];
  if (!Array.isArray(accepted) || !accepted.every((i) => Number.isInteger(i) && i >= 0 && i < nodeCount)) {
    return { ok: false, reason: "its accepted suggestions are not nodes of the page" };
  }
  if (draft.dismissed !== undefined && typeof draft.dismissed !== "boolean") {
    return { ok: false, reason: "it is damaged" };
  }
  return { ok: true, draft };
}

/**
 * The keys of the stored entries that are drafts past their age (or not drafts at all
 * under a draft key).
 * @param {Record<string, unknown>} stored everything in storage.local
 * @param {number} now
 * @returns {string[]}
 */
export function expiredKeys(stored, now) {
  return Object.entries(stored)
    .filter(([key, value]) => key.startsWith(DRAFT_PREFIX) && (!isDraft(value) || isExpired(value, now)))
    .map(([key]) => key);
}

/**
 * @param {number} count
 * @returns {string}
 */
function tagsText(count) {
  return `${count} tag${count === 1 ? "" : "s"}`;
}

/**
 * The notice shown when a draft is put back on the page.
 * @param {Draft} draft
 * @param {(time: number) => string} [when] how to write the time (the browser's locale)
 * @returns {string}
 */
export function restoredText(draft, when = (time) => new Date(time).toLocaleString()) {
  return `Restored ${tagsText(taggedCount(draft.labels))} from your draft of ${when(draft.savedAt)}. Submit sends them; nothing was sent yet.`;
}

/**
 * The question before a page with unsubmitted tags is replaced.
 * @param {number} count
 * @param {string} title
 * @returns {string}
 */
export function askText(count, title) {
  return `You have ${count} unsubmitted tag${count === 1 ? "" : "s"} on “${title}”: submit, keep as a draft and go on, or stay?`;
}
