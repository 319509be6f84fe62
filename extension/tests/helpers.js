// Shared helpers of the unit tests: the saved annotation documents (made by the
// server's segmenter, see tests/test_extension_fixtures.py) parsed with linkedom.

import { readFileSync } from "node:fs";
import { parseHTML } from "linkedom";

const FIXTURES = new URL("./fixtures/", import.meta.url);

/**
 * @param {string} name a fixture name, e.g. "edge-cases"
 * @returns {{ document: Document, info: { url: string, node_count: number, node_texts: string[] } }}
 */
export function loadFixture(name) {
  const html = readFileSync(new URL(`${name}.html`, FIXTURES), "utf8");
  const info = JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), "utf8"));
  const { document } = parseHTML(html);
  return { document: /** @type {Document} */ (/** @type {unknown} */ (document)), info };
}

/**
 * The element of node i.
 * @param {Document} document
 * @param {number} index
 * @returns {Element}
 */
export function node(document, index) {
  const element = document.querySelector(`kehr-t[data-i="${index}"]`);
  if (!element) throw new Error(`no node ${index}`);
  return element;
}

/**
 * @param {Document} document
 * @param {string} selector
 * @returns {Element}
 */
export function one(document, selector) {
  const element = document.querySelector(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  return element;
}
