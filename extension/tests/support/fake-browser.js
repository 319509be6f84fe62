// The `browser` object of the background and content tests: @webext-core/fake-browser
// (in-memory storage.local and storage.session, tabs, runtime events), completed with
// what it leaves out and the extension uses: Firefox's own namespaces (menus, proxy,
// webRequest, …) as events and functions that do nothing, tabs.sendMessage answered by
// the test, runtime.getManifest from src/manifest.json. Also a fetch that answers as the
// test says, and fresh copies of src/ modules (see fresh-loader.js).
//
// Import this module before any module of src/: it sets globalThis.browser, which
// lib/ext.js reads when it is first evaluated.

import { readFileSync } from "node:fs";
import { register } from "node:module";
import { fakeBrowser } from "@webext-core/fake-browser";

register("./fresh-loader.js", import.meta.url);

const SOURCE = new URL("../../src/", import.meta.url);
const MANIFEST = JSON.parse(readFileSync(new URL("manifest.json", SOURCE), "utf8"));

/**
 * An event as the WebExtension API has it, plus trigger() for the test.
 * @typedef {{ addListener(listener: Function): void, removeListener(listener: Function): void,
 *   hasListener(listener: Function): boolean, hasListeners(): boolean, removeAllListeners(): void,
 *   trigger(...args: any[]): Promise<any[]> }} FakeEvent
 */

/** @returns {FakeEvent} */
function fakeEvent() {
  /** @type {Function[]} */
  const listeners = [];
  return {
    addListener: (listener) => void listeners.push(listener),
    removeListener: (listener) => void listeners.splice(listeners.indexOf(listener) >>> 0, 1),
    hasListener: (listener) => listeners.includes(listener),
    hasListeners: () => listeners.length > 0,
    removeAllListeners: () => void listeners.splice(0),
    trigger: async (...args) => Promise.all(listeners.map((listener) => listener(...args))),
  };
}

/**
 * A namespace the fake leaves out: every on* property is an event, every other property
 * a function that does nothing and resolves to undefined.
 */
function stubNamespace() {
  /** @type {Record<string, unknown>} */
  const made = {};
  return new Proxy(made, {
    get(target, key) {
      // not an API: asked by fake.reset() and by await
      if (typeof key !== "string" || key === "resetState" || key === "then") return undefined;
      if (!(key in target)) {
        target[key] = key.startsWith("on") ? fakeEvent() : async () => undefined;
      }
      return target[key];
    },
  });
}

const STUBBED = ["menus", "commands", "proxy", "webRequest", "scripting"];

/**
 * The fake, typed loosely: tests reach into it (trigger, resetState) where the
 * extension's own types have no such thing.
 * @type {any}
 */
export const fake = fakeBrowser;

/**
 * Messages the background sent to tabs (tabs.sendMessage), in order.
 * @type {{ tabId: number, message: any }[]}
 */
export const tabMessages = [];
/** As Firefox answers tabs.sendMessage to a tab without a content script. */
const NO_CONTENT_SCRIPT = () => {
  throw new Error("Could not establish connection. Receiving end does not exist.");
};
/** @type {(tabId: number, message: any) => unknown} */
let answerTab = NO_CONTENT_SCRIPT;

/**
 * Say how content scripts answer tabs.sendMessage (throw: no content script there).
 * @param {(tabId: number, message: any) => unknown} answer
 */
export function answerTabMessages(answer) {
  answerTab = answer;
}

