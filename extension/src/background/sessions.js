// Which tabs show what: the annotation tabs (a corpus page to tag, a submission to
// view or resubmit) and setup tabs (the replay proxy's own setup page). Only these
// tabs are routed through the replay proxy; every other tab browses normally.
//
// Firefox may unload this event page when idle; the registry is mirrored into
// storage.session (kept until the browser closes, like the tabs it describes) and
// loaded again on wake-up before any listener uses it.

import { ext } from "../lib/ext.js";

/**
 * @typedef {"annotate" | "view" | "resubmit" | "result"} Mode
 *   "result": a submitted tutorial page coloured by its result (read-only)
 * @typedef {{ text: string, level: "info" | "warning" | "error" }} Notice
 * @typedef {{ kind: "setup", url: string }} SetupSession
 * @typedef {import("../lib/tutorial.js").TutorialResult} TutorialResult
 * @typedef {{ slug: string, name: string, position: number | null, total: number | null }} TutorialInfo
 * @typedef {{ kind: "page", mode: Mode, url: string, pageId: number, corpus: string, title: string,
 *   nodeCount: number, startedAt: string, labels: number[] | null, banner: string,
 *   notices: Notice[], problem: string, tutorial?: TutorialInfo | null, result?: TutorialResult | null,
 *   submissionId?: number | null, suggestions?: import("../lib/suggestions.js").Suggestions | null,
 *   warnedHints?: number }} PageSession
 *   `suggestions`: the model's tags for this annotator (lib/suggestions.js);
 *   `warnedHints`: Submit warned about this many untouched hints (a second Submit sends)
 * @typedef {SetupSession | PageSession} Session
 * @typedef {{ untagged: number, total: number, canUndo: boolean, canRedo: boolean }} TabState
 */

const KEY = "sessions";
const LAST_KEY = "lastAnnotationTab";
const RECENT_KEY = "recentTabs";
const RECENT_MAX = 20;

/** @type {Map<number, Session>} */
const sessions = new Map();
/** @type {Map<number, TabState>} */
const states = new Map();
let lastAnnotationTab = 0;
/** Tabs in the order they were last activated, newest first (any tab, any window). */
/** @type {number[]} */
let recentTabs = [];
let loaded = false;

export const ready = (async () => {
  const stored = await ext.storage.session.get([KEY, LAST_KEY, RECENT_KEY]);
  for (const [id, session] of Object.entries(stored[KEY] ?? {})) sessions.set(Number(id), session);
  lastAnnotationTab = stored[LAST_KEY] ?? 0;
  recentTabs = stored[RECENT_KEY] ?? [];
  loaded = true;
})();

export function isLoaded() {
  return loaded;
}

async function persist() {
  await ext.storage.session.set({
    [KEY]: Object.fromEntries(sessions),
    [LAST_KEY]: lastAnnotationTab,
    [RECENT_KEY]: recentTabs,
  });
}

/**
 * The document URL as the browser reports it, without the fragment (a jump to
 * #section is the same document).
 * @param {string} url
 * @returns {string}
 */
export function documentUrl(url) {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return parsed.href;
  } catch {
    return url;
  }
}

/**
 * @param {number} tabId
 * @returns {Session | undefined}
 */
export function get(tabId) {
  return sessions.get(tabId);
}

/**
 * The page session of a tab, if it shows a corpus page.
 * @param {number | undefined} tabId
 * @returns {PageSession | undefined}
 */
export function pageSession(tabId) {
  const session = tabId === undefined ? undefined : sessions.get(tabId);
  return session?.kind === "page" ? session : undefined;
}

/**
 * @param {number} tabId
 * @param {Session} session
 */
export async function set(tabId, session) {
  sessions.set(tabId, session);
  states.delete(tabId);
  if (session.kind === "page") lastAnnotationTab = tabId;
  await persist();
}

/** @param {number} tabId */
export async function remove(tabId) {
  states.delete(tabId);
  if (!sessions.delete(tabId)) return;
  if (lastAnnotationTab === tabId) lastAnnotationTab = 0;
  await persist();
}

/** Save changes made to a session object in place (notices taken, problem noted). */
export async function save() {
  await persist();
}

/** @param {number} tabId */
export async function noteActive(tabId) {
  if (pageSession(tabId)) lastAnnotationTab = tabId;
  recentTabs = [tabId, ...recentTabs.filter((id) => id !== tabId)].slice(0, RECENT_MAX);
  await persist();
}

/** @param {number} tabId */
export async function forgetTab(tabId) {
  recentTabs = recentTabs.filter((id) => id !== tabId);
  await remove(tabId);
}

/**
 * Tabs by when they were last activated, newest first.
 * @returns {number[]}
 */
export function recentlyActive() {
  return [...recentTabs];
}

/** @returns {number[]} */
export function pageTabs() {
  return [...sessions].filter(([, s]) => s.kind === "page").map(([id]) => id);
}

/**
 * The annotation tab the popup and sidebar act on: the active tab of the focused
 * window if it is one, else the annotation tab used last.
 * @param {number | undefined} activeTabId
 * @returns {number | undefined}
 */
export function currentPageTab(activeTabId) {
  if (activeTabId !== undefined && pageSession(activeTabId)) return activeTabId;
  return pageSession(lastAnnotationTab) ? lastAnnotationTab : undefined;
}

/**
 * @param {number} tabId
 * @param {TabState} state
 */
export function setState(tabId, state) {
  states.set(tabId, state);
}

/**
 * @param {number} tabId
 * @returns {TabState | undefined}
 */
export function getState(tabId) {
  return states.get(tabId);
}
