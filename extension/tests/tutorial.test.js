import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { Annotation } from "../src/lib/labels.js";
import {
  LIGHT,
  SATURATED,
  SHIPPED_TUTORIAL,
  appearances,
  barModel,
  chooseTutorial,
  mixWithWhite,
  nodeAppearance,
  percent,
  progressText,
  scoreText,
} from "../src/lib/tutorial.js";
import { loadFixture, node } from "./helpers.js";

/**
 * @param {Partial<import("../src/lib/tutorial.js").TutorialResult>} fields
 * @returns {import("../src/lib/tutorial.js").TutorialResult}
 */
function result(fields) {
  return {
    position: 2,
    total: 11,
    score_nodes: 0.875,
    score_tokens: 0.93125,
    correct: 7,
    scored: 8,
    results: [],
    reference: [],
    note: "Link lists are bad.",
    next: { position: 3, page: 20, title: "Soup" },
    ...fields,
  };
}

describe("result colours", () => {
  it("mixes the tag colours with white as the server's visual diff does", () => {
    // backend/comparison/render.py: colour(code, 0.2) and colour(code, 0.75)
    assert.equal(mixWithWhite(1, LIGHT), "#ffcccc");
    assert.equal(mixWithWhite(2, LIGHT), "#fff6cc");
    assert.equal(mixWithWhite(3, LIGHT), "#ccf2cc");
    assert.equal(mixWithWhite(1, SATURATED), "#ff4040");
    assert.equal(mixWithWhite(2, SATURATED), "#ffdd40");
    assert.equal(mixWithWhite(3, SATURATED), "#40ce40");
    assert.equal(mixWithWhite(3, 1), "#00be00");
    assert.equal(mixWithWhite(1, 0), "#ffffff");
    assert.throws(() => mixWithWhite(0, LIGHT), RangeError);
  });

  it("colours correct text light in its tag, wrong and missed text saturated in the reference tag", () => {
    assert.deepEqual(nodeAppearance(0, 3), { name: "correct", ref: 3, colour: "#ccf2cc" });
    assert.deepEqual(nodeAppearance(0, 1), { name: "correct", ref: 1, colour: "#ffcccc" });
    // tagged bad where the reference says good: the saturated GOOD colour
    assert.deepEqual(nodeAppearance(1, 3), { name: "wrong", ref: 3, colour: "#40ce40" });
    assert.deepEqual(nodeAppearance(2, 2), { name: "missed", ref: 2, colour: "#ffdd40" });
    assert.deepEqual(nodeAppearance(-1, 0), { name: "unscored", ref: 0, colour: null });
    assert.throws(() => nodeAppearance(5, 1), RangeError);
  });

  it("checks that the result fits the page", () => {
    const fits = result({ results: [0, 1, 2, -1], reference: [1, 3, 2, 0] });
    assert.deepEqual(
      appearances(fits, 4).map((a) => [a.name, a.ref]),
      [["correct", 1], ["wrong", 3], ["missed", 2], ["unscored", 0]],
    );
    assert.throws(() => appearances(fits, 5), /4 codes and 4 reference labels for 5 text nodes/);
  });

  it("annotator.css holds exactly these colours for every result and reference tag", () => {
    const css = readFileSync(new URL("../src/content/annotator.css", import.meta.url), "utf8");
    /** @type {Map<string, string>} */
    const rules = new Map();
    for (const [, selectors, colour] of css.matchAll(/([^{}]+)\{\s*background-color:\s*(#[0-9a-f]{6}) !important;\s*\}/g)) {
      for (const selector of selectors.split(",")) {
        const m = selector.match(/data-kehr-result="(\w+)"\]\[data-kehr-ref="(\d)"\]/);
        if (m) rules.set(`${m[1]}/${m[2]}`, colour);
      }
    }
    for (const name of ["correct", "wrong", "missed"]) {
      for (const ref of [1, 2, 3]) {
        const code = { correct: 0, wrong: 1, missed: 2 }[name] ?? 0;
        assert.equal(rules.get(`${name}/${ref}`), nodeAppearance(code, ref).colour, `${name} with reference ${ref}`);
      }
    }
  });
});

describe("painting a result", () => {
  it("marks every node with its result and reference tag and drops the label colours", async () => {
    // paint.js is plain DOM code; linkedom stands in for the page.
    const { paintResults, LABEL_ATTR } = await import("../src/content/paint.js");
    const { document, info } = loadFixture("demo-tram-line");
    const n = info.node_count;
    const annotation = new Annotation(document, n);
    node(document, 0).setAttribute(LABEL_ATTR, "1");
    const results = Array.from({ length: n }, (_, i) => [0, 1, 2, -1][i % 4]);
    const reference = Array.from({ length: n }, (_, i) => (i % 4 === 3 ? 0 : [1, 2, 3][i % 3]));
    paintResults(annotation, result({ results, reference }));
    for (let i = 0; i < n; i += 1) {
      const element = node(document, i);
      const expected = nodeAppearance(results[i], reference[i]);
      assert.equal(element.getAttribute("data-kehr-result"), expected.name);
      assert.equal(element.getAttribute("data-kehr-ref"), String(expected.ref));
      assert.equal(element.getAttribute(LABEL_ATTR), null);
    }
  });
});

describe("the bar", () => {
  it("says the score in per cent of nodes and of words", () => {
    assert.equal(percent(0.875), "87.5 %");
    assert.equal(percent(1), "100.0 %");
    assert.equal(percent(0), "0.0 %");
    assert.equal(percent(null), "n/a");
    assert.equal(
      scoreText(result({})),
      "Score: 87.5 % of the text nodes and 93.1 % of the words tagged like the reference (7 of 8 nodes).",
    );
    assert.match(scoreText(result({ scored: 0, correct: 0, score_nodes: null, score_tokens: null })), /No text/);
  });

  it("offers Next page, Finish at the end, and the reference button only to staff who submitted", () => {
    const state = { result: result({}), tutorialName: "Kehr tutorial", title: "Links", position: 2, total: 11, isStaff: false, canUseAsReference: true };
    const bar = barModel(state);
    assert.equal(bar.heading, "Kehr tutorial, page 2 of 11: “Links”");
    assert.equal(bar.next, "Next page");
    assert.equal(bar.note, "Link lists are bad.");
    assert.equal(bar.reference, false);
    assert.equal(barModel({ ...state, isStaff: true }).reference, true);
    assert.equal(barModel({ ...state, isStaff: true, canUseAsReference: false }).reference, false);
    assert.equal(barModel({ ...state, result: result({ next: null }) }).next, "Finish");
    const none = barModel({ ...state, result: null, tutorialName: "", position: null, total: null });
    assert.equal(none.heading, "Tutorial page: “Links”");
    assert.match(none.score, /no reference annotation yet/);
    assert.equal(none.next, "Next page");
  });
});

describe("choosing a tutorial", () => {
  const t = (/** @type {string} */ slug, completed = 0, total = 11) => ({ slug, name: slug, total, completed, current: null });
  it("takes the one asked for, else the shipped one, else the first", () => {
    const list = [t("alpha"), t(SHIPPED_TUTORIAL), t("zulu")];
    assert.equal(chooseTutorial(list, "zulu")?.slug, "zulu");
    assert.equal(chooseTutorial(list, null)?.slug, SHIPPED_TUTORIAL);
    assert.equal(chooseTutorial(list, "gone")?.slug, SHIPPED_TUTORIAL);
    assert.equal(chooseTutorial([t("alpha"), t("zulu")], undefined)?.slug, "alpha");
    assert.equal(chooseTutorial([], SHIPPED_TUTORIAL), null);
  });

  it("describes progress", () => {
    assert.equal(progressText({ ...t("a", 3), current: { position: 4, page: 9, title: "x" } }), "3 of 11 pages done, next: page 4");
    assert.equal(progressText(t("a", 11)), "all 11 pages done");
    assert.equal(progressText(t("a", 0, 0)), "no pages yet");
  });
});
