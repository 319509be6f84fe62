// The WebExtension API object. Firefox provides `browser` (promise-based); Chromium
// only `chrome`, whose MV3 APIs return promises too. Firefox is the target; this
// lets the extension at least load in Chromium (see docs/architecture.md).

/** @type {typeof browser} */
export const ext = /** @type {any} */ (globalThis).browser ?? /** @type {any} */ (globalThis).chrome;

/** The version string sent with every submission ("kehr-extension 0.1.0"). */
export function clientVersion() {
  return `kehr-extension ${ext.runtime.getManifest().version}`;
}
