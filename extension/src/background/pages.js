// Opening corpus pages for annotation, the next page, submitting, and the views of
// stored submissions. The tab is registered (sessions.js) before it navigates, so
// its very first request already goes through the replay proxy.

import { clientVersion, ext } from "../lib/ext.js";
import { vectorProblem } from "../lib/messages.js";
import { parseSuggestions } from "../lib/suggestions.js";
import { scoreText } from "../lib/tutorial.js";
import { UserError, api } from "./api.js";
import * as documents from "./documents.js";
import * as drafts from "./drafts.js";
import * as sessions from "./sessions.js";
import { effectiveProxy, getSettings } from "./settings.js";
import { submitNow } from "./submissions.js";

/**
 * A page as the API describes it (docs/api.md).
 * @typedef {{ id: number, corpus: string, url: string, final_url: string, title: string, node_count: number }} ApiPage
 * @typedef {import("./sessions.js").Mode} Mode
 * @typedef {import("./sessions.js").Notice} Notice
 * @typedef {import("./sessions.js").PageSession} PageSession
 * @typedef {import("./sessions.js").TutorialInfo} TutorialInfo
 * @typedef {import("../lib/tutorial.js").TutorialResult} TutorialResult
 * @typedef {{ mode: Mode, labels?: number[] | null, banner?: string, notices?: Notice[],
 *   tutorial?: TutorialInfo | null, result?: TutorialResult | null, submissionId?: number | null }} OpenOptions
 */

/**
 * @param {string} page one of the extension's pages, e.g. "pages/stats.html"
 * @param {Record<string, string>} [params]
 */
export function extensionUrl(page, params = {}) {
  const query = new URLSearchParams(params).toString();
  return ext.runtime.getURL(page) + (query ? `?${query}` : "");
}

/**
 * Show a page in an annotation tab (a new one unless `tabId` is given).
 * @param {number | undefined} tabId
 * @param {ApiPage} page
 * @param {OpenOptions} options
 * @returns {Promise<number>} the tab
 */
export async function openPage(tabId, page, options) {
  const settings = await getSettings();
  if (!effectiveProxy(settings)) {
    throw new UserError(
      "No replay proxy is set, so corpus pages cannot be loaded. Log in again (the server tells the extension its replay proxy) or set one in the options.",
    );
  }
  const suggestions = await suggestionsFor(page, options);
  const tab = tabId ?? (await ext.tabs.create({ url: "about:blank", active: true })).id;
  if (tab === undefined) throw new Error("could not open a tab");
  const url = sessions.documentUrl(page.final_url || page.url);
  await sessions.set(tab, {
    kind: "page",
    mode: options.mode,
    url,
    pageId: page.id,
    corpus: page.corpus,
    title: page.title || url,
    nodeCount: page.node_count,
    startedAt: new Date().toISOString(),
    labels: options.labels ?? null,
    banner: options.banner ?? "",
    notices: options.notices ?? [],
    problem: "",
    tutorial: options.tutorial ?? null,
    result: options.result ?? null,
    submissionId: options.submissionId ?? null,
    suggestions,
  });
  documents.prefetch(tab, page.id);
  await ext.tabs.update(tab, { url, active: true });
  return tab;
}

/**
 * The model's suggestions for this annotator on a page opened for tagging, or null.
 * The server decides (the corpus' setting, a draw per page and annotator, never on a
 * tutorial); a server without suggestions or a failed request just shows none.
 * @param {ApiPage} page
 * @param {OpenOptions} options
 * @returns {Promise<import("../lib/suggestions.js").Suggestions | null>}
 */
async function suggestionsFor(page, options) {
  // Only on a first annotation: a resubmission corrects the annotator's own tags, and
  // the server keeps the provenance of the tags that stay.
  if (options.mode !== "annotate") return null;
  if (options.tutorial) return null;
  try {
    return parseSuggestions(await api("GET", `/api/pages/${page.id}/suggestions/`), page.node_count);
  } catch (error) {
    console.warn("Kehr annotator: no suggestions for page", page.id, error);
    return null;
  }
}

/**
 * Ask for the next page of the chosen corpus and open it; when the corpus is done,
 * show My Stats instead.
 * @param {number | undefined} tabId the annotation tab to reuse
 * @param {Notice[]} [notices] to show on the next page (e.g. "submitted")
 * @returns {Promise<{ done: boolean, message: string }>}
 */
