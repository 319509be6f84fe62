// My Stats: tutorial progress and scores, pages done per corpus, time spent,
// submissions waiting to be sent, and my submissions with View (re-display with my
// tags), Resubmit and Delete.

import { percent } from "../lib/tutorial.js";
import { ask, byId, duration, h, onClick, say } from "../lib/ui.js";

const status = byId("status");
let offset = 0;

/**
 * @typedef {{ id: number, page: number, page_url: string, page_title?: string, corpus: string,
 *   corpus_name?: string, revision: number, submitted_at: string,
 *   duration_seconds: number | null }} Submission
 */

/**
 * A name as people know it, with the identifier beside it in grey (a server older than
 * the titles in the API sends only the identifier: then that alone).
 * @param {string | undefined} name
 * @param {string} id
 * @param {string} cls
 */
function named(name, id, cls) {
  if (!name || name === id) return [h("span", { class: cls }, id)];
  return [h("span", { class: cls }, name), " ", h("span", { class: `muted ${cls}-id` }, id)];
}

/** @param {Submission} s */
function submissionRow(s) {
  const row = h(
    "tr",
    { "data-submission": String(s.id) },
    h(
      "td",
      {},
      h("span", { class: "page-title", title: s.page_url }, s.page_title || s.page_url),
      s.revision > 1 ? h("span", { class: "muted" }, ` (revision ${s.revision})`) : null,
      s.page_title ? h("br") : null,
      s.page_title ? h("small", { class: "muted page-url" }, s.page_url) : null,
    ),
    h("td", {}, ...named(s.corpus_name, s.corpus, "corpus-name")),
    h("td", {}, new Date(s.submitted_at).toLocaleString()),
    h("td", {}, s.duration_seconds === null ? "–" : duration(s.duration_seconds)),
    h(
      "td",
      {},
      h("button", { class: "view", onclick: () => open(s.id, "view") }, "View"),
      " ",
      h("button", { class: "resubmit", onclick: () => open(s.id, "resubmit") }, "Resubmit"),
      " ",
      h("button", { class: "delete", onclick: () => remove(s, row) }, "Delete"),
    ),
  );
  return row;
}

/**
 * @param {number} id
 * @param {"view" | "resubmit"} mode
 */
async function open(id, mode) {
  try {
    await ask({ type: "open-submission", id, mode });
  } catch (error) {
    say(status, error instanceof Error ? error.message : String(error), "error");
  }
}

/**
 * @param {Submission} s
 * @param {HTMLElement} row
 */
async function remove(s, row) {
  if (!confirm(`Delete your submission for ${s.page_title || s.page_url}? The page will be offered to you again.`)) return;
  try {
    await ask({ type: "delete-submission", id: s.id });
    row.remove();
    say(status, "Deleted.", "ok");
    await load();
  } catch (error) {
    say(status, error instanceof Error ? error.message : String(error), "error");
  }
}

/** @param {{ results: Submission[], next: string | null }} page */
function addSubmissions(page) {
  byId("submissions").querySelector("tbody")?.append(...page.results.map(submissionRow));
  offset += page.results.length;
  byId("more").hidden = !page.next;
}

/**
 * @param {{ id: string, title: string, url: string, refused: boolean, lastError: string, queuedAt: string }[]} pending
 */
function showPending(pending) {
  byId("pending-section").hidden = pending.length === 0;
  const rows = pending.map((p) =>
    h(
      "tr",
      {},
      h("td", {}, p.title || p.url),
      h("td", {}, p.refused ? `Refused by the server: ${p.lastError}` : p.lastError ? `Not sent yet: ${p.lastError}` : "Not sent yet."),
      h(
        "td",
        {},
        h(
          "button",
          {
            onclick: async () => {
              if (!confirm("Discard these tags? They are not on the server.")) return;
              await ask({ type: "discard-queued", id: p.id });
              await load();
            },
          },
          "Discard",
        ),
      ),
    ),
  );
  byId("pending").querySelector("tbody")?.replaceChildren(...rows);
}

/**
 * @typedef {{ slug: string, completed: number, total: number, mean_score_nodes: number | null,
 *   mean_score_tokens: number | null }} TutorialStats
 * @typedef {{ position: number, page: number, title: string, completed: boolean,
 *   score_nodes: number | null, score_tokens: number | null }} Step
 * @typedef {{ slug: string, name: string, total: number, completed: number,
 *   current: import("../lib/tutorial.js").StepRef | null, steps: Step[] }} TutorialDetail
 */

/**
 * One tutorial: progress, mean score, every page with its score and its result.
 * @param {TutorialStats} stats
 * @param {TutorialDetail | null} detail
 * @param {boolean} isStaff
 */
