// The bar at the top of a submitted tutorial page: the score, the page's teaching note,
// a legend, "Next page" (or "Finish") and, for staff, "Use my tags as the reference".
//
// Like the notices it lives in a closed shadow root of our own element, styled through
// the CSSOM, so neither the page's styles nor its CSP reach it. It is fixed at the top;
// the page is moved down by the bar's height (padding on the root element) so no text
// hides under it, and "Hide" folds it to a small tab, giving the page its place back.
// Its buttons only act on trusted clicks (a person's, not a script's).

import { LIGHT, SATURATED, TAG_RGB, mixWithWhite } from "../lib/tutorial.js";

const HOST_TAG = "kehr-tutorial-bar";

/**
 * @param {HTMLElement} element
 * @param {Record<string, string>} styles
 */
function style(element, styles) {
  for (const [name, value] of Object.entries(styles)) element.style.setProperty(name, value, "important");
}

/**
 * @typedef {{ heading: string, score: string, note: string, next: string, reference: boolean }} BarModel
 * @typedef {{ onNext: () => Promise<string | undefined>, onReference: () => Promise<string | undefined> }} BarActions
 */

export class TutorialBar {
  /**
   * @param {Document} document
   * @param {BarModel} model
   * @param {BarActions} actions
   */
  constructor(document, model, actions) {
    this.document = document;
    const root = document.documentElement;
    this.originalPadding = root.style.getPropertyValue("padding-top");
    this.originalPriority = root.style.getPropertyPriority("padding-top");
    this.host = document.createElement(HOST_TAG);
    style(this.host, {
      position: "fixed",
      top: "0",
      left: "0",
      right: "0",
      "z-index": "2147483647",
      display: "block",
      margin: "0",
      padding: "0",
      border: "0",
      background: "transparent",
    });
    const shadow = this.host.attachShadow({ mode: "closed" });
    const make = (/** @type {string} */ tag, /** @type {Record<string, string>} */ styles, text = "") => {
      const element = document.createElement(tag);
      style(element, styles);
      if (text) element.textContent = text;
      return element;
    };
    const font = "14px/1.45 system-ui, sans-serif";
    this.panel = make("div", {
      display: "block",
      padding: "0.5em 0.9em 0.6em",
      background: "#fdfdfd",
      color: "#111",
      "border-bottom": "3px solid #7a1f7a",
      "box-shadow": "0 2px 8px rgba(0,0,0,0.25)",
      font,
      "text-align": "left",
      "max-height": "40vh",
      overflow: "auto",
    });
    this.panel.setAttribute("role", "region");
    this.panel.setAttribute("aria-label", "Tutorial result");
    const top = make("div", { display: "flex", gap: "0.8em", "align-items": "baseline", "flex-wrap": "wrap" });
    const heading = make("strong", { "font-weight": "600", flex: "1 1 20em" }, model.heading);
    this.score = make("div", { margin: "0.2em 0", "font-weight": "600", color: "#4a104a" }, model.score);
    this.score.dataset.kehr = "score";
    const note = make("div", { margin: "0.2em 0" }, model.note ? `What this page teaches: ${model.note}` : "");
    note.dataset.kehr = "note";
    if (!model.note) style(note, { display: "none" });
    const legend = make("div", { margin: "0.3em 0 0.1em", color: "#333", "font-size": "12px" });
    const swatch = (/** @type {string} */ colour, /** @type {string} */ text, dotted = false) => {
      const box = make("span", {
        display: "inline-block",
        padding: "0 0.4em",
        margin: "0 0.6em 0.2em 0",
        background: colour,
        color: "#000",
        "border-radius": "2px",
        outline: dotted ? "2px dotted #000" : "none",
        "outline-offset": "-1px",
      }, text);
      legend.append(box);
    };
    legend.append("Legend: ");
    for (const [label, name] of [[1, "bad"], [2, "uncertain"], [3, "good"]]) {
      swatch(mixWithWhite(Number(label), LIGHT), `${name}: right`);
    }
    for (const label of Object.keys(TAG_RGB)) {
      const name = ["", "bad", "uncertain", "good"][Number(label)];
      swatch(mixWithWhite(Number(label), SATURATED), `should be ${name}`);
    }
    swatch("#fff", "dotted: left untagged", true);
    const buttons = make("div", { display: "flex", gap: "0.5em", "flex-wrap": "wrap", "align-items": "center", margin: "0.4em 0 0" });
    const button = (/** @type {string} */ text, /** @type {boolean} */ primary) => {
      const b = make("button", {
        font: "600 14px/1.3 system-ui, sans-serif",
        padding: "0.35em 0.9em",
        margin: "0",
        "border-radius": "5px",
        border: "1px solid #7a1f7a",
        background: primary ? "#7a1f7a" : "#fff",
        color: primary ? "#fff" : "#7a1f7a",
        cursor: "pointer",
      }, text);
      b.setAttribute("type", "button");
      return b;
    };
    this.next = button(model.next, true);
    this.next.dataset.kehr = "next";
    this.status = make("span", { color: "#333", "font-size": "13px" });
    this.status.setAttribute("role", "status");
    buttons.append(this.next);
    if (model.reference) {
      this.reference = button("Use my tags as the reference", false);
      this.reference.dataset.kehr = "reference";
      this.reference.title = "Staff: make your submission of this page the tutorial's reference for it";
      buttons.append(this.reference);
      this.#wire(this.reference, actions.onReference);
    }
    buttons.append(this.status);
    const hide = button("Hide", false);
    hide.dataset.kehr = "hide";
    style(hide, { "font-weight": "400", padding: "0.1em 0.6em", "font-size": "12px" });
    top.append(heading, hide);
    this.panel.append(top, this.score, note, legend, buttons);
    this.tab = button("Tutorial result ▾", true);
    style(this.tab, { display: "none", margin: "0 0 0 auto", "border-radius": "0 0 6px 6px", "font-size": "12px" });
    const tabRow = make("div", { display: "flex", padding: "0 1em" });
    tabRow.append(this.tab);
    shadow.append(this.panel, tabRow);
    this.#wire(this.next, actions.onNext);
    hide.addEventListener("click", (event) => event.isTrusted && this.fold(true));
    this.tab.addEventListener("click", (event) => event.isTrusted && this.fold(false));
    root.appendChild(this.host);
    this.observer = new ResizeObserver(() => this.#makeRoom());
    this.observer.observe(this.panel);
    this.#makeRoom();
  }

  /**
   * @param {HTMLElement} button
   * @param {() => Promise<string | undefined>} action
   */
  #wire(button, action) {
    button.addEventListener("click", async (event) => {
      if (!event.isTrusted) return;
      button.setAttribute("disabled", "");
      this.status.textContent = "…";
      try {
        this.status.textContent = (await action()) ?? "";
      } catch (error) {
        this.status.textContent = error instanceof Error ? error.message : String(error);
      } finally {
        button.removeAttribute("disabled");
      }
    });
  }

  /** @param {boolean} folded */
  fold(folded) {
    style(this.panel, { display: folded ? "none" : "block" });
    style(this.tab, { display: folded ? "inline-block" : "none" });
    this.#makeRoom();
  }

  /** Move the page down by the bar's height, so the top of the page stays readable. */
  #makeRoom() {
    const root = this.document.documentElement;
    const height = this.panel.style.getPropertyValue("display") === "none" ? 0 : this.panel.getBoundingClientRect().height;
    if (height > 0) root.style.setProperty("padding-top", `${Math.ceil(height)}px`, "important");
    else root.style.setProperty("padding-top", this.originalPadding, this.originalPriority);
  }
}
