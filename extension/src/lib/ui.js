// Small helpers for the extension's own pages (popup, sidebar, options, My Stats…).

import { ext } from "./ext.js";

/**
 * Ask the background; its { error } answers become exceptions with a plain message.
 * @param {Record<string, unknown> & { type: string }} message
 * @returns {Promise<any>}
 */
export async function ask(message) {
  const answer = await ext.runtime.sendMessage(message);
  if (answer && typeof answer === "object" && typeof answer.error === "string") throw new Error(answer.error);
  return answer;
}

/**
 * Build an element; children are nodes or text (never parsed as HTML).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | boolean | ((event: Event) => void)>} [props]
 * @param {(Node | string | null | undefined | false)[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === "function") element.addEventListener(name.replace(/^on/, ""), value);
    else if (value === true) element.setAttribute(name, "");
    else if (value !== false) element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) element.append(child);
  }
  return element;
}

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`page has no #${id}`);
  return element;
}

/**
 * Show a message in a status element (role=status or alert).
 * @param {HTMLElement} element
 * @param {string} text
 * @param {"info" | "ok" | "error"} [kind]
 */
export function say(element, text, kind = "info") {
  element.textContent = text;
  element.dataset.kind = kind;
  element.setAttribute("role", kind === "error" ? "alert" : "status");
}

/**
 * Run a click handler with its button disabled meanwhile, reporting errors.
 * @param {HTMLElement} button
 * @param {HTMLElement} status
 * @param {() => Promise<string | void>} action returns a success message
 */
export function onClick(button, status, action) {
  button.addEventListener("click", async () => {
    button.setAttribute("disabled", "");
    try {
      const message = await action();
      if (message) say(status, message, "ok");
    } catch (error) {
      say(status, error instanceof Error ? error.message : String(error), "error");
    } finally {
      button.removeAttribute("disabled");
    }
  });
}

/**
 * "1 h 05 min", "3 min 20 s", "12 s".
 * @param {number} seconds
 * @returns {string}
 */
export function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}
