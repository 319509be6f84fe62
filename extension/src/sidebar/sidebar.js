// The sidebar: every text node of the current annotation page in order, coloured by
// its effective label; a click scrolls the page to it. Refreshed whenever the page
// reports a change.

import { ext } from "../lib/ext.js";
import { LABEL_NAMES } from "../lib/labels.js";
import { ask, byId, h, say } from "../lib/ui.js";

const status = byId("status");
/** How the sidebar names a node's suggestion state (lib/suggestions.js). */
/** @type {Record<string, string>} */
const STATE_TEXT = { hint: "suggested:", pending: "prefilled, not confirmed:", accepted: "accepted suggestion:" };
/** @type {number | undefined} */
let shownTab;
let pending = false;

async function render() {
  pending = false;
  let data;
  try {
    data = await ask({ type: "nodes" });
  } catch (error) {
    shownTab = undefined;
    byId("title").textContent = "Text nodes";
    byId("summary").textContent = "";
    byId("nodes").replaceChildren();
    say(status, error instanceof Error ? error.message : String(error));
    return;
  }
  say(status, "");
  shownTab = data.tabId;
  byId("title").textContent = data.title;
  const total = data.nodes.length;
  byId("summary").textContent =
    `${data.untagged} of ${total} text nodes untagged` + (data.missing ? ` (${data.missing} not shown by the browser)` : "") +
    (data.mode === "view" ? " — read-only view" : "");
  byId("summary").dataset.untagged = String(data.untagged);
  const suggested = data.suggestions;
  byId("suggestions").hidden = !suggested;
  byId("suggestions").textContent = suggested
    ? `Suggestions of ${suggested.model} (${suggested.mode}): ${suggested.accepted} accepted, ` +
      (suggested.mode === "hints" ? `${suggested.hint} hints not taken up yet` : `${suggested.pending} prefilled tags not confirmed yet`)
    : "";
  if (suggested) Object.assign(byId("suggestions").dataset, { accepted: suggested.accepted, hint: suggested.hint, pending: suggested.pending });
  const items = data.nodes.map((/** @type {{ i: number, label: number, text: string | null, suggested: number, probability: number, state: string }} */ node) =>
    h(
      "li",
      { value: String(node.i) },
      node.text === null
        ? h("span", { class: "missing" }, "(not shown by the browser)")
        : h(
            "button",
            {
              class: `l${node.label}${node.state ? ` ${node.state} h${node.suggested}` : ""}`,
              title: `${node.i}: ${LABEL_NAMES[node.label]}${
                node.state ? ` (${STATE_TEXT[node.state]} ${LABEL_NAMES[node.suggested]}, probability ${node.probability.toFixed(2)})` : ""
              }`,
              "data-i": String(node.i),
              "data-label": String(node.label),
              "data-state": node.state,
              onclick: () => ask({ type: "scroll-to", tabId: shownTab, index: node.i }).catch(() => {}),
            },
            node.text,
          ),
    ),
  );
  byId("nodes").replaceChildren(...items);
}

function soon() {
  if (pending) return;
  pending = true;
  setTimeout(render, 100);
}

ext.runtime.onMessage.addListener((message, sender) => {
  // Changes reported by the page shown here (content scripts message every extension page).
  if (message?.type === "content:changed" && sender.tab?.id === shownTab) soon();
  return undefined;
});
ext.tabs.onActivated.addListener(soon);
ext.tabs.onUpdated.addListener((_tabId, info) => {
  if (info.status === "complete") soon();
});
render();
