/**
 * Hidden boxes that hold most of their parent and are still no collapsed panel for a reader to
 * open: what a script reads, what a live example runs, another wording of a shown box. The
 * content finder keeps other such boxes (an accordion's answer, an inactive tab).
 */
import { type AnyNode, type Element, isTag, isText } from "domhandler";
import { findFirst, nodesInOrder, SKIPPED_TEXT } from "../../html/dom";

/**
 * A box whose text is mostly bare addresses written as plain text, not links (a shop's custom
 * fields listing each colour's thumbnail file, "cat_thumb_Navy: https://cdn…/navy.jpg"): data for
 * a script. Read up to a bounded size; a larger box is not judged.
 */
export function isAddressStore(box: Element): boolean {
  let all = 0;
  let addresses = 0;
  let nodes = 0;
  for (const n of nodesInOrder(box, (e) => SKIPPED_TEXT.has(e.name) || e.name === "a")) {
    if (++nodes > ADDRESS_STORE_NODES) return false;
    if (!isText(n)) continue;
    const text = n.data.trim();
    all += text.length;
    if (BARE_ADDRESS.test(text)) addresses += text.length;
  }
  return all > 0 && addresses >= all * ADDRESS_STORE_SHARE;
}

/** A text that is one absolute address and nothing else. */
const BARE_ADDRESS = /^(?:https?:)?\/\/[^\s/]+\/\S*$/i;
/** An address store is read up to this many nodes. */
const ADDRESS_STORE_NODES = 5000;
/** Addresses make at least this share of a store's characters. */
const ADDRESS_STORE_SHARE = 0.5;

/**
 * A code block that nothing beside it opens: no button, summary or toggle (an element with
 * `aria-expanded` or `aria-controls`) among its siblings. MDN hides the markup and styles that
 * make a live example run, which its readers are not shown; a "Show code" button beside a
 * hidden `<pre>` opens it, and the code stays.
 */
export function isCodeNothingOpens(pre: Element): boolean {
  if (pre.name !== "pre" || !pre.parent) return false;
  let opens = parentsWithToggles.get(pre.parent);
  if (opens === undefined) {
    opens = pre.parent.children.some((c) => isTag(c) && c.name !== "pre" && (isToggle(c) || findFirst(c, isToggle) !== undefined));
    parentsWithToggles.set(pre.parent, opens);
  }
  return !opens;
}

/** Whether a parent holds a toggle beside its code blocks, read once per parent: a page may hide many blocks side by side. */
const parentsWithToggles = new WeakMap<AnyNode, boolean>();

const isToggle = (el: Element): boolean =>
  el.name === "button" ||
  el.name === "summary" ||
  el.attribs.role === "button" ||
  el.attribs["aria-expanded"] !== undefined ||
  el.attribs["aria-controls"] !== undefined;

/**
 * Whether a text says again what another says, in other words: at least 80% of the longer one's
 * words (with their counts) stand in the other, and every number of the text stands there too. A
 * hidden variant of a shown box ("a risk-free 14-day trial" beside "a 14-day trial") says the same
 * thing again; an inactive tab says something else, and a yearly plan's card beside the monthly
 * one names other prices.
 */
export function isRewordingOf(words: readonly string[], shown: readonly string[]): boolean {
  const counts = new Map<string, number>();
  for (const w of shown) counts.set(w, (counts.get(w) ?? 0) + 1);
  const numbers = new Set<string>();
  let common = 0;
  for (const w of words) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common++;
      counts.set(w, n - 1);
    } else if (HAS_DIGIT.test(w) && !numbers.has(w)) {
      if (!shown.includes(w)) return false;
      numbers.add(w);
    }
  }
  return common >= Math.max(words.length, shown.length) * SAME_WORDS_SHARE;
}

const SAME_WORDS_SHARE = 0.8;
const HAS_DIGIT = /\p{N}/u;
