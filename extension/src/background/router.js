// Every message to the background goes through here: checked against the schema of
// its sender (lib/messages.js), then dispatched. Content scripts are recognised by
// their tab and frame and may only talk about their own annotation tab; nothing they
// can ask for returns the token. Errors come back as { error: "plain words" }.

import { CONTENT_MESSAGES, MessageError, PAGE_MESSAGES, checkMessage } from "../lib/messages.js";
import { ext } from "../lib/ext.js";
import * as account from "./account.js";
import { UserError, api, messageOf } from "./api.js";
import { currentShortcuts, sendAction } from "./input.js";
import * as pages from "./pages.js";
import * as sessions from "./sessions.js";
import { getSettings, saveSettings } from "./settings.js";
import { queue } from "./submissions.js";
import { setTracking, toggleTracking } from "./tracking.js";
import { reloadProxy } from "./routing.js";
import * as tutorial from "./tutorial.js";
import { barModel } from "../lib/tutorial.js";

const IS_MAC = navigator.platform.startsWith("Mac");

/**
 * @param {browser.runtime.MessageSender} sender
 * @returns {boolean}
 */
function fromExtensionPage(sender) {
  return sender.id === ext.runtime.id && typeof sender.url === "string" && sender.url.startsWith(ext.runtime.getURL(""));
}

/**
 * The annotation tab a content-script message comes from, or an error.
 * @param {browser.runtime.MessageSender} sender
 * @returns {{ tabId: number, session: import("./sessions.js").PageSession }}
 */
function contentSender(sender) {
  const tabId = sender.tab?.id;
  const session = sessions.pageSession(tabId);
  if (
    sender.id !== ext.runtime.id ||
    tabId === undefined ||
    !session ||
    sender.frameId !== 0 ||
    sessions.documentUrl(sender.url ?? "") !== session.url
  ) {
    throw new MessageError("not an annotation tab");
  }
  return { tabId, session };
}

/**
 * The annotation tab an extension page means: the given one, else the current one.
 * @param {number | null | undefined} tabId
 * @returns {Promise<number>}
 */
async function targetTab(tabId) {
  const [active] = await ext.tabs.query({ active: true, lastFocusedWindow: true });
  const chosen = tabId ?? sessions.currentPageTab(active?.id);
  if (chosen === undefined || !sessions.pageSession(chosen)) {
    throw new UserError("No corpus page is open: use “Grab next page” first.");
  }
  return chosen;
}

/**
 * @param {Record<string, any> & { type: string }} message
 * @param {{ tabId: number, session: import("./sessions.js").PageSession }} from
 */
async function onContentMessage(message, from) {
  switch (message.type) {
    case "content:hello": {
      const { session } = from;
      const settings = await getSettings();
      const notices = session.notices;
      session.notices = [];
      await sessions.save();
      const isStaff = Boolean(settings.auth?.isStaff);
      const bar =
        session.mode === "result"
          ? barModel({
              result: session.result ?? null,
              tutorialName: session.tutorial?.name ?? "",
              title: session.title,
              position: session.tutorial?.position ?? null,
              total: session.tutorial?.total ?? null,
              isStaff,
              canUseAsReference: Boolean(session.submissionId),
            })
          : null;
      return {
        active: true,
        result: session.mode === "result" ? (session.result ?? null) : null,
        bar,
        mode: session.mode,
        pageId: session.pageId,
        nodeCount: session.nodeCount,
        title: session.title,
        labels: session.labels,
        tracking: settings.tracking,
        shortcuts: await currentShortcuts(),
        isMac: IS_MAC,
        banner: session.banner,
        notices,
      };
    }
    case "content:changed": {
      const { untagged, total, canUndo, canRedo } = message;
      sessions.setState(from.tabId, { untagged, total, canUndo, canRedo });
      return { ok: true };
    }
    case "content:toggle-tracking":
      await toggleTracking();
      return { ok: true };
    case "content:tutorial-next":
      return tutorial.next(from.tabId);
    case "content:use-as-reference":
      return tutorial.useAsReference(from.tabId);
    default:
      throw new MessageError(`unhandled ${message.type}`);
  }
}

