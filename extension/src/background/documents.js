// The annotation document under the page's original URL.
//
// An annotation tab navigates to the page's URL through the replay proxy, which
// answers with the archived page (or "not archived" for pages that have no archive,
// like the demo corpus). The body of that main-document response is replaced with
// the page's annotation document from the API (Firefox's filterResponseData): the
// segmented snapshot with its numbered <kehr-t data-i> nodes, which is what the label
// vector refers to. Images, stylesheets and fonts are then requested normally and
// come from the archive. The document is served with `Content-Security-Policy:
// sandbox allow-same-origin`: no script of the (untrusted) page runs, so <noscript>
// content renders as the segmenter counted it, while the page keeps its origin so
// its fonts and stylesheets load as they did when it was captured.

import { ext } from "../lib/ext.js";
import { api, messageOf } from "./api.js";
import * as sessions from "./sessions.js";
import { SETUP_HOST, withoutPrivateHeaders } from "./routing.js";

const DOCUMENT_CSP = "sandbox allow-same-origin";
// Headers of the archived response that would misdescribe our body or act on it.
const REPLACED_HEADERS = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "content-disposition",
  "content-security-policy",
  "content-security-policy-report-only",
  "x-frame-options",
  "location",
  "refresh",
  "link",
]);

/** @type {Map<number, { pageId: number, html: Promise<string> }>} */
const prefetched = new Map();

/**
 * Start fetching a page's document before the tab navigates to it.
 * @param {number} tabId
 * @param {number} pageId
 */
export function prefetch(tabId, pageId) {
  prefetched.set(tabId, { pageId, html: fetchDocument(pageId) });
}

/**
 * @param {number} pageId
 * @returns {Promise<string>}
 */
async function fetchDocument(pageId) {
  try {
    return await api("GET", `/api/pages/${pageId}/document/`, { text: true });
  } catch (error) {
    return errorDocument(messageOf(error));
  }
}

/**
 * @param {string} message
 * @returns {string}
 */
function errorDocument(message) {
  const escaped = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Kehr: page not available</title></head>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 3em auto; max-width: 40em">
<h1>This page could not be loaded for annotation</h1><p>${escaped}</p>
<p>Use “Grab next page” in the Kehr menu to try again.</p></body></html>`;
}

/**
 * @param {number} tabId
 * @param {number} pageId
 * @returns {Promise<string>}
 */
function documentFor(tabId, pageId) {
  const cached = prefetched.get(tabId);
  prefetched.delete(tabId);
  return cached && cached.pageId === pageId ? cached.html : fetchDocument(pageId);
}

/**
 * Replace the response body with the annotation document once both the archived
 * response has ended and the document is here (closing the filter earlier leaves
 * Firefox waiting for the rest of the original response).
 * @param {string} requestId
 * @param {Promise<string>} html
 */
function substitute(requestId, html) {
  const filter = ext.webRequest.filterResponseData(requestId);
  let stopped = false;
  /** @type {string | null} */
  let text = null;
  const finish = () => {
    if (!stopped || text === null) return;
    filter.write(new TextEncoder().encode(text));
    filter.close();
  };
  filter.ondata = () => {}; // the archived bytes are not shown
  filter.onstop = () => {
    stopped = true;
    finish();
  };
  filter.onerror = () => console.warn("Kehr annotator: document filter failed:", filter.error);
  html.then((value) => {
    text = value;
    finish();
  });
}

/**
 * @param {browser.webRequest.HttpHeaders} headers
 * @returns {browser.webRequest.HttpHeaders}
 */
function documentHeaders(headers) {
  return [
    ...withoutPrivateHeaders(headers).filter((h) => !REPLACED_HEADERS.has(h.name.toLowerCase())),
    { name: "Content-Type", value: "text/html; charset=utf-8" },
    { name: "Content-Security-Policy", value: DOCUMENT_CSP },
    { name: "Cache-Control", value: "no-store" },
  ];
}

/**
 * @param {browser.webRequest._OnHeadersReceivedDetails} details
 * @returns {browser.webRequest.BlockingResponse | Promise<browser.webRequest.BlockingResponse>}
 */
function onHeadersReceived(details) {
  if (!sessions.isLoaded()) return sessions.ready.then(() => onHeadersReceived(details));
  const session = sessions.pageSession(details.tabId);
  if (!session || details.frameId !== 0 || sessions.documentUrl(details.url) !== session.url) return {};
  // 407: the proxy asks for its password first; the real response follows.
  if (details.statusCode === 407) return {};
  substitute(details.requestId, documentFor(details.tabId, session.pageId));
  return { responseHeaders: documentHeaders(details.responseHeaders ?? []) };
}

/** @param {browser.webRequest._OnBeforeRequestDetails} details */
function onBeforeRequest(details) {
  // A tab that leaves its page (a typed URL, a bookmark) is no annotation tab any more.
  const session = sessions.get(details.tabId);
  if (!session) return;
  if (session.kind === "setup" ? new URL(details.url).hostname === SETUP_HOST : sessions.documentUrl(details.url) === session.url) {
    return;
  }
  prefetched.delete(details.tabId);
  sessions.remove(details.tabId);
}

export function install() {
  const mainFrames = { urls: ["<all_urls>"], types: /** @type {browser.webRequest.ResourceType[]} */ (["main_frame"]) };
  ext.webRequest.onBeforeRequest.addListener(onBeforeRequest, mainFrames);
  ext.webRequest.onHeadersReceived.addListener(onHeadersReceived, mainFrames, ["blocking", "responseHeaders"]);
  ext.tabs.onRemoved.addListener((tabId) => {
    prefetched.delete(tabId);
    sessions.forgetTab(tabId);
  });
}
