// Submissions waiting to be sent. A label vector is written here before the request
// goes out, so neither a failed request nor a closed tab or browser loses it; it
// leaves the queue only when the server has stored it, or when the annotator
// discards one the server refused. Pure logic over injected storage and sending, so
// the retry rules are unit-tested; background/submit.js wires it to the browser.

/**
 * @typedef {{ id: string, pageId: number, corpus: string, title: string, url: string,
 *   labels: number[], startedAt: string | null, clientVersion: string, queuedAt: string,
 *   attempts: number, nextAttemptAt: number, lastError: string, refused: boolean,
 *   waitingForLogin: boolean, draftKey?: string, suggestions?: { accepted: number[], prefilled: number[] } }} Pending
 *   `draftKey`: the draft this submission was made from, dropped once it is stored;
 *   `suggestions`: which tags came from the model's suggestions (sent with the labels)
 * @typedef {{ ok: true, result?: unknown } | { ok: false, message: string, retry: boolean, login: boolean }} SendOutcome
 * @typedef {{ load(): Promise<Pending[]>, save(items: Pending[]): Promise<void>,
 *   send(item: Pending): Promise<SendOutcome>, schedule(at: number | null): void, now(): number,
 *   onSent?(item: Pending, result: unknown): void }} QueueDeps
 */

const FIRST_RETRY_MS = 2000;
export const MAX_RETRY_MS = 5 * 60 * 1000;

/**
 * Wait before attempt n+1 after n failed attempts: 2 s, 4 s, 8 s … at most 5 minutes.
 * @param {number} attempts
 * @returns {number}
 */
export function retryDelay(attempts) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export class SubmissionQueue {
  /** @param {QueueDeps} deps */
  constructor(deps) {
    this.deps = deps;
    /** @type {Promise<unknown>} */
    this.lock = Promise.resolve();
  }

  /**
   * Run `task` after every earlier task: one writer of the stored list at a time.
   * @template T
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  serial(task) {
    const run = this.lock.then(task, task);
    this.lock = run.catch(() => {});
    return run;
  }

  /**
   * Store a new submission (replacing a waiting one for the same page: the newer
   * tags win, as on the server).
   * @param {Omit<Pending, "id" | "queuedAt" | "attempts" | "nextAttemptAt" | "lastError" | "refused" | "waitingForLogin">} fields
   * @returns {Promise<Pending>}
   */
  add(fields) {
    return this.serial(async () => {
      const now = this.deps.now();
      /** @type {Pending} */
      const item = {
        ...fields,
        id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
        queuedAt: new Date(now).toISOString(),
        attempts: 0,
        nextAttemptAt: now,
        lastError: "",
        refused: false,
        waitingForLogin: false,
      };
      const items = (await this.deps.load()).filter((other) => other.pageId !== item.pageId);
      items.push(item);
      await this.deps.save(items);
      return item;
    });
  }

  /** @returns {Promise<Pending[]>} */
  list() {
    return this.deps.load();
  }

  /**
   * Send one item now, whatever its schedule.
   * @param {string} id
   * @returns {Promise<SendOutcome>}
   */
  sendNow(id) {
    return this.serial(async () => {
      const items = await this.deps.load();
      const item = items.find((i) => i.id === id);
      if (!item) return { ok: false, message: "This submission is no longer waiting to be sent.", retry: false, login: false };
      const outcome = await this.#attempt(items, item);
      await this.#finish(items);
      return outcome;
    });
  }

  /**
   * Send everything that is due (or everything not refused, with `force`).
   * @param {{ force?: boolean, loggedIn?: boolean }} [options] `loggedIn`: a new login
   *   releases the items that waited for one.
   * @returns {Promise<{ sent: number, failed: number }>}
   */
  flush(options = {}) {
    return this.serial(async () => {
      const items = await this.deps.load();
      let sent = 0;
      let failed = 0;
      for (const item of [...items]) {
        if (item.refused) continue;
        if (item.waitingForLogin && !options.loggedIn) continue;
        if (!options.force && !options.loggedIn && item.nextAttemptAt > this.deps.now()) continue;
        const outcome = await this.#attempt(items, item);
        if (outcome.ok) sent += 1;
        else failed += 1;
      }
      await this.#finish(items);
      return { sent, failed };
    });
  }

  /**
   * @param {string} id
   * @returns {Promise<boolean>}
   */
  discard(id) {
    return this.serial(async () => {
      const items = await this.deps.load();
      const kept = items.filter((i) => i.id !== id);
      await this.#finish(kept);
      return kept.length !== items.length;
    });
  }

  /**
   * @param {Pending[]} items mutated: a sent item is removed, a failed one updated
   * @param {Pending} item
   * @returns {Promise<SendOutcome>}
   */
  async #attempt(items, item) {
    let outcome;
    try {
      outcome = await this.deps.send(item);
    } catch (error) {
      outcome = { ok: false, message: String(error), retry: true, login: false };
    }
    if (outcome.ok) {
      items.splice(items.indexOf(item), 1);
      this.deps.onSent?.(item, outcome.result);
      return outcome;
    }
    item.attempts += 1;
    item.lastError = outcome.message;
    item.refused = !outcome.retry;
    item.waitingForLogin = outcome.login;
    item.nextAttemptAt = this.deps.now() + retryDelay(item.attempts);
    return outcome;
  }

  /** @param {Pending[]} items */
  async #finish(items) {
    await this.deps.save(items);
    const due = items.filter((i) => !i.refused && !i.waitingForLogin).map((i) => i.nextAttemptAt);
    this.deps.schedule(due.length ? Math.min(...due) : null);
  }
}