/** Everything the fake does not do itself; again after each fake.reset(). */
function complete() {
  for (const name of STUBBED) fake[name] = stubNamespace();
  // the toolbar button: the fake has no setIcon
  for (const method of ["setIcon", "setTitle", "setBadgeText", "setBadgeBackgroundColor"]) fake.action[method] = async () => {};
  fake.runtime.getManifest = () => MANIFEST;
  fake.commands.getAll = async () =>
    Object.entries(MANIFEST.commands ?? {}).map(([name, command]) => ({
      name,
      description: command.description ?? "",
      shortcut: command.suggested_key?.default ?? "",
    }));
  // One window: the fake's getLastFocused answers the window focused before the current
  // one (none at first), so a query for the last focused window's tabs asks for any tab.
  const query = (fake.tabs.originalQuery ??= fake.tabs.query);
  fake.tabs.query = (/** @type {Record<string, unknown>} */ info) => query({ ...info, lastFocusedWindow: undefined });
  // storage.get(["a", "b"]) leaves out keys that are not stored, as Firefox does (the
  // fake answers them as undefined, which would hide the defaults in settings.js), and
  // answers copies: a change to an object read is not stored until it is set again.
  for (const area of [fake.storage.local, fake.storage.session]) {
    const get = (area.originalGet ??= area.get);
    area.get = async (/** @type {unknown} */ keys) =>
      structuredClone(Object.fromEntries(Object.entries(await get(keys)).filter(([, value]) => value !== undefined)));
  }
  fake.tabs.sendMessage = async (/** @type {number} */ tabId, /** @type {any} */ message) => {
    tabMessages.push({ tabId, message: structuredClone(message) });
    return answerTab(tabId, message);
  };
}

/** Every event the extension may have listened to, the fake's and the stubs'. */
function allEvents() {
  /** @type {FakeEvent[]} */
  const events = [];
  for (const name of ["runtime", "tabs", "alarms", "windows", "webNavigation", "action", ...STUBBED]) {
    const namespace = fake[name];
    for (const key of Object.keys(namespace)) {
      if (key.startsWith("on") && typeof namespace[key]?.removeAllListeners === "function") events.push(namespace[key]);
    }
  }
  return events;
}

/** A new browser: no tabs, empty storage, no listeners, nothing recorded. */
export function resetBrowser() {
  fake.reset();
  complete();
  tabMessages.length = 0;
  answerTab = NO_CONTENT_SCRIPT;
}

/**
 * Firefox unloads the event page (idle) or the browser restarts: every listener of the
 * old copy of the background goes. Storage, tabs and windows stay as they are.
 */
export function dropListeners() {
  for (const event of allEvents()) event.removeAllListeners();
}

/** globalThis, with the globals these tests set. */
const global = /** @type {any} */ (globalThis);
global.browser = fake;
// Node 20 has no navigator (background/router.js reads navigator.platform).
if (global.navigator === undefined) {
  Object.defineProperty(globalThis, "navigator", { value: { platform: "Linux x86_64" }, configurable: true });
}
complete();

let instances = 0;

/**
 * Load a new copy of src/ modules, as a newly started background or content script:
 * modules listed together share one copy (and its state).
 * @template {string} P
 * @param {readonly P[]} paths relative to src/, e.g. "background/main.js"
 * @returns {Promise<Record<P, any>>}
 */
export async function loadFresh(paths) {
  const instance = ++instances;
  /** @type {Record<string, any>} */
  const modules = {};
  for (const path of paths) modules[path] = await import(`${new URL(path, SOURCE).href}?instance=${instance}`);
  return modules;
}

/**
 * @typedef {{ method: string, path: string, body: any }} Request
 * @typedef {(request: Request) => { status?: number, body?: unknown } | "network-error" | undefined} Route
 */

/** Requests made through fetch, in order. */
/** @type {Request[]} */
export const requests = [];

/**
 * Answer fetch() as `route` says: a status and a JSON body, "network-error" (fetch
 * throws, as when the server is down), or undefined for a 404.
 * @param {Route} route
 */
export function serve(route) {
  requests.length = 0;
  global.fetch = async (/** @type {string} */ url, /** @type {RequestInit} */ init = {}) => {
    const { pathname, search } = new URL(url);
    const request = { method: init.method ?? "GET", path: pathname + search, body: init.body ? JSON.parse(String(init.body)) : null };
    requests.push(request);
    const answer = route(request);
    if (answer === "network-error") throw new TypeError("NetworkError when attempting to fetch resource.");
    const { status = 404, body = { detail: "Not found." } } = answer ?? {};
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  };
}
