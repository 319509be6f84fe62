// The messages the background script accepts, and their validation.
//
// Two kinds of senders, kept apart:
// - content scripts in annotation tabs ("content:*"): they run beside untrusted
//   pages, so they may only report on their own tab and never receive the API token
//   or act on other tabs; the background also checks the sending tab and frame;
// - the extension's own pages (popup, sidebar, options, My Stats, …): everything else.
// Anything else, or a field of the wrong shape, is refused with an error.

import { isAction } from "./shortcuts.js";

/**
 * Field kinds: "string", "boolean", "count" (integer ≥ 0), "id" (integer ≥ 1),
 * "action" (a shortcut action), "labels" (a label vector: codes 0–3), "nodes" (node indices: counts),
 * a list of allowed string values, or any of these
 * with "?" for optional (null or missing).
 * @typedef {string | readonly string[]} FieldKind
 * @typedef {Record<string, FieldKind>} Schema
 */

/** @type {Record<string, Schema>} */
export const CONTENT_MESSAGES = {
  "content:hello": {},
  "content:changed": { untagged: "count", total: "count", canUndo: "boolean", canRedo: "boolean" },
  "content:draft": { labels: "labels", accepted: "nodes?", dismissed: "boolean?" },
  "content:toggle-tracking": {},
  "content:tutorial-next": {},
  "content:use-as-reference": {},
};

/** What the background sends to the content script of an annotation tab. */
/** @type {Record<string, Schema>} */
export const BACKGROUND_MESSAGES = {
  "bg:command": { action: "action", source: ["shortcut", "menu", "popup"], targetElementId: "count?" },
  "bg:tracking": { on: "boolean" },
  "bg:collect": {},
  "bg:nodes": {},
  "bg:scroll-to": { index: "count" },
  "bg:notice": { text: "string", level: ["info", "warning", "error"] },
};

/** @type {Record<string, Schema>} */
export const PAGE_MESSAGES = {
  status: {},
  settings: {},
  login: { server: "string", username: "string", password: "string" },
  logout: {},
  "save-proxy": { override: "boolean", host: "string", port: "count", username: "string", password: "string" },
  "check-connection": {},
  corpora: {},
  "select-corpus": { slug: "string" },
  "grab-next": { tabId: "id?", keepDraft: "boolean?" },
  submit: { tabId: "id?" },
  "set-tracking": { on: "boolean" },
  "page-action": { action: "action", tabId: "id?" },
  nodes: { tabId: "id?" },
  "scroll-to": { tabId: "id?", index: "count" },
  stats: {},
  submissions: { offset: "count" },
  "open-submission": { id: "id", mode: ["view", "resubmit"] },
  "delete-submission": { id: "id" },
  "retry-queue": {},
  "discard-queued": { id: "string" },
  "open-setup": {},
  "retry-page": { tabId: "id" },
  tutorials: {},
  "start-tutorial": { slug: "string?", keepDraft: "boolean?" },
  "open-tutorial-result": { slug: "string", position: "id" },
  "restart-tutorial": { slug: "string" },
};

/** More text nodes than any real page has (the 2008 pages have at most a few thousand). */
const MAX_NODES = 1_000_000;

export class MessageError extends Error {}

/**
 * @param {unknown} value
 * @param {FieldKind} kind
 * @returns {boolean}
 */
function fits(value, kind) {
  if (typeof kind !== "string") return typeof value === "string" && kind.includes(value);
  if (kind.endsWith("?")) return value === undefined || value === null || fits(value, kind.slice(0, -1));
  switch (kind) {
    case "string":
      return typeof value === "string" && value.length <= 4096;
    case "boolean":
      return typeof value === "boolean";
    case "count":
      return Number.isSafeInteger(value) && /** @type {number} */ (value) >= 0;
    case "id":
      return Number.isSafeInteger(value) && /** @type {number} */ (value) >= 1;
    case "action":
      return isAction(value);
    case "labels":
      return (
        Array.isArray(value) &&
        value.length <= MAX_NODES &&
        value.every((label) => label === 0 || label === 1 || label === 2 || label === 3)
      );
    case "nodes":
      return Array.isArray(value) && value.length <= MAX_NODES && value.every((i) => Number.isSafeInteger(i) && i >= 0);
    default:
      throw new Error(`unknown field kind ${kind}`);
  }
}

/**
 * Check a message against the schemas for its sender; returns it (typed loosely)
 * or throws MessageError saying what is wrong. Unknown fields are refused too, so a
 * typo in a caller fails loudly instead of being ignored.
 * @param {unknown} message
 * @param {Record<string, Schema>} schemas
 * @returns {{ type: string } & Record<string, any>}
 */
export function checkMessage(message, schemas) {
  if (typeof message !== "object" || message === null || Array.isArray(message)) {
    throw new MessageError("a message must be an object");
  }
  const record = /** @type {Record<string, unknown>} */ (message);
  const type = record.type;
  if (typeof type !== "string" || !Object.hasOwn(schemas, type)) {
    throw new MessageError(`message type ${JSON.stringify(type)} is not accepted from this sender`);
  }
  const schema = schemas[type];
  for (const key of Object.keys(record)) {
    if (key !== "type" && !Object.hasOwn(schema, key)) {
      throw new MessageError(`${type}: unexpected field ${JSON.stringify(key)}`);
    }
  }
  for (const [key, kind] of Object.entries(schema)) {
    if (!fits(record[key], kind)) {
      throw new MessageError(`${type}: field ${JSON.stringify(key)} must be ${kind}`);
    }
  }
  return /** @type {{ type: string } & Record<string, any>} */ (record);
}

/**
 * A label vector as the server expects it: exactly nodeCount codes 0–3.
 * Returns an error message, or null when it is fine.
 * @param {unknown} labels
 * @param {number} nodeCount
 * @returns {string | null}
 */
export function vectorProblem(labels, nodeCount) {
  if (!Array.isArray(labels)) return "the labels are not a list";
  if (labels.length !== nodeCount) {
    return `expected ${nodeCount} labels (one per text node), got ${labels.length}`;
  }
  const bad = labels.findIndex((label) => !(label === 0 || label === 1 || label === 2 || label === 3));
  return bad === -1 ? null : `label ${bad} is ${JSON.stringify(labels[bad])}, not 0, 1, 2 or 3`;
}
