// Every message to the background goes through here: checked against the schema of
// its sender (lib/messages.js), then dispatched. Content scripts are recognised by
// their tab and frame and may only talk about their own annotation tab; nothing they
// can ask for returns the token. Errors come back as { error: "plain words" }.

import { askText, restoredText } from "../lib/drafts.js";
import { CONTENT_MESSAGES, MessageError, PAGE_MESSAGES, checkMessage, vectorProblem } from "../lib/messages.js";
import { ext } from "../lib/ext.js";
import * as account from "./account.js";
import { UserError, api, messageOf } from "./api.js";
import * as drafts from "./drafts.js";
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
 * @param {string | undefined} url
 * @returns {boolean}
 */
function isExtensionPage(url) {
  return typeof url === "string" && url.startsWith(ext.runtime.getURL(""));
}

/**
 * The tab in front, as the person asking sees it. The toolbar menu and the sidebar
 * (no tab of their own) act on the active tab of the focused window. One of the
 * extension's pages shown in a tab of its own is itself that active tab, so there the
 * tab meant is the one looked at last before it that is no extension page.
 * @param {browser.runtime.MessageSender} sender
 * @returns {Promise<browser.tabs.Tab | undefined>}
 */
async function frontTab(sender) {
  const own = sender.tab?.id;
  if (own === undefined) {
    const [active] = await ext.tabs.query({ active: true, lastFocusedWindow: true });
    return active;
  }
  for (const id of sessions.recentlyActive()) {
    if (id === own) continue;
    const tab = await ext.tabs.get(id).catch(() => undefined);
    if (tab && !isExtensionPage(tab.url)) return tab;
  }
  return undefined;
}

/**
 * The annotation tab that Submit, Propagate, Undo and Redo act on: the given one, else
 * the tab in front — never another annotation tab behind it.
 * @param {number | null | undefined} tabId
 * @param {browser.runtime.MessageSender} sender
 * @returns {Promise<number>}
 */
async function targetTab(tabId, sender) {
  if (tabId != null) {
    if (!sessions.pageSession(tabId)) throw new UserError("That tab no longer shows a corpus page: use “Grab next page”.");
    return tabId;
  }
  const front = await frontTab(sender);
  if (front?.id !== undefined && sessions.pageSession(front.id)) return front.id;
  throw new UserError(
    sessions.pageTabs().length
      ? `The tab in front${front?.title ? ` (“${front.title}”)` : ""} is not an annotation tab. Switch to the tab of the corpus page you mean, then try again.`
      : "No corpus page is open: use “Grab next page” first.",
  );
}

/**
 * The annotation tab that Grab next page and Start Tutorial reuse: the tab in front if
 * it is one, else the annotation tab used last; undefined opens a new tab.
 * @param {browser.runtime.MessageSender} sender
 * @returns {Promise<number | undefined>}
 */
async function reusableTab(sender) {
  return sessions.currentPageTab((await frontTab(sender))?.id);
}

/**
 * Before a tab's page is replaced: the question to ask when it has unsubmitted tags
 * (they stay a draft whatever the answer), else null. Waiting drafts are written.
 * @param {number | undefined} tabId
 * @param {boolean} keepDraft the annotator already chose "keep as a draft and go on"
 */
async function askBeforeLeaving(tabId, keepDraft) {
  await drafts.flush();
  if (keepDraft) return null;
  const open = await drafts.unsubmitted(tabId);
  return open ? { ask: { ...open, text: askText(open.count, open.title) } } : null;
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
      const { draft, problem } = await drafts.forPage(session);
      if (draft) notices.push({ text: restoredText(draft), level: "info" });
      if (problem) notices.push({ text: problem, level: "warning" });
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
        labels: draft ? draft.labels : session.labels,
        suggestions: session.suggestions ?? null,
        accepted: draft?.accepted ?? [],
        dismissed: draft?.dismissed ?? false,
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
    case "content:draft": {
      const problem = vectorProblem(message.labels, from.session.nodeCount);
      if (problem) throw new MessageError(`content:draft: ${problem}`);
      await drafts.record(from.session, message.labels, { accepted: message.accepted, dismissed: message.dismissed });
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

/**
 * @param {Record<string, any> & { type: string }} message
 * @param {browser.runtime.MessageSender} sender
 */
async function onPageMessage(message, sender) {
  switch (message.type) {
    case "settings":
      return account.publicSettings();
    case "status":
      return status(sender);
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
      const tabId = message.tabId ?? (await reusableTab(sender));
      return (await askBeforeLeaving(tabId, Boolean(message.keepDraft))) ?? pages.grabNext(tabId);
    }
    case "submit":
      return pages.submit(await targetTab(message.tabId, sender));
    case "set-tracking":
      await setTracking(message.on);
      return { ok: true };
    case "page-action":
      return sendAction(await targetTab(message.tabId, sender), message.action, "popup");
    case "nodes": {
      const tabId = message.tabId ?? (await reusableTab(sender));
      if (tabId === undefined) throw new UserError("No corpus page is open: use “Grab next page” first.");
      return { tabId, ...(await ext.tabs.sendMessage(tabId, { type: "bg:nodes" })) };
    }
    case "scroll-to": {
      const tabId = message.tabId ?? (await reusableTab(sender));
      if (tabId === undefined || !sessions.pageSession(tabId)) throw new UserError("That tab no longer shows a corpus page.");
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
    case "start-tutorial": {
      const tabId = await reusableTab(sender);
      return (await askBeforeLeaving(tabId, Boolean(message.keepDraft))) ?? tutorial.start(message.slug, tabId);
    }
    case "open-tutorial-result":
      return tutorial.openResult(message.slug, message.position);
    case "restart-tutorial":
      return tutorial.restart(message.slug);
    default:
      throw new MessageError(`unhandled ${message.type}`);
  }
}

/**
 * What the toolbar menu shows: the tab in front if it is an annotation tab (the one
 * Submit acts on), else whether other annotation tabs are open.
 * @param {browser.runtime.MessageSender} sender
 */
async function status(sender) {
  const settings = await account.publicSettings();
  const tabId = (await frontTab(sender))?.id;
  const session = sessions.pageSession(tabId);
  const pending = await queue.list();
  return {
    ...settings,
    tab:
      tabId !== undefined && session
        ? {
            id: tabId,
            title: session.title,
            mode: session.mode,
            nodeCount: session.nodeCount,
            state: sessions.getState(tabId) ?? null,
            suggestions:
              session.suggestions && (session.mode === "annotate" || session.mode === "resubmit")
                ? { mode: session.suggestions.mode, model: session.suggestions.model }
                : null,
          }
        : null,
    otherAnnotationTabs: sessions.pageTabs().length,
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
    if (fromExtensionPage(sender)) return await onPageMessage(checkMessage(raw, PAGE_MESSAGES), sender);
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
