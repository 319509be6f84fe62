import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Annotation, BAD, GOOD, UNCERTAIN, UNTAGGED, nodeIndex, numberedNodes } from "../src/lib/labels.js";
import { loadFixture, node, one } from "./helpers.js";

/**
 * @param {number} length
 * @param {Record<number, number>} entries
 */
function vectorWith(length, entries) {
  const labels = new Array(length).fill(0);
  for (const [index, label] of Object.entries(entries)) labels[Number(index)] = label;
  return labels;
}

describe("numbered nodes", () => {
  for (const name of ["edge-cases", "demo-tram-line", "demo-gemeinschaftsgarten", "fixture-site-index"]) {
    it(`reads every node of ${name} with the server's texts, in order`, () => {
      const { document, info } = loadFixture(name);
      const nodes = numberedNodes(document, info.node_count);
      assert.deepEqual(
        nodes.map((n) => n.index),
        [...Array(info.node_count).keys()],
      );
      // Raw-text wrappers (around an <iframe>) hold the element, not text, in a browser;
      // for all others the wrapper's text is exactly the server's node text.
      nodes.forEach(({ index, element }) => {
        if (!element.querySelector("iframe")) assert.equal(element.textContent, info.node_texts[index]);
      });
    });
  }

  it("ignores indices the server does not write, out of range and repeated", () => {
    const { document } = loadFixture("edge-cases");
    const bogus = [
      ["007", null],
      ["-1", null],
      ["1e2", null],
      ["", null],
      ["12", 12],
    ];
    for (const [raw, want] of bogus) {
      const el = document.createElement("kehr-t");
      el.setAttribute("data-i", /** @type {string} */ (raw));
      assert.equal(nodeIndex(el), want, `data-i=${raw}`);
    }
    const extra = document.createElement("kehr-t");
    extra.setAttribute("data-i", "3"); // a second node 3, after the real one
    document.body.appendChild(extra);
    const outOfRange = document.createElement("kehr-t");
    outOfRange.setAttribute("data-i", "20");
    document.body.appendChild(outOfRange);
    const nodes = numberedNodes(document, 20);
    assert.equal(nodes.length, 20);
    assert.equal(nodes.find((n) => n.index === 3)?.element, node(document, 3));
  });
});

describe("effective labels", () => {
  it("are the tag of the nearest tagged ancestor-or-self", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    a.tag(one(document, "article"), GOOD);
    a.tag(one(document, "article p b"), BAD);
    a.tag(node(document, 9), UNCERTAIN); // the link's own wrapper
    const { labels } = a.vector();
    // 5..18 are inside <article>; 7 is in <b>, 9 is the link text.
    const want = vectorWith(20, { 5: 3, 6: 3, 7: 1, 8: 3, 9: 2, 10: 3, 11: 3, 12: 3, 13: 3, 14: 3, 15: 3, 16: 3, 17: 3, 18: 3 });
    assert.deepEqual(labels, want);
  });

  it("on a real page: tagging <body> bad and <main> good labels every node", () => {
    const { document, info } = loadFixture("demo-tram-line");
    const a = new Annotation(document, info.node_count);
    a.tag(document.body, BAD);
    const main = one(document, "main");
    a.tag(main, GOOD);
    const result = a.vector();
    assert.equal(result.untagged, 0);
    const inMain = new Set(numberedNodes(main, info.node_count).map((n) => n.index));
    assert.ok(inMain.size > 10 && inMain.size < info.node_count);
    result.labels.forEach((label, i) => assert.equal(label, inMain.has(i) ? GOOD : BAD, `node ${i}`));
    assert.deepEqual(result.counts, [0, info.node_count - inMain.size, 0, inMain.size]);
  });

  it("leaves nodes without an element untagged and counts them as missing", () => {
    const { document, info } = loadFixture("edge-cases");
    // A browser drops the wrappers inside <option> (nodes 15 and 16).
    for (const i of [15, 16]) node(document, i).replaceWith(node(document, i).textContent ?? "");
    const a = new Annotation(document, info.node_count);
    a.tag(document.body, GOOD);
    const result = a.vector();
    assert.equal(result.labels.length, 20);
    assert.equal(result.labels[15], UNTAGGED);
    assert.equal(result.labels[16], UNTAGGED);
    assert.equal(result.missing, 2);
    assert.equal(result.untagged, 0, "missing nodes are not counted as 'untagged' (nobody can tag them)");
  });
});

