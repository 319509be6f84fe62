// Which element a pointer position means: the element that holds annotatable text.
// Pure DOM reading, shared by tracking (hover), the keyboard and the context menu.

import { NODE_SELECTOR, NODE_TAG } from "./labels.js";

// Text directly inside these is tagged through its own wrapper instead: tagging
// <body> because the pointer is over one bare sentence would tag the whole page.
const TOO_WIDE = new Set(["body", "html"]);

/**
 * The element to highlight and tag for an event target (an element or a text node):
 * - over text, the element that directly holds it (the parent of its <kehr-t>
 *   wrapper), as in KrdWrd, where the element under the pointer was tagged;
 * - over an element without text (an image, padding), the nearest ancestor that
 *   contains numbered text (up to <body>: the page margin means the whole page);
 * - null when there is no text (or over the annotator's own interface).
 * @param {Node | null} start
 * @returns {Element | null}
 */
export function annotatableTarget(start) {
  /** @type {Element | null} */
  let element = start && start.nodeType === 1 ? /** @type {Element} */ (start) : (start?.parentElement ?? null);
  if (!element) return null;
  if (element.closest("kehr-annotator-ui")) return null;
  // The page margin belongs to <html>: it means the whole page, as pointing at <body> does.
  if (element.localName === "html") element = element.ownerDocument.body ?? element;
  const wrapper = element.closest(NODE_TAG);
  if (wrapper) {
    const holder = wrapper.parentElement;
    return holder && !TOO_WIDE.has(holder.localName) ? holder : wrapper;
  }
  while (element && element.localName !== "html") {
    if (element.querySelector(NODE_SELECTOR)) return element;
    element = element.parentElement;
  }
  return null;
}

/**
 * A short human description of an element for messages ("p", "nav#menu", "div.ad").
 * @param {Element} element
 * @returns {string}
 */
export function describeElement(element) {
  let text = element.localName;
  const firstClass = (element.getAttribute("class") ?? "").trim().split(/\s+/)[0];
  if (element.id) text += `#${element.id}`;
  else if (firstClass) text += `.${firstClass}`;
  return text;
}
