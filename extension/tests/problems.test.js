import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { classifyNetworkError, errorText, explainNetworkError, explainResponse, isLoopbackUrl } from "../src/lib/problems.js";

const server = "https://kehr.example.org";

describe("API errors in plain words", () => {
  it("pass the server's own explanation on", () => {
    const body = { labels: ["Expected 312 labels (one per text node of the page), received 310."] };
    const failure = explainResponse({ status: 400, body, server });
    assert.equal(failure.message, "labels: Expected 312 labels (one per text node of the page), received 310.");
    assert.equal(failure.retry, false);
    assert.equal(explainResponse({ status: 403, body: { detail: "Corpus 'x' is closed." }, server }).message, "Corpus 'x' is closed.");
  });

  it("say what to do when the login expired, the server failed or is unreachable", () => {
    const login = explainResponse({ status: 401, body: { detail: "Invalid token." }, server });
    assert.ok(login.login && login.retry);
    assert.match(login.message, /Log in again in the options/);
    const broken = explainResponse({ status: 502, body: "<html>Bad gateway</html>", server });
    assert.ok(broken.retry);
    assert.match(broken.message, /kehr\.example\.org had a problem \(HTTP 502\)\. Nothing is lost/);
    const gone = explainNetworkError(server, new TypeError("NetworkError when attempting to fetch resource."));
    assert.equal(gone.status, 0);
    assert.match(gone.message, /^Could not reach the Kehr server at https:\/\/kehr\.example\.org\./);
  });

  it("mention the wait of a rate limit", () => {
    const limited = explainResponse({ status: 429, body: { detail: "Too many failed logins." }, server, retryAfter: "60" });
    assert.equal(limited.message, "Too many failed logins. Try again in 60 seconds.");
  });

  it("flatten error bodies", () => {
    assert.equal(errorText({ non_field_errors: ["One.", "Two."] }), "One. Two.");
    assert.equal(errorText({ page: ["No page with id 99."], labels: "bad" }), "page: No page with id 99. labels: bad");
    assert.equal(errorText(null), "");
  });
});

describe("failed page loads", () => {
  it("are told apart: untrusted CA, proxy trouble, other network errors, or a stop", () => {
    assert.equal(classifyNetworkError("SEC_ERROR_UNKNOWN_ISSUER"), "ca");
    assert.equal(classifyNetworkError("MOZILLA_PKIX_ERROR_SELF_SIGNED_CERT"), "ca");
    assert.equal(classifyNetworkError("SSL_ERROR_BAD_CERT_DOMAIN"), "ca");
    assert.equal(classifyNetworkError("NS_ERROR_PROXY_CONNECTION_REFUSED"), "proxy");
    assert.equal(classifyNetworkError("NS_ERROR_UNKNOWN_PROXY_HOST"), "proxy");
    assert.equal(classifyNetworkError("NS_ERROR_NET_TIMEOUT"), "network");
    assert.equal(classifyNetworkError("NS_BINDING_ABORTED"), null);
  });
});

describe("loopback pages", () => {
  it("are recognised by host: Firefox proxies them only with allow_hijacking_localhost", () => {
    for (const url of ["http://127.0.0.1:8000/a", "http://localhost/", "http://app.localhost:3000/", "http://[::1]/", "https://127.1.2.3/x"]) {
      assert.equal(isLoopbackUrl(url), true, url);
    }
    for (const url of ["https://example.org/", "http://127.0.0.1.example.org/", "http://10.0.0.1/", "not a url", "http://1270.0.0.1/"]) {
      assert.equal(isLoopbackUrl(url), false, url);
    }
  });
});
