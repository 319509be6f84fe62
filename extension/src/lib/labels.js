// The labelling logic: tags on elements, effective labels of text nodes, propagate,
// undo/redo, and the label vector. Pure: it only reads the DOM it is given (the
// annotation document in the browser, a parsed fixture page in the unit tests) and
// never writes to it — painting the colours is content/paint.js's job.
//
// The model (docs/architecture.md, "Node identity and label vectors"):
// - the server numbered the text nodes: node i is the element <kehr-t data-i="i">;
// - a tag is set on an element; a text node's effective label is the tag of its
//   nearest tagged ancestor-or-self (the most specific tag wins);
// - Propagate writes an element's effective label explicitly onto the element and
//   every element inside it, overriding the tags set there;
// - the label vector has one code per node: 0 untagged, 1 bad, 2 uncertain, 3 good.

/** @typedef {0 | 1 | 2 | 3} Label */

export const UNTAGGED = 0;
export const BAD = 1;
export const UNCERTAIN = 2;
export const GOOD = 3;
/** @type {readonly string[]} */
export const LABEL_NAMES = Object.freeze(["untagged", "bad", "uncertain", "good"]);

export const NODE_TAG = "kehr-t";
const NODE_INDEX_ATTR = "data-i";
export const NODE_SELECTOR = `${NODE_TAG}[${NODE_INDEX_ATTR}]`;

/**
 * @param {unknown} value
 * @returns {value is Label}
 */
