// The Kehr REST API client (docs/api.md). Background only: it holds the token.
// Requests go with `credentials: "omit"`: the token is the only credential, so a
// session cookie of the same server (an admin's browser) never authorises anything.

import { explainNetworkError, explainResponse } from "../lib/problems.js";
import { getSettings } from "./settings.js";

const TIMEOUT_MS = 30000;

/** @typedef {import("../lib/problems.js").Failure} Failure */

export class ApiError extends Error {
  /** @param {Failure} failure */
  constructor(failure) {
    super(failure.message);
    this.failure = failure;
  }
}

/** A problem the user can fix, said in plain words (not logged in, no corpus chosen…). */
export class UserError extends Error {}

/**
 * @param {string} method
 * @param {string} path starting with /api/
 * @param {{ body?: unknown, text?: boolean, server?: string, token?: string | null }} [options]
 *   `text`: return the body as text (the annotation document) instead of JSON;
 *   `server`/`token`: for the login itself, before they are stored.
 * @returns {Promise<any>}
 */
export async function api(method, path, options = {}) {
  const settings = await getSettings();
  const server = options.server ?? settings.server;
  const token = options.token === undefined ? settings.auth?.token : options.token;
  if (!server) throw new UserError("No Kehr server is set: open the options and log in.");
  if (options.token === undefined && !token) throw new UserError("You are not logged in: open the options and log in.");
  /** @type {Record<string, string>} */
  const headers = { Accept: options.text ? "text/html" : "application/json" };
  if (token) headers.Authorization = `Token ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(server + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "omit",
      cache: "no-store",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(explainNetworkError(server, error));
  }
  if (response.status === 204) return null;
  const raw = await response.text();
  let body = raw;
  if (!options.text || !response.ok) {
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      // an HTML error page from a proxy in front of the server: keep the text
    }
  }
  if (!response.ok) {
    throw new ApiError(
      explainResponse({ status: response.status, body, server, retryAfter: response.headers.get("Retry-After") }),
    );
  }
  return body;
}

/**
 * A message for any error thrown while serving a request.
 * @param {unknown} error
 * @returns {string}
 */
export function messageOf(error) {
  if (error instanceof ApiError || error instanceof UserError) return error.message;
  console.error("Kehr annotator:", error);
  return `Something went wrong in the extension: ${error instanceof Error ? error.message : String(error)}`;
}
