import { type AnyNode, type ChildNode, type Element, hasChildren, isTag, isText, type ParentNode } from "domhandler";

/** Small DOM helpers over domhandler trees (htmlparser2's output). */

/**
 * A depth-first walk over a tree in document order, without recursion. Children are visited by
 * position, not pushed all at once: a search that stops at its first match does not pay for an
 * element's 200,000 children. `next` gives the following node; the caller may then `enter`
 * that node (and only that one) to walk its children next, or leave its subtree out.
 */
class TreeWalk {
  private readonly lists: AnyNode[][];
  private readonly positions: number[] = [0];

  constructor(root: ParentNode) {
    this.lists = [root.children];
  }

  next(): AnyNode | undefined {
    for (let top = this.lists.length - 1; top >= 0; top = this.lists.length - 1) {
      const list = this.lists[top]!;
      const at = this.positions[top]!;
      if (at < list.length) {
        this.positions[top] = at + 1;
        return list[at];
      }
      this.lists.pop();
      this.positions.pop();
    }
    return undefined;
  }

  enter(el: Element): void {
    if (el.children.length === 0) return;
    this.lists.push(el.children);
    this.positions.push(0);
  }
}

const NOTHING_SKIPPED = () => false;

/** Every node under `root` (elements and text) in document order; `skipInside` elements are given but not entered. */
export function* nodesInOrder(root: ParentNode, skipInside: (el: Element) => boolean = NOTHING_SKIPPED): Generator<AnyNode> {
  const walk = new TreeWalk(root);
  for (let node = walk.next(); node; node = walk.next()) {
    yield node;
    if (isTag(node) && !skipInside(node)) walk.enter(node);
  }
}

/** Every element under `root` in document order: one generator step per element, text passed over inside the walk. */
export function* elements(root: ParentNode, skipInside: (el: Element) => boolean = NOTHING_SKIPPED): Generator<Element> {
  const walk = new TreeWalk(root);
  for (let node = walk.next(); node; node = walk.next()) {
    if (!isTag(node)) continue;
    yield node;
    if (!skipInside(node)) walk.enter(node);
  }
}

/**
 * Calls `visit` on every element under `root` in document order, without a generator (the
 * searches below run over whole pages many times); `visit` returning true stops.
 */
function visitElements(root: ParentNode, visit: (el: Element) => boolean | void): void {
  const walk = new TreeWalk(root);
  for (let node = walk.next(); node; node = walk.next()) {
    if (!isTag(node)) continue;
    if (visit(node)) return;
    walk.enter(node);
  }
}

/** Makes `nodes` the children of `parent`, linking each to it and to its new siblings. */
export function setChildren(parent: ParentNode, nodes: ChildNode[]): void {
  nodes.forEach((n, i) => {
    n.parent = parent;
    n.prev = nodes[i - 1] ?? null;
    n.next = nodes[i + 1] ?? null;
  });
  parent.children = nodes;
}

/** The nearest ancestor that passes the test, or the node itself first with `self`. */
export function closestElement(node: AnyNode, test: (el: Element) => boolean, self = false): Element | undefined {
  for (let n: AnyNode | null = self ? node : node.parent; n && isTag(n); n = n.parent) if (test(n)) return n;
  return undefined;
}

export function findFirst(root: ParentNode, test: (el: Element) => boolean): Element | undefined {
  let found: Element | undefined;
  visitElements(root, (el) => {
    if (!test(el)) return false;
    found = el;
    return true;
  });
  return found;
}

export function findAll(root: ParentNode, test: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  visitElements(root, (el) => {
    if (test(el)) out.push(el);
  });
  return out;
}

/** Elements by id; the first element with an id wins, as `getElementById` does. */
export function elementsById(all: Iterable<Element>): Map<string, Element> {
  const map = new Map<string, Element>();
  for (const e of all) if (e.attribs.id && !map.has(e.attribs.id)) map.set(e.attribs.id, e);
  return map;
}

/** Text of a subtree, script and style left out, whitespace collapsed. Iterative: deep trees do not overflow the stack. */
export function textOf(node: AnyNode): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (isText(n)) parts.push(n.data);
    else if (isTag(n) && SKIPPED_TEXT.has(n.name)) continue;
    else if (hasChildren(n)) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return collapse(parts.join(" "));
}

