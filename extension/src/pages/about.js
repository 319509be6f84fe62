// About: the version (also sent with every submission) and the shortcuts.

import { ext } from "../lib/ext.js";
import { ask, byId, h } from "../lib/ui.js";

byId("version").textContent = `version ${ext.runtime.getManifest().version}`;
ext.commands.getAll().then((commands) => {
  const rows = commands.map((c) => h("tr", {}, h("td", {}, h("kbd", {}, c.shortcut || "(none)")), h("td", {}, c.description ?? "")));
  byId("shortcuts").querySelector("tbody")?.replaceChildren(...rows);
});
ask({ type: "settings" }).then((s) => {
  byId("who").textContent = s.loggedIn ? `${s.username} on ${s.server}` : "no";
});
