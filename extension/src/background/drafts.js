// Drafts in storage.local (rules: lib/drafts.js). The content script reports every
// tag, clear, propagate, undo and redo; the draft is written once changes pause, at
// once when the tab closes or the page is about to be replaced, and put back when the
// page is opened again. It is dropped when the server has acknowledged a submission
// of the page that contained it (also one that was queued and lands later).

import { DRAFT_SAVE_DELAY_MS, checkDraft, draftKey, expiredKeys, taggedCount } from "../lib/drafts.js";
import { ext } from "../lib/ext.js";
import * as sessions from "./sessions.js";
import { getSettings } from "./settings.js";

/**
 * @typedef {import("../lib/drafts.js").Draft} Draft
 * @typedef {import("./sessions.js").PageSession} PageSession
 */

/** Drafts not written yet: key → the newest state and its timer. */
/** @type {Map<string, { draft: Draft | null, timer: ReturnType<typeof setTimeout> }>} */
const unwritten = new Map();

/**
 * The draft key of a page for the user logged in now (null when logged out).
 * @param {number} pageId
 * @returns {Promise<string | null>}
 */
export async function keyFor(pageId) {
  const settings = await getSettings();
  if (!settings.server || !settings.auth) return null;
  return draftKey(settings.server, settings.auth.username, pageId);
}

/**
 * Whether tags on a page in this mode are work that a draft keeps.
 * @param {PageSession} session
 * @returns {boolean}
 */
function keepsDrafts(session) {
  return session.mode === "annotate" || session.mode === "resubmit";
}

/**
 * @param {string} key
 * @param {Draft | null} draft null: remove it (nothing tagged)
 */
async function write(key, draft) {
  if (draft) await ext.storage.local.set({ [key]: draft });
  else await ext.storage.local.remove(key);
}

/**
 * Remember the tags of a tab's page; written after a short pause.
 * @param {PageSession} session
 * @param {number[]} labels
 * @param {{ accepted?: number[] | null, dismissed?: boolean | null }} [suggestions] what was
 *   accepted of the model's suggestions, and whether they were cleared
 */
export async function record(session, labels, suggestions = {}) {
  if (!keepsDrafts(session)) return;
  const key = await keyFor(session.pageId);
  if (!key) return;
  /** @type {Draft | null} */
  let draft = null;
  if (taggedCount(labels) || suggestions.dismissed) {
    draft = { pageId: session.pageId, nodeCount: session.nodeCount, labels, savedAt: Date.now(), title: session.title, url: session.url };
    if (suggestions.accepted) draft.accepted = suggestions.accepted;
    if (suggestions.dismissed != null) draft.dismissed = suggestions.dismissed;
  }
  const waiting = unwritten.get(key);
  if (waiting) clearTimeout(waiting.timer);
  const timer = setTimeout(() => flush(key), DRAFT_SAVE_DELAY_MS);
  unwritten.set(key, { draft, timer });
}

/**
 * Write waiting drafts now (one key, or all).
 * @param {string} [only]
 */
export async function flush(only) {
  const keys = only === undefined ? [...unwritten.keys()] : [only];
  for (const key of keys) {
    const waiting = unwritten.get(key);
    if (!waiting) continue;
    clearTimeout(waiting.timer);
    unwritten.delete(key);
    await write(key, waiting.draft);
  }
}

/**
 * The draft of a page, including one not written yet.
 * @param {string} key
 * @returns {Promise<unknown>}
 */
async function stored(key) {
  const waiting = unwritten.get(key);
  if (waiting) return waiting.draft;
  return (await ext.storage.local.get(key))[key] ?? null;
}

/**
 * What to put on a page being opened: its draft if there is a usable one. A stale
 * draft (another version of the page) is removed, and said so.
 * @param {PageSession} session
 * @returns {Promise<{ draft: Draft | null, problem: string }>}
 */
export async function forPage(session) {
  if (!keepsDrafts(session)) return { draft: null, problem: "" };
  const key = await keyFor(session.pageId);
  if (!key) return { draft: null, problem: "" };
  const found = await stored(key);
  if (!found) return { draft: null, problem: "" };
  const checked = checkDraft(found, session.nodeCount);
  if (checked.ok) return { draft: checked.draft, problem: "" };
  await flush(key);
  await write(key, null);
  return { draft: null, problem: `A draft of this page was found but not restored: ${checked.reason}.` };
}

/**
 * The unsubmitted tags of the page a tab shows, if any.
 * @param {number | undefined} tabId
 * @returns {Promise<{ tabId: number, count: number, title: string } | null>}
 */
export async function unsubmitted(tabId) {
  const session = sessions.pageSession(tabId);
  if (tabId === undefined || !session || !keepsDrafts(session)) return null;
  // A tab that went on to one of the extension's pages (My Stats) shows no tags any more.
  const tab = await ext.tabs.get(tabId).catch(() => undefined);
  if (!tab?.url || sessions.documentUrl(tab.url) !== session.url) return null;
  const { draft } = await forPage(session);
  const count = draft ? taggedCount(draft.labels) : 0;
  return count ? { tabId, count, title: session.title } : null;
}

/**
 * The server stored a submission of this page made at `queuedAt`: drop the draft,
 * unless the annotator tagged on after that submission was made.
 * @param {string} key
 * @param {number} queuedAt
 */
export async function submitted(key, queuedAt) {
  await flush(key);
  const found = await stored(key);
  if (found && typeof found === "object" && "savedAt" in found && Number(found.savedAt) > queuedAt) return;
  await write(key, null);
}

/** Remove drafts past their age. */
async function removeExpired() {
  const keys = expiredKeys(await ext.storage.local.get(null), Date.now());
  if (keys.length) await ext.storage.local.remove(keys);
}

export function install() {
  // A closed tab's draft is written at once (the pause may not come any more).
  ext.tabs.onRemoved.addListener(() => flush());
  ext.runtime.onStartup.addListener(() => removeExpired());
  ext.runtime.onInstalled.addListener(() => removeExpired());
}