describe("tag, clear, propagate", () => {
  it("clear removes only the element's own tag, so it inherits again", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    const p = one(document, "article p");
    a.tag(one(document, "article"), GOOD);
    a.tag(p, BAD);
    assert.equal(a.effectiveLabel(node(document, 6)), BAD);
    assert.equal(a.clear(p), true);
    assert.equal(a.effectiveLabel(node(document, 6)), GOOD);
    assert.equal(a.clear(p), false, "clearing an untagged element is no change");
  });

  it("tagging with the same label twice records one step", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    const nav = one(document, "nav");
    assert.equal(a.tag(nav, BAD), true);
    assert.equal(a.tag(nav, BAD), false);
    assert.equal(a.undoStack.length, 1);
  });

  it("propagate overrides the tags inside an element with its own label", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    const article = one(document, "article");
    a.tag(article, GOOD);
    a.tag(one(document, "article p b"), BAD);
    a.tag(one(document, "ul"), UNCERTAIN);
    assert.equal(a.propagate(article), true);
    const { labels } = a.vector();
    for (let i = 5; i <= 18; i++) assert.equal(labels[i], GOOD, `node ${i}`);
    // Written explicitly: every element inside now carries the tag itself.
    assert.equal(a.tagOf(one(document, "article p b")), GOOD);
    assert.equal(a.tagOf(node(document, 12)), GOOD);
    // So a later change of the article's own tag does not reach them any more.
    a.tag(article, BAD);
    assert.equal(a.vector().labels[11], GOOD);
  });

  it("propagate uses the inherited label of an element without its own tag", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    a.tag(document.body, BAD);
    a.tag(node(document, 7), GOOD);
    const p = one(document, "article p");
    assert.equal(a.propagate(p), true);
    assert.equal(a.tagOf(p), BAD);
    assert.equal(a.vector().labels[7], BAD);
  });

  it("propagate on an untagged element clears the tags inside it", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    a.tag(one(document, "ul"), GOOD);
    a.tag(node(document, 14), BAD);
    a.propagate(one(document, "article"));
    assert.equal(a.vector().untagged, 20);
    assert.equal(a.tags.size, 0);
  });
});

describe("undo and redo", () => {
  it("cover tag, clear and propagate, in order, and a new change drops the redo stack", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    const article = one(document, "article");
    const b = one(document, "article p b");
    /** @type {number[][]} */
    const history = [a.vector().labels];
    a.tag(article, GOOD);
    history.push(a.vector().labels);
    a.tag(b, BAD);
    history.push(a.vector().labels);
    a.clear(b);
    history.push(a.vector().labels);
    a.tag(b, UNCERTAIN);
    history.push(a.vector().labels);
    a.propagate(article);
    history.push(a.vector().labels);
    assert.equal(a.undoStack.length, 5);

    for (let i = history.length - 2; i >= 0; i--) {
      assert.ok(a.undo());
      assert.deepEqual(a.vector().labels, history[i], `after undoing back to state ${i}`);
    }
    assert.equal(a.undo(), null);
    assert.equal(a.canUndo, false);
    for (let i = 1; i < history.length; i++) {
      assert.ok(a.redo());
      assert.deepEqual(a.vector().labels, history[i], `after redoing to state ${i}`);
    }
    assert.equal(a.redo(), null);

    a.undo();
    a.undo();
    assert.equal(a.redoStack.length, 2);
    a.tag(one(document, "nav"), BAD);
    assert.equal(a.canRedo, false);
  });

  it("undo of propagate restores every tag it overwrote exactly", () => {
    const { document, info } = loadFixture("demo-gemeinschaftsgarten");
    const a = new Annotation(document, info.node_count);
    const body = document.body;
    a.tag(body, BAD);
    for (const p of document.querySelectorAll("p")) a.tag(p, GOOD);
    for (const li of document.querySelectorAll("li")) a.tag(li, UNCERTAIN);
    const tagsBefore = new Map(a.tags);
    const before = a.vector().labels;
    a.propagate(body);
    assert.deepEqual(a.vector().counts.slice(1), [info.node_count, 0, 0]);
    a.undo();
    assert.deepEqual(a.vector().labels, before);
    assert.deepEqual(a.tags, tagsBefore);
  });
});

describe("applyVector (re-display a stored submission)", () => {
  it("reproduces the stored vector exactly and is one undoable step", () => {
    const { document, info } = loadFixture("demo-tram-line");
    const a = new Annotation(document, info.node_count);
    const stored = Array.from({ length: info.node_count }, (_, i) => (i * 7) % 4);
    a.tag(document.body, GOOD);
    a.applyVector(stored);
    assert.deepEqual(a.vector().labels, stored);
    a.undo();
    assert.equal(a.vector().untagged, 0);
    assert.equal(a.vector().counts[GOOD], info.node_count);
  });

  it("puts each label on the largest uniformly labelled elements, so re-tagging them works", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    // footer (19) good, the nav (1-3) bad, the list (12-14) uncertain, the rest untagged
    const stored = vectorWith(20, { 1: 1, 2: 1, 3: 1, 12: 2, 13: 2, 14: 2, 19: 3 });
    a.applyVector(stored);
    assert.deepEqual(a.vector().labels, stored);
    assert.deepEqual(
      [...a.tags].map(([el, label]) => [el.localName, label]).sort(),
      [["footer", 3], ["nav", 1], ["ul", 2]],
    );
    a.tag(one(document, "footer"), UNCERTAIN);
    assert.equal(a.vector().labels[19], UNCERTAIN, "tagging the footer changes its text");
    const whole = new Array(20).fill(BAD);
    a.applyVector(whole);
    assert.deepEqual([...a.tags.keys()].map((el) => el.localName), ["html"]);
  });

  it("with resetHistory leaves nothing to undo", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    a.applyVector(vectorWith(20, { 1: 1, 5: 3 }), { resetHistory: true });
    assert.equal(a.canUndo, false);
    assert.deepEqual(a.vector().labels, vectorWith(20, { 1: 1, 5: 3 }));
  });

  it("refuses a vector of the wrong length or with bad codes", () => {
    const { document, info } = loadFixture("edge-cases");
    const a = new Annotation(document, info.node_count);
    assert.throws(() => a.applyVector([1, 2, 3]), /expected 20 labels/);
    assert.throws(() => a.applyVector(vectorWith(20, { 4: 7 })), /label 4/);
  });
});
