import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { MAX_RETRY_MS, SubmissionQueue, retryDelay } from "../src/lib/queue.js";

/** @typedef {import("../src/lib/queue.js").Pending} Pending */
/** @typedef {import("../src/lib/queue.js").SendOutcome} SendOutcome */

/**
 * A queue over an in-memory store and a scripted server.
 * @param {SendOutcome[]} answers what the server says to each send, in order
 */
function harness(answers) {
  let stored = "[]";
  const clock = { now: 1_000_000 };
  /** @type {(number | null)[]} */
  const scheduled = [];
  /** @type {Pending[]} */
  const sent = [];
  const queue = new SubmissionQueue({
    load: async () => JSON.parse(stored),
    save: async (items) => {
      stored = JSON.stringify(items); // a real copy, as storage.local makes
    },
    send: async (item) => {
      const answer = answers.shift();
      if (!answer) throw new Error("no answer scripted");
      if (answer.ok) sent.push(item);
      return answer;
    },
    schedule: (at) => scheduled.push(at),
    now: () => clock.now,
  });
  return { queue, clock, scheduled, sent, stored: () => JSON.parse(stored) };
}

const FIELDS = {
  pageId: 7,
  corpus: "news",
  title: "A page",
  url: "https://a.example/",
  labels: [1, 3, 3, 0],
  startedAt: "2026-11-23T10:00:00.000Z",
  clientVersion: "kehr-extension 0.1.0",
};
const DOWN = { ok: false, message: "Could not reach the Kehr server", retry: true, login: false };
const REFUSED = { ok: false, message: "page: No page with id 7.", retry: false, login: false };

describe("the submission queue", () => {
  it("keeps a vector the server did not get and sends it when it is back", async () => {
    const h = harness([DOWN, DOWN, { ok: true, result: { id: 1 } }]);
    const item = await h.queue.add(FIELDS);
    assert.equal(h.stored().length, 1, "stored before anything is sent");
    const first = await h.queue.sendNow(item.id);
    assert.equal(first.ok, false);
    assert.equal(h.stored()[0].attempts, 1);
    assert.equal(h.scheduled.at(-1), h.clock.now + 2000);

    assert.deepEqual(await h.queue.flush(), { sent: 0, failed: 0 }, "not due yet: nothing sent");
    h.clock.now += 2000;
    assert.deepEqual(await h.queue.flush(), { sent: 0, failed: 1 });
    assert.equal(h.scheduled.at(-1), h.clock.now + 4000, "backs off");
    h.clock.now += 4000;
    assert.deepEqual(await h.queue.flush(), { sent: 1, failed: 0 });
    assert.deepEqual(h.stored(), []);
    assert.deepEqual(h.sent[0].labels, FIELDS.labels);
    assert.equal(h.scheduled.at(-1), null);
  });

  it("keeps a refused submission, with the server's reason, until it is discarded", async () => {
    const h = harness([REFUSED]);
    const item = await h.queue.add(FIELDS);
    await h.queue.sendNow(item.id);
    const [kept] = h.stored();
    assert.equal(kept.refused, true);
    assert.equal(kept.lastError, "page: No page with id 7.");
    assert.deepEqual(await h.queue.flush({ force: true }), { sent: 0, failed: 0 }, "not retried");
    assert.equal(h.scheduled.at(-1), null);
    assert.equal(await h.queue.discard(item.id), true);
    assert.deepEqual(h.stored(), []);
  });

  it("holds submissions while the login is invalid and sends them after a new login", async () => {
    const h = harness([{ ok: false, message: "log in again", retry: true, login: true }, { ok: true }]);
    const item = await h.queue.add(FIELDS);
    await h.queue.sendNow(item.id);
    h.clock.now += MAX_RETRY_MS;
    assert.deepEqual(await h.queue.flush(), { sent: 0, failed: 0 });
    assert.deepEqual(await h.queue.flush({ loggedIn: true }), { sent: 1, failed: 0 });
  });

  it("keeps one waiting submission per page: the newer tags replace the older", async () => {
    const h = harness([]);
    await h.queue.add(FIELDS);
    await h.queue.add({ ...FIELDS, labels: [2, 2, 2, 2] });
    await h.queue.add({ ...FIELDS, pageId: 8 });
    const items = h.stored();
    assert.equal(items.length, 2);
    assert.deepEqual(items.find((/** @type {Pending} */ i) => i.pageId === 7).labels, [2, 2, 2, 2]);
  });

  it("runs one operation at a time, so concurrent flushes never send twice", async () => {
    const h = harness([{ ok: true }]);
    await h.queue.add(FIELDS);
    const results = await Promise.all([h.queue.flush({ force: true }), h.queue.flush({ force: true })]);
    assert.deepEqual(results.map((r) => r.sent).sort(), [0, 1]);
    assert.equal(h.sent.length, 1);
  });

  it("treats a crash in sending as a failure to retry, not a loss", async () => {
    const h = harness([]); // send throws: no answer scripted
    const item = await h.queue.add(FIELDS);
    const outcome = await h.queue.sendNow(item.id);
    assert.equal(outcome.ok, false);
    assert.equal(h.stored().length, 1);
  });

  it("waits 2 s, 4 s, 8 s … up to 5 minutes", () => {
    assert.deepEqual([1, 2, 3, 4].map(retryDelay), [2000, 4000, 8000, 16000]);
    assert.equal(retryDelay(30), MAX_RETRY_MS);
  });
});
