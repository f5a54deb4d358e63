/**
 * Hidden boxes that hold most of their parent and are still no collapsed panel for a reader to
 * open: what a script reads, what a live example runs, another wording of a shown box. The
 * content finder keeps other such boxes (an accordion's answer, an inactive tab).
 */
import { type Element, isTag, isText } from "domhandler";
import { nodesInOrder, SKIPPED_TEXT } from "../../html/dom";

/**
 * A box whose text is mostly bare addresses written as plain text, not links (a shop's custom
 * fields listing each colour's thumbnail file, "cat_thumb_Navy: https://cdn…/navy.jpg"): data for
 * a script, unless a disclosure control stands beside it (an FAQ's answer listing mirrors as
 * text, under its question's button). Read up to a bounded size; a larger box is not judged.
 */
export function isAddressStore(box: Element): boolean {
  let all = 0;
  let addresses = 0;
  let nodes = 0;
  for (const n of nodesInOrder(box, (e) => SKIPPED_TEXT.has(e.name) || e.name === "a")) {
    if (++nodes > ADDRESS_STORE_NODES) return false;
    if (!isText(n)) continue;
    // Measured before trimming: a text of megabytes is no store, and boxes nested around it must not each read it.
    if (all + n.data.length > ADDRESS_STORE_CHARS) return false;
    const text = n.data.trim();
    all += text.length;
    if (text.length <= ADDRESS_MAX_CHARS && BARE_ADDRESS.test(text)) addresses += text.length;
  }
  return all > 0 && addresses >= all * ADDRESS_STORE_SHARE && !controlsBeside(box).disclosure;
}

/** A text that is one absolute address with a path, and nothing else. */
const BARE_ADDRESS = /^(?:https?:)?\/\/[^\s/]+\/\S*$/i;
/** Longer texts are no address (browsers and servers stop at about 2,000 characters). */
const ADDRESS_MAX_CHARS = 2048;
/** An address store is read up to this many nodes and characters. */
const ADDRESS_STORE_NODES = 5000;
const ADDRESS_STORE_CHARS = 200_000;
/** Addresses make at least this share of a store's characters. */
const ADDRESS_STORE_SHARE = 0.5;

/**
 * A code block that no control beside it opens. MDN hides the markup and styles that make a
 * live example run, which its readers are not shown; a "Show code" button or link, a language
 * picker or a checkbox's label beside a hidden `<pre>` opens it, and the code stays.
 */
export function isCodeWithoutToggle(pre: Element): boolean {
  return pre.name === "pre" && !controlsBeside(pre).any;
}

/**
 * Whether controls stand beside a box: in its parent's other children or inside them (code
 * blocks aside), read within a bounded number of nodes; a parent too large to read is taken to
 * hold both kinds, so that the box stays. Boxes judged so hold most of their parent, so few are
 * judged on a page (one per level of a nesting at most).
 */
function controlsBeside(box: Element): { disclosure: boolean; any: boolean } {
  const notRead = (e: Element) => e === box || SKIPPED_TEXT.has(e.name) || e.name === "pre";
  let any = false;
  let nodes = 0;
  for (const sibling of box.parent?.children ?? []) {
    if (!isTag(sibling) || notRead(sibling)) continue;
    if (isDisclosure(sibling)) return { disclosure: true, any: true };
    any ||= isScriptControl(sibling);
    for (const n of nodesInOrder(sibling, notRead)) {
      if (++nodes > CONTROL_READ_NODES) return { disclosure: true, any: true };
      if (!isTag(n)) continue;
      if (isDisclosure(n)) return { disclosure: true, any: true };
      any ||= isScriptControl(n);
    }
  }
  return { disclosure: false, any };
}

/** Controls are sought among this many nodes beside a box. */
const CONTROL_READ_NODES = 2000;

/** A control that shows or hides something: a button, a `<summary>`, or an element that says it expands or toggles another. */
const isDisclosure = (el: Element): boolean =>
  el.name === "button" ||
  el.name === "summary" ||
  el.attribs.role === "button" ||
  el.attribs["aria-expanded"] !== undefined ||
  el.attribs["aria-controls"] !== undefined ||
  el.attribs["data-toggle"] !== undefined ||
  el.attribs["data-bs-toggle"] !== undefined;

/** Any other control a script may open a box with: a picker, a checkbox or its label, a click handler, a link to the page itself or to a script. */
const isScriptControl = (el: Element): boolean =>
  el.name === "select" ||
  el.name === "label" ||
  (el.name === "input" && CHOICE_INPUT.test(el.attribs.type ?? "")) ||
  el.attribs.onclick !== undefined ||
  (el.name === "a" && IN_PAGE_OR_SCRIPT.test(el.attribs.href?.trim() ?? ""));

const CHOICE_INPUT = /^(?:checkbox|radio)$/i;
const IN_PAGE_OR_SCRIPT = /^(?:#|javascript:)/i;

/**
 * Whether a text says again what another says, with words added or left out but none swapped:
 * one's words (with their counts) all stand in the other, they share at least 80% of the longer
 * one's words, and every number of the text stands in the other. A hidden variant of a shown box
 * ("a risk-free 14-day trial" beside "a 14-day trial") says the same thing again; an inactive tab
 * says something else ("Cmd+C" for "Ctrl+C", Mexico's delivery times beside Canada's), and a
 * yearly plan's card beside the monthly one names other prices.
 */
export function isRewordingOf(words: readonly string[], shown: readonly string[]): boolean {
  const counts = new Map<string, number>();
  for (const w of shown) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of words) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common++;
      counts.set(w, n - 1);
    } else if (HAS_DIGIT.test(w) && !shown.includes(w)) return false;
  }
  const contained = common === words.length || common === shown.length;
  return contained && common >= Math.max(words.length, shown.length) * SAME_WORDS_SHARE;
}

const SAME_WORDS_SHARE = 0.8;
const HAS_DIGIT = /\p{N}/u;
