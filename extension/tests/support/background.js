// The background script under test: a fresh copy of background/main.js (every listener
// installed, as Firefox starts the event page) on the fake browser, logged in to a
// fake server, and the senders the router tells apart.

import { answerTabMessages, dropListeners, fake, loadFresh, serve } from "./fake-browser.js";

export const SERVER = "https://kehr.test";
/** The corpus page the fake server hands out. */
export const PAGE = Object.freeze({
  id: 7,
  corpus: "news",
  url: "https://news.example/story",
  final_url: "https://news.example/story",
  title: "A story",
  node_count: 5,
});

/** Logged in as anna, with a replay proxy and a corpus chosen. */
export async function logIn() {
  await fake.storage.local.set({
    server: SERVER,
    auth: { token: "token-of-anna", username: "anna", isStaff: false },
    serverConfig: { replay_proxy: { host: "proxy.test", port: 3128, username: "", password: "" }, setup_url: "", guidelines_url: "" },
    corpus: PAGE.corpus,
  });
}

/**
 * The API answers of a server with one page to tag; `submit` decides how a submission
 * fares ("network-error": the server cannot be reached).
 * @param {{ submit?: () => { status: number, body?: unknown } | "network-error", done?: boolean }} [options]
 */
export function serveCorpus(options = {}) {
  const submit = options.submit ?? (() => ({ status: 201, body: { id: 1, revision: 1 } }));
  serve(({ method, path }) => {
    if (method === "GET" && path === `/api/corpora/${PAGE.corpus}/next-page/`) {
      return { status: 200, body: options.done ? { done: true, detail: "All pages are tagged." } : { done: false, page: PAGE } };
    }
    if (method === "POST" && path === "/api/submissions/") return submit();
    return undefined; // 404: no suggestions, no tutorial of that name, …
  });
}

/** What a page of the extension (the toolbar menu) sends with. */
export function pageSender() {
  return { id: fake.runtime.id, url: fake.runtime.getURL("popup/popup.html") };
}

/**
 * What the content script of a tab sends with: top frame, showing `url`.
 * @param {number} tabId
 * @param {{ url?: string, frameId?: number, id?: string }} [changes]
 */
export function tabSender(tabId, changes = {}) {
  return { id: fake.runtime.id, tab: { id: tabId }, frameId: 0, url: `${PAGE.final_url}#top`, ...changes };
}

/**
 * Start the background (again): the listeners of a previous copy go, storage stays.
 * @returns {Promise<Background>}
 */
export async function startBackground() {
  dropListeners();
  const modules = await loadFresh([
    "background/main.js",
    "background/sessions.js",
    "background/drafts.js",
    "background/submissions.js",
  ]);
  const sessions = modules["background/sessions.js"];
  await sessions.ready;
  return {
    sessions,
    drafts: modules["background/drafts.js"],
    submissions: modules["background/submissions.js"],
    send: async (message, sender) => {
      const answers = await fake.runtime.onMessage.trigger(message, sender, () => {});
      return answers.find((/** @type {unknown} */ answer) => answer !== undefined);
    },
  };
}

/**
 * @typedef {{ sessions: typeof import("../../src/background/sessions.js"),
 *   drafts: typeof import("../../src/background/drafts.js"),
 *   submissions: typeof import("../../src/background/submissions.js"),
 *   send: (message: unknown, sender: object) => Promise<any> }} Background
 */

/**
 * Grab the next page through the toolbar menu; returns the annotation tab it opened.
 * @param {Background} background
 * @returns {Promise<number>}
 */
export async function grabPage(background) {
  const answer = await background.send({ type: "grab-next" }, pageSender());
  if (answer?.error || answer?.done !== false) throw new Error(`grab-next failed: ${JSON.stringify(answer)}`);
  const [tabId] = background.sessions.pageTabs().slice(-1);
  return tabId;
}

/**
 * Content scripts answer bg:collect with these labels (and every other message with ok).
 * @param {number[]} labels
 */
export function contentCollects(labels) {
  answerTabMessages((_tabId, message) =>
    message.type === "bg:collect"
      ? { pageId: PAGE.id, labels, untagged: labels.filter((l) => l === 0).length, missing: 0, suggestions: null, untouchedHints: 0 }
      : { ok: true },
  );
}

/** Let promises that nobody awaits (a queued submission's follow-ups) run. */
export async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}
