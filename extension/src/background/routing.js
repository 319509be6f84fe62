// Per-request proxy routing (Firefox's proxy.onRequest): requests of annotation and
// setup tabs, and the extension's own probes of the proxy (host kehr.proxy, and the
// corpus page the connection check fetches), go to the replay proxy; everything else
// goes direct, so normal browsing in other tabs never touches the archive and needs no
// separate profile.
//
// Annotation tabs also keep the annotator's own cookies out of it: archived pages are
// other people's sites, and the replay proxy need not see the annotator's cookies for
// them (nor may archived Set-Cookie/HSTS headers land in the annotator's browser).

import { ext } from "../lib/ext.js";
import * as sessions from "./sessions.js";
import { effectiveProxy, getSettings } from "./settings.js";

export const SETUP_HOST = "kehr.proxy";
const DIRECT = { type: "direct" };
const PRIVATE_REQUEST_HEADERS = new Set(["cookie", "authorization"]);
const PRIVATE_RESPONSE_HEADERS = new Set(["set-cookie", "set-cookie2", "strict-transport-security", "alt-svc"]);

/** @type {import("./settings.js").ProxyConfig | null} */
let proxy = null;
/** Proxy logins tried per request: a second 407 means the password is wrong. */
const authTries = new Map();
/** The last time the replay proxy refused our user name/password (for messages). */
export const proxyAuth = { refusedAt: 0 };
/** URLs the background itself fetches through the replay proxy (connection check). */
/** @type {Set<string>} */
const probes = new Set();
/** What answered a probe: the value of the replay proxy's X-Kehr-Archive header. */
/** @type {Map<string, string>} */
const probeAnswers = new Map();

/**
 * Fetch `url` from the background through the replay proxy, as an annotation tab
 * would, without following redirects. Returns the replay proxy's X-Kehr-Archive
 * marker of the answer ("exact", "miss", …), "" when something else answered (the
 * request did not go through the replay proxy), or null when nothing answered.
 * @param {string} url
 * @returns {Promise<string | null>}
 */
export async function probeThroughProxy(url) {
  probes.add(url);
  probeAnswers.delete(url);
  try {
    await fetch(url, { cache: "no-store", credentials: "omit", redirect: "manual", signal: AbortSignal.timeout(8000) });
  } catch {
    // seen in onHeadersReceived, or nothing answered
  } finally {
    probes.delete(url);
  }
  const answer = probeAnswers.get(url);
  probeAnswers.delete(url);
  return answer ?? null;
}

export async function reloadProxy() {
  proxy = effectiveProxy(await getSettings());
}
const proxyLoaded = reloadProxy();

/**
 * @param {string} url
 * @returns {boolean}
 */
function isSetupHost(url) {
  try {
    return new URL(url).hostname === SETUP_HOST;
  } catch {
    return false;
  }
}

/**
 * @param {{ tabId: number, url: string }} request
 * @returns {boolean}
 */
function routed(request) {
  if (request.tabId >= 0) return sessions.get(request.tabId) !== undefined;
  return isSetupHost(request.url) || probes.has(request.url);
}

/** @param {browser.proxy._OnRequestDetails} request */
async function onRequest(request) {
  if (!sessions.isLoaded()) await sessions.ready;
  await proxyLoaded;
  if (!routed(request)) return DIRECT;
  if (!proxy) {
    // No proxy configured: refuse rather than fetch archived pages' resources live.
    return { type: "http", host: "127.0.0.1", port: 9, failoverTimeout: 1 };
  }
  return { type: "http", host: proxy.host, port: proxy.port, failoverTimeout: 5 };
}

/** @param {browser.webRequest._OnAuthRequiredDetails} details */
function onAuthRequired(details) {
  if (!details.isProxy || !proxy || !proxy.username) return {};
  if (details.challenger.host !== proxy.host || details.challenger.port !== proxy.port) return {};
  const tries = (authTries.get(details.requestId) ?? 0) + 1;
  authTries.set(details.requestId, tries);
  if (tries > 1) {
    proxyAuth.refusedAt = Date.now();
    return { cancel: true };
  }
  return { authCredentials: { username: proxy.username, password: proxy.password } };
}

/** @param {{ requestId: string }} details */
function forget(details) {
  authTries.delete(details.requestId);
}

/** @param {browser.webRequest._OnBeforeSendHeadersDetails} details */
function onBeforeSendHeaders(details) {
  if (details.tabId < 0 || !sessions.get(details.tabId) || !details.requestHeaders) return {};
  return { requestHeaders: details.requestHeaders.filter((h) => !PRIVATE_REQUEST_HEADERS.has(h.name.toLowerCase())) };
}

/**
 * Response headers of archived resources in annotation tabs, minus cookies and
 * host-wide policies. (The main document's headers are rewritten in documents.js.)
 * @param {browser.webRequest.HttpHeaders} headers
 * @returns {browser.webRequest.HttpHeaders}
 */
export function withoutPrivateHeaders(headers) {
  return headers.filter((h) => !PRIVATE_RESPONSE_HEADERS.has(h.name.toLowerCase()));
}

/** @param {browser.webRequest._OnHeadersReceivedDetails} details */
function onHeadersReceived(details) {
  if (details.tabId < 0 && probes.has(details.url) && details.statusCode !== 407) {
    const marker = (details.responseHeaders ?? []).find((h) => h.name.toLowerCase() === "x-kehr-archive");
    probeAnswers.set(details.url, marker?.value ?? "");
    return {};
  }
  if (details.type === "main_frame" || details.tabId < 0 || !sessions.get(details.tabId)) return {};
  if (!details.responseHeaders) return {};
  return { responseHeaders: withoutPrivateHeaders(details.responseHeaders) };
}

export function install() {
  const all = { urls: ["<all_urls>"] };
  ext.proxy.onRequest.addListener(onRequest, all);
  ext.proxy.onError.addListener((error) => console.warn("Kehr annotator: proxy error", error.message));
  ext.webRequest.onAuthRequired.addListener(onAuthRequired, all, ["blocking"]);
  ext.webRequest.onCompleted.addListener(forget, all);
  ext.webRequest.onErrorOccurred.addListener(forget, all);
  ext.webRequest.onBeforeSendHeaders.addListener(onBeforeSendHeaders, all, ["blocking", "requestHeaders"]);
  ext.webRequest.onHeadersReceived.addListener(onHeadersReceived, all, ["blocking", "responseHeaders"]);
}
