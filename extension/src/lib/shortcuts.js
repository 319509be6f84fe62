// Keyboard shortcuts. Firefox's `commands` give the shortcuts (changeable in
// about:addons → Manage Extension Shortcuts); the content script matches the same
// strings against its own key events, because a page that has focus sees the key
// first (and synthetic keys, as in automated tests, never reach commands.onCommand).

/** Actions a shortcut or the context menu can trigger on the annotation page. */
export const ACTIONS = Object.freeze([
  "tag-bad",
  "tag-uncertain",
  "tag-good",
  "clear-tag",
  "propagate",
  "undo",
  "redo",
  "toggle-tracking",
  "accept-suggestion",
  "accept-block",
  "accept-page",
  "clear-suggestions",
]);

/** @typedef {"tag-bad" | "tag-uncertain" | "tag-good" | "clear-tag" | "propagate" | "undo" | "redo" | "toggle-tracking"
 *   | "accept-suggestion" | "accept-block" | "accept-page" | "clear-suggestions"} Action */

/**
 * @param {unknown} value
 * @returns {value is Action}
 */
export function isAction(value) {
  return typeof value === "string" && ACTIONS.includes(value);
}

/**
 * @typedef {{ ctrl: boolean, alt: boolean, shift: boolean, meta: boolean, code: string }} Chord
 *   What must be pressed, in KeyboardEvent terms (`code` is layout-independent).
 * @typedef {{ ctrlKey: boolean, altKey: boolean, shiftKey: boolean, metaKey: boolean, code: string }} KeyLike
 */

// Firefox shortcut key names that are not a letter, digit or F-key, as event.code.
/** @type {Record<string, string>} */
const NAMED_KEYS = {
  Comma: "Comma",
  Period: "Period",
  Home: "Home",
  End: "End",
  PageUp: "PageUp",
  PageDown: "PageDown",
  Space: "Space",
  Insert: "Insert",
  Delete: "Delete",
  Up: "ArrowUp",
  Down: "ArrowDown",
  Left: "ArrowLeft",
  Right: "ArrowRight",
};

/**
 * Parse a Firefox shortcut string ("Ctrl+Alt+1", "MacCtrl+Shift+P", "Alt+F5").
 * "Ctrl" means the Command key on macOS and "MacCtrl" the Control key there
 * (Firefox's own convention). Returns null for strings that are not a shortcut
 * (an empty string means the user removed it).
 * @param {string | undefined} shortcut
 * @param {boolean} [isMac]
 * @returns {Chord | null}
 */
export function parseShortcut(shortcut, isMac = false) {
  if (!shortcut) return null;
  const parts = shortcut.split("+").map((part) => part.trim());
  const key = parts.pop();
  if (!key) return null;
  const chord = { ctrl: false, alt: false, shift: false, meta: false, code: "" };
  for (const modifier of parts) {
    if (modifier === "Ctrl") {
      if (isMac) chord.meta = true;
      else chord.ctrl = true;
    } else if (modifier === "MacCtrl") chord.ctrl = true;
    else if (modifier === "Command") chord.meta = true;
    else if (modifier === "Alt") chord.alt = true;
    else if (modifier === "Shift") chord.shift = true;
    else return null;
  }
  if (/^[A-Z]$/.test(key)) chord.code = `Key${key}`;
  else if (/^[0-9]$/.test(key)) chord.code = `Digit${key}`;
  else if (/^F([1-9]|1[0-2])$/.test(key)) chord.code = key;
  else if (key in NAMED_KEYS) chord.code = NAMED_KEYS[key];
  else return null;
  return chord;
}

/**
 * Whether a key event is exactly this chord (extra modifiers do not match, so
 * Ctrl+Alt+Shift+1 is not Ctrl+Alt+1). Digits also match on the number pad.
 * @param {Chord} chord
 * @param {KeyLike} event
 * @returns {boolean}
 */
export function chordMatches(chord, event) {
  if (
    event.ctrlKey !== chord.ctrl ||
    event.altKey !== chord.alt ||
    event.shiftKey !== chord.shift ||
    event.metaKey !== chord.meta
  ) {
    return false;
  }
  if (event.code === chord.code) return true;
  return chord.code.startsWith("Digit") && event.code === `Numpad${chord.code.slice(5)}`;
}

/**
 * The action a key event triggers, given the current shortcuts (action → string).
 * @param {Record<string, string | undefined>} shortcuts
 * @param {KeyLike} event
 * @param {boolean} [isMac]
 * @returns {Action | null}
 */
export function actionForKey(shortcuts, event, isMac = false) {
  for (const [action, shortcut] of Object.entries(shortcuts)) {
    if (!isAction(action)) continue;
    const chord = parseShortcut(shortcut, isMac);
    if (chord && chordMatches(chord, event)) return action;
  }
  return null;
}
