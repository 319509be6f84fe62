// Sending label vectors: the queue in storage.local, retried with backoff (an alarm
// wakes the background when the next attempt is due), on browser start-up, after a
// new login, and whenever the server has just answered another request.

import { ext } from "../lib/ext.js";
import { SubmissionQueue } from "../lib/queue.js";
import { ApiError, api } from "./api.js";
import * as drafts from "./drafts.js";
import * as sessions from "./sessions.js";

/** @typedef {import("../lib/queue.js").Pending} Pending */

const KEY = "pendingSubmissions";
const RETRY_ALARM = "kehr-retry-submissions";

/** @param {Pending[]} items */
function showCount(items) {
  const waiting = items.length;
  ext.action.setBadgeText({ text: waiting ? String(waiting) : "" });
  ext.action.setBadgeBackgroundColor({ color: items.some((i) => i.refused) ? "#c00" : "#d97400" });
}

export const queue = new SubmissionQueue({
  load: async () => (await ext.storage.local.get(KEY))[KEY] ?? [],
  save: async (items) => {
    await ext.storage.local.set({ [KEY]: items });
    showCount(items);
  },
  send: async (item) => {
    try {
      /** @type {Record<string, unknown>} */
      const body = { page: item.pageId, labels: item.labels, started_at: item.startedAt, client_version: item.clientVersion };
      if (item.suggestions) body.suggestions = item.suggestions;
      const result = await api("POST", "/api/submissions/", { body });
      return { ok: true, result };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, ...error.failure };
      throw error;
    }
  },
  schedule: (at) => {
    if (at === null) ext.alarms.clear(RETRY_ALARM);
    else ext.alarms.create(RETRY_ALARM, { when: Math.max(at, Date.now() + 500) });
  },
  now: () => Date.now(),
  onSent: (item) => {
    notifySent(item);
    if (item.draftKey) drafts.submitted(item.draftKey, Date.parse(item.queuedAt));
  },
});

/** Items sent by a retry (not by the Submit button) are announced in their tab, if open. */
/** @type {Set<string>} */
const announced = new Set();

/** @param {Pending} item */
function notifySent(item) {
  if (announced.delete(item.id)) return;
  for (const tabId of sessions.pageTabs()) {
    if (sessions.pageSession(tabId)?.pageId !== item.pageId) continue;
    const text = `Your saved tags for “${item.title || item.url}” have now reached the server.`;
    ext.tabs.sendMessage(tabId, { type: "bg:notice", text, level: "info" }).catch(() => {});
  }
}

/**
 * Send a new submission now; it stays queued if that fails.
 * @param {Omit<Pending, "id" | "queuedAt" | "attempts" | "nextAttemptAt" | "lastError" | "refused" | "waitingForLogin">} fields
 */
export async function submitNow(fields) {
  const item = await queue.add(fields);
  announced.add(item.id);
  const outcome = await queue.sendNow(item.id);
  if (!outcome.ok) announced.delete(item.id);
  return outcome;
}

export async function retryDue() {
  return queue.flush();
}

export function install() {
  ext.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === RETRY_ALARM) retryDue();
  });
  queue.list().then(showCount);
}
