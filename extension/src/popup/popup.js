// The toolbar button's menu: KrdWrd's status-bar broom, as a popup.

import { ext } from "../lib/ext.js";
import { SHIPPED_TUTORIAL, chooseTutorial, progressText } from "../lib/tutorial.js";
import { ask, byId, h, onClick, say } from "../lib/ui.js";

const status = byId("status");

/**
 * @param {string} page
 */
async function openTab(page) {
  await ext.tabs.create({ url: ext.runtime.getURL(page) });
  window.close();
}

async function refresh() {
  const state = await ask({ type: "status" });
  byId("logged-out").hidden = state.loggedIn;
  byId("menu").hidden = !state.loggedIn;
  byId("who").textContent = state.loggedIn ? state.username : "";
  const tracking = byId("tracking");
  tracking.textContent = `Tracking: ${state.tracking ? "on" : "off"}`;
  tracking.setAttribute("aria-pressed", String(state.tracking));
  /** @type {HTMLImageElement} */ (byId("icon")).src = `../icons/broom-${state.tracking ? "on" : "off"}.svg`;
  const page = byId("page");
  if (state.tab) {
    const s = state.tab.state;
    const counts = s ? ` — ${s.untagged} of ${s.total} text nodes untagged` : "";
    const what = { view: "Viewing", result: "Tutorial result", annotate: "Page", resubmit: "Page" }[String(state.tab.mode)] ?? "Page";
    page.textContent = `${what}: ${state.tab.title}${state.tab.mode === "result" ? "" : counts}`;
    byId("undo").toggleAttribute("disabled", !(s && s.canUndo));
    byId("redo").toggleAttribute("disabled", !(s && s.canRedo));
    const suggested = state.tab.suggestions;
    byId("suggested").hidden = !suggested;
    byId("suggested-legend").textContent = suggested ? `Suggestions of ${suggested.model} (${suggested.mode})` : "Suggestions";
  } else if (state.otherAnnotationTabs) {
    byId("suggested").hidden = true;
    page.textContent = "The tab in front is not an annotation tab: switch to the page you are tagging to submit it.";
  } else {
    byId("suggested").hidden = true;
    page.textContent = "No corpus page open: Grab next page.";
  }
  byId("submit").toggleAttribute("disabled", !state.tab || state.tab.mode === "view" || state.tab.mode === "result");
  const pending = byId("pending");
  pending.hidden = state.pending.length === 0;
  pending.replaceChildren();
  if (state.pending.length) {
    const refused = state.pending.filter((/** @type {{ refused: boolean }} */ p) => p.refused).length;
    pending.append(
      `${state.pending.length} submission${state.pending.length === 1 ? "" : "s"} waiting to be sent` +
        (refused ? ` (${refused} refused by the server: see My Stats). ` : ". "),
      h("button", { id: "retry", class: "link", onclick: retry }, "Send now"),
    );
  }
  return state;
}

/**
 * The request (Grab next page, Start Tutorial) that is waiting for the annotator's
 * answer about unsubmitted tags, and the question's tab.
 * @type {{ request: Record<string, unknown> & { type: string }, tabId: number } | null}
 */
let waiting = null;

/**
 * Send a request that replaces the page of an annotation tab; when that page has
 * unsubmitted tags, the background asks first (the tags stay a draft whatever the answer).
 * @param {Record<string, unknown> & { type: string }} request
 * @returns {Promise<string>}
 */
async function leavePage(request) {
  const result = await ask(request);
  if (result?.ask) {
    waiting = { request, tabId: result.ask.tabId };
    byId("ask-text").textContent = result.ask.text;
    byId("ask").hidden = false;
    byId("ask-keep").focus();
    return "";
  }
  await refresh();
  return result.message;
}

/** @param {string} choice */
async function answer(choice) {
  const question = waiting;
  waiting = null;
  byId("ask").hidden = true;
  if (!question) return "";
  if (choice === "stay") return "Nothing changed: your tags stay on the page.";
  if (choice === "submit") {
    const result = await ask({ type: "submit", tabId: question.tabId });
    await refresh();
    if (!result.ok) throw new Error(result.message);
    if (question.request.type === "grab-next") return result.message; // Submit goes on by itself
    return `${result.message} ${await leavePage({ ...question.request, keepDraft: true })}`;
  }
  return leavePage({ ...question.request, keepDraft: true });
}

