// A server preset by the lab through Firefox's enterprise policies (3rdparty settings,
// read with storage.managed; manage.py addon policies prints them): the extension pages
// get it with the settings, and its absence (Firefox rejects the read) is no error.

import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import { fake, resetBrowser } from "./support/fake-browser.js";
import { pageSender, startBackground } from "./support/background.js";

/** storage.managed as Firefox has it: what the policy sets, or a rejection without one. */
function managedStorage(/** @type {Record<string, unknown> | null} */ values) {
  fake.storage.managed = {
    get: async () => {
      if (values === null) throw new Error("Managed storage manifest not found");
      return structuredClone(values);
    },
  };
}

describe("a server set by the lab", () => {
  beforeEach(() => resetBrowser());

  it("is handed to the extension pages, cleaned like a typed one", async () => {
    managedStorage({ server: " https://lab.kehr.test/ " });
    const background = await startBackground();
    const settings = await background.send({ type: "settings" }, pageSender());
    assert.equal(settings.managedServer, "https://lab.kehr.test");
  });

  it("is none without a policy, or with a value that is not a server", async () => {
    for (const values of [null, {}, { server: "ftp://lab.kehr.test" }, { server: 42 }]) {
      managedStorage(values);
      const background = await startBackground();
      const settings = await background.send({ type: "settings" }, pageSender());
      assert.equal(settings.managedServer, null, JSON.stringify(values));
    }
  });
});
