// Shows the annotation state in the page through attributes that the extension's
// USER stylesheet (annotator.css) colours: nothing is drawn that could move text.

import { nodeStates } from "../lib/suggestions.js";
import { appearances } from "../lib/tutorial.js";

/** @typedef {import("../lib/labels.js").Annotation} Annotation */

export const LABEL_ATTR = "data-kehr-label";
const HOVER_ATTR = "data-kehr-hover";
const FLASH_ATTR = "data-kehr-flash";
const MODE_ATTR = "data-kehr-annotator";
const TRACKING_ATTR = "data-kehr-tracking";

/**
 * Colour every numbered node by its effective label.
 * @param {Annotation} annotation
 */
export function paintLabels(annotation) {
  for (const { element } of annotation.nodes) {
    const label = String(annotation.effectiveLabel(element));
    if (element.getAttribute(LABEL_ATTR) !== label) element.setAttribute(LABEL_ATTR, label);
  }
}

const HINT_ATTR = "data-kehr-hint";
const PENDING_ATTR = "data-kehr-pending";

/**
 * Mark the model's suggestions (annotator.css draws them as outlines, which move no
 * text): a hint carries the suggested label, an unconfirmed prefilled tag a marker.
 * @param {Annotation} annotation
 * @param {import("../lib/suggestions.js").Suggestions | null} suggestions
 * @returns {import("../lib/suggestions.js").NodeState[]} the states painted
 */
export function paintSuggestions(annotation, suggestions) {
  const states = nodeStates(annotation, suggestions);
  for (const { index, element } of annotation.nodes) {
    const state = states[index];
    const hint = state === "hint" && suggestions ? String(suggestions.labels[index]) : null;
    if (hint === null) element.removeAttribute(HINT_ATTR);
    else if (element.getAttribute(HINT_ATTR) !== hint) element.setAttribute(HINT_ATTR, hint);
    if (state === "pending") element.setAttribute(PENDING_ATTR, "");
    else element.removeAttribute(PENDING_ATTR);
  }
  return states;
}

/**
 * Move the tracking highlight to `element` (null removes it).
 * @param {Element | null} previous
 * @param {Element | null} element
 */
export function moveHighlight(previous, element) {
  if (previous === element) return;
  previous?.removeAttribute(HOVER_ATTR);
  element?.setAttribute(HOVER_ATTR, "");
}

/**
 * Scroll a node into the middle of the view and ring it briefly.
 * @param {Element} element
 */
export function flash(element) {
  element.scrollIntoView({ block: "center", inline: "nearest" });
  element.setAttribute(FLASH_ATTR, "");
  setTimeout(() => element.removeAttribute(FLASH_ATTR), 1500);
}

/**
 * @param {Document} document
 * @param {string} mode
 * @param {boolean} tracking
 */
export function markDocument(document, mode, tracking) {
  document.documentElement.setAttribute(MODE_ATTR, mode);
  document.documentElement.setAttribute(TRACKING_ATTR, tracking ? "on" : "off");
}

const RESULT_ATTR = "data-kehr-result";
const REFERENCE_ATTR = "data-kehr-ref";

/**
 * Colour every numbered node by its tutorial result (annotator.css): correct, wrong,
 * missed or unscored, and the reference tag the colour comes from. Labels are not
 * painted in the result view.
 * @param {Annotation} annotation
 * @param {import("../lib/tutorial.js").TutorialResult} result
 */
export function paintResults(annotation, result) {
  const looks = appearances(result, annotation.nodeCount);
  for (const { index, element } of annotation.nodes) {
    const { name, ref } = looks[index];
    element.removeAttribute(LABEL_ATTR);
    element.setAttribute(RESULT_ATTR, name);
    element.setAttribute(REFERENCE_ATTR, String(ref));
  }
}