/** @param {Record<string, any> & { type: string }} message */
async function onPageMessage(message) {
  switch (message.type) {
    case "settings":
      return account.publicSettings();
    case "status":
      return status();
    case "login":
      return account.login(message.server, message.username, message.password);
    case "logout":
      await account.logout();
      return { ok: true };
    case "save-proxy": {
      const { override, host, port, username, password } = message;
      if (override && (!host.trim() || port < 1 || port > 65535)) {
        throw new UserError("Enter the replay proxy's host and a port between 1 and 65535.");
      }
      await saveSettings({ proxy: { override, host: host.trim(), port, username, password } });
      await reloadProxy();
      return { ok: true };
    }
    case "check-connection":
      return account.checkConnection();
    case "corpora":
      return api("GET", "/api/corpora/");
    case "select-corpus":
      await saveSettings({ corpus: message.slug });
      return { ok: true };
    case "grab-next": {
      const [active] = await ext.tabs.query({ active: true, lastFocusedWindow: true });
      return pages.grabNext(message.tabId ?? sessions.currentPageTab(active?.id));
    }
    case "submit":
      return pages.submit(await targetTab(message.tabId));
    case "set-tracking":
      await setTracking(message.on);
      return { ok: true };
    case "page-action":
      return sendAction(await targetTab(message.tabId), message.action, "popup");
    case "nodes": {
      const tabId = await targetTab(message.tabId);
      return { tabId, ...(await ext.tabs.sendMessage(tabId, { type: "bg:nodes" })) };
    }
    case "scroll-to": {
      const tabId = await targetTab(message.tabId);
      await ext.tabs.update(tabId, { active: true });
      return ext.tabs.sendMessage(tabId, { type: "bg:scroll-to", index: message.index });
    }
    case "stats": {
      const [stats, submissions, pending] = await Promise.all([
        api("GET", "/api/me/stats/"),
        api("GET", "/api/submissions/?mine=true&limit=50&offset=0"),
        queue.list(),
      ]);
      // Every step with its score, per tutorial (a tutorial is small: eleven pages).
      const tutorials = await Promise.all(
        (stats.tutorials ?? []).map((/** @type {{ slug: string }} */ t) =>
          api("GET", `/api/tutorials/${encodeURIComponent(t.slug)}/`).catch(() => null),
        ),
      );
      return { stats, submissions, pending, tutorials, isStaff: (await account.publicSettings()).isStaff };
    }
    case "submissions":
      return api("GET", `/api/submissions/?mine=true&limit=50&offset=${message.offset}`);
    case "open-submission":
      await pages.openSubmission(message.id, message.mode);
      return { ok: true };
    case "delete-submission":
      await api("DELETE", `/api/submissions/${message.id}/`);
      return { ok: true };
    case "retry-queue":
      return queue.flush({ force: true, loggedIn: true });
    case "discard-queued":
      return { ok: await queue.discard(message.id) };
    case "open-setup":
      await pages.openSetup();
      return { ok: true };
    case "retry-page":
      await pages.retryPage(message.tabId);
      return { ok: true };
    case "tutorials":
      return tutorial.list();
    case "start-tutorial":
      return tutorial.start(message.slug);
    case "open-tutorial-result":
      return tutorial.openResult(message.slug, message.position);
    case "restart-tutorial":
      return tutorial.restart(message.slug);
    default:
      throw new MessageError(`unhandled ${message.type}`);
  }
}

/** What the toolbar menu shows. */
async function status() {
  const settings = await account.publicSettings();
  const [active] = await ext.tabs.query({ active: true, lastFocusedWindow: true });
  const tabId = sessions.currentPageTab(active?.id);
  const session = sessions.pageSession(tabId);
  const pending = await queue.list();
  return {
    ...settings,
    tab:
      tabId !== undefined && session
        ? { id: tabId, title: session.title, mode: session.mode, nodeCount: session.nodeCount, state: sessions.getState(tabId) ?? null }
        : null,
    pending: pending.map((p) => ({ id: p.id, title: p.title, refused: p.refused, lastError: p.lastError })),
  };
}

/**
 * @param {unknown} raw
 * @param {browser.runtime.MessageSender} sender
 */
async function handle(raw, sender) {
  await sessions.ready;
  try {
    if (fromExtensionPage(sender)) return await onPageMessage(checkMessage(raw, PAGE_MESSAGES));
    const from = contentSender(sender);
    return await onContentMessage(checkMessage(raw, CONTENT_MESSAGES), from);
  } catch (error) {
    if (error instanceof MessageError) {
      console.warn("Kehr annotator: refused a message:", error.message);
      return { error: "The extension refused this request." };
    }
    return { error: messageOf(error) };
  }
}

export function install() {
  ext.runtime.onMessage.addListener((raw, sender) => {
    // Messages between a content script and the sidebar are not for us.
    if (typeof raw === "object" && raw !== null && "type" in raw && String(raw.type).startsWith("bg:")) return undefined;
    return handle(raw, sender);
  });
  ext.tabs.onActivated.addListener(({ tabId }) => sessions.noteActive(tabId));
}