/**
 * The text a reader sees as one run: text nodes joined as they stand ("<b>Pri</b>cing" is
 * "Pricing"), with a space only at a line break or a block element; whitespace collapsed.
 * `textOf` joins every text node with a space, which suits words counted over a page.
 */
export function inlineTextOf(node: AnyNode, leaveOut?: (el: Element) => boolean): string {
  const parts: string[] = [];
  const stack: (AnyNode | typeof BREAK)[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n === BREAK) parts.push(" ");
    else if (isText(n)) parts.push(n.data);
    else if (isTag(n) && (SKIPPED_TEXT.has(n.name) || TOOLTIPS.has(n.name) || (n !== node && leaveOut?.(n)))) continue;
    else if (isTag(n) && n.name === "br") parts.push(" ");
    else if (hasChildren(n)) {
      const block = isTag(n) && BLOCK_ELEMENTS.has(n.name);
      if (block) stack.push(BREAK);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
      if (block) parts.push(" ");
    }
  }
  return collapse(parts.join(""));
}
const BREAK = Symbol("break");
/** An SVG's <title> and <desc> are its tooltip and description, not text on the page. */
const TOOLTIPS = new Set(["title", "desc"]);

/** The text of an element that holds raw text (a script, a `<noscript>` read with scripting on), as written. */
export const rawText = (el: Element): string => el.children.map((c) => (isText(c) ? c.data : "")).join("");

/** Elements whose text is not page text. */
export const SKIPPED_TEXT = new Set(["script", "style", "template", "noscript", "iframe"]);

/** Icon fonts that draw a ligature's name ("local_offer", "arrow_forward") as one glyph: Google's Material Icons and Symbols. */
const ICON_LIGATURE_CLASS =
  /(?:^|\s)(?:material-icons(?:-outlined|-round|-sharp|-two-tone)?|material-symbols-(?:outlined|rounded|sharp)|google-symbols)(?:\s|$)/i;
/** A ligature's name: lower-case letters, digits and underscores. */
const LIGATURE_NAME = /^\s*[a-z0-9_]+\s*$/;

/** A ligature is a word in an element or two: more nodes or characters than these are not one. */
const LIGATURE_MAX_NODES = 16;
const LIGATURE_MAX_CHARS = 200;

/** A class naming an avatar: `avatar`, `avatar--m`, `message-avatar`, `c-avatar__initials`. */
const AVATAR_CLASS = /(?:^|[\s_-])avatar(?:$|[\s_-])/i;
/**
 * An avatar's initials: one letter or digit, two or three written as capitals ("JD", not a short
 * name such as "Amy" or "Li"), or a "?" for an unknown user.
 */
const INITIALS = /^\s*(?:[\p{L}\p{N}]|[\p{Lu}\p{Lt}\p{Lo}\p{N}]{2,3}|\?)\s*$/u;
/** What draws an avatar's picture: beside one, the avatar's text is a name, not initials. */
const AVATAR_PICTURE = new Set(["img", "picture", "svg", "image"]);

/**
 * A letter avatar: a box named an avatar whose whole text is the user's initials (XenForo's
 * default avatars draw "K" for karma12 on a coloured square, as do most chat and forum UIs
 * for users without a picture). It is a picture of the name, not words; read only up to a
 * few nodes, as avatars nest.
 */
export function isLetterAvatar(el: Element): boolean {
  if (!AVATAR_CLASS.test(el.attribs.class ?? "")) return false;
  let picture = false;
  const text = boundedText(el, LIGATURE_MAX_NODES, LIGATURE_MAX_CHARS, (e) => {
    if (AVATAR_PICTURE.has(e.name)) picture = true;
    return SKIPPED_TEXT.has(e.name);
  });
  return text !== null && !picture && INITIALS.test(text);
}

/**
 * An icon drawn from a ligature's name: its text shows as a glyph, not as words. Read only up
 * to a ligature's size: icon classes nested around a page would each read all of it.
 */
export function isIconLigature(el: Element): boolean {
  if (!ICON_LIGATURE_CLASS.test(el.attribs.class ?? "")) return false;
  const text = boundedText(el, LIGATURE_MAX_NODES, LIGATURE_MAX_CHARS, (e) => SKIPPED_TEXT.has(e.name));
  return text !== null && LIGATURE_NAME.test(text);
}

