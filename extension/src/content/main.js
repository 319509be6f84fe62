// The content script of an annotation tab: tracking highlight, tagging by keyboard
// and context menu, colours, and answers to the background (label vector, node list).
//
// It never sees the API token and never calls the API: it tells the background what
// changed and answers its questions; the background decides what to send where.
// Only trusted input counts: events a page script could synthesise are ignored.

import { Annotation, BAD, GOOD, UNCERTAIN } from "../lib/labels.js";
import { BACKGROUND_MESSAGES, checkMessage } from "../lib/messages.js";
import { actionForKey } from "../lib/shortcuts.js";
import { annotatableTarget, describeElement } from "../lib/targets.js";
import { Notices } from "./notices.js";
import {
  enclosingBlock,
  nodeStates,
  nodesWithin,
  provenance,
  stateCounts,
  suggestionsNotice,
  withoutPending,
} from "../lib/suggestions.js";
import { flash, markDocument, moveHighlight, paintLabels, paintResults, paintSuggestions } from "./paint.js";
import { TutorialBar } from "./tutorialbar.js";

/** @typedef {import("../lib/shortcuts.js").Action} Action */
/**
 * What the background tells a tab about itself (see background/sessions.js).
 * @typedef {{ active: true, mode: "annotate" | "view" | "resubmit" | "result", pageId: number, nodeCount: number,
 *   title: string, labels: number[] | null, tracking: boolean, shortcuts: Record<string, string>,
 *   isMac: boolean, banner: string, notices: { text: string, level: "info" | "warning" | "error" }[],
 *   result: import("../lib/tutorial.js").TutorialResult | null,
 *   bar: import("./tutorialbar.js").BarModel | null,
 *   suggestions: import("../lib/suggestions.js").Suggestions | null,
 *   accepted: number[], dismissed: boolean }} Session
 *   `suggestions`: the model's, when the page shows them; `accepted`, `dismissed`:
 *   what the restored draft remembers of them
 */

const TAG_ACTIONS = /** @type {const} */ ({ "tag-bad": BAD, "tag-uncertain": UNCERTAIN, "tag-good": GOOD, "clear-tag": 0 });
// A real key press reaches the page first (we handle it and stop it there); should
// Firefox still fire the command, the background forwards it and we drop the repeat.
const DUPLICATE_WINDOW_MS = 700;

let started = false;

export async function start() {
  if (started) return;
  started = true;
  /** @type {Session | { active: false }} */
  const session = await browser.runtime.sendMessage({ type: "content:hello" });
  if (!session || !session.active) return;
  new AnnotatorPage(document, session).attach();
}

class AnnotatorPage {
  /**
   * @param {Document} document
   * @param {Session} session
   */
  constructor(document, session) {
    this.document = document;
    this.session = session;
    this.readOnly = session.mode === "view" || session.mode === "result";
    this.tracking = session.tracking && !this.readOnly;
    this.annotation = new Annotation(document, session.nodeCount);
    /** @type {Element | null} */
    this.target = null;
    /** @type {{ action: string, at: number }} */
    this.lastKey = { action: "", at: 0 };
    this.notices = new Notices(document);
    // Suggestions only where tags are made (never on a read-only view or a result).
    this.suggestions = this.readOnly ? null : (session.suggestions ?? null);
  }

  attach() {
    const { labels, accepted, dismissed } = this.session;
    const suggestions = this.suggestions;
    if (labels) {
      this.annotation.applyVector(labels, { resetHistory: true });
      this.annotation.restoreSuggestionState(accepted ?? [], Boolean(dismissed));
    } else if (suggestions?.mode === "prefill") {
      this.annotation.applyVector(suggestions.labels, { resetHistory: true });
    }
    if (this.session.mode === "result") this.showResult();
    else this.paint();
    markDocument(this.document, this.session.mode, this.tracking);
    this.notices.setBanner(this.session.banner);
    for (const notice of this.session.notices) this.notices.show(notice.text, notice.level);
    if (suggestions) this.notices.show(suggestionsNotice(suggestions, this.session.shortcuts), "info");
    const missing = this.session.nodeCount - this.annotation.nodes.length;
    if (missing > 0) {
      this.notices.show(
        `${missing} of ${this.session.nodeCount} text nodes are not shown by the browser (e.g. inside a drop-down list); they stay untagged.`,
        "warning",
      );
    }
    const window = this.document.defaultView;
    if (!window) return;
    window.addEventListener("mouseover", (event) => this.onPointer(event), true);
    window.addEventListener("keydown", (event) => this.onKey(event), true);
    window.addEventListener("click", (event) => this.onClick(event), true);
    window.addEventListener("submit", (event) => event.preventDefault(), true);
    browser.runtime.onMessage.addListener((message, sender) => this.onMessage(message, sender));
    this.report();
  }

