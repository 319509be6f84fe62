// Login, logout, the server's annotator configuration, and the connection check
// (server, replay proxy, trust in the proxy's certificate authority, a corpus page
// fetched through the replay proxy as an annotation tab fetches it).

import { ext } from "../lib/ext.js";
import { ApiError, UserError, api, messageOf } from "./api.js";
import { LOOPBACK_PREF, isLoopbackUrl } from "../lib/problems.js";
import { SETUP_HOST, probeThroughProxy, proxyAuth, reloadProxy } from "./routing.js";
import { effectiveProxy, getSettings, managedServer, normaliseServer, saveSettings } from "./settings.js";
import { queue } from "./submissions.js";

/**
 * @param {string} typedServer
 * @param {string} username
 * @param {string} password
 */
export async function login(typedServer, username, password) {
  const server = normaliseServer(typedServer);
  if (!server) throw new UserError("The server address must start with http:// or https://, e.g. https://kehr.example.org");
  if (!username || !password) throw new UserError("Enter your user name and password.");
  // Each login gets a token of its own (shown under this name in the user's token list),
  // so logging out here revokes only this browser's token, never the user's other clients.
  const body = { username, password, client_name: "Kehr add-on on Firefox" };
  const answer = await api("POST", "/api/auth/token/", { server, token: null, body });
  await saveSettings({ server, auth: { token: answer.token, username: answer.username, isStaff: answer.is_staff } });
  await refreshServerConfig();
  queue.flush({ loggedIn: true });
  return { username: answer.username };
}

export async function logout() {
  // DELETE /api/auth/token/ revokes the token this request carries: this add-on's own.
  try {
    await api("DELETE", "/api/auth/token/");
  } catch (error) {
    // Signing out locally must work even when the server is unreachable.
    if (!(error instanceof ApiError)) throw error;
  }
  await saveSettings({ auth: null });
}

/** Fetch what the server tells annotators (replay proxy, setup page, guidelines). */
async function refreshServerConfig() {
  const config = await api("GET", "/api/annotator/config/");
  await saveSettings({ serverConfig: config });
  await reloadProxy();
  return config;
}

/**
 * @param {string} url
 * @returns {Promise<Response | null>}
 */
async function probe(url) {
  try {
    return await fetch(url, { cache: "no-store", credentials: "omit", signal: AbortSignal.timeout(8000) });
  } catch {
    return null;
  }
}

/**
 * A page of the chosen corpus to fetch through the replay proxy: one on a loopback
 * host if the corpus has such pages (they are the ones a profile may not proxy).
 * @param {string} corpus
 * @returns {Promise<{ url: string, loopback: boolean } | null>}
 */
async function samplePage(corpus) {
  /** @type {{ results: { url: string, final_url: string }[] }} */
  const answer = await api("GET", `/api/pages/?corpus=${encodeURIComponent(corpus)}&limit=100&offset=0`);
  const urls = answer.results.map((p) => p.final_url || p.url);
  const loopback = urls.find(isLoopbackUrl);
  if (loopback) return { url: loopback, loopback: true };
  return urls.length ? { url: urls[0], loopback: false } : null;
}

/**
 * Fetch a page of the chosen corpus through the replay proxy, as an annotation tab
 * does: the replay proxy must answer it (archived or "not archived" alike).
 * @param {string} corpus
 * @param {string} where the replay proxy's address, for messages
 * @param {boolean} caTrusted
 * @returns {Promise<Check>}
 */
