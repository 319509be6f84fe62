// A module-resolution hook (node:module register) for the background and content tests:
// a module of src/ imported with "?instance=N" has its own src/ imports resolved with the
// same "?instance=N". So each N is a whole new copy of the extension's module graph,
// with its own in-memory state, as when Firefox unloads the event page and starts it
// again (or loads the content script into a new document). Other modules (node:*,
// node_modules) stay shared.

const SOURCE = new URL("../../src/", import.meta.url).href;

/** @type {import("node:module").ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const instance = context.parentURL ? new URL(context.parentURL).searchParams.get("instance") : null;
  if (instance === null || !resolved.url.startsWith(SOURCE) || resolved.url.includes("?")) return resolved;
  return { ...resolved, url: `${resolved.url}?instance=${instance}` };
}
