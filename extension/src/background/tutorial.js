// The tutorial (docs/tutorial.md): Start Tutorial, the result view's "Next page",
// results shown again from My Stats, starting over, and staff references.
//
// The extension keeps no tutorial state of its own: the server's `current` step (the
// first one without a submission) is where Start Tutorial and "Next page" go, so
// resuming after quitting and restarting after deleting submissions follow from the
// submissions alone.

import { chooseTutorial, progressText, scoreText } from "../lib/tutorial.js";
import { ext } from "../lib/ext.js";
import { UserError, api } from "./api.js";
import { extensionUrl, openPage, redisplay } from "./pages.js";
import * as sessions from "./sessions.js";
import { getSettings } from "./settings.js";

/**
 * @typedef {import("../lib/tutorial.js").TutorialSummary} TutorialSummary
 * @typedef {import("../lib/tutorial.js").TutorialResult} TutorialResult
 * @typedef {import("./pages.js").ApiPage} ApiPage
 * @typedef {{ slug: string, name: string, total: number, completed: number, current: unknown,
 *   steps: { position: number, page: number, title: string, completed: boolean }[] }} TutorialDetail
 */

/** @returns {Promise<TutorialSummary[]>} */
export function list() {
  return api("GET", "/api/tutorials/");
}

/**
 * Open the learner's current step of a tutorial (with its draft, if the learner left
 * one) or, when every step is done, the tutorial's summary in My Stats. Like Grab next
 * page, it reuses the annotation tab (the caller asks about unsubmitted tags first).
 * @param {string | null | undefined} slug the tutorial asked for (else the shipped one)
 * @param {number | undefined} [tabId] the annotation tab to reuse (else a new tab)
 * @param {import("./sessions.js").Notice[]} [notices]
 * @returns {Promise<{ done: boolean, message: string }>}
 */
export async function start(slug, tabId, notices = []) {
  const tutorial = chooseTutorial(await list(), slug);
  if (!tutorial) throw new UserError("No tutorial is open to you on this server: ask your administrator.");
  const tab = tabId;
  if (!tutorial.current) {
    const message = `You have done every page of “${tutorial.name}”.`;
    const url = extensionUrl("pages/stats.html", { tutorial: tutorial.slug, notice: message });
    if (tab !== undefined) {
      await sessions.remove(tab);
      await ext.tabs.update(tab, { url, active: true });
    } else {
      await ext.tabs.create({ url });
    }
    return { done: true, message };
  }
  const step = tutorial.current;
  /** @type {ApiPage} */
  const page = await api("GET", `/api/pages/${step.page}/`);
  await openPage(tab, page, {
    mode: "annotate",
    banner: `${tutorial.name}, page ${step.position} of ${tutorial.total}: tag the page, then Submit to see how you did.`,
    notices,
    tutorial: { slug: tutorial.slug, name: tutorial.name, position: step.position, total: tutorial.total },
  });
  return { done: false, message: `Opened page ${step.position} of ${tutorial.total} of “${tutorial.name}”: “${step.title}”.` };
}

/**
 * "Next page" (or "Finish") in the bar of a result view.
 * @param {number} tabId
 */
export async function next(tabId) {
  const session = sessions.pageSession(tabId);
  if (!session || session.mode !== "result") throw new UserError("This tab does not show a tutorial result.");
  return start(session.tutorial?.slug ?? session.corpus, tabId);
}

/**
 * @param {string} slug
 * @returns {Promise<TutorialDetail>}
 */
function detail(slug) {
  return api("GET", `/api/tutorials/${encodeURIComponent(slug)}/`);
}

/**
 * Show the result of a submitted step again (My Stats), from the server's comparison.
 * @param {string} slug
 * @param {number} position
 */
export async function openResult(slug, position) {
  const tutorial = await detail(slug);
  const step = tutorial.steps.find((s) => s.position === position);
  if (!step) throw new UserError(`“${tutorial.name}” has no page ${position}.`);
  /** @type {[TutorialResult, ApiPage]} */
  const [result, page] = await Promise.all([
    api("GET", `/api/tutorials/${encodeURIComponent(slug)}/steps/${position}/result/`),
    api("GET", `/api/pages/${step.page}/`),
  ]);
  await openPage(undefined, page, {
    mode: "result",
    result,
    tutorial: { slug, name: tutorial.name, position, total: tutorial.total },
  });
  return { ok: true, message: scoreText(result) };
}

/**
 * Delete all my submissions of a tutorial: it starts again at its first page.
 * Staff are refused: the submissions list shows them everyone's, and a staff member's
 * own cannot be told apart there.
 * @param {string} slug
 */
export async function restart(slug) {
  const settings = await getSettings();
  if (settings.auth?.isStaff) {
    throw new UserError("Staff see everyone's submissions here: delete your own tutorial submissions one by one.");
  }
  /** @type {number[]} */
  const ids = [];
  let offset = 0;
  for (;;) {
    const page = await api("GET", `/api/submissions/?mine=true&corpus=${encodeURIComponent(slug)}&limit=100&offset=${offset}`);
    ids.push(...page.results.map((/** @type {{ id: number }} */ s) => s.id));
    offset += page.results.length;
    if (!page.next || page.results.length === 0) break;
  }
  for (const id of ids) await api("DELETE", `/api/submissions/${id}/`);
  const tutorial = chooseTutorial(await list(), slug);
  const where = tutorial ? ` (${progressText(tutorial)})` : "";
  return { deleted: ids.length, message: `Deleted ${ids.length} tutorial submission${ids.length === 1 ? "" : "s"}${where}.` };
}

/**
 * Staff: make the submission shown in a result view the reference of its page's step,
 * then show the page judged against it.
 * @param {number} tabId
 */
export async function useAsReference(tabId) {
  const session = sessions.pageSession(tabId);
  const settings = await getSettings();
  if (!session || session.mode !== "result" || !session.submissionId) {
    throw new UserError("Submit the page first: then your tags can become its reference.");
  }
  if (!settings.auth?.isStaff) throw new UserError("Only staff can set a tutorial page's reference.");
  /** @type {{ corpus: string, position: number, created: boolean, scored_nodes: number }} */
  const answer = await api("POST", `/api/submissions/${session.submissionId}/reference/`);
  /** @type {TutorialResult} */
  const result = await api(
    "GET",
    `/api/tutorials/${encodeURIComponent(answer.corpus)}/steps/${answer.position}/result/`,
  );
  const message = `Your tags are now the reference of page ${answer.position}${answer.created ? " (a new page of the tutorial)" : ""}; ${answer.scored_nodes} text nodes are scored.`;
  await redisplay(tabId, session, {
    result,
    notices: [{ text: message, level: "info" }],
    tutorial: { ...(session.tutorial ?? { slug: answer.corpus, name: "" }), position: result.position, total: result.total },
  });
  return { ok: true, message };
}
