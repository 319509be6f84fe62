import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { annotatableTarget, describeElement } from "../src/lib/targets.js";
import { loadFixture, node, one } from "./helpers.js";

describe("the element under the pointer", () => {
  const { document } = loadFixture("edge-cases");

  it("over text is the element that holds the text", () => {
    assert.equal(annotatableTarget(node(document, 7)), one(document, "article p b"));
    assert.equal(annotatableTarget(node(document, 6)), one(document, "article p"));
    assert.equal(annotatableTarget(node(document, 6).firstChild), one(document, "article p"), "a text node");
    assert.equal(annotatableTarget(node(document, 2)), one(document, "nav"));
  });

  it("over bare text in <body> is the text's own wrapper, not the whole page", () => {
    assert.equal(annotatableTarget(node(document, 0)), node(document, 0));
  });

  it("over an element without text is the nearest ancestor with text", () => {
    assert.equal(annotatableTarget(one(document, "div.ad img")), one(document, "div.ad"));
    assert.equal(annotatableTarget(one(document, "article")), one(document, "article"));
    assert.equal(annotatableTarget(document.body), document.body);
  });

  it("over the page margin (<html>) is the whole page", () => {
    assert.equal(annotatableTarget(document.documentElement), document.body);
  });

  it("is nothing over nothing, or over the annotator's own interface", () => {
    assert.equal(annotatableTarget(null), null);
    const ui = document.createElement("kehr-annotator-ui");
    const inner = document.createElement("div");
    ui.appendChild(inner);
    document.body.appendChild(ui);
    assert.equal(annotatableTarget(inner), null);
  });

  it("is described briefly for messages", () => {
    assert.equal(describeElement(one(document, "nav")), "nav#menu");
    assert.equal(describeElement(one(document, "div.ad")), "div.ad");
    assert.equal(describeElement(one(document, "footer")), "footer");
  });
});
