// Options: server and login, the connection check, the replay proxy, shortcuts.
// The password goes to the background, which logs in and keeps only the token.

import { ext } from "../lib/ext.js";
import { ask, byId, h, onClick, say } from "../lib/ui.js";

/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ (byId(id));

async function show() {
  const settings = await ask({ type: "settings" });
  // Logged in: that line alone says so, and the login fields go (Log out brings them back).
  byId("logged-in").hidden = !settings.loggedIn;
  byId("login-form").hidden = settings.loggedIn;
  byId("current-server").textContent = settings.server;
  byId("current-user").textContent = settings.username;
  // A server given when Firefox was launched for annotating (manage.py annotator_firefox).
  const preset = new URLSearchParams(location.hash.slice(1)).get("server");
  if (!input("server").value) input("server").value = settings.server || preset || "";
  // A server the lab set through Firefox's policies (storage.managed) is the one to use.
  if (settings.managedServer) input("server").value = settings.managedServer;
  input("server").readOnly = Boolean(settings.managedServer);
  byId("server-managed").hidden = !settings.managedServer;
  if (!input("username").value) input("username").value = settings.username;
  input("override").checked = settings.proxy.override;
  input("proxy-host").value = settings.proxy.host;
  input("proxy-port").value = settings.proxy.port ? String(settings.proxy.port) : "";
  input("proxy-user").value = settings.proxy.username;
  input("proxy-password").value = settings.proxy.password;
  byId("override-fields").toggleAttribute("disabled", !settings.proxy.override);
  byId("server-proxy").textContent = settings.serverProxy
    ? `The server announces the replay proxy ${settings.serverProxy.host}:${settings.serverProxy.port}.`
    : settings.loggedIn
      ? "The server announces no replay proxy."
      : "Log in to get the replay proxy from the server.";
}

async function showShortcuts() {
  const commands = await ext.commands.getAll();
  const rows = commands.map((c) => h("tr", {}, h("td", {}, h("kbd", {}, c.shortcut || "(none)")), h("td", {}, c.description ?? c.name ?? "")));
  byId("shortcut-table").querySelector("tbody")?.replaceChildren(...rows);
}

async function check() {
  const result = await ask({ type: "check-connection" });
  const lines = [
    ["server", "Server"],
    ["proxy", "Replay proxy"],
    ["ca", "Certificate authority"],
    ["page", "A corpus page"],
  ].map(([key, label]) => {
    const check = result[key];
    const state = check.skipped ? "skipped" : String(check.ok);
    return h("p", { class: "check", id: `check-${key}`, "data-ok": state }, `${label}: ${check.message}`);
  });
  byId("checks").replaceChildren(...lines);
  byId("setup").hidden = !(result.proxy.ok && !result.ca.ok);
}

function main() {
  const loginStatus = byId("login-status");
  byId("login-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = byId("login");
    button.setAttribute("disabled", "");
    say(loginStatus, "Logging in…");
    try {
      await ask({
        type: "login",
        server: input("server").value,
        username: input("username").value.trim(),
        password: input("password").value,
      });
      input("password").value = "";
      // The line "Logged in to … as …" (show) says it; a second one here said it twice.
      say(loginStatus, "");
      await show();
      await check();
    } catch (error) {
      say(loginStatus, error instanceof Error ? error.message : String(error), "error");
    } finally {
      button.removeAttribute("disabled");
    }
  });
  onClick(byId("logout"), loginStatus, async () => {
    await ask({ type: "logout" });
    await show();
    return "Logged out.";
  });
  onClick(byId("check"), byId("checks"), check);
  onClick(byId("open-setup"), byId("checks"), () => ask({ type: "open-setup" }));
  input("override").addEventListener("change", () => byId("override-fields").toggleAttribute("disabled", !input("override").checked));
  onClick(byId("save-proxy"), byId("proxy-status"), async () => {
    await ask({
      type: "save-proxy",
      override: input("override").checked,
      host: input("proxy-host").value,
      port: Number(input("proxy-port").value) || 0,
      username: input("proxy-user").value,
      password: input("proxy-password").value,
    });
    return "Saved.";
  });
  show().catch((error) => say(loginStatus, String(error), "error"));
  showShortcuts();
}

main();
