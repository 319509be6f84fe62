// API and network failures in plain words. Pure, so the wording is unit-tested.

/**
 * What went wrong with one request, for people.
 * `retry` is true when sending the same request later may work (network, server
 * trouble, rate limits, an expired login); false when the request itself is refused.
 * @typedef {{ message: string, retry: boolean, status: number, login: boolean }} Failure
 */

/**
 * Flatten a DRF error body ({"detail": …} or {"field": ["…"]}) into one sentence.
 * @param {unknown} body
 * @returns {string}
 */
export function errorText(body) {
  if (typeof body === "string") return body.trim().slice(0, 300);
  if (!body || typeof body !== "object") return "";
  const record = /** @type {Record<string, unknown>} */ (body);
  if (typeof record.detail === "string") return record.detail;
  const parts = [];
  for (const [field, value] of Object.entries(record)) {
    const texts = Array.isArray(value) ? value.filter((v) => typeof v === "string") : typeof value === "string" ? [value] : [];
    if (texts.length === 0) continue;
    parts.push(field === "non_field_errors" ? texts.join(" ") : `${field}: ${texts.join(" ")}`);
  }
  return parts.join(" ");
}

/**
 * @param {{ status: number, body?: unknown, server: string, retryAfter?: string | null }} response
 * @returns {Failure}
 */
export function explainResponse({ status, body, server, retryAfter }) {
  const said = errorText(body);
  if (status === 401) {
    return {
      status,
      retry: true,
      login: true,
      message: "Your login is no longer valid (signed out, or the account was changed). Log in again in the options.",
    };
  }
  if (status === 429) {
    const wait = retryAfter && /^[0-9]+$/.test(retryAfter) ? ` Try again in ${retryAfter} seconds.` : " Try again in a while.";
    return { status, retry: true, login: false, message: (said || "Too many requests.") + wait };
  }
  if (status >= 500) {
    return {
      status,
      retry: true,
      login: false,
      message: `The Kehr server at ${server} had a problem (HTTP ${status}). Nothing is lost; try again in a moment.`,
    };
  }
  const fallback = status === 403 ? "You are not allowed to do this." : status === 404 ? "Not found." : `The request was refused (HTTP ${status}).`;
  return { status, retry: false, login: false, message: said || fallback };
}

/**
 * A request that got no HTTP answer at all.
 * @param {string} server
 * @param {unknown} error
 * @returns {Failure}
 */
export function explainNetworkError(server, error) {
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  const detail = timedOut ? " (it did not answer in time)" : "";
  return {
    status: 0,
    retry: true,
    login: false,
    message: `Could not reach the Kehr server at ${server}${detail}. Check your connection and the server address in the options.`,
  };
}

/**
 * What kind of failure a Firefox network error is.
 * @param {string} error e.g. "NS_ERROR_PROXY_CONNECTION_REFUSED", "SEC_ERROR_UNKNOWN_ISSUER"
 * @returns {"ca" | "proxy" | "network" | null} null: not a failure (the user stopped it)
 */
export function classifyNetworkError(error) {
  if (/NS_BINDING_ABORTED|NS_ERROR_ABORT|NS_BINDING_REDIRECTED|NS_BINDING_RETARGETED/.test(error)) return null;
  if (/SEC_ERROR|SSL_ERROR|MOZILLA_PKIX|CERT/i.test(error)) return "ca";
  if (/PROXY/i.test(error)) return "proxy";
  return "network";
}

/** The Firefox setting without which loopback addresses never go to a proxy. */
export const LOOPBACK_PREF = "network.proxy.allow_hijacking_localhost";

/**
 * Whether a URL is on a loopback host (localhost, 127.0.0.0/8, [::1]): Firefox sends
 * such requests to a proxy only when LOOPBACK_PREF is on.
 * @param {string} url
 * @returns {boolean}
 */
export function isLoopbackUrl(url) {
  let host;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(\.[0-9]{1,3}){3}$/.test(host);
}
