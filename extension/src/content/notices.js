// Messages shown on the annotation page (submitted, saved for later, errors) and the
// banner of a read-only view. They live in a closed shadow root of our own element, so
// the page's styles do not reach them, and are styled through the CSSOM (style
// properties), which a Content-Security-Policy kept in the document cannot block.

const HOST_TAG = "kehr-annotator-ui";

/** @typedef {"info" | "warning" | "error"} Level */

const COLOURS = {
  info: ["#123", "#e9f4ff", "#7aa7d6"],
  warning: ["#3a2a00", "#fff4d1", "#d6a400"],
  error: ["#4a0000", "#ffe5e5", "#d66"],
};

/**
 * @param {HTMLElement} element
 * @param {Record<string, string>} styles
 */
function style(element, styles) {
  for (const [name, value] of Object.entries(styles)) element.style.setProperty(name, value, "important");
}

export class Notices {
  /** @param {Document} document */
  constructor(document) {
    this.document = document;
    this.host = document.createElement(HOST_TAG);
    style(this.host, {
      position: "fixed",
      right: "12px",
      bottom: "12px",
      "z-index": "2147483647",
      display: "block",
      "max-width": "28rem",
      margin: "0",
      padding: "0",
      border: "0",
      background: "transparent",
    });
    this.root = this.host.attachShadow({ mode: "closed" });
    this.list = document.createElement("div");
    this.root.appendChild(this.list);
    this.banner = document.createElement("div");
    style(this.banner, { display: "none" });
    this.root.appendChild(this.banner);
    document.documentElement.appendChild(this.host);
  }

  /**
   * Show a message; info and warnings go after a while, errors stay until closed.
   * @param {string} text
   * @param {Level} [level]
   */
  show(text, level = "info") {
    const [fg, bg, border] = COLOURS[level];
    const box = this.document.createElement("div");
    box.setAttribute("role", level === "error" ? "alert" : "status");
    box.dataset.level = level;
    style(box, {
      display: "flex",
      gap: "0.6em",
      "align-items": "flex-start",
      margin: "6px 0 0 0",
      padding: "0.6em 0.8em",
      color: fg,
      background: bg,
      border: `1px solid ${border}`,
      "border-radius": "6px",
      font: "14px/1.4 system-ui, sans-serif",
      "box-shadow": "0 2px 8px rgba(0,0,0,0.2)",
      "text-align": "left",
    });
    const message = this.document.createElement("span");
    message.textContent = text;
    const close = this.document.createElement("button");
    close.textContent = "×";
    close.title = "Close";
    style(close, { border: "0", background: "transparent", cursor: "pointer", font: "16px/1 sans-serif", color: fg });
    close.addEventListener("click", () => box.remove());
    box.append(message, close);
    this.list.appendChild(box);
    if (level !== "error") setTimeout(() => box.remove(), level === "warning" ? 12000 : 6000);
  }

  /**
   * The permanent line at the bottom that says what this tab shows (empty hides it).
   * @param {string} text
   */
  setBanner(text) {
    this.banner.textContent = text;
    style(this.banner, {
      display: text ? "block" : "none",
      margin: "6px 0 0 0",
      padding: "0.5em 0.8em",
      color: "#fff",
      background: "#7a1f7a",
      "border-radius": "6px",
      font: "13px/1.4 system-ui, sans-serif",
    });
  }
}
