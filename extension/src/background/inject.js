// The content script and its stylesheet go into annotation tabs only, once their
// document is there; a page that failed to load is replaced by a page that says why
// (replay proxy down, its certificate authority not trusted, network trouble).

import { ext } from "../lib/ext.js";
import { classifyNetworkError } from "../lib/problems.js";
import { extensionUrl } from "./pages.js";
import * as sessions from "./sessions.js";

/** @param {browser.webNavigation._OnDOMContentLoadedDetails} details */
async function onDocument(details) {
  if (details.frameId !== 0) return;
  await sessions.ready;
  const session = sessions.pageSession(details.tabId);
  if (!session || sessions.documentUrl(details.url) !== session.url) return;
  const target = { tabId: details.tabId, frameIds: [0] };
  try {
    await ext.scripting.insertCSS({ target, files: ["content/annotator.css"], origin: "USER" });
    // One classic script bundled at build time (scripts/build.js): nothing for the page's
    // sandboxed document to import, which Firefox ESR 140 never finished doing there.
    await ext.scripting.executeScript({ target, files: ["content/annotator.js"] });
  } catch (error) {
    console.warn("Kehr annotator: could not start in tab", details.tabId, error);
  }
}

/** @param {browser.webRequest._OnErrorOccurredDetails} details */
async function onError(details) {
  if (details.type !== "main_frame" || details.tabId < 0) return;
  await sessions.ready;
  const session = sessions.pageSession(details.tabId);
  if (!session || sessions.documentUrl(details.url) !== session.url) return;
  const kind = classifyNetworkError(details.error);
  if (!kind) return;
  session.problem = kind;
  await sessions.save();
  const url = extensionUrl("pages/problem.html", { kind, error: details.error, url: session.url, tab: String(details.tabId) });
  await ext.tabs.update(details.tabId, { url });
}

export function install() {
  ext.webNavigation.onDOMContentLoaded.addListener(onDocument);
  ext.webRequest.onErrorOccurred.addListener(onError, { urls: ["<all_urls>"], types: ["main_frame"] });
}