export async function grabNext(tabId, notices = []) {
  const { corpus } = await getSettings();
  if (!corpus) throw new UserError("Choose a corpus first (Corpus in the Kehr menu).");
  const answer = await api("GET", `/api/corpora/${encodeURIComponent(corpus)}/next-page/`);
  if (answer.done) {
    const message = answer.detail || "You have annotated every page of this corpus.";
    const url = extensionUrl("pages/stats.html", { notice: [...notices.map((n) => n.text), message].join(" ") });
    if (tabId !== undefined) {
      await sessions.remove(tabId);
      await ext.tabs.update(tabId, { url, active: true });
    } else {
      await ext.tabs.create({ url });
    }
    return { done: true, message };
  }
  const page = /** @type {ApiPage} */ (answer.page);
  await openPage(tabId, page, { mode: "annotate", notices });
  return { done: false, message: `Opened “${page.title || page.url}”.` };
}

/**
 * Collect the tab's label vector, queue it, send it, and go on: to the next page
 * after annotating, to My Stats after a resubmission.
 * @param {number} tabId
 * @returns {Promise<{ ok: boolean, message: string }>}
 */
export async function submit(tabId) {
  const session = sessions.pageSession(tabId);
  if (!session) throw new UserError("This tab does not show a corpus page.");
  if (session.mode === "view") {
    throw new UserError("This is a read-only view. To change your tags, use Resubmit in My Stats.");
  }
  if (session.mode === "result") {
    throw new UserError("This page shows your tutorial result: go on with “Next page” in the bar at the top of the page.");
  }
  /** @type {{ pageId: number, labels: number[], untagged: number, missing: number,
   *   suggestions: import("../lib/suggestions.js").Provenance | null, untouchedHints: number }} */
  const collected = await ext.tabs.sendMessage(tabId, { type: "bg:collect" });
  if (collected?.pageId !== session.pageId) {
    // e.g. an older page shown again from the history: its tags are not this page's
    throw new UserError("This tab does not show the page it was opened for: use Grab next page.");
  }
  const problem = vectorProblem(collected.labels, session.nodeCount);
  if (problem) throw new Error(`the page gave a wrong label vector: ${problem}`);
  const hints = collected.untouchedHints ?? 0;
  if (hints > 0 && session.warnedHints !== hints) {
    // Hints nobody looked at would go as untagged: say so once; Submit again sends.
    session.warnedHints = hints;
    await sessions.save();
    const text = untouchedHintsText(hints);
    await ext.tabs.sendMessage(tabId, { type: "bg:notice", text, level: "warning" }).catch(() => {});
    return { ok: false, message: text };
  }
  const outcome = await submitNow({
    pageId: session.pageId,
    corpus: session.corpus,
    title: session.title,
    url: session.url,
    labels: collected.labels,
    startedAt: session.startedAt,
    clientVersion: clientVersion(),
    // The draft goes once the server has this submission (now or when a retry lands).
    draftKey: (await drafts.keyFor(session.pageId)) ?? undefined,
    suggestions: collected.suggestions ?? undefined,
  });
  if (!outcome.ok) {
    const message = outcome.retry
      ? `${outcome.message} Your tags are saved in the browser and will be sent automatically.`
      : `The server refused the submission: ${outcome.message} Your tags are kept in My Stats (waiting to be sent).`;
    await ext.tabs.sendMessage(tabId, { type: "bg:notice", text: message, level: "error" }).catch(() => {});
    return { ok: false, message };
  }
  const untagged = collected.untagged;
  let message = `Submitted “${session.title}”.`;
  if (untagged > 0) {
    message += ` Note: ${untagged} text node${untagged === 1 ? " was" : "s were"} still untagged and ${untagged === 1 ? "was" : "were"} sent as untagged.`;
  }
  const notice = /** @type {Notice} */ ({ text: message, level: untagged > 0 ? "warning" : "info" });
  const answer = /** @type {{ id?: number, tutorial?: TutorialResult } | undefined} */ (outcome.result);
  const result = answer?.tutorial ?? null;
  if (result || session.tutorial || (await staffTutorialPage(session))) {
    await redisplay(tabId, session, {
      mode: "result",
      banner: "",
      labels: collected.labels,
      result,
      submissionId: answer?.id ?? null,
      notices: untagged > 0 ? [notice] : [],
      tutorial: {
        slug: session.tutorial?.slug ?? session.corpus,
        name: session.tutorial?.name ?? "",
        position: result?.position ?? session.tutorial?.position ?? null,
        total: result?.total ?? session.tutorial?.total ?? null,
      },
    });
    return { ok: true, message: result ? `${message} ${scoreText(result)}` : message };
  }
  if (session.mode === "resubmit") {
    await sessions.remove(tabId);
    await ext.tabs.update(tabId, { url: extensionUrl("pages/stats.html", { notice: message }) });
    return { ok: true, message };
  }
  try {
    const next = await grabNext(tabId, [notice]);
    return { ok: true, message: `${message} ${next.message}` };
  } catch (error) {
    const text = `${message} The next page could not be opened: ${error instanceof Error ? error.message : error}`;
    await ext.tabs.sendMessage(tabId, { type: "bg:notice", text, level: "warning" }).catch(() => {});
    return { ok: true, message: text };
  }
}