export function isLabel(value) {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/**
 * The index of a numbered node element, or null when the attribute is missing or
 * not a plain non-negative integer (only the server's indices count; "007", "1e2"
 * or "-1" are not indices it writes).
 * @param {Element} element
 * @returns {number | null}
 */
export function nodeIndex(element) {
  const raw = element.getAttribute(NODE_INDEX_ATTR);
  if (raw === null || !/^(0|[1-9][0-9]{0,8})$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The numbered node elements of a document or subtree, in document order, each
 * with its index. Indices outside 0..nodeCount-1 and repeated indices (the first
 * element keeps the index) are dropped: they can only come from a damaged document,
 * and must not shift or overwrite other entries of the vector.
 * @param {ParentNode} root
 * @param {number} nodeCount
 * @returns {{ index: number, element: Element }[]}
 */
export function numberedNodes(root, nodeCount) {
  /** @type {{ index: number, element: Element }[]} */
  const nodes = [];
  const seen = new Set();
  for (const element of root.querySelectorAll(NODE_SELECTOR)) {
    const index = nodeIndex(element);
    if (index === null || index >= nodeCount || seen.has(index)) continue;
    seen.add(index);
    nodes.push({ index, element });
  }
  return nodes;
}

/**
 * @typedef {{ element: Element, before: Label, after: Label }} TagChange
 * @typedef {{ kind: "tag" | "clear" | "propagate" | "apply" | "accept" | "dismiss", changes: TagChange[],
 *   accepted?: number[], dismissed?: boolean }} Step
 *   `accepted`: nodes whose model suggestion this step accepted; `dismissed`: the step
 *   dismissed the page's suggestions (lib/suggestions.js). Undo takes both back.
 * @typedef {{ labels: Label[], untagged: number, missing: number, counts: number[] }} VectorResult
 */

/**
 * The annotation state of one page: which element carries which tag, plus the
 * undo and redo stacks. A tag of 0 means "no tag of its own" (the element inherits).
 * With model suggestions on the page, it also keeps which nodes' suggestions were
 * accepted and whether the suggestions were dismissed, as part of the same history.
 */
export class Annotation {
  /**
   * @param {ParentNode} root the annotation document (or a subtree in tests)
   * @param {number} nodeCount the page's node count from the server
   */
  constructor(root, nodeCount) {
    if (!Number.isInteger(nodeCount) || nodeCount < 0) {
      throw new RangeError(`nodeCount must be a non-negative integer, got ${nodeCount}`);
    }
    this.root = root;
    this.nodeCount = nodeCount;
    /** @type {Map<Element, Label>} */
    this.tags = new Map();
    /** @type {Step[]} */
    this.undoStack = [];
    /** @type {Step[]} */
    this.redoStack = [];
    this.nodes = numberedNodes(root, nodeCount);
    /** Nodes whose suggestion was accepted (by a key or the menu). @type {Set<number>} */
    this.accepted = new Set();
    this.dismissed = false;
  }

  /**
   * The element's own tag (0 when it has none).
   * @param {Element} element
   * @returns {Label}
   */
  tagOf(element) {
    return this.tags.get(element) ?? UNTAGGED;
  }

  /**
   * The tag of the nearest tagged ancestor-or-self.
   * @param {Element} element
   * @returns {Label}
   */
  effectiveLabel(element) {
    /** @type {Element | null} */
    let current = element;
    while (current) {
      const tag = this.tags.get(current);
      if (tag) return tag;
      current = current.parentElement;
    }
    return UNTAGGED;
  }

  /**
   * Set the element's own tag (0 clears it). Returns false when nothing changed,
   * so a repeated key press leaves no empty undo step.
   * @param {Element} element
   * @param {Label} label
   * @returns {boolean}
   */
  tag(element, label) {
    if (!isLabel(label)) throw new RangeError(`not a label code: ${label}`);
    const before = this.tagOf(element);
    if (before === label) return false;
    this.#commit({ kind: label === UNTAGGED ? "clear" : "tag", changes: [{ element, before, after: label }] });
    return true;
  }

  /**
   * @param {Element} element
   * @returns {boolean}
   */
  clear(element) {
    return this.tag(element, UNTAGGED);
  }

  /**
   * Write the element's effective label onto the element and all its descendants.
   * On an element with no effective label this clears every tag inside it.
   * @param {Element} element
   * @returns {boolean}
   */
  propagate(element) {
    const label = this.effectiveLabel(element);
    /** @type {TagChange[]} */
    const changes = [];
    for (const target of [element, ...element.querySelectorAll("*")]) {
      const before = this.tagOf(target);
      if (before !== label) changes.push({ element: target, before, after: label });
    }
    if (changes.length === 0) return false;
    this.#commit({ kind: "propagate", changes });
    return true;
  }

  /**
   * Show a stored label vector: the tags become what a person would have set to get
   * it — each label on the largest elements whose text nodes all have that label (so
   * a uniformly tagged footer carries one tag, which a new tag on the footer replaces),
   * and no tag where nodes are untagged. The effective labels then equal the vector
   * exactly. Used to re-display a submission (My Stats → View/Resubmit) and by the
   * tutorial's diff. Recorded as one undoable step unless `resetHistory` is set.
   * @param {readonly number[]} labels
   * @param {{ resetHistory?: boolean }} [options]
   */
  applyVector(labels, options = {}) {
    const changes = this.#changesTo(labels);
    if (options.resetHistory) {
      this.#apply(changes, "after");
      this.undoStack = [];
      this.redoStack = [];
      this.accepted.clear();
      this.dismissed = false;
    } else if (changes.length) {
      this.#commit({ kind: "apply", changes });
    }
  }

  /**
   * The tag changes that make the effective labels equal `labels` (see applyVector).
   * @param {readonly number[]} labels
   * @returns {TagChange[]}
   */
  #changesTo(labels) {
    if (labels.length !== this.nodeCount) {
      throw new RangeError(`expected ${this.nodeCount} labels, got ${labels.length}`);
    }
    const wanted = this.#uniformTags(labels);
    /** @type {TagChange[]} */
    const changes = [];
    for (const [element, before] of this.tags) {
      if (!wanted.has(element)) changes.push({ element, before, after: UNTAGGED });
    }
    for (const [element, after] of wanted) {
      const before = this.tagOf(element);
      if (before !== after) changes.push({ element, before, after });
    }
    return changes;
  }

  /**
   * Accept the model's suggestion of each of these nodes that has one: the node's label
   * becomes the suggestion and it counts as accepted. The tags are then laid out as
   * applyVector lays them (on the largest uniform elements), so a later tag on the
   * pointed element changes an accepted node like any other. One undoable step.
   * @param {readonly { index: number, element: Element }[]} nodes
   * @param {readonly number[]} suggested the suggested label per node, 0 for none
   * @returns {number} how many nodes this step accepted (0: nothing to do, no step)
   */
  accept(nodes, suggested) {
    const labels = this.vector().labels;
    /** @type {number[]} */
    const accepted = [];
    let relabelled = false;
    for (const { index } of nodes) {
      const label = suggested[index];
      if (!isLabel(label) || label === UNTAGGED) continue;
      if (labels[index] !== label) {
        labels[index] = label;
        relabelled = true;
      }
      if (!this.accepted.has(index)) accepted.push(index);
    }
    if (!relabelled && !accepted.length) return 0;
    this.#commit({ kind: "accept", changes: relabelled ? this.#changesTo(labels) : [], accepted });
    return accepted.length;
  }

  /**
   * Put back what a draft remembers of the suggestions (after applyVector with
   * resetHistory): which were accepted, whether they were dismissed. Not undoable.
   * @param {readonly number[]} accepted
   * @param {boolean} dismissed
   */
  restoreSuggestionState(accepted, dismissed) {
    this.accepted = new Set(accepted.filter((i) => Number.isInteger(i) && i >= 0 && i < this.nodeCount));
    this.dismissed = dismissed;
  }

  /**
   * Dismiss the page's suggestions: hints are no longer shown; with `labels`, the tags
   * become that vector too (prefill: the suggested tags nobody confirmed are taken off).
   * One undoable step; false when they were dismissed already.
   * @param {readonly number[] | null} labels
   * @returns {boolean}
   */
  dismiss(labels) {
    if (this.dismissed) return false;
    this.#commit({ kind: "dismiss", changes: labels ? this.#changesTo(labels) : [], dismissed: true });
    return true;
  }

  /**
   * The largest elements whose numbered nodes all carry the same non-zero label.
   * @param {readonly number[]} labels
   * @returns {Map<Element, Label>}
   */
  #uniformTags(labels) {
    const MIXED = -1;
    /** @type {Map<Element, number>} label shared by all nodes inside, or MIXED */
    const shared = new Map();
    for (const { index, element } of this.nodes) {
      const label = labels[index];
      if (!isLabel(label)) throw new RangeError(`label ${index} is not a label code: ${label}`);
      /** @type {Element | null} */
      let current = element;
      while (current) {
        const seen = shared.get(current);
        if (seen === undefined) shared.set(current, label);
        else if (seen !== label) shared.set(current, MIXED);
        current = current.parentElement;
      }
    }
    /** @type {Map<Element, Label>} */
    const wanted = new Map();
    for (const [element, label] of shared) {
      if (label === MIXED || label === UNTAGGED) continue;
      const parent = element.parentElement;
      if (parent && shared.get(parent) === label) continue; // a larger element carries it
      wanted.set(element, /** @type {Label} */ (label));
    }
    return wanted;
  }

  get canUndo() {
    return this.undoStack.length > 0;
  }

  get canRedo() {
    return this.redoStack.length > 0;
  }

  /** @returns {Step | null} the step undone */
  undo() {
    const step = this.undoStack.pop();
    if (!step) return null;
    this.#apply([...step.changes].reverse(), "before");
    for (const index of step.accepted ?? []) this.accepted.delete(index);
    if (step.dismissed) this.dismissed = false;
    this.redoStack.push(step);
    return step;
  }

  /** @returns {Step | null} the step redone */
  redo() {
    const step = this.redoStack.pop();
    if (!step) return null;
    this.#apply(step.changes, "after");
    this.#mark(step);
    this.undoStack.push(step);
    return step;
  }

  /**
   * The label vector: entry i is the effective label of node i; nodes the browser
   * has no element for stay 0 (`missing` counts them: the annotator cannot tag them).
   * @returns {VectorResult}
   */
  vector() {
    /** @type {Label[]} */
    const labels = new Array(this.nodeCount).fill(UNTAGGED);
    const counts = [0, 0, 0, 0];
    for (const { index, element } of this.nodes) {
      const label = this.effectiveLabel(element);
      labels[index] = label;
      counts[label] += 1;
    }
    return { labels, untagged: counts[UNTAGGED], missing: this.nodeCount - this.nodes.length, counts };
  }

  /** @param {Step} step */
  #commit(step) {
    this.#apply(step.changes, "after");
    this.#mark(step);
    this.undoStack.push(step);
    this.redoStack = [];
  }

  /** @param {Step} step what a step done (or redone) says of the suggestions */
  #mark(step) {
    for (const index of step.accepted ?? []) this.accepted.add(index);
    if (step.dismissed) this.dismissed = true;
  }

  /**
   * @param {TagChange[]} changes
   * @param {"before" | "after"} side
   */
  #apply(changes, side) {
    for (const change of changes) {
      const label = change[side];
      if (label === UNTAGGED) this.tags.delete(change.element);
      else this.tags.set(change.element, label);
    }
  }
}
