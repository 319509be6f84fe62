// Model suggestions on an annotation page (docs/annotator-guide.md, "Suggestions"):
// what the server sent, which nodes show a hint or an unconfirmed prefilled tag,
// and what a submission reports of them. Pure rules over the Annotation
// (lib/labels.js), unit-tested; content/main.js and content/paint.js apply them.
//
// Modes (the corpus' setting, drawn per page and annotator by the server):
// - "hints": a dashed outline in the suggested tag's colour on untagged nodes; nothing
//   is tagged until the annotator accepts or tags;
// - "prefill": the page opens with the suggested tags set; they are marked as
//   unconfirmed until the annotator accepts them, changes them or leaves them.

import { NODE_SELECTOR, UNTAGGED, isLabel, nodeIndex } from "./labels.js";

/**
 * @typedef {import("./labels.js").Annotation} Annotation
 * @typedef {{ mode: "hints" | "prefill", model: string, threshold: number | null, labels: number[],
 *   probability: number[] }} Suggestions
 *   `labels`: the suggested label of every node, 0 where the model had none;
 *   `probability`: the model's probability of that label (0 where none)
 * @typedef {"hint" | "pending" | "accepted" | ""} NodeState
 *   hint: shown as an outline, still untagged; pending: a prefilled tag not confirmed;
 *   accepted: its suggestion was accepted and is still its label
 * @typedef {{ accepted: number[], prefilled: number[] }} Provenance
 */

const SUGGESTION_MODES = Object.freeze(["hints", "prefill"]);

/**
 * The suggestions in the server's answer to GET /api/pages/{id}/suggestions/, or null
 * when there are none to show (mode off, or an answer that does not fit the page:
 * suggestions are a help, so a wrong answer shows nothing rather than wrong tags).
 * @param {unknown} answer
 * @param {number} nodeCount
 * @returns {Suggestions | null}
 */
export function parseSuggestions(answer, nodeCount) {
  if (typeof answer !== "object" || answer === null) return null;
  const a = /** @type {Record<string, unknown>} */ (answer);
  if (typeof a.mode !== "string" || !SUGGESTION_MODES.includes(a.mode)) return null;
  if (a.node_count !== nodeCount || !Array.isArray(a.nodes)) return null;
  const labels = new Array(nodeCount).fill(UNTAGGED);
  const probability = new Array(nodeCount).fill(0);
  for (const node of a.nodes) {
    const i = node?.i;
    if (!Number.isInteger(i) || i < 0 || i >= nodeCount || !isLabel(node.label) || node.label === UNTAGGED) return null;
    labels[i] = node.label;
    probability[i] = typeof node.probability === "number" && node.probability >= 0 && node.probability <= 1 ? node.probability : 0;
  }
  return {
    mode: /** @type {"hints" | "prefill"} */ (a.mode),
    model: typeof a.model === "string" ? a.model : "",
    threshold: typeof a.threshold === "number" ? a.threshold : null,
    labels,
    probability,
  };
}

/**
 * The numbered nodes inside an element (the element itself if it is one).
 * @param {Annotation} annotation
 * @param {Element} element
 * @returns {{ index: number, element: Element }[]}
 */
export function nodesWithin(annotation, element) {
  const own = element.matches(NODE_SELECTOR) ? [element] : [];
  const indices = new Set(
    [...own, ...element.querySelectorAll(NODE_SELECTOR)].map((e) => nodeIndex(e)).filter((i) => i !== null),
  );
  return annotation.nodes.filter((node) => indices.has(node.index));
}

/**
 * The block around a pointed element: its nearest ancestor that holds more text nodes
 * than it does (a menu link → the whole menu list, a paragraph → the article), never
 * <body> or <html>. Null when there is none.
 * @param {Annotation} annotation
 * @param {Element} element
 * @returns {Element | null}
 */
export function enclosingBlock(annotation, element) {
  const own = nodesWithin(annotation, element).length;
  let current = element.parentElement;
  while (current && current.localName !== "body" && current.localName !== "html") {
    if (nodesWithin(annotation, current).length > own) return current;
    current = current.parentElement;
  }
  return null;
}

/**
 * Each node's suggestion state, in node order.
 * @param {Annotation} annotation
 * @param {Suggestions | null} suggestions
 * @returns {NodeState[]}
 */
export function nodeStates(annotation, suggestions) {
  /** @type {NodeState[]} */
  const states = new Array(annotation.nodeCount).fill("");
  if (!suggestions) return states;
  for (const { index, element } of annotation.nodes) {
    const suggested = suggestions.labels[index];
    if (!suggested) continue;
    const label = annotation.effectiveLabel(element);
    if (label === suggested && annotation.accepted.has(index)) states[index] = "accepted";
    else if (annotation.dismissed) continue;
    else if (suggestions.mode === "hints" && label === UNTAGGED) states[index] = "hint";
    else if (suggestions.mode === "prefill" && label === suggested) states[index] = "pending";
  }
  return states;
}

/**
 * @param {readonly NodeState[]} states
 * @returns {{ hint: number, pending: number, accepted: number }}
 */
export function stateCounts(states) {
  const counts = { hint: 0, pending: 0, accepted: 0 };
  for (const state of states) if (state) counts[state] += 1;
  return counts;
}

/**
 * What a submission reports of the suggestions (POST /api/submissions/ `suggestions`):
 * the nodes whose label is a suggestion the annotator accepted, and (prefill) those
 * whose prefilled tag was left as it was. Both only where the label is the suggestion.
 * @param {Annotation} annotation
 * @param {Suggestions} suggestions
 * @returns {Provenance}
 */
export function provenance(annotation, suggestions) {
  const { labels } = annotation.vector();
  /** @type {Provenance} */
  const report = { accepted: [], prefilled: [] };
  labels.forEach((label, i) => {
    const suggested = suggestions.labels[i];
    if (!suggested || label !== suggested) return;
    if (annotation.accepted.has(i)) report.accepted.push(i);
    else if (suggestions.mode === "prefill") report.prefilled.push(i);
  });
  return report;
}

/**
 * The labels with every unconfirmed prefilled tag taken off (dismissing prefill).
 * @param {Annotation} annotation
 * @param {Suggestions} suggestions
 * @returns {number[]}
 */
export function withoutPending(annotation, suggestions) {
  const states = nodeStates(annotation, suggestions);
  return annotation.vector().labels.map((label, i) => (states[i] === "pending" ? UNTAGGED : label));
}

/**
 * The notice shown when a page opens with suggestions.
 * @param {Suggestions} suggestions
 * @param {Record<string, string>} shortcuts action → Firefox shortcut
 * @returns {string}
 */
export function suggestionsNotice(suggestions, shortcuts) {
  const count = suggestions.labels.filter(Boolean).length;
  const keys = [
    ["accept-suggestion", "accepts the pointed text's"],
    ["accept-block", "a block's"],
    ["accept-page", "the page's"],
    ["clear-suggestions", "clears them"],
  ]
    .filter(([action]) => shortcuts[action])
    .map(([action, what]) => `${shortcuts[action]} ${what}`)
    .join(", ");
  const what =
    suggestions.mode === "hints"
      ? `${count} text nodes show the tag model ${suggestions.model} suggests as a dashed outline; nothing is tagged until you accept or tag.`
      : `${count} text nodes start with the tag model ${suggestions.model} suggests (dashed: not confirmed yet); correct what is wrong.`;
  return `Suggestions: ${what}${keys ? ` Keys: ${keys}.` : ""}`;
}
