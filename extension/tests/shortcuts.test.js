import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { ACTIONS, actionForKey, chordMatches, parseShortcut } from "../src/lib/shortcuts.js";

/**
 * @param {string} code
 * @param {{ ctrl?: boolean, alt?: boolean, shift?: boolean, meta?: boolean }} [mods]
 */
function key(code, { ctrl = false, alt = false, shift = false, meta = false } = {}) {
  return { code, ctrlKey: ctrl, altKey: alt, shiftKey: shift, metaKey: meta };
}

const manifest = JSON.parse(readFileSync(new URL("../src/manifest.json", import.meta.url), "utf8"));
/** @type {Record<string, string>} */
const defaults = Object.fromEntries(
  Object.entries(manifest.commands).map(([name, command]) => [name, /** @type {any} */ (command).suggested_key.default]),
);

describe("shortcuts", () => {
  it("the manifest has a default shortcut for every action, and tagging is Ctrl+Alt+1..4", () => {
    assert.deepEqual(Object.keys(defaults).sort(), [...ACTIONS].sort());
    assert.equal(defaults["tag-bad"], "Ctrl+Alt+1");
    assert.equal(defaults["tag-uncertain"], "Ctrl+Alt+2");
    assert.equal(defaults["tag-good"], "Ctrl+Alt+3");
    assert.equal(defaults["clear-tag"], "Ctrl+Alt+4");
    for (const shortcut of Object.values(defaults)) assert.ok(parseShortcut(shortcut), shortcut);
    assert.equal(new Set(Object.values(defaults)).size, ACTIONS.length, "no shortcut used twice");
  });

  it("match exactly their keys, on the main row and the number pad", () => {
    assert.equal(actionForKey(defaults, key("Digit1", { ctrl: true, alt: true })), "tag-bad");
    assert.equal(actionForKey(defaults, key("Numpad3", { ctrl: true, alt: true })), "tag-good");
    assert.equal(actionForKey(defaults, key("Digit4", { ctrl: true, alt: true })), "clear-tag");
    assert.equal(actionForKey(defaults, key("Digit1", { ctrl: true })), null);
    assert.equal(actionForKey(defaults, key("Digit1", { ctrl: true, alt: true, shift: true })), null);
    assert.equal(actionForKey(defaults, key("KeyQ", { ctrl: true, alt: true })), null);
    assert.equal(actionForKey(defaults, key("KeyA", { ctrl: true, alt: true })), "accept-suggestion");
    assert.equal(actionForKey(defaults, key("KeyA", { ctrl: true })), null);
  });

  it("follow a shortcut the user changed", () => {
    const changed = { ...defaults, "tag-bad": "Alt+Shift+B" };
    assert.equal(actionForKey(changed, key("KeyB", { alt: true, shift: true })), "tag-bad");
    assert.equal(actionForKey(changed, key("Digit1", { ctrl: true, alt: true })), null);
    assert.equal(actionForKey({ ...defaults, "tag-bad": "" }, key("Digit1", { ctrl: true, alt: true })), null);
  });

  it("use Firefox's macOS meaning of Ctrl (Command) and MacCtrl (Control)", () => {
    const chord = parseShortcut("Ctrl+Alt+1", true);
    assert.ok(chord && chordMatches(chord, key("Digit1", { meta: true, alt: true })));
    assert.ok(chord && !chordMatches(chord, key("Digit1", { ctrl: true, alt: true })));
    const macCtrl = parseShortcut("MacCtrl+Shift+P", true);
    assert.ok(macCtrl && chordMatches(macCtrl, key("KeyP", { ctrl: true, shift: true })));
  });

  it("refuse strings that are not shortcuts", () => {
    for (const bad of ["", "Ctrl+", "Hyper+1", "Ctrl+Alt+Ä", "Ctrl+F13"]) assert.equal(parseShortcut(bad), null, bad);
    assert.deepEqual(parseShortcut("Alt+Up"), { ctrl: false, alt: true, shift: false, meta: false, code: "ArrowUp" });
  });
});