/**
 * An element's text when it holds at most `maxNodes` nodes and `maxChars` characters, else
 * null, read no further than that: a check of a label's or a name's size must not read the
 * page around it (such elements nest, and each would read all of it).
 */
export function boundedText(
  el: Element,
  maxNodes: number,
  maxChars: number,
  skipInside: (e: Element) => boolean = NOTHING_SKIPPED,
  // Each text node after a space: a card's fields stand side by side without one ("Pegasus</div><div>Men's Shoes").
  apart = false,
): string | null {
  let text = "";
  let nodes = 0;
  for (const n of nodesInOrder(el, skipInside)) {
    if (++nodes > maxNodes) return null;
    if (!isText(n)) continue;
    text += apart ? ` ${n.data}` : n.data;
    if (text.length > maxChars) return null;
  }
  return text;
}

/** A text's words (letters with their marks, and digits) in lower case, for comparing texts word by word. */
export const lowerWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
/** The words of a text in lower case, one space apart: texts compared whole word by whole word (" a b " within " x a b "). */
export const wordLine = (text: string): string => lowerWords(text).join(" ");

/** Letters and digits only, in lower case: "The Guardian", "theguardian" and "the-guardian" are one. */
export const lettersAndDigits = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * White space collapsed, and characters that show nothing removed: soft hyphens, zero-width
 * spaces, left-to-right and right-to-left marks, word joiners, byte-order marks ("Karri&shy;ere"
 * is "Karriere"). Zero-width joiners and non-joiners stay: emoji and Persian need them.
 */
export const collapse = (s: string): string => s.replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
const INVISIBLE = /[\u00AD\u200B\u200E\u200F\u2060\uFEFF]/g;

export function attr(el: Element, name: string): string | undefined {
  const v = el.attribs[name];
  return v === undefined ? undefined : v.trim();
}

/** The space-separated tokens of an attribute such as rel or class, lower-cased. */
export function tokens(el: Element, name: string): string[] {
  const value = el.attribs[name];
  // Most elements lack the attribute: asked of every element of a page, splitting nothing cost time.
  if (!value) return [];
  return value.toLowerCase().split(/\s+/).filter(Boolean);
}

/** A letter or a digit in any script: text that says something, not only punctuation or space. */
export const HAS_WORD = /[\p{L}\p{N}]/u;

export const HEADINGS: ReadonlySet<string> = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Block-level elements: each starts a new block of text (Markdown writing, text runs). */
export const BLOCK_ELEMENTS: ReadonlySet<string> = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "details",
  "dialog",
  "dd",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "xmp",
  "listing",
  "plaintext",
  "section",
  "summary",
  "table",
  "ul",
  "tr",
  "td",
  "th",
  "tbody",
  "thead",
  "tfoot",
  "caption",
  "center",
  "body",
  "html",
]);

/**
 * Whether an element holds a block-level element at any depth (a link wrapping a card, a span
 * wrapping paragraphs). Remembered per element: the Markdown writer asks at every level, which
 * would otherwise walk each subtree once per ancestor. The tree is not changed after parsing.
 */
export function hasBlockChild(el: Element): boolean {
  let known = blockChildren.get(el);
  if (known === undefined)
    blockChildren.set(el, (known = el.children.some((c) => isTag(c) && (BLOCK_ELEMENTS.has(c.name) || hasBlockChild(c)))));
  return known;
}
const blockChildren = new WeakMap<Element, boolean>();

/** A table's own rows: its `tr`s and those of its head, bodies and foot (not a nested table's). */
export function tableRows(table: Element): Element[] {
  return table.children.flatMap((c) =>
    !isTag(c)
      ? []
      : c.name === "tr"
        ? [c]
        : TABLE_PARTS.has(c.name)
          ? c.children.filter((r): r is Element => isTag(r) && r.name === "tr")
          : [],
  );
}
/** A table's rows and the sections that group them. */
export const TABLE_PARTS = new Set(["tr", "thead", "tbody", "tfoot"]);

/** A table of data rather than of layout: it has a caption or header cells. */
export function isDataTable(table: Element): boolean {
  return (
    table.children.some((c) => isTag(c) && c.name === "caption") ||
    tableRows(table).some((row) => row.children.some((c) => isTag(c) && c.name === "th"))
  );
}

