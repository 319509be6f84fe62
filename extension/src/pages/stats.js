// My Stats: pages done per corpus, time spent, submissions waiting to be sent, and
// my submissions with View (re-display with my tags), Resubmit and Delete.

import { ask, byId, duration, h, onClick, say } from "../lib/ui.js";

const status = byId("status");
let offset = 0;

/**
 * @typedef {{ id: number, page: number, page_url: string, corpus: string, revision: number,
 *   submitted_at: string, duration_seconds: number | null }} Submission
 */

/** @param {Submission} s */
function submissionRow(s) {
  const row = h(
    "tr",
    { "data-submission": String(s.id) },
    h("td", {}, h("span", { title: s.page_url }, s.page_url), s.revision > 1 ? h("span", { class: "muted" }, ` (revision ${s.revision})`) : null),
    h("td", {}, s.corpus),
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
  if (!confirm(`Delete your submission for ${s.page_url}? The page will be offered to you again.`)) return;
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

async function load() {
  const data = await ask({ type: "stats" });
  const stats = data.stats;
  byId("totals").textContent = `${stats.submissions} page${stats.submissions === 1 ? "" : "s"} annotated in ${duration(stats.total_seconds)}.`;
  const rows = stats.corpora.map((/** @type {{ corpus: string, pages_done: number, page_count: number, seconds: number }} */ c) =>
    h("tr", { "data-corpus": c.corpus }, h("td", {}, c.corpus), h("td", {}, `${c.pages_done} of ${c.page_count}`), h("td", {}, duration(c.seconds))),
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