async function checkCorpusPage(corpus, where, caTrusted) {
  if (!corpus) return { ok: false, skipped: true, message: "Not checked: choose a corpus in the Kehr menu, then check again." };
  let sample;
  try {
    sample = await samplePage(corpus);
  } catch (error) {
    return { ok: false, message: `The pages of “${corpus}” could not be listed: ${messageOf(error)}` };
  }
  if (!sample) return { ok: true, message: `The corpus “${corpus}” has no pages yet.` };
  if (sample.url.startsWith("https:") && !caTrusted) {
    return { ok: false, skipped: true, message: "Not checked (the certificate authority above first)." };
  }
  const answer = await probeThroughProxy(sample.url);
  if (answer) {
    return { ok: true, message: `A page of “${corpus}” (${sample.url}) came through the replay proxy.` };
  }
  if (sample.loopback) {
    return {
      ok: false,
      message:
        `The pages of “${corpus}” are on this computer (e.g. ${sample.url}), and this Firefox profile never sends ` +
        `loopback addresses (localhost, 127.0.0.1) to a proxy, so they cannot be annotated here. ` +
        `Open about:config, set ${LOOPBACK_PREF} to true, and check again ` +
        "(a profile made by manage.py annotator_firefox has it already).",
    };
  }
  return {
    ok: false,
    message: `A page of “${corpus}” (${sample.url}) did not come through the replay proxy at ${where}${answer === "" ? ": something else answered it" : ""}. Check the proxy settings below, or ask your administrator.`,
  };
}

/**
 * Check, in order, what annotating needs; each answer says what to do when it fails.
 * @returns {Promise<{ server: Check, proxy: Check, ca: Check, page: Check, setupUrl: string }>}
 * @typedef {{ ok: boolean, message: string, skipped?: boolean }} Check
 */
export async function checkConnection() {
  const skipped = { ok: false, skipped: true, message: "Not checked (fix the problem above first)." };
  let server;
  try {
    await refreshServerConfig();
    const settings = await getSettings();
    server = { ok: true, message: `Logged in to ${settings.server} as ${settings.auth?.username}.` };
  } catch (error) {
    // The proxy can still be checked with the address known from before (or set here).
    server = { ok: false, message: messageOf(error) };
  }
  const settings = await getSettings();
  const proxy = effectiveProxy(settings);
  const setupUrl = settings.serverConfig?.setup_url || `http://${SETUP_HOST}/`;
  if (!proxy) {
    const message = "No replay proxy: the server announces none. Ask your administrator, or set one in the options.";
    return { server, proxy: { ok: false, message }, ca: skipped, page: skipped, setupUrl };
  }
  const where = `${proxy.host}:${proxy.port}`;
  const refusedBefore = proxyAuth.refusedAt;
  const plain = await probe(`http://${SETUP_HOST}/`);
  if (!plain || plain.headers.get("X-Kehr-Archive") !== "setup") {
    const message =
      proxyAuth.refusedAt !== refusedBefore
        ? `The replay proxy at ${where} refused the proxy user name and password.`
        : `The replay proxy at ${where} does not answer. Is it running (manage.py archive_proxy --mode replay)?`;
    return { server, proxy: { ok: false, message }, ca: skipped, page: skipped, setupUrl };
  }
  const proxyCheck = { ok: true, message: `The replay proxy at ${where} answers.` };
  const secure = await probe(`https://${SETUP_HOST}/`);
  const ca = secure?.ok
    ? { ok: true, message: "Firefox trusts the replay proxy's certificate authority: HTTPS pages will load." }
    : {
        ok: false,
        message:
          "Firefox does not trust the replay proxy's certificate authority yet, so archived HTTPS pages cannot load. Open the proxy's setup page and import its certificate.",
      };
  const page = server.ok ? await checkCorpusPage(settings.corpus, where, ca.ok) : skipped;
  return { server, proxy: proxyCheck, ca, page, setupUrl };
}

/** What the extension pages may show about the login (never the token). */
export async function publicSettings() {
  const settings = await getSettings();
  return {
    server: settings.server,
    username: settings.auth?.username ?? "",
    loggedIn: Boolean(settings.auth),
    isStaff: settings.auth?.isStaff ?? false,
    proxy: settings.proxy,
    serverProxy: settings.serverConfig?.replay_proxy
      ? { host: settings.serverConfig.replay_proxy.host, port: settings.serverConfig.replay_proxy.port }
      : null,
    guidelinesUrl: settings.serverConfig?.guidelines_url ?? "",
    corpus: settings.corpus,
    tracking: settings.tracking,
    version: ext.runtime.getManifest().version,
    managedServer: await managedServer(),
  };
}