  /** The tutorial's result view: colours by result, the bar at the top. */
  showResult() {
    const { result, bar } = this.session;
    if (result) {
      try {
        paintResults(this.annotation, result);
      } catch (error) {
        this.notices.show(`The result does not fit this page (${error instanceof Error ? error.message : error}): submit it again.`, "error");
      }
    } else {
      paintLabels(this.annotation); // no reference to compare with: your own tags
    }
    if (!bar) return;
    /** @param {Record<string, unknown> & { type: string }} message */
    const ask = async (message) => {
      const answer = await browser.runtime.sendMessage(message);
      if (answer && typeof answer.error === "string") throw new Error(answer.error);
      return typeof answer?.message === "string" ? answer.message : undefined;
    };
    new TutorialBar(this.document, bar, {
      onNext: () => ask({ type: "content:tutorial-next" }),
      onReference: () => ask({ type: "content:use-as-reference" }),
    });
  }

  /** @param {MouseEvent} event */
  onPointer(event) {
    if (!event.isTrusted || !this.tracking) return;
    const target = annotatableTarget(/** @type {Node | null} */ (event.target));
    if (target) {
      moveHighlight(this.target, target);
      this.target = target;
    }
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (!event.isTrusted) return;
    const action = actionForKey(this.session.shortcuts, event, this.session.isMac);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    this.lastKey = { action, at: Date.now() };
    this.perform(action, null);
  }

  /** @param {MouseEvent} event */
  onClick(event) {
    // The page is for tagging, not browsing: a plain click on a link or button does
    // nothing here (modified clicks are left to Firefox).
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    const element = /** @type {Element | null} */ (event.target);
    if (element?.closest?.("a[href], area[href], button, input[type=submit], input[type=image]")) {
      event.preventDefault();
    }
  }

  /**
   * @param {Action} action
   * @param {Element | null} element the context menu's element, else the highlighted one
   * @returns {string} what happened, for the toolbar menu
   */
  perform(action, element) {
    if (action === "toggle-tracking") {
      browser.runtime.sendMessage({ type: "content:toggle-tracking" });
      return "Tracking switched.";
    }
    if (this.session.mode === "result") {
      return this.warn("This page shows your tutorial result; tagging is off. Go on with “Next page” in the bar at the top.");
    }
    if (this.readOnly) {
      return this.warn("This is a read-only view of your submission. To change it, use Resubmit in My Stats.");
    }
    const a = this.annotation;
    if (action === "accept-suggestion" || action === "accept-block" || action === "accept-page" || action === "clear-suggestions") {
      return this.onSuggestions(action, element);
    }
    if (action === "undo" || action === "redo") {
      const step = action === "undo" ? a.undo() : a.redo();
      this.changed();
      if (!step) return this.warn(action === "undo" ? "Nothing to undo." : "Nothing to redo.");
      return `${action === "undo" ? "Undone" : "Redone"}: ${step.kind}.`;
    }
    const target = element ? annotatableTarget(element) : this.target;
    if (!target) {
      return this.warn(
        this.tracking
          ? "Point at the text you want to tag first: it is outlined in pink."
          : "Tracking is off: turn it on in the Kehr menu (or Ctrl+Alt+H), then point at the text to tag.",
      );
    }
    let done;
    if (action === "propagate") {
      done = a.propagate(target)
        ? `Propagated the tag of ${describeElement(target)} to everything inside it.`
        : this.warn(`Nothing inside ${describeElement(target)} to change.`);
    } else {
      a.tag(target, TAG_ACTIONS[action]);
      done = `${describeElement(target)}: ${action === "clear-tag" ? "tag cleared" : action.slice(4)}.`;
    }
    this.changed();
    return done;
  }

  /**
   * Accept suggestions (of the pointed text, its block, the page) or clear them.
   * @param {"accept-suggestion" | "accept-block" | "accept-page" | "clear-suggestions"} action
   * @param {Element | null} element the context menu's element, else the highlighted one
   * @returns {string}
   */
  onSuggestions(action, element) {
    const suggestions = this.suggestions;
    if (!suggestions) return this.warn("This page has no suggestions.");
    const a = this.annotation;
    if (action === "clear-suggestions") {
      const cleared = a.dismiss(suggestions.mode === "prefill" ? withoutPending(a, suggestions) : null);
      this.changed();
      return cleared ? "Suggestions cleared (Undo brings them back)." : this.warn("The suggestions are cleared already.");
    }
    let nodes = a.nodes;
    let where = "on the page";
    if (action !== "accept-page") {
      const target = element ? annotatableTarget(element) : this.target;
      if (!target) return this.warn("Point at the text whose suggestion you want to accept first: it is outlined in pink.");
      const block = action === "accept-block" ? enclosingBlock(a, target) : target;
      if (!block) return this.warn(`${describeElement(target)} is not inside a larger block: accept its own suggestion instead.`);
      nodes = nodesWithin(a, block);
      where = `in ${describeElement(block)}`;
    }
    const count = a.accept(nodes, suggestions.labels);
    this.changed();
    if (!count) return this.warn(`No suggestion to accept ${where}.`);
    return `Accepted ${count} suggestion${count === 1 ? "" : "s"} ${where}.`;
  }

