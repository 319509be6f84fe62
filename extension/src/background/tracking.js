// Tracking mode (the pink highlight under the pointer), one switch for all tabs.
// The toolbar button shows it: a pink broom when on, a grey one when off.

import { ext } from "../lib/ext.js";
import * as sessions from "./sessions.js";
import { getSettings, saveSettings } from "./settings.js";

/** @param {boolean} on */
function showIcon(on) {
  ext.action.setIcon({ path: on ? "icons/broom-on.svg" : "icons/broom-off.svg" });
  ext.action.setTitle({ title: `Kehr annotator: tracking ${on ? "on" : "off"}` });
}

/** @param {boolean} on */
export async function setTracking(on) {
  await saveSettings({ tracking: on });
  showIcon(on);
  await Promise.all(
    sessions.pageTabs().map((tabId) => ext.tabs.sendMessage(tabId, { type: "bg:tracking", on }).catch(() => {})),
  );
}

export async function toggleTracking() {
  const { tracking } = await getSettings();
  await setTracking(!tracking);
}

export async function install() {
  showIcon((await getSettings()).tracking);
}
