// Keyboard commands and the context menu, both forwarded to the annotation tab's
// content script, which knows the element under the pointer (or the one
// right-clicked) and applies the action.

import { ext } from "../lib/ext.js";
import { ACTIONS, isAction } from "../lib/shortcuts.js";
import * as sessions from "./sessions.js";
import { toggleTracking } from "./tracking.js";

/** @type {Record<string, string>} */
const MENU_TITLES = {
  "tag-bad": "Bad (boilerplate)",
  "tag-uncertain": "Uncertain",
  "tag-good": "Good (running text)",
  "clear-tag": "Clear tag",
  propagate: "Propagate tag to everything inside",
  undo: "Undo",
  redo: "Redo",
  "accept-suggestion": "Accept the suggestion",
  "accept-block": "Accept the block's suggestions",
  "accept-page": "Accept every suggestion on the page",
  "clear-suggestions": "Clear the suggestions",
};
const ROOT = "kehr";

function createMenus() {
  ext.menus.removeAll().then(() => {
    ext.menus.create({ id: ROOT, title: "Kehr", contexts: ["all"], visible: false });
    for (const [action, title] of Object.entries(MENU_TITLES)) {
      if (action === "propagate" || action === "accept-suggestion") {
        ext.menus.create({ id: `kehr-sep-${action}`, parentId: ROOT, type: "separator", contexts: ["all"] });
      }
      ext.menus.create({ id: action, parentId: ROOT, title, contexts: ["all"] });
    }
  });
}

/**
 * @param {number} tabId
 * @param {import("../lib/shortcuts.js").Action} action
 * @param {"shortcut" | "menu" | "popup"} source a shortcut may already have been
 *   handled by the page itself (see content/main.js), a menu click never
 * @param {number} [targetElementId]
 */
export function sendAction(tabId, action, source, targetElementId) {
  /** @type {Record<string, unknown>} */
  const message = { type: "bg:command", action, source };
  if (targetElementId !== undefined) message.targetElementId = targetElementId;
  return ext.tabs.sendMessage(tabId, message);
}

/**
 * Shortcuts as the user set them in Firefox, for the content script's own handling.
 * @returns {Promise<Record<string, string>>}
 */
export async function currentShortcuts() {
  const commands = await ext.commands.getAll();
  /** @type {Record<string, string>} */
  const shortcuts = {};
  for (const command of commands) {
    if (command.name && ACTIONS.includes(command.name)) shortcuts[command.name] = command.shortcut ?? "";
  }
  return shortcuts;
}

export function install() {
  ext.runtime.onInstalled.addListener(createMenus);
  ext.runtime.onStartup.addListener(createMenus);
  ext.menus.onShown.addListener((_info, tab) => {
    ext.menus.update(ROOT, { visible: Boolean(sessions.pageSession(tab?.id)) }).then(() => ext.menus.refresh());
  });
  ext.menus.onClicked.addListener((info, tab) => {
    const action = info.menuItemId;
    if (!tab?.id || !sessions.pageSession(tab.id) || !isAction(action)) return;
    sendAction(tab.id, action, "menu", info.targetElementId).catch(() => {});
  });
  ext.commands.onCommand.addListener(async (name, tab) => {
    if (name === "toggle-tracking") {
      await toggleTracking();
      return;
    }
    if (!isAction(name)) return;
    const tabId = tab?.id ?? (await ext.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id;
    if (tabId !== undefined && sessions.pageSession(tabId)) sendAction(tabId, name, "shortcut").catch(() => {});
  });
}