  /** Colours, and the suggestions' outlines. */
  paint() {
    paintLabels(this.annotation);
    paintSuggestions(this.annotation, this.suggestions);
  }

  /**
   * @param {string} text
   * @returns {string}
   */
  warn(text) {
    this.notices.show(text, "warning");
    return text;
  }

  /** After a tag, clear, propagate, undo or redo: repaint, report, keep a draft. */
  changed() {
    this.paint();
    this.report();
    const a = this.annotation;
    /** @type {Record<string, unknown>} */
    const draft = { type: "content:draft", labels: a.vector().labels };
    if (this.suggestions) {
      // Kept with the draft: a restored page still knows what was accepted.
      draft.accepted = [...a.accepted].sort((x, y) => x - y);
      draft.dismissed = a.dismissed;
    }
    browser.runtime.sendMessage(draft).catch(() => {}); // the next change sends the whole vector again
  }

  report() {
    const { untagged } = this.annotation.vector();
    browser.runtime
      .sendMessage({
        type: "content:changed",
        untagged,
        total: this.annotation.nodes.length,
        canUndo: this.annotation.canUndo,
        canRedo: this.annotation.canRedo,
      })
      .catch(() => {}); // the background may be restarting; the next change reports again
  }

  /**
   * @param {unknown} raw
   * @param {browser.runtime.MessageSender} sender
   * @returns {Promise<unknown> | undefined}
   */
  onMessage(raw, sender) {
    if (sender.id !== browser.runtime.id || sender.tab) return undefined; // only our background
    let message;
    try {
      message = checkMessage(raw, BACKGROUND_MESSAGES);
    } catch (error) {
      return Promise.reject(error);
    }
    switch (message.type) {
      case "bg:command": {
        const action = /** @type {Action} */ (message.action);
        const recent = Date.now() - this.lastKey.at < DUPLICATE_WINDOW_MS;
        if (message.source === "shortcut" && recent && this.lastKey.action === action) {
          return Promise.resolve({ ok: true, duplicate: true });
        }
        /** @type {Element | null} */
        let element = null;
        if (message.targetElementId != null) {
          element = /** @type {Element | null} */ (browser.menus.getTargetElement(message.targetElementId) ?? null);
        }
        return Promise.resolve({ ok: true, message: this.perform(action, element) });
      }
      case "bg:tracking":
        this.tracking = message.on && !this.readOnly;
        if (!this.tracking) {
          moveHighlight(this.target, null);
          this.target = null;
        }
        markDocument(this.document, this.session.mode, this.tracking);
        return Promise.resolve({ ok: true });
      case "bg:collect": {
        const { labels, untagged, missing } = this.annotation.vector();
        const suggestions = this.suggestions;
        const report = suggestions ? provenance(this.annotation, suggestions) : null;
        const hints = stateCounts(nodeStates(this.annotation, suggestions)).hint;
        return Promise.resolve({ pageId: this.session.pageId, labels, untagged, missing, suggestions: report, untouchedHints: hints });
      }
      case "bg:nodes":
        return Promise.resolve(this.nodeList());
      case "bg:scroll-to": {
        const node = this.annotation.nodes.find((n) => n.index === message.index);
        if (node) flash(node.element);
        return Promise.resolve({ ok: Boolean(node) });
      }
      case "bg:notice":
        this.notices.show(message.text, message.level);
        return Promise.resolve({ ok: true });
      default:
        return undefined;
    }
  }

  nodeList() {
    const { labels, untagged, missing } = this.annotation.vector();
    /** @type {(string | null)[]} */
    const texts = new Array(this.session.nodeCount).fill(null);
    for (const { index, element } of this.annotation.nodes) {
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim();
      texts[index] = text.length > 160 ? `${text.slice(0, 157)}…` : text || `<${element.firstElementChild?.localName ?? "…"}>`;
    }
    const states = nodeStates(this.annotation, this.suggestions);
    const suggested = this.suggestions?.labels;
    return {
      title: this.session.title,
      mode: this.session.mode,
      untagged,
      missing,
      suggestions: this.suggestions ? { mode: this.suggestions.mode, model: this.suggestions.model, ...stateCounts(states) } : null,
      nodes: labels.map((label, i) => ({
        i,
        label,
        text: texts[i],
        suggested: suggested?.[i] ?? 0,
        probability: this.suggestions?.probability[i] ?? 0,
        state: states[i],
      })),
    };
  }
}
