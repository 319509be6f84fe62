// The tutorial's result view, as pure logic: which colour each text node gets, what the
// bar at the top says, and which tutorial "Start Tutorial" means.
//
// The server compares the learner's vector with the step's reference and answers one
// result code per node (docs/tutorial.md, "Scoring"): 0 correct, 1 wrong tag, 2 missed
// (untagged where the reference has a tag), -1 not scored (the reference leaves the node
// untagged). The page is then shown with correct text in a light version of its tag's
// colour and wrong or missed text in the saturated colour of the REFERENCE tag — the
// colours of the server's visual diff (backend/comparison/render.py): the tag colour
// mixed with white, 20 % for light, 75 % for saturated. content/annotator.css holds the
// same colours as CSS rules (a unit test keeps the two equal).

/** @typedef {"correct" | "wrong" | "missed" | "unscored"} ResultName */

/** @type {Readonly<Record<string, ResultName>>} */
const RESULT_NAMES = Object.freeze({ "0": "correct", "1": "wrong", "2": "missed", "-1": "unscored" });

/** The tags' pure colours as RGB (bad red, uncertain yellow, good green). */
/** @type {Readonly<Record<number, readonly [number, number, number]>>} */
export const TAG_RGB = Object.freeze({ 1: [255, 0, 0], 2: [255, 210, 0], 3: [0, 190, 0] });
export const LIGHT = 0.2;
export const SATURATED = 0.75;

/** The slug of the tutorial that ships with Kehr (manage.py load_tutorial). */
export const SHIPPED_TUTORIAL = "kehr-tutorial";

/**
 * The result of a tutorial step as the API answers it (docs/api.md, "Tutorials").
 * @typedef {{ position: number, page: number, title: string }} StepRef
 * @typedef {{ position: number, total: number, score_nodes: number | null, score_tokens: number | null,
 *   correct: number, scored: number, results: number[], reference: number[], note: string,
 *   next: StepRef | null }} TutorialResult
 * @typedef {{ slug: string, name: string, description?: string, total: number, completed: number,
 *   current: StepRef | null }} TutorialSummary
 */

/**
 * A tag's colour mixed with white: strength 1 is the pure colour, 0 white (as the
 * server's comparison.render.colour).
 * @param {number} label 1, 2 or 3
 * @param {number} strength
 * @returns {string} "#rrggbb"
 */
export function mixWithWhite(label, strength) {
  const rgb = TAG_RGB[label];
  if (!rgb) throw new RangeError(`not a tag: ${label}`);
  // Python's round() in the server rounds halves to even; no channel here lands on a half.
  return `#${rgb.map((c) => Math.round(255 - (255 - c) * strength).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * How one node is shown: its result's name, the reference tag the colour comes from,
 * and the colour (null: not coloured).
 * @param {number} result the server's code for the node
 * @param {number} reference the reference's label for the node
 * @returns {{ name: ResultName, ref: number, colour: string | null }}
 */
export function nodeAppearance(result, reference) {
  const name = RESULT_NAMES[String(result)];
  if (!name) throw new RangeError(`not a result code: ${result}`);
  if (name === "unscored" || !TAG_RGB[reference]) return { name: "unscored", ref: 0, colour: null };
  return { name, ref: reference, colour: mixWithWhite(reference, name === "correct" ? LIGHT : SATURATED) };
}

/**
 * Every node's appearance; checks that the result fits the page.
 * @param {TutorialResult} result
 * @param {number} nodeCount
 */
export function appearances(result, nodeCount) {
  if (result.results.length !== nodeCount || result.reference.length !== nodeCount) {
    throw new RangeError(
      `the result has ${result.results.length} codes and ${result.reference.length} reference labels for ${nodeCount} text nodes`,
    );
  }
  return result.results.map((code, i) => nodeAppearance(code, result.reference[i]));
}

/**
 * A share as a percentage with one decimal, "n/a" when there is none.
 * @param {number | null | undefined} share
 * @returns {string}
 */
export function percent(share) {
  if (share === null || share === undefined || !Number.isFinite(share)) return "n/a";
  return `${(share * 100).toFixed(1)} %`;
}

/**
 * The score sentence of the bar.
 * @param {TutorialResult} result
 * @returns {string}
 */
export function scoreText(result) {
  if (!result.scored) return "No text of this page is scored (the reference tags none).";
  return (
    `Score: ${percent(result.score_nodes)} of the text nodes and ${percent(result.score_tokens)} of the words ` +
    `tagged like the reference (${result.correct} of ${result.scored} nodes).`
  );
}

/**
 * What the bar at the top of a tutorial page shows once it is submitted.
 * @param {{ result: TutorialResult | null, tutorialName: string, title: string, position: number | null,
 *   total: number | null, isStaff: boolean, canUseAsReference: boolean }} state
 * @returns {{ heading: string, score: string, note: string, next: string, reference: boolean }}
 */
export function barModel(state) {
  const { result } = state;
  const position = result?.position ?? state.position;
  const total = result?.total ?? state.total;
  const where = position && total ? `page ${position} of ${total}` : "page";
  const name = state.tutorialName ? `${state.tutorialName}, ` : "Tutorial ";
  return {
    heading: `${name}${where}: “${state.title}”`,
    score: result ? scoreText(result) : "Submitted. This page has no reference annotation yet, so there is no score.",
    note: result?.note ?? "",
    next: result && result.next === null ? "Finish" : "Next page",
    reference: state.isStaff && state.canUseAsReference,
  };
}

/**
 * The tutorial "Start Tutorial" means: the one asked for, else the shipped one, else
 * the first (the API lists them by name). Null when there is none.
 * @param {TutorialSummary[]} tutorials
 * @param {string | null | undefined} wanted
 * @returns {TutorialSummary | null}
 */
export function chooseTutorial(tutorials, wanted) {
  return (
    tutorials.find((t) => t.slug === wanted) ??
    tutorials.find((t) => t.slug === SHIPPED_TUTORIAL) ??
    tutorials[0] ??
    null
  );
}

/**
 * The line under a tutorial in the menu and My Stats.
 * @param {{ completed: number, total: number, current?: StepRef | null }} tutorial
 * @returns {string}
 */
export function progressText(tutorial) {
  if (tutorial.total === 0) return "no pages yet";
  if (tutorial.completed >= tutorial.total) return `all ${tutorial.total} pages done`;
  const at = tutorial.current ? `, next: page ${tutorial.current.position}` : "";
  return `${tutorial.completed} of ${tutorial.total} pages done${at}`;
}