/**
 * @param {number} count
 * @returns {string}
 */
function untouchedHintsText(count) {
  return (
    `${count} text node${count === 1 ? " still shows a suggestion" : "s still show suggestions"} you neither accepted nor tagged: ` +
    "accept them (Ctrl+Alt+A, a block Ctrl+Alt+B, all Ctrl+Alt+E), tag them, or clear the suggestions (Ctrl+Alt+X). " +
    "Submit again to send them untagged."
  );
}

/**
 * Whether a submission without a tutorial result was still a tutorial page that staff
 * may make a reference of (a step without reference, a page of a tutorial corpus that is
 * no step yet). Only asked for staff: learners' tutorial pages are steps with references.
 * @param {PageSession} session
 * @returns {Promise<boolean>}
 */
async function staffTutorialPage(session) {
  const settings = await getSettings();
  if (!settings.auth?.isStaff) return false;
  try {
    await api("GET", `/api/tutorials/${encodeURIComponent(session.corpus)}/`);
    return true;
  } catch {
    return false; // 404: a regular corpus
  }
}

/**
 * Show the tab's page again, changed as `changes` says (e.g. as a tutorial result).
 * The document is loaded afresh, so no tag of before stays on it.
 * @param {number} tabId
 * @param {PageSession} session
 * @param {Partial<OpenOptions>} changes
 */
export async function redisplay(tabId, session, changes) {
  /** @type {ApiPage} */
  const page = {
    id: session.pageId,
    corpus: session.corpus,
    url: session.url,
    final_url: session.url,
    title: session.title,
    node_count: session.nodeCount,
  };
  return openPage(tabId, page, {
    mode: session.mode,
    labels: session.labels,
    banner: session.banner,
    tutorial: session.tutorial,
    result: session.result,
    submissionId: session.submissionId,
    ...changes,
  });
}

/**
 * Re-display a stored submission with its tags (read-only), or open it to change
 * and resubmit.
 * @param {number} submissionId
 * @param {"view" | "resubmit"} mode
 */
export async function openSubmission(submissionId, mode) {
  const submission = await api("GET", `/api/submissions/${submissionId}/`);
  /** @type {ApiPage} */
  const page = await api("GET", `/api/pages/${submission.page}/`);
  const when = new Date(submission.submitted_at).toLocaleString();
  const banner =
    mode === "view"
      ? `Your submission of ${when} (revision ${submission.revision}), read-only.`
      : `Changing your submission of ${when}: Submit replaces it.`;
  return openPage(undefined, page, { mode, labels: submission.labels, banner });
}

/** Open the replay proxy's setup page (with the CA certificate) through the proxy. */
export async function openSetup() {
  const settings = await getSettings();
  const url = settings.serverConfig?.setup_url || "http://kehr.proxy/";
  const tab = await ext.tabs.create({ url: "about:blank", active: true });
  if (tab.id === undefined) return;
  await sessions.set(tab.id, { kind: "setup", url });
  await ext.tabs.update(tab.id, { url });
}

/** @param {number} tabId */
export async function retryPage(tabId) {
  const session = sessions.pageSession(tabId);
  if (!session) throw new UserError("This tab no longer belongs to a corpus page: use Grab next page.");
  session.problem = "";
  await sessions.save();
  documents.prefetch(tabId, session.pageId);
  await ext.tabs.update(tabId, { url: session.url });
}