/**
 * Words of a text, for weighing it ("" has none): runs between white space, except in the
 * scripts written without spaces, where a paragraph is one run. There Chinese and Japanese
 * characters count half a word each (a word is about two of them) and Thai, Lao, Burmese and
 * Khmer letters a quarter, so that a page in those languages weighs its prose against its
 * menus as a page in English does.
 */
export function textWords(text: string): number {
  // Counted in one pass over the characters, without trimming or splitting: this runs for every
  // text node of the page, several times.
  let words = 0;
  let inRun = false;
  let ideographs = 0;
  let southeastAsian = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpaceCode(c)) {
      if (inRun) words += runWords(ideographs, southeastAsian);
      inRun = false;
      continue;
    }
    if (!inRun) {
      inRun = true;
      ideographs = 0;
      southeastAsian = 0;
    }
    if (c < 0x0e00) continue;
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff))
      ideographs++;
    else if ((c >= 0x0e00 && c <= 0x0eff) || (c >= 0x1000 && c <= 0x109f) || (c >= 0x1780 && c <= 0x17ff)) southeastAsian++;
  }
  if (inRun) words += runWords(ideographs, southeastAsian);
  return words;
}

/** A run between spaces is a word; in an unspaced script, two ideographs or four Southeast Asian letters are. */
const runWords = (ideographs: number, southeastAsian: number): number =>
  ideographs || southeastAsian ? Math.max(1, Math.round(ideographs / 2 + southeastAsian / 4)) : 1;

/** JavaScript's `\s`: white space and line terminators, Unicode's spaces included. */
function isSpaceCode(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The address an `<img>` shows, as written (not resolved). Lazy loading puts the picture in
 * data-src (or a srcset) and a placeholder, often a data: URL, in src; a `<picture>`'s sources
 * stand for an `<img>` without src. A lazy loader's attribute that is a bare word (IKEA's
 * `data-src="false"`, "true", "lazy") is a flag, not an address.
 */
export function imageSource(img: Element): string | undefined {
  const attrs = img.attribs;
  const real = (v: string | undefined) => (v && !v.trim().startsWith("data:") ? v : undefined);
  const lazy = (v: string | undefined) => (v && !LAZY_FLAG.test(v) ? real(v) : undefined);
  return (
    lazy(attrs["data-src"]) ??
    lazy(attrs["data-lazy-src"]) ??
    lazy(attrs["data-original"]) ??
    // A placeholder in src ("spacer.gif", "loading.svg") gives way to the picture a <noscript> after it holds.
    (real(attrs.src) && real(noscriptPicture(img))) ??
    real(attrs.src) ??
    lazy(firstSrcset(attrs["data-srcset"])) ??
    real(firstSrcset(attrs.srcset)) ??
    real(firstSrcset(pictureSource(img)))
  );
}

const LAZY_FLAG = /^\s*[a-z]*\s*$/i;

/** The srcset of the first `<source>` of the `<picture>` around an image. */
function pictureSource(img: Element): string | undefined {
  if (!img.parent || !isTag(img.parent) || img.parent.name !== "picture") return undefined;
  return img.parent.children.find((c): c is Element => isTag(c) && c.name === "source" && !!c.attribs.srcset)?.attribs.srcset;
}

/**
 * The picture a `<noscript>` right after a lazy image holds (after the image, or after the
 * `<picture>` around it): what a reader without JavaScript sees instead of its placeholder.
 */
function noscriptPicture(img: Element): string | undefined {
  const after = img.parent && isTag(img.parent) && img.parent.name === "picture" ? img.parent : img;
  let next = after.next;
  while (next && isText(next) && !next.data.trim()) next = next.next;
  if (!next || !isTag(next) || next.name !== "noscript") return undefined;
  return next.children.find((c): c is Element => isTag(c) && c.name === "img")?.attribs.src;
}

/** The first candidate of a srcset. Candidates end at a comma followed by white space: URLs may hold commas ("w_400,h_300/a.jpg"). */
function firstSrcset(srcset: string | undefined): string | undefined {
  return srcset?.trim().split(/,\s+/)[0]?.trim().split(/\s+/)[0] || undefined;
}