async function retry() {
  try {
    const result = await ask({ type: "retry-queue" });
    say(status, result.failed ? "Still not sent; the extension keeps trying." : `Sent ${result.sent}.`, result.failed ? "error" : "ok");
  } catch (error) {
    say(status, error instanceof Error ? error.message : String(error), "error");
  }
  await refresh();
}

/** @param {string} current */
async function loadCorpora(current) {
  const select = /** @type {HTMLSelectElement} */ (byId("corpus"));
  try {
    /** @type {{ slug: string, name: string, page_count: number, my_submissions: number, kind: string }[]} */
    const corpora = await ask({ type: "corpora" });
    select.replaceChildren(
      h("option", { value: "", disabled: true, selected: !current }, corpora.length ? "Choose a corpus…" : "(no corpus open to you)"),
      ...corpora.map((c) =>
        h("option", { value: c.slug, selected: c.slug === current }, `${c.name} (${c.my_submissions}/${c.page_count} done)`),
      ),
    );
  } catch (error) {
    select.replaceChildren(h("option", { value: "" }, "(could not load)"));
    say(status, error instanceof Error ? error.message : String(error), "error");
  }
}

/** The tutorials open to me: a choice when there are several, my progress. */
async function loadTutorials() {
  const select = /** @type {HTMLSelectElement} */ (byId("tutorial-select"));
  const note = byId("tutorial-note");
  try {
    /** @type {import("../lib/tutorial.js").TutorialSummary[]} */
    const tutorials = await ask({ type: "tutorials" });
    const preferred = chooseTutorial(tutorials, SHIPPED_TUTORIAL);
    byId("tutorial").toggleAttribute("disabled", !preferred);
    byId("tutorial-choice").hidden = tutorials.length < 2;
    select.replaceChildren(
      ...tutorials.map((t) => h("option", { value: t.slug, selected: t === preferred }, `${t.name} (${t.completed}/${t.total})`)),
    );
    const describe = () => {
      const chosen = chooseTutorial(tutorials, select.value);
      note.textContent = chosen ? `${chosen.name}: ${progressText(chosen)}.` : "No tutorial is open to you.";
    };
    select.addEventListener("change", describe);
    describe();
  } catch (error) {
    note.textContent = `Tutorials could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function main() {
  // Handlers first: the menu must not show buttons that do nothing yet.
  byId("login").addEventListener("click", () => ext.runtime.openOptionsPage().then(() => window.close()));
  byId("options").addEventListener("click", () => ext.runtime.openOptionsPage().then(() => window.close()));
  byId("about").addEventListener("click", () => openTab("pages/about.html"));
  byId("guidelines").addEventListener("click", () => openTab("pages/guidelines.html"));
  byId("stats").addEventListener("click", () => openTab("pages/stats.html"));
  // sidebarAction.toggle() must run in the click's own turn (a user action).
  byId("sidebar").addEventListener("click", () => ext.sidebarAction.toggle());

  byId("corpus").addEventListener("change", async (event) => {
    const slug = /** @type {HTMLSelectElement} */ (event.target).value;
    await ask({ type: "select-corpus", slug });
    say(status, "Corpus chosen: Grab next page to start.", "ok");
  });
  onClick(byId("tracking"), status, async () => {
    const now = await refresh();
    await ask({ type: "set-tracking", on: !now.tracking });
    await refresh();
    return now.tracking ? "Tracking is off: nothing is highlighted or tagged." : "Tracking is on.";
  });
  onClick(byId("grab"), status, () => leavePage({ type: "grab-next" }));
  for (const choice of ["submit", "keep", "stay"]) onClick(byId(`ask-${choice}`), status, () => answer(choice));
  onClick(byId("submit"), status, async () => {
    const result = await ask({ type: "submit" });
    await refresh();
    if (!result.ok) throw new Error(result.message);
    return result.message;
  });
  onClick(byId("tutorial"), status, async () => {
    const slug = /** @type {HTMLSelectElement} */ (byId("tutorial-select")).value || null;
    return leavePage({ type: "start-tutorial", slug });
  });
  for (const action of ["propagate", "undo", "redo", "accept-page", "clear-suggestions"]) {
    onClick(byId(action), status, async () => {
      const result = await ask({ type: "page-action", action });
      setTimeout(refresh, 150);
      return result?.message;
    });
  }
  const state = await refresh();
  if (state.loggedIn) {
    loadTutorials();
    loadCorpora(state.corpus);
  }
}

main().catch((error) => say(status, error instanceof Error ? error.message : String(error), "error"));
