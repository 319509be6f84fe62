// Settings and the login, in storage.local. storage.local belongs to the extension:
// web pages cannot read it. Only the background reads the token; the extension's
// pages ask the background for what they show (logged in as whom, which server).

import { ext } from "../lib/ext.js";

/**
 * @typedef {{ host: string, port: number, username: string, password: string }} ProxyConfig
 * @typedef {{ override: boolean } & ProxyConfig} ProxySetting
 *   override false: use what the server announces (GET /api/annotator/config/)
 * @typedef {{ replay_proxy: ProxyConfig | null, setup_url: string, guidelines_url: string }} ServerConfig
 * @typedef {{ token: string, username: string, isStaff: boolean }} Auth
 * @typedef {{ server: string, auth: Auth | null, proxy: ProxySetting, serverConfig: ServerConfig | null,
 *   corpus: string, tracking: boolean }} Settings
 */

/** @type {Settings} */
const DEFAULTS = {
  server: "",
  auth: null,
  proxy: { override: false, host: "", port: 0, username: "", password: "" },
  serverConfig: null,
  corpus: "",
  tracking: true,
};

/** @returns {Promise<Settings>} */
export async function getSettings() {
  const stored = await ext.storage.local.get(Object.keys(DEFAULTS));
  return /** @type {Settings} */ ({ ...DEFAULTS, ...stored });
}

/** @param {Partial<Settings>} values */
export async function saveSettings(values) {
  await ext.storage.local.set(values);
}

/**
 * The server URL as typed, cleaned: a scheme is required (no guessing http vs https),
 * trailing slashes go. Returns null for something that is not an http(s) URL.
 * @param {string} typed
 * @returns {string | null}
 */
export function normaliseServer(typed) {
  let url;
  try {
    url = new URL(typed.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return url.href.replace(/\/+$/, "");
}

/**
 * The server a lab preset for every seat through Firefox's enterprise policies
 * (3rdparty.Extensions.<id>.server, printed by manage.py addon policies), read from
 * storage.managed; null when there is none. Firefox rejects the read when no policy
 * names the add-on, which is the ordinary case: that is "none", not an error.
 * @returns {Promise<string | null>}
 */
export async function managedServer() {
  let stored;
  try {
    stored = await ext.storage.managed.get("server");
  } catch {
    return null;
  }
  const server = stored?.server;
  return typeof server === "string" ? normaliseServer(server) : null;
}

/**
 * The replay proxy annotation tabs go through: the options' own setting if the user
 * chose one, else the one the server announced; null when there is none.
 * @param {Settings} settings
 * @returns {ProxyConfig | null}
 */
export function effectiveProxy(settings) {
  if (settings.proxy.override) {
    const { host, port, username, password } = settings.proxy;
    return host && port ? { host, port, username, password } : null;
  }
  return settings.serverConfig?.replay_proxy ?? null;
}