function tutorialBlock(stats, detail, isStaff) {
  const name = detail?.name ?? stats.slug;
  const mean =
    stats.mean_score_nodes === null
      ? "No score yet."
      : `Mean score: ${percent(stats.mean_score_nodes)} of the text nodes, ${percent(stats.mean_score_tokens)} of the words.`;
  const steps = (detail?.steps ?? []).map((step) =>
    h(
      "tr",
      { "data-step": String(step.position) },
      h("td", {}, String(step.position)),
      h("td", {}, step.title),
      h(
        "td",
        { class: "score" },
        !step.completed ? h("span", { class: "muted" }, "not done") : step.score_nodes === null ? "done (no score)" : `${percent(step.score_nodes)} (words ${percent(step.score_tokens)})`,
      ),
      h(
        "td",
        {},
        step.completed && step.score_nodes !== null
          ? h("button", { class: "result", onclick: () => run(() => ask({ type: "open-tutorial-result", slug: stats.slug, position: step.position })) }, "Show result")
          : null,
      ),
    ),
  );
  const done = stats.completed >= stats.total && stats.total > 0;
  return h(
    "div",
    { class: "tutorial", "data-tutorial": stats.slug },
    h("h3", {}, name),
    h("p", { class: "progress" }, `${stats.completed} of ${stats.total} pages done${done ? " — finished!" : ""}. `, h("span", { class: "mean" }, mean)),
    h(
      "p",
      {},
      done ? null : h("button", { class: "continue", onclick: () => run(() => ask({ type: "start-tutorial", slug: stats.slug })) }, stats.completed ? "Continue" : "Start"),
      " ",
      stats.completed && !isStaff
        ? h("button", { class: "restart", onclick: () => restart(stats.slug, name) }, "Start over")
        : null,
    ),
    h(
      "table",
      { class: "steps" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Page"), h("th", {}, "Score (text nodes)"), h("th", {}, ""))),
      h("tbody", {}, ...steps),
    ),
  );
}

/** @param {() => Promise<{ message?: string }>} action */
async function run(action) {
  try {
    const answer = await action();
    if (answer?.message) say(status, answer.message, "ok");
  } catch (error) {
    say(status, error instanceof Error ? error.message : String(error), "error");
  }
}

/**
 * @param {string} slug
 * @param {string} name
 */
async function restart(slug, name) {
  if (!confirm(`Delete all your submissions of “${name}”? The tutorial starts again at its first page.`)) return;
  await run(async () => {
    const answer = await ask({ type: "restart-tutorial", slug });
    await load();
    return answer;
  });
}

/**
 * @param {TutorialStats[]} stats
 * @param {(TutorialDetail | null)[]} details
 * @param {boolean} isStaff
 */
function showTutorials(stats, details, isStaff) {
  byId("tutorials-section").hidden = stats.length === 0;
  byId("tutorials").replaceChildren(...stats.map((t, i) => tutorialBlock(t, details[i] ?? null, isStaff)));
  const wanted = new URLSearchParams(location.search).get("tutorial");
  const block = wanted ? byId("tutorials").querySelector(`[data-tutorial="${CSS.escape(wanted)}"]`) : null;
  if (block) {
    block.classList.add("highlight");
    block.scrollIntoView({ block: "start" });
  }
}

async function load() {
  const data = await ask({ type: "stats" });
  showTutorials(data.stats.tutorials ?? [], data.tutorials ?? [], Boolean(data.isStaff));
  const stats = data.stats;
  byId("totals").textContent = `${stats.submissions} page${stats.submissions === 1 ? "" : "s"} annotated in ${duration(stats.total_seconds)}.`;
  const rows = stats.corpora.map((/** @type {{ corpus: string, corpus_name?: string, pages_done: number, page_count: number, seconds: number }} */ c) =>
    h("tr", { "data-corpus": c.corpus }, h("td", {}, ...named(c.corpus_name, c.corpus, "corpus-name")), h("td", {}, `${c.pages_done} of ${c.page_count}`), h("td", {}, duration(c.seconds))),
  );
  byId("corpora").querySelector("tbody")?.replaceChildren(...rows);
  showPending(data.pending);
  byId("submissions").querySelector("tbody")?.replaceChildren();
  offset = 0;
  addSubmissions(data.submissions);
}

function main() {
  const notice = new URLSearchParams(location.search).get("notice");
  if (notice) {
    byId("notice").textContent = notice;
    byId("notice").hidden = false;
  }
  onClick(byId("more"), status, async () => addSubmissions(await ask({ type: "submissions", offset })));
  onClick(byId("retry"), status, async () => {
    const result = await ask({ type: "retry-queue" });
    await load();
    return result.failed ? "Some could not be sent yet; they stay here." : `Sent ${result.sent}.`;
  });
  load().catch((error) => say(status, error instanceof Error ? error.message : String(error), "error"));
}

main();
