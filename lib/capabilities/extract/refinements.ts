import { type AnyNode, type Document, type Element, isTag, isText, type Text } from "domhandler";
import {
  boundedText,
  closestElement,
  elements,
  elementsById,
  findAll,
  findFirst,
  hasBlockChild,
  HAS_WORD,
  HEADINGS,
  isDataTable,
  nodesInOrder,
  SKIPPED_TEXT,
  textOf,
  textWords,
  lettersAndDigits,
  imageSource,
} from "../../html/dom";
import { classWords, COMMENTS_TOKEN } from "./boilerplate";
import { resolveUrl } from "../../html/urls";

/** Refinements applied inside the chosen content root (each documented where it is defined). */

/** What may go before the main heading: at most this share of the root's text. */
const BEFORE_HEADING_SHARE = 0.25;

/**
 * Content starts at the main heading: along the path from the root down to the first <h1>
 * (or, on a page without one, the heading or line that stands in for it, when it lies in the
 * root), siblings that come before the path (promotion bars, breadcrumbs, filters placed
 * before the title) are left out, as long as together they are a small share of the root's text.
 */
export function dropBeforeMainHeading(
  root: Element | Document,
  rootMass: number,
  mass: Map<AnyNode, number>,
  skipped: Set<Element>,
  // A page without an <h1>: the heading or line that stands in for it.
  standIn?: Element,
): void {
  // The first <h1> outside left-out boxes: a quick-view overlay's or a modal's title, left
  // out with its box, is not where the content starts.
  let heading = standIn;
  if (!heading)
    for (const el of elements(root, (e) => skipped.has(e)))
      if (el.name === "h1" && !skipped.has(el)) {
        heading = el;
        break;
      }
  if (standIn && !closestElement(standIn, (el) => el === root)) return;
  if (!heading) return;
  for (let el: Element = heading; el.parent && el !== root; el = el.parent as Element) {
    if (isTag(el.parent) && skipped.has(el.parent)) return;
    const siblings = el.parent.children;
    const before = siblings.slice(0, siblings.indexOf(el)).filter((c): c is Element => isTag(c) && !skipped.has(c));
    const beforeMass = before.reduce((sum, c) => sum + (mass.get(c) ?? 0), 0);
    if (beforeMass > rootMass * BEFORE_HEADING_SHARE) return;
    for (const c of before) skipped.add(c);
    if (el.parent === root) return;
  }
}

/** A short fragment repeated this many times inside the content is interface text. */
const REPEAT_MIN = 3;
const REPEAT_MIN_WORDS = 2;
const REPEAT_MAX_WORDS = 8;
/** A link with at least this many more words beside it in its parent stands in a sentence. */
const RUNNING_TEXT_WORDS = 8;
/** Ancestors looked at for a link or button around a fragment. */
const CONTROL_DEPTH = 4;
/** Inline elements climbed past to the element a fragment is all the text of. */
const INLINE_WRAPPERS = 3;
const PRICE_OR_NUMBER = /^[\p{Sc}]?\s*[\d.,:%+\-/ ]+\s*[\p{Sc}]?$|^[\p{Sc}][\d.,]/u;

/**
 * Short text fragments that repeat identically across the content ("Add to cart",
 * "Rate this book", "Reply", "1 of 5 stars") are interface, not content. Kept even when
 * they repeat: prices and bare numbers; headings (a title that comes back, a recipe in two
 * collections, is still a title); field labels ("Plan to spend:", "Weight:"), whose values
 * differ; code; a fragment in a sentence with words on both sides of it ("in this blog post,
 * and", "It becomes a ***Discussion Engine***, retaining") or that is a link leading to one
 * same page each time (a laureate, "the Gentoo ebuild repository"); the values of a data table (one with header cells: a laureate in several
 * years' rows, "Not included" in a plan comparison); and pieces of a sentence split by inline
 * markup ("At the **Start** menu, click"): a fragment counts only when it is all the text of
 * its element.
 */
export function repeatedFragments(root: Element | Document, skipped: Set<Element>): Set<Text> {
  const byText = new Map<string, Text[]>();
  // Once per element: a parent of 100,000 short texts would otherwise be read for each.
  const letters = new Map<AnyNode, string>();
  const lettersOf = (el: AnyNode): string => {
    let text = letters.get(el);
    if (text === undefined) letters.set(el, (text = lettersAndDigits(textOf(el))));
    return text;
  };
  const parentWords = new Map<AnyNode, number>();
  const wordsOf = (el: AnyNode): number => {
    let words = parentWords.get(el);
    if (words === undefined) parentWords.set(el, (words = textWords(textOf(el))));
    return words;
  };
  // Words a reader sees in an element: left-out controls beside a fragment ("Quick view",
  // "Compare") make no sentence of it.
  const shownWords = new Map<AnyNode, number>();
  const shownWordsOf = (el: Element): number => {
    let words = shownWords.get(el);
    if (words === undefined) {
      words = 0;
      for (const n of nodesInOrder(el, (e) => skipped.has(e) || SKIPPED_TEXT.has(e.name))) if (isText(n)) words += textWords(n.data);
      shownWords.set(el, words);
    }
    return words;
  };
  // Where each fragment stands: the page its link leads to, and the sentence it is part of.
  const links = new Map<Text, string>();
  const sentences = new Map<Text, { sentence: AnyNode; midway: boolean }>();
  const copiesIn = new Map<AnyNode, Map<string, number>>();
  /** The element the fragment is all of, past inline wrappers (`<a><span>model field reference</span></a>`). */
  const wholeElement = (node: Text, key: string): Element => {
    let el = node.parent as Element;
    const own = lettersAndDigits(key);
    for (
      let up = 0;
      up < INLINE_WRAPPERS && el.parent && isTag(el.parent) && INLINE_TEXT.test(el.parent.name) && lettersOf(el.parent) === own;
      up++
    )
      el = el.parent;
    return el;
  };
  // The values each field of the content's items holds: the slot a text fills is its element's
  // tag and class under its parent's. A slot that holds two values or more (a job's company or
  // place, an event's venue) is data, and its repeated values stay.
  const slotValues = new Map<string, Set<string>>();
  const slots = new Map<Text, string>();
  const noteSlot = (node: Text, key: string, el: Element) => {
    // A control is interface whatever it says: a short link or button ("Apply", "Read more").
    let up = 0;
    for (let at: AnyNode | null = node.parent; at && isTag(at) && up < CONTROL_DEPTH; at = at.parent, up++)
      if ((at.name === "a" || at.name === "button") && wordsOf(at) <= REPEAT_MAX_WORDS) return;
    const parent = el.parent;
    // Without a class there is no telling one field from another.
    if (!parent || !isTag(parent) || !(el.attribs.class ?? parent.attribs.class)) return;
    const slot = `${parent.name}.${parent.attribs.class ?? ""}>${el.name}.${el.attribs.class ?? ""}`;
    const values = slotValues.get(slot) ?? new Set<string>();
    // Digits aside: "5 min read" and "8 min read" are one interface string.
    slotValues.set(slot, values.add(key.replace(/\d+/g, "#")));
    slots.set(node, slot);
  };
  const place = (node: Text, key: string, words: number, el: Element) => {
    const parent = el.parent;
    for (let at: AnyNode | null = node.parent; at && at !== parent; at = at.parent)
      if (isTag(at) && at.name === "a") links.set(node, at.attribs.href?.trim() ?? "");
    // A sentence is a run of inline content with words of its own: a row of blocks (a book's
    // cover, title and "Rate this book") is none.
    if (
      !parent ||
      (isTag(parent) && hasBlockChild(parent)) ||
      (isTag(parent) ? shownWordsOf(parent) : wordsOf(parent)) - words < RUNNING_TEXT_WORDS
    )
      return;
    sentences.set(node, { sentence: parent, midway: wordsOnBothSides(el, skipped) });
    const copies = copiesIn.get(parent) ?? new Map<string, number>();
    copiesIn.set(parent, copies.set(key, (copies.get(key) ?? 0) + 1));
  };
  const walk = (node: AnyNode, inDataTable: boolean) => {
    if (isText(node)) {
      // A data table's values repeat (a laureate in several years' rows): they are data.
      if (inDataTable) return;
      const key = node.data.replace(/\s+/g, " ").trim().toLowerCase();
      const words = textWords(key);
      if (words === 0 || words > REPEAT_MAX_WORDS || (node.parent && lettersOf(node.parent) !== lettersAndDigits(key))) return;
      const el = wholeElement(node, key);
      noteSlot(node, key, el);
      if (words < REPEAT_MIN_WORDS || PRICE_OR_NUMBER.test(key) || key.endsWith(":") || afterFieldLabel(node)) return;
      // So is one whose colon follows its element ("<strong>Full Changelog</strong>: v2.7...v2.8").
      if (el.next && isText(el.next) && /^\s*:/.test(el.next.data)) return;
      place(node, key, words, el);
      const list = byText.get(key);
      if (list) list.push(node);
      else byText.set(key, [node]);
    } else if (isTag(node) && !skipped.has(node) && !HEADINGS.has(node.name) && !CODE.has(node.name)) {
      const data = inDataTable || (node.name === "table" && isDataTable(node));
      for (const c of node.children) walk(c, data);
    }
  };
  for (const c of root.children) walk(c, false);
  const out = new Set<Text>();
  for (const [key, nodes] of byText) {
    if (nodes.length < REPEAT_MIN) continue;
    // In a sentence a fragment is content when words stand on both sides of it, or when it is
    // a link that leads to one same page each time (a laureate, a company named again); copies
    // of a control lead each to its own place ("More like this"). A fragment copied within its
    // one sentence ("Book Now * Book Now * …", a ticker) is no mention.
    // A link that leads nowhere ("#", "javascript:;", a script's handle) is a control, not a mention of a page.
    const target = links.get(nodes[0]!);
    const onePage = target !== undefined && !NO_PAGE_HREF.test(target) && nodes.every((n) => links.get(n) === target);
    for (const n of nodes) {
      const slot = slots.get(n);
      if (slot && slotValues.get(slot)!.size >= 2) continue;
      const at = sentences.get(n);
      const mention = !!at && copiesIn.get(at.sentence)?.get(key) === 1 && (at.midway || (onePage && links.has(n)));
      if (!mention) out.add(n);
    }
  }
  return out;
}

/** Whether words stand on both sides of the element within its parent ("in <a>this post</a>, and"). */
function wordsOnBothSides(el: Element, skipped: Set<Element>): boolean {
  const side = (dir: "prev" | "next") => {
    let at = el[dir];
    while (at && ((isText(at) && !at.data.trim()) || (isTag(at) && skipped.has(at)))) at = at[dir];
    return !!at && HAS_WORD.test(isText(at) ? at.data : textOf(at));
  };
  return side("prev") && side("next");
}

/** Whether the text (or the element it is all of) follows a field label ("Subjects: <span>…</span>"): then it is the field's value. */
function afterFieldLabel(node: Text): boolean {
  let at: AnyNode | null = node;
  for (let depth = 0; at && depth < 2; depth++, at = at.parent) {
    let prev = at.prev;
    while (prev && isText(prev) && !prev.data.trim()) prev = prev.prev;
    if (prev) return /:\s*$/.test(isText(prev) ? prev.data : textOf(prev));
  }
  return false;
}

/** A link target that is no page: empty, this page's top ("#", "#!") or a script ("javascript:;"). */
const NO_PAGE_HREF = /^(?:#!?\/?$|javascript:|$)/i;
const CODE = new Set(["code", "pre"]);

/**
 * Never a grid of cards: rows of a table are data, and a paragraph or heading whose
 * children are links is text that links.
 */
const NOT_GRIDS = new Set(["table", "thead", "tbody", "tfoot", "tr", "p", ...HEADINGS, "blockquote", "dd", "td", "th", "figcaption"]);

/** A card: has a link or an image, and at most this many words outside links. */
const CARD_OWN_WORDS = 12;
/** A teaser card (a linked heading and its blurb) has at most this many words outside links. */
const TEASER_OWN_WORDS = 40;

/**
 * Whether the element's first heading is wholly a link to another page (or sits wholly inside
 * one). An accordion's toggle ("#collapse-1") leads nowhere: its panel is content.
 */
function headedByLink(el: Element): boolean {
  const heading = findFirst(el, (e) => HEADINGS.has(e.name));
  if (!heading) return false;
  const text = textOf(heading).trim();
  if (!text) return false;
  const leadsAway = (a: Element) => a.attribs.href !== undefined && !a.attribs.href.trim().startsWith("#");
  const parent = heading.parent;
  if (parent && isTag(parent) && parent.name === "a") return leadsAway(parent);
  const link = findFirst(heading, (e) => e.name === "a");
  return !!link && leadsAway(link) && textOf(link).trim() === text;
}

/** Prose: a block whose own text has at least this many words. */
const PROSE_BLOCK_WORDS = 15;
/** Grids go when the content has at least this many words of prose outside them. */
export const PROSE_BESIDE_GRIDS = 250;
/** On a product's page, whose description is often short, grids of cards beside it are the shop's other offers. */
const PRODUCT_PROSE_BESIDE_GRIDS = 100;

/**
 * On pages that have both prose and grids of cards (a category page with an editorial
 * text, a product page with "more products"), the prose is the content: repeated groups of
 * four or more similar siblings that are each a card (a link or an image with little text
 * of its own) are left out. Pages that are only a grid keep it.
 */
export function dropCardGridsBesideProse(root: Element | Document, skipped: Set<Element>, productPage = false): void {
  const grids = cardGrids(root, skipped);
  if (grids.length === 0) return;
  const inGrid = new Set<AnyNode>(grids);
  const least = productPage ? PRODUCT_PROSE_BESIDE_GRIDS : PROSE_BESIDE_GRIDS;
  if (proseWords(root, (el) => skipped.has(el) || inGrid.has(el)) >= least) for (const g of grids) skipped.add(g);
}

/** Words between two of a grid's items that make them parts of a sentence, not cards. */
const SENTENCE_GAP_WORDS = 2;

/**
 * Whether the items stand in running text: a text of two words or more straight in the
 * container between two of them ("…including <a>retail</a> and wholesale, <a>energy</a>",
 * "…of <a>X</a>? Or the crisp feedback of <a>Y</a>?"). Cards are boxes side by side: between
 * them stand only separators (commas, pipes, bullets) and a conjunction ("A, B and C").
 */
function inSentence(container: Element | Document, items: Element[]): boolean {
  const first = container.children.indexOf(items[0]!);
  const last = container.children.lastIndexOf(items[items.length - 1]!);
  for (let i = first + 1; i < last; i++) {
    const c = container.children[i]!;
    if (isText(c) && textWords(c.data) >= SENTENCE_GAP_WORDS) return true;
  }
  return false;
}

/** The outermost grids of cards under `root` (see dropCardGridsBesideProse). */
export function cardGrids(root: Element | Document, skipped: Set<Element>): Element[] {
  const grids: Element[] = [];
  const cardStats = (el: Element, separated: boolean, bullets: Set<string>) => {
    let own = 0;
    let links = 0;
    let inPage = false;
    let picture = false;
    let icon = false;
    const walk = (n: AnyNode, inLink: boolean) => {
      if (isText(n)) {
        if (!inLink) own += textWords(n.data);
      } else if (isTag(n) && !skipped.has(n)) {
        // A picture every item shows (a checkmark before each of a plan's features) is a bullet, not a card's picture.
        if (n.name === "img") {
          // Keys are read again only in a run that has bullets (few do): sharedPictures read them once already.
          if (bullets.size > 0 && bullets.has(pictureKey(n))) icon = true;
          else picture = true;
        } else if (n.name === "picture" && !n.children.some((c) => isTag(c) && c.name === "img")) picture = true;
        if (n.name === "a") {
          links++;
          if ((n.attribs.href ?? "").trim().startsWith("#")) inPage = true;
        }
        for (const c of n.children) walk(c, inLink || n.name === "a");
      }
    };
    walk(el, false);
    // A list item that is only a link is a list of links (a "see also" in the text), not a card;
    // so is an item that is one text link to another page and nothing else, side by side with
    // the others with nothing between them (a row of tags or chips, `<a>` after `<a>`). Links
    // separated by commas or bars are a line of their own (a post's categories, a footer's
    // legal links), and links within the page a table of contents: both still go beside prose.
    const textLink = links === 1 && own === 0 && !picture && !icon && !inPage && !separated;
    if ((picture || (links > 0 && el.name !== "li" && !textLink)) && own <= CARD_OWN_WORDS) return true;
    // A teaser: a heading that is one link, then a few lines about where it leads.
    return own <= TEASER_OWN_WORDS && headedByLink(el);
  };
  const isCardRun = (similar: Element[], separated: boolean) => {
    const bullets = sharedPictures(similar, skipped);
    return similar.filter((c) => cardStats(c, separated, bullets)).length >= similar.length * 0.7;
  };
  const findGrids = (el: Element | Document) => {
    const items = el.children.filter((c): c is Element => isTag(c) && !skipped.has(c));
    if (items.length >= 4) {
      const signature = (c: Element) => `${c.name}.${(c.attribs.class ?? "").trim().split(/\s+/)[0] ?? ""}`;
      const counts = new Map<string, number>();
      for (const c of items) counts.set(signature(c), (counts.get(signature(c)) ?? 0) + 1);
      const [top, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
      const similar = items.filter((c) => signature(c) === top);
      const separated = el.children.some((c) => isText(c) && /\S/.test(c.data));
      if (
        n >= 4 &&
        n >= items.length * 0.7 &&
        !inSentence(el, similar) &&
        isCardRun(similar, separated) &&
        isTag(el) &&
        !NOT_GRIDS.has(el.name)
      ) {
        grids.push(el);
        return;
      }
    }
    for (const c of items) findGrids(c);
  };
  findGrids(root);
  return grids;
}

/** Elements read per item when looking for a picture the items share. */
const SHARED_PICTURE_ELEMENTS = 200;
/** A picture shown by this share of the items is their bullet: as many as make a run of cards (a ✗ may stand for a few ✓s). */
const BULLET_SHARE = 0.7;

/**
 * The pictures that (nearly) every item shows, by address and alt text: a checkmark or bullet
 * icon before each line of a plan's features, not a card's own picture (thumbnails differ from
 * card to card, and so do the alts of cards whose lazy pictures share one placeholder file).
 */
function sharedPictures(items: Element[], skipped: Set<Element>): Set<string> {
  const itemsShowing = new Map<string, number>();
  for (const item of items) {
    const own = new Set<string>();
    let budget = SHARED_PICTURE_ELEMENTS;
    for (const n of elements(item, (e) => skipped.has(e))) {
      if (--budget < 0) break;
      if (n.name !== "img" || skipped.has(n)) continue;
      const key = pictureKey(n);
      if (key) own.add(key);
    }
    for (const key of own) itemsShowing.set(key, (itemsShowing.get(key) ?? 0) + 1);
  }
  const shared = new Set<string>();
  for (const [key, n] of itemsShowing) if (n >= items.length * BULLET_SHARE) shared.add(key);
  return shared;
}

/**
 * A picture's address and alt text; empty when it shows no address, or when it is a lazy
 * loader's placeholder whose real address sits in another data attribute (`data-lazy`,
 * `data-bg`…): those cards share the placeholder, not a picture.
 */
function pictureKey(img: Element): string {
  const src = imageSource(img);
  if (!src) return "";
  for (const [name, value] of Object.entries(img.attribs))
    if (name.startsWith("data-") && value !== src && IMAGE_ADDRESS.test(value)) return "";
  // In a <picture>, its sources are the card's own picture too (an <img> fallback may be one file for all).
  const sources =
    img.parent && isTag(img.parent) && img.parent.name === "picture"
      ? img.parent.children.map((c) => (isTag(c) && c.name === "source" ? (c.attribs.srcset ?? "") : "")).join(" ")
      : "";
  return `${src}\n${(img.attribs.alt ?? "").trim()}\n${sources}`;
}
const IMAGE_ADDRESS = /\.(?:avif|gif|jpe?g|png|svg|webp)(?:[?#\s,]|$)/i;

/** Lists of links go beside at least this many words of prose: a long read, not a listing. */
const PROSE_BESIDE_LINK_LISTS = 1000;
const LINK_LIST_MIN_ITEMS = 3;

/**
 * Lists whose every item is one link to another page and nothing else ("More on HBS:", a
 * row of "where to buy" links) lead away from the page: beside a long read they go. A
 * table of contents (links within the page) stays, and so does every list of a listing,
 * which has little prose of its own.
 */
export function dropLinkListsBesideProse(root: Element | Document, skipped: Set<Element>): void {
  const lists: Element[] = [];
  const find = (n: AnyNode) => {
    if (!isTag(n) || skipped.has(n)) return;
    if (n.name === "ul" || n.name === "ol") {
      const items = n.children.filter((c): c is Element => isTag(c) && c.name === "li" && !skipped.has(c));
      if (items.length >= LINK_LIST_MIN_ITEMS && items.every((li) => isOneLinkAway(li, skipped))) {
        lists.push(n);
        return;
      }
    }
    for (const c of n.children) find(c);
  };
  for (const c of root.children) find(c);
  if (lists.length === 0) return;
  const set = new Set(lists);
  if (proseWords(root, (el) => skipped.has(el) || set.has(el)) < PROSE_BESIDE_LINK_LISTS) return;
  for (const l of lists) {
    skipped.add(l);
    // The heading or label that introduces only this list ("More on HBS:") goes with it; a
    // heading goes only when its section ends with the list.
    const prev = siblingElement(l, "prev");
    if (!prev) continue;
    const label = shortText(prev, LABEL_MAX_WORDS);
    if (label === null) continue;
    const next = siblingElement(l, "next");
    const sectionEnds = !next || HEADINGS.has(next.name) || set.has(next);
    if ((HEADINGS.has(prev.name) && sectionEnds) || /:\s*$/.test(label)) skipped.add(prev);
  }
}
const LABEL_MAX_WORDS = 8;

/** The element beside this one, white space skipped; null when text stands there. */
function siblingElement(el: Element, side: "prev" | "next"): Element | null {
  let at = el[side];
  while (at && isText(at) && !at.data.trim()) at = at[side];
  return at && isTag(at) ? at : null;
}

/** The element's text when it has at most `max` words, else null; stops reading past them (the element may hold a whole page). */
function shortText(el: Element, max: number): string | null {
  const parts: string[] = [];
  let words = 0;
  let chars = 0;
  for (const n of nodesInOrder(el)) {
    if (!isText(n)) continue;
    // No label of a few words runs this long: a long text is not split to be counted.
    if ((chars += n.data.length) > max * 40) return null;
    words += textWords(n.data);
    if (words > max) return null;
    parts.push(n.data);
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

const ONE_LINK_MAX_NODES = 200;

/** Whether the list item is one link with text to another page, and no other words. */
function isOneLinkAway(li: Element, skipped: Set<Element>): boolean {
  let link: Element | undefined;
  let other = false;
  // Such an item is small: past this many nodes it is something else (and nested lists are not read once per level).
  let budget = ONE_LINK_MAX_NODES;
  const walk = (n: AnyNode) => {
    if (other) return;
    if (--budget < 0) {
      other = true;
      return;
    }
    if (isText(n)) other = HAS_WORD.test(n.data);
    else if (isTag(n) && !skipped.has(n)) {
      if (n.name !== "a") for (const c of n.children) walk(c);
      else if (link) other = true;
      else link = n;
    }
  };
  walk(li);
  const href = link?.attribs.href?.trim() ?? "";
  // A link with a fragment leads within a page (a table of contents written with full URLs).
  return !other && !!link && href !== "" && !href.includes("#") && HAS_WORD.test(textOf(link));
}

const INLINE_TEXT = /^(a|b|strong|em|i|span|code|small|sup|sub)$/;

/** Words of prose under a node: blocks whose own text (inline elements included) has at least PROSE_BLOCK_WORDS words. */
export function proseWords(root: Element | Document, leftOut: (el: Element) => boolean): number {
  let prose = 0;
  forEachProseBlock(root, leftOut, (_, words) => (prose += words));
  return prose;
}

/** Each block of prose under a node (PROSE_BLOCK_WORDS of its own text, inline elements included), with its words. */
function forEachProseBlock(
  root: Element | Document,
  leftOut: (el: Element) => boolean,
  found: (block: Element, words: number) => void,
): void {
  const visit = (n: AnyNode) => {
    // Blocks inside a link are a card's teaser (a whole card is often one link), not prose.
    if (!isTag(n) || leftOut(n) || n.name === "a") return;
    const own = ownWords(n);
    if (own >= PROSE_BLOCK_WORDS) found(n, own);
    for (const c of n.children) visit(c);
  };
  if (isTag(root as AnyNode)) visit(root as Element);
  else for (const c of root.children) visit(c);
}

/**
 * Words of an element's own text, inline elements included (not a link that wraps blocks: a
 * card), and not those left out.
 */
function ownWords(el: Element, leftOut?: (el: Element) => boolean): number {
  let words = 0;
  for (const c of el.children)
    if (isText(c)) words += textWords(c.data);
    else if (isTag(c) && INLINE_TEXT.test(c.name) && !(c.name === "a" && hasBlockChild(c)) && !leftOut?.(c)) words += textWords(textOf(c));
  return words;
}

/** Comments and reviews go when the page has at least this many words of prose outside them. */
const PROSE_BESIDE_RESPONSES = 150;

/**
 * Readers' comments under an article or an answer, and customer reviews, are not the page's
 * content, however long they run: such sections (class or id "comments", "comment-list",
 * "customer-reviews" and the like; the content finder picks them) go when the page has
 * prose of its own outside them. A thread made only of comments (a link
 * aggregator's discussion) keeps them, and so does a forum whose replies are written with
 * its first post's markup (Vanilla's "Comments" list of "Message userContent" bodies, Lemmy's,
 * GitHub Discussions'): they are the thread, unless the first post is a story in an
 * `<article>` and the box stands outside it.
 */
export function dropResponsesBesideProse(body: Element | Document, boxes: Element[], skipped: Set<Element>): void {
  if (boxes.length === 0) return;
  const set = new Set(boxes);
  const leftOut = (el: Element) => skipped.has(el) || set.has(el);
  let prose = 0;
  const proseByHolder = new Map<Element, number>();
  forEachProseBlock(body, leftOut, (block, words) => {
    prose += words;
    const holder = closestElement(block, (el) => !!el.attribs.class?.trim(), true);
    if (holder) proseByHolder.set(holder, (proseByHolder.get(holder) ?? 0) + words);
  });
  if (prose < PROSE_BESIDE_RESPONSES && !shortPostAboveComments(boxes, set, prose, skipped)) return;
  const post = mostProse(proseByHolder);
  const threads = post && !GENERIC_CLASS.test(post.attribs.class?.trim() ?? "") ? holdersOfKind(body, post) : new Set<Element>();
  const story = post && closestElement(post, (el) => el.name === "article", true);
  for (const b of boxes) if (!threads.has(b) || (story && !closestElement(b, (el) => el === story))) skipped.add(b);
}

/** A box named for responses that comes back in each item of a list, each of at most this mass, is the item's field. */
const ITEM_FIELD_WORDS = 40;
/** Items of a list at least. */
const ITEM_FIELD_COPIES = 3;

/**
 * Boxes named for comments or reviews that are a field of each item in a list, not a
 * conversation: three or more outermost boxes of one kind (tag and classes), each in an item of
 * its own (no two share a parent) and each short (arXiv's "Comments: 8 pages, 7 figures. Accepted
 * at …" under every paper, a shop's card with its review snippet and "Pros:"). A thread's
 * comments sit in one box, or in boxes of which some run long. The rest are returned.
 */
export function withoutItemFields(boxes: Element[], mass: Map<AnyNode, number>): Element[] {
  const set = new Set(boxes);
  const byKind = new Map<string, Element[]>();
  for (const b of boxes) {
    if (closestElement(b, (el) => set.has(el))) continue;
    const kind = kindOf(b);
    const group = byKind.get(kind);
    if (group) group.push(b);
    else byKind.set(kind, [b]);
  }
  const fields = new Set<Element>();
  for (const group of byKind.values()) {
    if (group.length < ITEM_FIELD_COPIES || new Set(group.map((b) => b.parent)).size < group.length) continue;
    if (group.every((b) => (mass.get(b) ?? 0) <= ITEM_FIELD_WORDS)) for (const b of group) fields.add(b);
  }
  if (fields.size === 0) return boxes;
  return boxes.filter((b) => !closestElement(b, (el) => fields.has(el), true));
}

/**
 * A short post (a help centre's answer) above its readers' comments: the comments go when
 * every outermost box is named for comments (customer reviews beside a short text stay) and
 * the page's own prose is at least a third of the usual limit and half of theirs (a link
 * aggregator's short self-post under a long thread keeps the thread).
 */
function shortPostAboveComments(boxes: Element[], set: Set<Element>, prose: number, skipped: Set<Element>): boolean {
  if (prose < PROSE_BESIDE_RESPONSES / 3) return false;
  const outermost = boxes.filter((b) => !skipped.has(b) && !closestElement(b, (el) => set.has(el)));
  const namedForComments = (b: Element) =>
    `${b.attribs.class ?? ""} ${b.attribs.id ?? ""}`
      .split(/\s+/)
      .filter(Boolean)
      .flatMap(classWords)
      .some((t) => COMMENTS_TOKEN.test(t));
  if (outermost.length === 0 || !outermost.every(namedForComments)) return false;
  let theirs = 0;
  for (const b of outermost)
    forEachProseBlock(
      b,
      (el) => skipped.has(el),
      (_, words) => (theirs += words),
    );
  return prose * 2 >= theirs;
}

function mostProse(words: Map<Element, number>): Element | undefined {
  let best: Element | undefined;
  let most = 0;
  for (const [el, w] of words) if (w > most) [best, most] = [el, w];
  return best;
}

/**
 * A lone class that names nothing in particular ("text", "content", "inner"): a blog's post and
 * its comments may both be written in one, so it does not make replies of the same kind.
 */
const GENERIC_CLASS = /^(?:text|content|body|inner|wrapper|wrap|container|main|entry|copy|rte|richtext|prose|markdown)$/i;

/** An element's tag and its class set in one order: "div.Message.userContent". */
const kindOf = (el: Element): string => `${el.name}.${(el.attribs.class ?? "").split(/\s+/).filter(Boolean).sort().join(".")}`;

/** Every element that holds (or is) an element of the same kind as `model`: one walk, then each match's ancestors once. */
function holdersOfKind(root: Element | Document, model: Element): Set<Element> {
  const kind = kindOf(model);
  const holders = new Set<Element>();
  for (const el of elements(root)) {
    if (el === model || !el.attribs.class || kindOf(el) !== kind) continue;
    for (let n: AnyNode | null = el; n && isTag(n) && !holders.has(n); n = n.parent) holders.add(n);
  }
  return holders;
}

/**
 * Headings that introduce the shop's or the publisher's suggestions rather than the page's
 * own content: "Similar items", "You may also like", "Customers also bought", "Related
 * articles", "Recently viewed", "More from …". The whole heading must be such a phrase.
 */
const SUGGESTIONS_HEADING = new RegExp(
  "^(?:" +
    [
      // "Related searches in Austin, TX": a place or a subject after it.
      "(?:similar|related)\\s+(?:items|products|articles|posts|stories|searches|books|pages|topics|services|threads|videos|links|reads|guides|questions|content)(?:\\s+(?:in|near|for|on)\\s+.{1,40})?",
      // Listings' own nouns: "Similar hotels", "Similar jobs (5)", "Similar events nearby", "Nearby homes", "More episodes".
      "(?:similar|related|nearby)\\s+(?:jobs|homes|hotels|properties|listings|rentals|events|recipes|episodes|courses|programs|podcasts|places|stays)(?:\\s+(?:nearby|(?:in|near|for|on)\\s+.{1,40}))?(?:\\s*\\(\\d+\\))?",
      "more\\s+(?:episodes|recipes|events|jobs|homes|listings)",
      "suggested\\s+(?:topics|threads|posts|articles|questions|products|items|for\\s+you)",
      "(?:products|items)\\s+related\\s+to\\b.*",
      "explore\\s+(?:related|similar)\\b.*",
      // A story's topic tags under a title: "Explore more on these topics" (the Guardian), "More on these topics".
      "(?:explore\\s+)?more\\s+(?:on|about)\\s+(?:these|this|related)\\s+topics?",
      "you\\s+(?:may|might|will|could)\\s+also\\s+(?:like|love|enjoy|be\\s+interested\\s+in)",
      "(?:customers|others|people|shoppers|guests|visitors|buyers|members)\\b.{0,30}\\balso\\s+(?:bought|viewed|liked|purchased|read|like|searched)\\b.*",
      // A shop's cross-sell: "Complete the look", "Shop the look", "Style it with", "Compare with similar items" (not
      // "Pairs well with", which a recipe's wine notes use too).
      "(?:complete|shop|get)\\s+the\\s+look|complete\\s+your\\s+(?:look|outfit|routine|set|purchase)",
      "(?:style|wear)\\s+it\\s+with",
      "compare\\s+(?:with\\s+)?similar\\s+(?:items|products)",
      "related\\s+(?:categories|brands)|(?:popular|trending)\\s+searches",
      "frequently\\s+bought\\s+together",
      "recommended\\s+for\\s+you",
      "recently\\s+viewed(?:\\s+(?:items|products))?",
      "more\\s+from\\s+.{1,60}",
      "(?:read|up)\\s+(?:these\\s+|this\\s+)?next",
      "more\\s+(?:stories|articles|news|posts|reading)",
      // The same in the languages the Link Map reads (German, French, Spanish, Portuguese, Italian, Dutch).
      "(?:ähnliche|verwandte|weitere)\\s+(?:beiträge|artikel|themen|nachrichten|produkte|posts|meldungen)",
      "(?:das|dies)\\s+könnte\\s+(?:sie|dich|euch)\\s+(?:auch\\s+)?interessieren\\b.*",
      "auch\\s+interessant|mehr\\s+zum\\s+thema|lesen\\s+sie\\s+auch|empfehlungen\\s+der\\s+redaktion",
      "(?:articles|billets|produits)\\s+(?:similaires|connexes|liés)",
      "à\\s+lire\\s+aussi|sur\\s+le\\s+même\\s+sujet|dans\\s+la\\s+même\\s+rubrique|vous\\s+aimerez\\s+aussi",
      "(?:artículos|noticias|entradas|productos)\\s+relacionad[oa]s|te\\s+puede\\s+interesar|también\\s+te\\s+puede\\s+gustar",
      "(?:artigos|notícias|posts|produtos)\\s+relacionad[oa]s|leia\\s+também|você\\s+também\\s+pode\\s+gostar",
      "(?:articoli|notizie|prodotti)\\s+correlat[ie]|potrebbe\\s+interessarti|leggi\\s+anche",
      "(?:gerelateerde|vergelijkbare)\\s+(?:artikelen|berichten|producten)|lees\\s+ook|dit\\s+vind\\s+je\\s+misschien\\s+ook\\s+leuk",
      // Shops' "customers who bought this also bought" and "N other products in the same category".
      "kunden\\b.{0,50}\\b(?:kauften|kaufen|interessierten\\s+sich)\\s+auch\\b.*",
      "(?:\\d+\\s+)?autres\\s+produits\\s+(?:dans|de)\\s+la\\s+même\\s+catégorie\\b.*",
      "(?:\\d+\\s+)?other\\s+products?\\s+in\\s+the\\s+same\\s+category\\b.*",
      "les\\s+clients\\s+qui\\s+ont\\s+acheté\\b.*|lire\\s+aussi",
      "los\\s+clientes\\s+que\\s+(?:compraron|vieron)\\b.*|productos\\s+similares",
      "quienes\\s+(?:vieron|compraron)\\b.{0,40}\\btambién\\s+(?:compraron|vieron)\\b.*|quem\\s+(?:viu|comprou)\\b.{0,40}\\btambém\\s+(?:comprou|viu)\\b.*",
      "chi\\s+ha\\s+acquistato\\b.*|prodotti\\s+simili",
      "klanten\\b.{0,40}\\bkochten\\s+ook\\b.*",
      // A shop's other offers and the reader's history: "Similar offers", "Top picks from shop", "Zuletzt angesehen".
      "(?:similar|related)\\s+(?:offers|deals|listings)|top\\s+picks\\s+(?:from|for)\\s+.{1,40}",
      "zuletzt\\s+(?:angesehen|angeschaut)(?:e\\s+(?:artikel|produkte))?|ähnliche\\s+(?:angebote|artikel)|récemment\\s+consultés|produits\\s+similaires|vistos?\\s+recientemente",
      // Polish, Japanese, Chinese and Korean shops.
      "polecane\\s+dla\\s+(?:ciebie|was)|podobne\\s+(?:oferty|produkty)|(?:inni|klienci)\\s+(?:kupili|oglądali)\\s+(?:również|też|także)|ostatnio\\s+oglądane",
      "この商品を(?:見た|買った|チェックした)人は.*|最近(?:チェックした|見た)商品|関連商品|おすすめ商品|あなたへのおすすめ",
      "猜你喜欢|为你推荐|看了又看|相关推荐|最近浏览|达人选购",
      "(?:다른\\s*고객이\\s*)?함께\\s*(?:구매한|본|보면\\s*좋은)\\s*상품|추천\\s*상품|최근\\s*본\\s*상품|연관\\s*상품",
      // Publishers' and forums' suggestions in Russian and Ukrainian, Chinese, Japanese, Korean, Arabic, Hindi, Thai,
      // Vietnamese, Turkish, Indonesian and Polish ("Похожие темы", "相关文章", "関連記事", "관련 기사", "اقرأ أيضا",
      // "ये खबर भी पढ़ें", "ข่าวที่เกี่ยวข้อง", "Tin liên quan", "İlgili haberler", "Berita terkait").
      "(?:похожие|связанные)\\s+(?:темы|статьи|материалы|новости|публикации|записи|вопросы|посты|товары)|(?:читайте|смотрите)\\s+(?:также|ещё|еще)|также\\s+читайте|ещё\\s+по\\s+теме|рекомендуем(?:\\s+(?:также|почитать|прочитать))?|вам\\s+(?:может|могут)\\s+(?:понравиться|быть\\s+интересн[оы])|с\\s+этим\\s+товаром\\s+(?:часто\\s+)?покупают|недавно\\s+просмотренные(?:\\s+товары)?",
      "схожі\\s+(?:теми|статті|новини|товари)|читайте\\s+також|вам\\s+також\\s+може\\s+сподобатися",
      "相[关關](?:文章|阅读|閱讀|新闻|新聞|推荐|推薦|问题|問題|报道|報導|链接|鏈接|内容|內容|话题|話題|视频|視頻|资讯|資訊|帖子|主题|主題|产品|產品|商品|文件|信息|資訊)|延伸[阅閱][读讀]|推荐阅读|推薦閱讀|精彩推荐|热门推荐|熱門推薦|大家都在看|你可能(?:还|也)?(?:喜欢|喜歡|感兴趣(?:的)?)",
      "関連(?:する)?(?:記事|ニュース|トピックス?|キーワード|リンク|動画|スレッド|質問|エントリー)|こちらもおすすめ|あわせて読みたい|合わせて読みたい|おすすめ(?:の)?記事|この記事を(?:読んだ|見た)人は.*|次に読みたい(?:記事)?",
      "(?:관련|추천|연관)\\s*(?:기사|글|뉴스|포스트|게시물|검색어)|함께\\s*(?:보면|읽으면)\\s*좋은\\s*(?:글|기사)|.{0,40}카테고리의\\s*다른\\s*글",
      "[اإ]قرأ\\s+أيض\\u064b?ا\\u064b?|(?:مقالات|أخبار|مواضيع|مواد)\\s+ذات\\s+صلة|المزيد\\s+من\\s+(?:ال)?(?:أخبار|مقالات|مواضيع|قصص|تقارير|فيديوهات)(?:\\s+.{1,30})?",
      "(?:ये|यह|इसे|इन्हें)\\s+(?:(?:ख|ख़|ख़)बर(?:ें)?\\s+)?भी\\s+प(?:ढ़|ढ़)ें|और\\s+(?:ख|ख़|ख़)बरें(?:\\s+हैं)?|(?:संबंधित|सम्बंधित)\\s+(?:(?:ख|ख़|ख़)बरें|लेख|समाचार)",
      "(?:ข่าว|บทความ)ที่เกี่ยวข้อง|อ่าน(?:ข่าว)?เพิ่มเติม|ข่าวแนะนำ",
      "(?:tin|bài\\s+viết)\\s+(?:liên\\s+quan|cùng\\s+chuyên\\s+mục)|có\\s+thể\\s+bạn\\s+quan\\s+tâm|sản\\s+phẩm\\s+tương\\s+tự",
      "(?:[iİ]lgili|benzer)\\s+(?:başlıklar|haberler|yazılar|ürünler|içerikler|konular)|(?:bunlar\\s+da\\s+)?ilginizi\\s+çekebilir",
      "(?:berita|artikel|produk)\\s+(?:terkait|serupa|lainnya)|rekomendasi\\s+untuk\\s+anda",
      "(?:powiązane|podobne)\\s+(?:artykuły|wpisy|tematy)|czytaj\\s+(?:także|też|również)|zobacz\\s+(?:także|też|również)",
    ].join("|") +
    ")[\\s:.!]*$",
  "i",
);
/** A heading's text that is a suggestions heading: a short one (SUGGESTIONS_HEADING's `.*` tails are for a title, not a paragraph-long headline). */
export const isSuggestionsHeading = (text: string, titles: RegExp = SUGGESTIONS_HEADING): boolean =>
  text.length <= SUGGESTIONS_HEADING_CHARS && titles.test(text);
const SUGGESTIONS_HEADING_CHARS = 80;
/** A suggestions section is dropped only while it is less than this share of the content. */
const SUGGESTIONS_SHARE = 0.5;

/**
 * Sections of suggestions (see SUGGESTIONS_HEADING) are left out of the content: the box the
 * heading titles when it is a minor part of the content, else, in a flat layout, the heading
 * and what follows it up to the next heading.
 */
export function dropSuggestionSections(
  root: Element | Document,
  rootMass: number,
  mass: Map<AnyNode, number>,
  skipped: Set<Element>,
  titles: RegExp = SUGGESTIONS_HEADING,
  // Also an accordion's title: its <summary> or button.
  accordionTitles = false,
): void {
  const massOf = (n: AnyNode) => mass.get(n) ?? 0;
  const headings: Element[] = [];
  const walk = (n: AnyNode) => {
    if (!isTag(n) || skipped.has(n)) return;
    if (HEADINGS.has(n.name) || (accordionTitles && (n.name === "summary" || n.name === "button"))) {
      const text = textOf(n);
      if (isSuggestionsHeading(text, titles)) headings.push(n);
      return;
    }
    // A title a stylesheet makes a heading (Bootstrap's `<p class="h5">`): read short, bounded.
    if (classHeadingLevel(n)) {
      const text = boundedText(n, CLASS_HEADING_MAX_NODES, SUGGESTIONS_HEADING_CHARS);
      if (text !== null && isSuggestionsHeading(text.replace(/\s+/g, " ").trim(), titles)) {
        headings.push(n);
        return;
      }
    }
    for (const c of n.children) walk(c);
  };
  for (const c of root.children) walk(c);
  // Once per parent: each child's position, and where its first content stands (bare text
  // counts). 80,000 such headings in one box would otherwise each scan their siblings.
  const layout = new Map<AnyNode, { index: Map<AnyNode, number>; firstContent: number }>();
  const layoutOf = (parent: AnyNode & { children: AnyNode[] }) => {
    let known = layout.get(parent);
    if (!known) {
      const index = new Map<AnyNode, number>();
      let firstContent = parent.children.length;
      parent.children.forEach((c, i) => {
        index.set(c, i);
        const content = isText(c) ? c.data.trim() !== "" : massOf(c) > 0;
        if (content && i < firstContent) firstContent = i;
      });
      layout.set(parent, (known = { index, firstContent }));
    }
    return known;
  };
  for (const heading of headings) {
    // Past wrappers that add next to nothing ("See all" links) to the box the heading titles.
    const titled = wrapperBox(heading, root, mass);
    // A box whose suggestions were already left out (cards flagged by their class) goes alone:
    // the flat reading below would take the story's paragraphs after an inline "Related" box.
    // So does a box that holds the suggestions themselves (links, more than a "See all"): the
    // heading titles that box, not the story's paragraphs after it (Spiegel's "Mehr zum Thema", NOS's "Lees ook").
    // Words counted in full here: the mass that found the box weighs link text at a quarter.
    const holdsOwnSuggestions = () =>
      textWords(textOf(titled)) - textWords(textOf(heading)) > WRAPPER_EXTRA_WORDS &&
      !!findFirst(titled, (e) => e.name === "a" && !closestElement(e, (el) => el === heading));
    if (titled !== heading && (findFirst(titled, (e) => skipped.has(e)) || holdsOwnSuggestions())) {
      skipped.add(titled);
      continue;
    }
    // A header row (the heading with a subtitle, a badge or one "See all" link) that opens its
    // box: the box it heads holds the suggestions (a carousel after the header row). A box with
    // links of its own beside the heading is the suggestions themselves (an inline "Related
    // articles" inset), not a header row.
    let header = titled;
    let links = 0;
    for (let up = header.parent; up && isTag(up) && up !== root && massOf(up) - massOf(titled) <= HEADER_EXTRA_WORDS; up = up.parent) {
      const { index, firstContent } = layoutOf(up);
      if ((index.get(header) ?? 0) > firstContent) break;
      // Only what the row adds is read (the part already climbed was counted), and no more than a row holds.
      const added = linksBeside(up, header, HEADER_MAX_NODES);
      if (added === null || (links += added) > HEADER_LINKS) break;
      header = up;
    }
    // A row that does not open its own box is no header row but an inset in the story: it is
    // read as the heading's own box, and the story after it stays.
    if (header !== titled && header.parent && layoutOf(header.parent).index.get(header)! > layoutOf(header.parent).firstContent)
      header = titled;
    const section = header.parent;
    if (!section) continue;
    const siblings = section.children;
    const { index, firstContent } = layoutOf(section);
    const start = index.get(header) ?? 0;
    // The heading titles its box only when it opens it; after other content it starts a flat section.
    const opens = start <= firstContent;
    if (opens && isTag(section) && section !== root && massOf(section) < rootMass * SUGGESTIONS_SHARE) {
      skipped.add(section);
      continue;
    }
    // The flat section runs to the next heading of its rank or higher; its cards' own titles are part of it.
    const rank = classHeadingLevel(heading) ?? heading.name;
    const atMost = (e: Element) => {
      const level = HEADINGS.has(e.name) ? e.name : classHeadingLevel(e);
      return level !== undefined && level <= rank;
    };
    const flat: Element[] = [];
    let flatMass = 0;
    for (let i = start; i < siblings.length; i++) {
      const sibling = siblings[i]!;
      if (i > start && isTag(sibling) && (atMost(sibling) || findFirst(sibling, atMost))) break;
      if (isTag(sibling)) {
        flat.push(sibling);
        flatMass += massOf(sibling);
      }
    }
    // Half the content or more is no box of suggestions but the content after a stray title (a
    // widget's "Similar Threads" before the thread it does not title): the title alone goes.
    if (flatMass >= rootMass * SUGGESTIONS_SHARE) skipped.add(titled);
    else for (const el of flat) skipped.add(el);
  }
}
/** Elements a stylesheet may make a heading by its class (Bootstrap's `.h1`–`.h6`), read to this many nodes. */
const CLASS_HEADING_TAGS = new Set(["p", "div", "span", "strong", "b"]);
const CLASS_HEADING_MAX_NODES = 40;

/**
 * The level of a title written as a paragraph or a box that Bootstrap's heading classes style
 * as one (`<p class="h5 text-uppercase">You might also like</p>` in PrestaShop's theme): "h5".
 */
function classHeadingLevel(el: Element): string | undefined {
  if (!CLASS_HEADING_TAGS.has(el.name) || !el.attribs.class) return undefined;
  return /(?:^|\s)(h[1-6])(?:\s|$)/.exec(el.attribs.class)?.[1];
}

/** A shop's terms, the same on every product page: "Shipping & Returns", "Return & Refund Policy", "Delivery"; "Versand & Rückgabe", "Livraison et retours", "Envíos y devoluciones", "Доставка и оплата", "Kargo ve İade", "返品・交換について", "售后保障", "배송/교환/반품 안내". */
const SHIPPING_WORDS =
  "shipping|delivery|returns?|refunds?|exchanges?|payments?" +
  // German, French, Spanish, Portuguese, Italian, Dutch, Polish, Russian, Turkish.
  "|versand(?:kosten|informationen)?|lieferung|rückgabe|rückversand|retouren?|zahlung(?:sarten)?|umtausch|livraison|retours?|paiement|remboursements?|échanges?" +
  "|env[ií]os?|devoluci(?:ón|ones)|pagos?|entregas?|cambios|frete|devoluç(?:ão|ões)|trocas?|pagamentos?|spedizion[ei]|resi|reso|consegna|pagament[oi]" +
  "|verzending|levering|retourneren|betaling|dostawa|wysyłka|zwroty?|płatnoś(?:ć|ci)|доставка|возврат(?:\\s+товара)?|оплата|обмен|kargo|teslimat|[iİ]ade|ödeme|değişim" +
  // Japanese, Chinese, Korean.
  "|配送|送料|返品|交換|お?支払い(?:方法)?|決済(?:方法)?|运费|運費|退换货|退換貨|售后|售後|支付|付款|배송|교환|반품|환불|결제";
const SHIPPING_TITLE = new RegExp(
  `^(?:free\\s+)?(?:${SHIPPING_WORDS})(?:\\s*(?:&|and|\\+|,|/|und|et|y|e|en|i|и|ve|・|／|、|及|与|與|및)\\s*(?:free\\s+)?(?:${SHIPPING_WORDS}))*` +
    "(?:\\s*(?:policy|policies|info|information|details|options|informationen|bedingungen|conditions|política|condiciones|informações|informazioni|informatie|warunki|условия|koşulları|について|に関して|说明|說明|政策|服务|服務|保障|方式|方法|안내|정보|규정|정책))?[\\s:.]*$",
  "i",
);

/**
 * On a product page, the shop's shipping and returns terms are the same on every product, not
 * this product's: such a section (titled by a heading or an accordion's summary or button) goes
 * when it is written as prose. Fields of this item's offer ("Return for refund within: 30
 * days") are not prose and stay.
 */
export function dropShippingSections(root: Element | Document, rootMass: number, mass: Map<AnyNode, number>, skipped: Set<Element>): void {
  const trial = new Set(skipped);
  dropSuggestionSections(root, rootMass, mass, trial, SHIPPING_TITLE, true);
  for (const el of trial) if (!skipped.has(el) && proseWords(el, (e) => skipped.has(e)) >= PROSE_BLOCK_WORDS) skipped.add(el);
}

/**
 * A product's reviews and its buyers' questions, titled in the shop's words: "Customer Reviews
 * (1,532)", "Guest ratings & reviews", "Reviews (212)", "Questions & Answers (1.1K)", "Q&A";
 * "Kundenbewertungen", "Avis clients", "Opiniones de clientes", "Отзывы покупателей". The whole
 * heading must be such a title, a count aside. A bare "Reviews" without a count may title the
 * quotations a shop chose (a game's press quotes, a sandal's testimonials), which are its own words.
 */
const RESPONSES_COUNT = "\\s*\\(\\s*[\\d.,]+\\s*[kKmM]?\\+?\\s*\\)";
const RESPONSES_TITLE = new RegExp(
  "^(?:(?:" +
    [
      "(?:customer|guest|product|user|verified|member|buyer|shopper)s?'?\\s+(?:reviews?|ratings?)(?:\\s*(?:&|and|\\+)\\s*(?:reviews?|ratings?|questions?))?",
      "(?:reviews?|ratings?)\\s*(?:&|and|\\+)\\s*(?:reviews?|ratings?|questions?(?:\\s*(?:&|and)\\s*answers?)?)",
      "(?:(?:customer|product)\\s+)?(?:questions?(?:\\s*(?:&|and)\\s*answers?)?|q\\s*&\\s*a'?s?)",
      "kundenbewertungen|kundenmeinungen|fragen\\s+und\\s+antworten|avis\\s+(?:clients?|des\\s+clients)|questions\\s+et\\s+réponses|opiniones\\s+de\\s+(?:los\\s+)?clientes",
      "preguntas\\s+y\\s+respuestas|avaliações\\s+de\\s+clientes|recensioni\\s+clienti|отзывы\\s+покупателей",
    ].join("|") +
    `)(?:${RESPONSES_COUNT})?|(?:reviews?|ratings?|bewertungen|avis|opiniones|reseñas|avaliações|recensioni|beoordelingen|opinie|отзывы)${RESPONSES_COUNT})[\\s:.]*$`,
  "i",
);

/**
 * On a product page, its reviews and questions are what buyers say, not the product's
 * description: a section such a heading titles goes, as sections of suggestions do (shops
 * whose hashed class names say nothing, AliExpress's `list--itemBox`, and sections whose
 * class names no rule reads).
 */
export function dropResponseSections(root: Element | Document, rootMass: number, mass: Map<AnyNode, number>, skipped: Set<Element>): void {
  dropSuggestionSections(root, rootMass, mass, skipped, RESPONSES_TITLE);
}

/** A header row adds at most this text mass to its heading (a subtitle, a badge, a "See all" link). */
const HEADER_EXTRA_WORDS = 50;
/** A header row holds one link at most ("See all") and is small. */
const HEADER_LINKS = 1;
const HEADER_MAX_NODES = 1000;

/** Links in `box` outside `inner`, or null past `maxNodes` nodes. */
function linksBeside(box: Element, inner: Element, maxNodes: number): number | null {
  let links = 0;
  let nodes = 0;
  for (const n of nodesInOrder(box, (e) => e === inner)) {
    if (++nodes > maxNodes) return null;
    if (isTag(n) && n.name === "a" && n !== inner && n.attribs.href !== undefined) links++;
  }
  return links;
}

/** A parent adding at most this text mass to its heading only wraps it. */
const WRAPPER_EXTRA_WORDS = 3;

/**
 * "Was this page helpful?" with its Yes and No buttons, and the thanks shown after a click
 * (Docsy's feedback box, ReadMe's page rating, documentation widgets): the question names no
 * content. Its box goes (past wrappers that add only the buttons, then the box that holds the
 * question beside its title and its thanks) while it is a small part of the content.
 */
const FEEDBACK_PROMPT =
  /^(?:was|is|did|does)\s+this\s+(?:page|article|doc|document|documentation|guide|content|information|answer|section|tutorial|post)\s+(?:(?:helpful|useful)(?:\s+(?:to|for)\s+you)?|help(?:\s+you)?|answer\s+your\s+question)\s*\??$/i;
/** Other wordings: Canada.ca's "Did you find what you were looking for?", Freshdesk's "Did you find it helpful?", "Was this helpful?". */
const FEEDBACK_PROMPT_MORE =
  /^(?:did\s+you\s+find\s+(?:what\s+you\s+(?:were|are)\s+looking\s+for|(?:it|this)(?:\s+[\w-]+){0,3}\s+(?:helpful|useful))|(?:was|is)\s+this(?:\s+[\w-]+){0,3}\s+(?:helpful|useful))\s*\??$/i;
/** A feedback box is dropped only while it is less than this share of the content. */
const FEEDBACK_BOX_SHARE = 0.25;
/** Characters of a text that can be the question at most. */
const FEEDBACK_PROMPT_CHARS = 60;
const MAX_FEEDBACK_PROMPTS = 10;

export function dropFeedbackPrompts(root: Element | Document, rootMass: number, mass: Map<AnyNode, number>, skipped: Set<Element>): void {
  const massOf = (n: AnyNode) => mass.get(n) ?? 0;
  const prompts: Element[] = [];
  // Text by text, one walk: the question is one text node ("Was this page helpful?").
  for (const n of nodesInOrder(root, (el) => skipped.has(el))) {
    if (!isText(n) || !n.parent || !isTag(n.parent) || n.data.length > FEEDBACK_PROMPT_CHARS * 2) continue;
    const text = n.data.replace(/\s+/g, " ").trim();
    if (text.length <= FEEDBACK_PROMPT_CHARS && (FEEDBACK_PROMPT.test(text) || FEEDBACK_PROMPT_MORE.test(text))) prompts.push(n.parent);
    // A page asks once or twice: thousands of questions in one box would each search it.
    if (prompts.length >= MAX_FEEDBACK_PROMPTS) break;
  }
  for (const prompt of prompts) {
    let box = wrapperBox(prompt, root, mass);
    // The box around it with its title and its thanks (after the question), when no prose comes
    // before the question in it: a section that ends with the question keeps its text.
    const outer = box.parent;
    if (
      outer &&
      isTag(outer) &&
      outer !== root &&
      massOf(outer) < rootMass * FEEDBACK_BOX_SHARE &&
      !proseBefore(outer, box, skipped) &&
      !findFirst(outer, (e) => e.name === "h1")
    )
      box = outer;
    if (massOf(box) < rootMass * FEEDBACK_BOX_SHARE) skipped.add(box);
  }
}

/** Whether a child of `parent` before `child` holds prose. */
function proseBefore(parent: Element, child: Element, skipped: Set<Element>): boolean {
  for (const c of parent.children) {
    if (c === child) return false;
    if (isTag(c) && !skipped.has(c) && proseWords(c, (el) => skipped.has(el)) > 0) return true;
  }
  return false;
}

/** An element and the wrappers around it that add next to nothing (buttons, a "See all" link), up to the root. */
function wrapperBox(el: Element, root: Element | Document, mass: Map<AnyNode, number>): Element {
  const own = mass.get(el) ?? 0;
  let box = el;
  for (let up = el.parent; up && isTag(up) && up !== root && (mass.get(up) ?? 0) - own <= WRAPPER_EXTRA_WORDS; up = up.parent) box = up;
  return box;
}

/** Options of a form: at least this many, each a few words beside its checkbox or radio button. */
const OPTION_LIST_MIN = 2;
const OPTION_WORDS = 6;
/** A checklist's box, named for tasks (as the Markdown writer reads task lists). */
const TASK_BOX = /task|todo|check-?list/i;
/** An option is small: past this many nodes an item is something else. */
const OPTION_MAX_NODES = 40;

/**
 * A list of options to tick (a listing's filters: "Under $25", "Like new", "Free shipping"; a
 * picker's choices), whatever its classes say: sibling items that are each a checkbox or a radio
 * button with a few words and nothing more are a form's control, as a <select> is.
 */
export function dropOptionLists(root: Element | Document, skipped: Set<Element>): void {
  const isOption = (el: Element): boolean => {
    let input = false;
    let words = 0;
    let nodes = 0;
    for (const n of nodesInOrder(el)) {
      if (++nodes > OPTION_MAX_NODES) return false;
      if (isText(n)) words += textWords(n.data);
      // A disabled box only shows a state (a task list's "[x] Done"), and one named for tasks is a
      // checklist's (as the Markdown writer reads them): no option to tick.
      else if (
        isTag(n) &&
        n.name === "input" &&
        /^(?:checkbox|radio)$/i.test(n.attribs.type ?? "") &&
        n.attribs.disabled === undefined &&
        !TASK_BOX.test(`${el.attribs.class ?? ""} ${n.attribs.class ?? ""}`)
      )
        input = true;
      if (words > OPTION_WORDS) return false;
    }
    return input;
  };
  const visit = (el: Element | Document) => {
    const items = el.children.filter((c): c is Element => isTag(c) && !skipped.has(c));
    if (
      isTag(el as AnyNode) &&
      items.length >= OPTION_LIST_MIN &&
      !TASK_BOX.test((el as Element).attribs.class ?? "") &&
      items.every(isOption)
    ) {
      skipped.add(el as Element);
      return;
    }
    for (const c of items) visit(c);
  };
  visit(root);
}

/** A sign-up box holds at most this many words besides its form (a title, a line of promise). */
const SIGNUP_BOX_WORDS = 30;
const EMAIL_FIELD = /e-?mail/i;
const MAX_SIGNUP_FIELDS = 20;

/**
 * A box to sign up with an e-mail address (a newsletter's "Subscribe to our newsletter / Be the
 * first to hear about…", "Join our mailing list"): the field's form goes as a small form, and so
 * does the box around it, up to the largest one that adds only a few words (its title and its
 * blurb) and does not hold the page's title.
 */
export function dropSignupBoxes(root: Element | Document, mass: Map<AnyNode, number>, skipped: Set<Element>): void {
  const fields = findAll(root as Element, (el) => {
    if (el.name !== "input") return false;
    const type = (el.attribs.type ?? "text").toLowerCase();
    if (type === "email") return true;
    return (
      (type === "text" || type === "") &&
      EMAIL_FIELD.test(
        `${el.attribs.name ?? ""} ${el.attribs.placeholder ?? ""} ${el.attribs["aria-label"] ?? ""} ${el.attribs.autocomplete ?? ""}`,
      )
    );
  });
  if (!fields.length) return;
  // The boxes that hold a title, marked once (a search of each box climbed through would cost
  // the subtree each time).
  const holdsTitle = new Set<AnyNode>();
  for (const h1 of findAll(root as Element, (e) => e.name === "h1"))
    for (let p: AnyNode | null = h1; p && !holdsTitle.has(p); p = p.parent) holdsTitle.add(p);
  const titles = titleCounter();
  // A page has a sign-up box or two: thousands of fields would each climb the tree.
  for (const field of fields.slice(0, MAX_SIGNUP_FIELDS)) {
    const box = formBox(field, (p) => p !== root && (mass.get(p) ?? 0) <= SIGNUP_BOX_WORDS && !holdsTitle.has(p), titles);
    if (box) skipped.add(box);
  }
}

/**
 * The largest box around a form or one of its fields, climbing while `fits` takes the next
 * ancestor (`up` levels above the first), that holds one title at most: its own ("Subscribe to
 * our newsletter", "Your answer"); a second is a section of its own beside it ("Service area"
 * above a contact form). Undefined when no ancestor fits.
 */
export function formBox(
  start: Element,
  fits: (box: Element, up: number) => boolean,
  titles: (parent: Element) => number,
): Element | undefined {
  let box: Element | undefined;
  let titled = false;
  for (let p = start.parent, from = start, up = 0; p && isTag(p) && fits(p, up); from = p, p = p.parent, up++) {
    const adds = titles(p) > (opensWithHeading(from) ? 1 : 0);
    if (adds && titled) break;
    titled ||= adds;
    box = p;
  }
  return box;
}

/** How many of a parent's children are or open with a heading, counted once per parent (20,000 forms in one box would each count their siblings). */
export function titleCounter(): (parent: Element) => number {
  const counts = new Map<Element, number>();
  return (parent) => {
    let n = counts.get(parent);
    if (n === undefined) counts.set(parent, (n = parent.children.filter((c) => isTag(c) && opensWithHeading(c)).length));
    return n;
  };
}

/** Whether an element is a heading or opens with one (a title block: `<div><h2>Service area</h2></div>`). */
function opensWithHeading(el: Element): boolean {
  if (HEADINGS.has(el.name)) return true;
  const first = el.children.find(isTag);
  return !!first && HEADINGS.has(first.name);
}

/** A control that puts the item in the cart or buys it ("Add to cart", "In den Warenkorb", "カートに入れる", "В корзину", "Sepete Ekle", "أضف إلى السلة"), in the big shops' languages; an arrow after it ("바로구매 >") is its decoration. */
const PURCHASE_CONTROL =
  /^(?:add|add\s+to\s+(?:cart|bag|basket|trolley)|buy\s+(?:it\s+)?now|in\s+den\s+(?:warenkorb|einkaufswagen)|jetzt\s+kaufen|ajouter\s+au\s+panier|acheter(?:\s+maintenant)?|(?:añadir|agregar)\s+al\s+carrito|comprar(?:\s+ahora)?|adicionar\s+(?:à|ao)\s+(?:sacola|carrinho)|aggiungi\s+al\s+carrello|in\s+(?:de\s+)?winkelwagen|dodaj\s+do\s+koszyka|kup\s+teraz|カートに入れる|買い物かごに入れる|今すぐ購入|加入购物车|立即购买|장바구니\s*담기|바로\s*구매|masukkan\s+keranjang|beli\s+sekarang|thêm\s+vào\s+giỏ\s+hàng|mua\s+ngay|(?:добавить\s+)?в\s+корзину|купить(?:\s+(?:сейчас|в\s+(?:1|один)\s+клик))?|додати\s+(?:в|до)\s+кошика?|купити|sepete\s+ekle|hemen\s+al|şimdi\s+al|أضِ?ف\s+(?:إلى|الى|لل)\s*السلة|اشتر(?:ِ|ي)?\s+الآن|(?:หยิบ)?ใส่(?:ลง)?(?:ตะกร้า|รถเข็น)|เพิ่ม(?:ลง|ใน|ไปยัง)(?:ตะกร้า|รถเข็น)|ซื้อ(?:เลย|ทันที|สินค้า)|(?:přidat\s+)?do\s+košíku|koupit|lägg\s+i\s+(?:varukorgen|kundvagnen)|læg\s+i\s+kurv(?:en)?|legg\s+i\s+handlekurv(?:en)?|lisää\s+ostoskoriin|kosárba(?:\s+teszem)?|adaugă\s+în\s+coș|προσθήκη\s+στο\s+καλάθι|הוסף\s+לסל|カートに追加|カートへ(?:入れる|追加)|買い物かごへ入れる|かごに(?:入れる|追加)|加入購物車|立即購買|바로\s*구매(?:하기)?|구매하기)\s*[>›»→]?$/iu;
/** A form that posts to the cart. */
const CART_ACTION = /\/(?:cart|basket|bag|warenkorb|panier|carrito|koszyk)(?:\/|\?|$)|add[-_]?to[-_]?cart|cart\/add|basket\/add/i;

/** The control that puts an item in the cart or buys it at this node: a button's text or label, a form posting to the cart. */
function purchaseControlAt(n: AnyNode): Element | undefined {
  if (isText(n)) {
    const text = n.data.trim();
    return text.length <= 40 && n.parent && isTag(n.parent) && PURCHASE_CONTROL.test(text.replace(/\s+/g, " ")) ? n.parent : undefined;
  }
  if (!isTag(n)) return undefined;
  const label = n.attribs["aria-label"] ?? (n.name === "input" ? n.attribs.value : undefined);
  return (label && label.length <= 40 && PURCHASE_CONTROL.test(label.trim())) ||
    (n.name === "form" && CART_ACTION.test(n.attribs.action ?? ""))
    ? n
    : undefined;
}

/** A price on a line of its own: an amount with its currency, and at most a few words. */
const PRICE_LINE_WORDS = 4;
const PRICE =
  /[\p{Sc}]\s?\d|\d[\d.,\s]*\s?(?:[\p{Sc}]|zł|kr|Kč|lei|円|원|元|руб)|(?:rs\.?|inr|usd|eur|gbp|cad|aud|chf|pln|sek|nok|dkk)\s?\d/iu;
/** The buy box is read so only while it is less than this share of the content. */
const BUY_BOX_SHARE = 0.5;
/** A product's buy box has one control or a few (its form, "Add to cart", "Buy now"); a listing has one per card. */
const BUY_BOX_CONTROLS = 3;
/** A short description under the title is a sentence or two: this many words and a full stop, or a block of prose. */
const SENTENCE_WORDS = 10;

/**
 * The buy box. In the box that holds both the product's title (its <h1>) and its purchase
 * control, what comes after the title's branch is the shop's interface (delivery, stock, seller,
 * quantity, payment plans, services to add), except what holds the product's own words: prose or
 * a sentence of SENTENCE_WORDS words (not a list item: so short, that is a benefit or a service),
 * a table, a definition list, an accordion (<details>), a heading, a price on its own line, and
 * a field of the product's record ("SKU: TK-0801", a label beside its value).
 * A box that holds some of those is read part by part. Only while that box is a minor part of
 * the content and holds a few purchase controls at most: a product page whose description
 * stands beside the button keeps it, and a listing's cards are its content.
 */
export function dropBuyBox(
  root: Element | Document,
  rootMass: number,
  mass: Map<AnyNode, number>,
  heading: Element | undefined,
  skipped: Set<Element>,
): void {
  const h1 = heading ?? findFirst(root as Element, (el) => el.name === "h1" && !closestElement(el, (e) => skipped.has(e), true));
  if (!h1) return;
  // One walk: every purchase control, and the first that follows the title (not inside it).
  const controls: Element[] = [];
  let control: Element | undefined;
  let pastTitle = false;
  for (const n of nodesInOrder(root as Element)) {
    if (n === h1) pastTitle = true;
    const found = purchaseControlAt(n);
    if (!found) continue;
    controls.push(found);
    if (pastTitle && !control && !closestElement(found, (e) => e === h1, true)) control = found;
  }
  if (!control) return;
  const above = new Set<AnyNode>();
  for (let p: AnyNode | null = h1; p; p = p.parent) above.add(p);
  let found: AnyNode | null = control;
  while (found && !above.has(found)) found = found.parent;
  if (!found || !isTag(found) || found === root || (mass.get(found) ?? 0) >= rootMass * BUY_BOX_SHARE) return;
  const box = found;
  if (controls.filter((c) => closestElement(c, (e) => e === box, true)).length > BUY_BOX_CONTROLS) return;
  const titleBranch = box.children.find((c) => above.has(c))!;
  const keeps = (el: Element): boolean =>
    el.name === "table" ||
    el.name === "dl" ||
    el.name === "details" ||
    HEADINGS.has(el.name) ||
    isSentence(el) ||
    isPriceLine(el) ||
    isLabelledValue(el);
  // Once per element: each level of the box asks about everything below it.
  const held = new Map<Element, boolean>();
  const holds = (el: Element): boolean => {
    let known = held.get(el);
    if (known === undefined) held.set(el, (known = !skipped.has(el) && (keeps(el) || el.children.some((c) => isTag(c) && holds(c)))));
    return known;
  };
  const judge = (el: Element) => {
    if (skipped.has(el) || keeps(el)) return;
    if (!holds(el)) skipped.add(el);
    else for (const c of el.children) if (isTag(c)) judge(c);
  };
  for (const c of box.children.slice(box.children.indexOf(titleBranch) + 1)) if (isTag(c)) judge(c);
}
const isSentence = (el: Element): boolean => {
  const words = ownWords(el);
  return words >= PROSE_BLOCK_WORDS || (el.name !== "li" && words >= SENTENCE_WORDS && /[.!?。！？]\s*$/u.test(textOf(el)));
};
/** A field of the product's record, not of its offer: "SKU: TK-0801", "Category: Teapots", "Tags: …", "Model" beside its value; "Marca", "Бренд", "品牌", "型番", "브랜드" in other shops' languages. */
const RECORD_FIELD =
  /^(?:sku|item(?:\s+(?:no|number|#))?|model(?:\s+(?:no|number))?|mpn|upc|ean|isbn|gtin|part\s+(?:no|number)|categor(?:y|ies)|tags?|brand|vendor|manufacturer|article\s+(?:no|number)|art\.?-?nr\.?|artikelnummer|r[ée]f[ée]rence|ref\.?|product\s+code|code|marca|marque|marke|marka|merk|modelo|modèle|modell|código|codice|kod|categoría|catégorie|kategorie|kategori|бренд|модель|артикул|категория|品牌|型号|型號|货号|貨號|商品编号|商品編號|ブランド|型番|品番|商品番号|カテゴリー?|브랜드|모델명?|품번|상품번호|카테고리)\s*[:.：]?$/iu;
const LABELLED_VALUE_WORDS = 20;
const isLabelledValue = (el: Element): boolean => {
  // Read only as far as a field runs: a box may hold a whole page.
  const text = shortText(el, LABELLED_VALUE_WORDS);
  if (text === null) return false;
  const colon = text.indexOf(":");
  if (!hasBlockChild(el) && colon > 0 && RECORD_FIELD.test(text.slice(0, colon))) return true;
  const parts = el.children.filter((c) => (isTag(c) && textOf(c) !== "") || (isText(c) && c.data.trim() !== ""));
  return parts.length === 2 && isTag(parts[0]!) && isTag(parts[1]!) && RECORD_FIELD.test(textOf(parts[0]!));
};
const isPriceLine = (el: Element): boolean => {
  if (hasBlockChild(el)) return false;
  const text = shortText(el, PRICE_LINE_WORDS);
  return text !== null && PRICE.test(text);
};

/** A caption is short: past this many words a box named "caption" is text of its own. */
const CAPTION_MAX_WORDS = 80;
/** Words a figure may hold beside its caption (an "Enlarge" link, a credit, a button's label). */
const FIGURE_EXTRA_WORDS = 12;
/** Levels above a caption where its picture may stand (Blogger's caption row of a table, a credit line under a caption). */
const FIGURE_DEPTH = 4;
const MEDIA = new Set(["img", "picture", "video", "iframe", "svg", "canvas", "amp-img"]);
/** Nodes read of a figure at most. */
const FIGURE_MAX_NODES = 300;
/** A figure's words and whether it holds a picture; undefined past FIGURE_MAX_NODES nodes. */
const figureBox = (box: Element) => smallBox(box, FIGURE_MAX_NODES);
/** A small box's words and whether it holds a picture; undefined past `maxNodes` nodes. */
function smallBox(box: Element, maxNodes: number): { words: number; media: boolean } | undefined {
  let words = 0;
  let media = false;
  let budget = maxNodes;
  for (const n of nodesInOrder(box)) {
    if (--budget < 0) return undefined;
    if (isText(n)) words += textWords(n.data);
    else if (isTag(n) && MEDIA.has(n.name)) media = true;
  }
  return { words, media };
}
/** A class that names a picture's caption or credit: "caption", "wp-caption-text", "imageCaption", "Figure-credit", "b-label__caption". */
const CAPTION_CLASS =
  /^(?:[a-z0-9]+[-_])*(?:caption|figcaption|caption[-_]?(?:text|credit|meta)|(?:image|img|photo|picture|media|video)[-_]?(?:caption|credit|source)s?|credit|credits)$/i;

/**
 * On a page that says it is a story (a news article, a blog post), the captions and credits
 * of its pictures describe the pictures, not the story: a `<figcaption>`, or a box named for a
 * caption or a credit, inside a figure (a box around a picture that holds little else).
 */
export function dropPictureCaptions(root: Element | Document, skipped: Set<Element>): void {
  const captions: Element[] = [];
  const visit = (n: AnyNode) => {
    if (!isTag(n) || skipped.has(n)) return;
    // A box named for a caption that holds the picture itself is the figure (WordPress's "wp-caption"): its caption is inside.
    const named = () =>
      !!n.attribs.class &&
      n.attribs.class
        .split(/\s+/)
        .flatMap(classWords)
        .some((t) => CAPTION_CLASS.test(t));
    if (n.name === "figcaption" || (named() && !figureBox(n)?.media)) {
      captions.push(n);
      return;
    }
    for (const c of n.children) visit(c);
  };
  for (const c of root.children) visit(c);
  for (const caption of captions) {
    const words = figureBox(caption)?.words;
    if (words === undefined || words > CAPTION_MAX_WORDS) continue;
    let up = 0;
    let framed = false;
    for (let box = caption.parent; box && isTag(box) && box !== root && up < FIGURE_DEPTH; box = box.parent, up++) {
      // A figure is small: a box past FIGURE_MAX_NODES is the text around pictures, not one picture's frame.
      const figure = figureBox(box);
      if (!figure) break;
      if (!figure.media) continue;
      if (figure.words <= words + FIGURE_EXTRA_WORDS) skipped.add(caption);
      framed = true;
      break;
    }
    // A caption written right after its picture's box, in the text's flow (the Daily Mail's
    // "mol-img" then "imageCaption"): the box before it holds the picture and next to no words.
    if (!framed && caption.name !== "figcaption") {
      let prev = caption.prev;
      while (prev && !isTag(prev) && !(isText(prev) && HAS_WORD.test(prev.data))) prev = prev.prev;
      const picture = prev && isTag(prev) ? figureBox(prev) : undefined;
      if (picture?.media && picture.words <= FIGURE_EXTRA_WORDS) skipped.add(caption);
    }
  }
}

/**
 * The label of an advertisement slot, alone in its block: "Advertisement", "ADVERTISEMENT",
 * "- Advertisement -", "Story continues below advertisement", "Continue reading the main
 * story", "Anzeige", "Publicité", "Publicidad", "Реклама", "广告", a shop's "Sponsored"; and "광고", "โฆษณา",
 * "إعلان", "विज्ञापन", "Quảng cáo", "Reklam", "Reklama", "Iklan", "スポンサーリンク", "Annons"… in the languages of other
 * publishers.
 */
const AD_LABEL =
  /^(?:advertisements?|sponsored|anzeige|werbung|publicit[ée]|publicidad|pubblicit[àa]|publicidade|advertentie|реклама|广告|廣告|広告|スポンサーリンク|推广|광고|โฆษณา|إعلان|اعلان|विज्ञापन|quảng\s+cáo|reklam|reklama|iklan|annons|annonse|mainos|hirdetés|publicitate|διαφήμιση|פרסומת|skip advertisement|(?:advertisement\s*)?(?:story|article|text)\s+continues\s+(?:below|after)(?:\s+(?:this\s+)?(?:advertisement|ad))?|(?:advertisement\s*)?continue\s+reading\s+(?:below|the\s+main\s+story)|scroll\s+(?:down\s+)?to\s+continue(?:\s+(?:with|reading)\s+(?:the\s+)?(?:content|article|story))?)$/i;
/** An ad label is short: longer texts are not read. */
const AD_LABEL_CHARS = 60;

/**
 * An advertisement's label left alone in the text once its slot is gone (a script fills the
 * slot; the label is written in the page): the block that holds only the label goes. A
 * heading is a section's title ("Advertising" in a privacy policy), never a label.
 */
export function dropAdLabels(root: Element | Document, skipped: Set<Element>, mass?: Map<AnyNode, number>, rootMass = 0): void {
  // Boxes already left out are read too: a shop names its ad badge's box for what it is
  // (`item-sponsored`), and the card around it is still to be found.
  // Each badge reads a few card-sized boxes around it: a bounded number of badges, so that a
  // hostile page of 100,000 badges in boxes just under a card's size cannot read each box again.
  let cardsSought = 0;
  for (const n of nodesInOrder(root, (el) => HEADINGS.has(el.name))) {
    if (!isText(n) || n.data.length > AD_LABEL_CHARS * 2 || !n.parent || !isTag(n.parent)) continue;
    const label = n.data.replace(/[\s\-–—_:|·•]+/g, " ").trim();
    if (!label || label.length > AD_LABEL_CHARS) continue;
    const card =
      (AD_LABEL.test(label) || CARD_AD_LABEL.test(label)) && cardsSought++ < MAX_AD_CARDS_SOUGHT
        ? adCard(n.parent, lettersAndDigits(label), root, mass, rootMass)
        : undefined;
    if (card) skipped.add(card);
    if (!AD_LABEL.test(label) || closestElement(n.parent, (el) => skipped.has(el), true)) continue;
    // The box the label is all the text of, up to a few levels (a <p> in a <div> around it).
    const own = lettersAndDigits(label);
    let box: Element = n.parent;
    for (let up = 0; up < INLINE_WRAPPERS && box.parent && isTag(box.parent) && box.parent !== root && holdsOnly(box.parent, own); up++)
      box = box.parent;
    if (holdsOnly(box, own)) skipped.add(box);
  }
}
/** Shorter badges a shop or a feed writes on a paid card: "Ad", "Promoted", "Sponsored product". */
const CARD_AD_LABEL = /^(?:ad|promoted|sponsored (?:products?|results?|ads?|listings?))$/i;
/** Ad badges whose card is sought per page: a shop's results page shows a few dozen. */
const MAX_AD_CARDS_SOUGHT = 200;
/** Levels above an ad's badge read for its card: the badge sits in the card's footer or corner. */
const AD_CARD_LEVELS = 6;
/** An ad's card is one product's box: past this many nodes or characters it is a row of them, or the page. */
const AD_CARD_MAX_NODES = 400;
const AD_CARD_MAX_CHARS = 1200;

/**
 * The card an ad's badge labels: the nearest box around the badge (a few levels up) that
 * holds a picture, a link to another page and a price, as a shop's paid placement is drawn
 * among its own products (Newegg's "Sponsored" card inside a product's page, Amazon's and
 * Target's sponsored tiles). The badge alone ("Sponsored", "Ad", "Promoted") must be the whole
 * text of its own small box, so a sentence that mentions sponsors is no badge.
 */
function adCard(
  labelBox: Element,
  letters: string,
  root: Element | Document,
  mass: Map<AnyNode, number> | undefined,
  rootMass: number,
): Element | undefined {
  let badge: Element = labelBox;
  for (
    let up = 0;
    up < INLINE_WRAPPERS && badge.parent && isTag(badge.parent) && badge.parent !== root && holdsOnly(badge.parent, letters);
    up++
  )
    badge = badge.parent;
  if (!holdsOnly(badge, letters)) return undefined;
  let box: Element = badge;
  for (let up = 0; up < AD_CARD_LEVELS && box.parent && isTag(box.parent) && box.parent !== root; up++) {
    box = box.parent;
    const text = boundedText(box, AD_CARD_MAX_NODES, AD_CARD_MAX_CHARS, (e) => SKIPPED_TEXT.has(e.name));
    if (text === null) return undefined;
    const picture = findFirst(box, (e) => e.name === "img" || e.name === "picture");
    const link = findFirst(box, (e) => e.name === "a" && /^(?:https?:|\/|\.|[\w-]+(?:[/?]|$))/i.test((e.attribs.href ?? "").trim()));
    // A card first: its title may be a heading (`<h3>` in a shop's tile), and the grid around it
    // is not the ad. Not a box next to an <h1>: that is the headline's byline (a picture,
    // the author's link, a "Sponsored" tag and a price named in the standfirst).
    if (picture && link && PRICE.test(text)) return besideMainHeading(box) ? undefined : box;
    // The badge beside a section's title, without a picture or a price: the header row of a sponsored carousel.
    if (mass && findFirst(box, (e) => HEADINGS.has(e.name) && e.name !== "h1"))
      return textWords(text) <= AD_HEADER_WORDS ? sponsoredSection(box, root, mass, rootMass) : undefined;
  }
  return undefined;
}

/** Whether the element stands next to an <h1> (only white space between): the headline's own block. */
function besideMainHeading(el: Element): boolean {
  const near = (s: AnyNode | null, step: (n: AnyNode) => AnyNode | null): boolean => {
    while (s && isText(s) && !HAS_WORD.test(s.data)) s = step(s);
    return s !== null && isTag(s) && s.name === "h1";
  };
  return near(el.prev, (n) => n.prev) || near(el.next, (n) => n.next);
}

/** A header row is a title and its badge, perhaps a pager or a subtitle. */
const AD_HEADER_WORDS = 20;
/** What a header row's outer boxes may add to it: a "Page 1 of 4" pager, a "See all" link. */
const AD_HEADER_EXTRA_WORDS = 12;

/**
 * The section a header row with an ad's badge opens ("Customers frequently viewed · Sponsored"
 * over a carousel of paid placements; a search engine's "Sponsored" block): the row grows past
 * boxes that add next to nothing, and the box it opens goes while it is under half the content.
 */
function sponsoredSection(row: Element, root: Element | Document, mass: Map<AnyNode, number>, rootMass: number): Element | undefined {
  const massOf = (n: AnyNode) => mass.get(n) ?? 0;
  // Words counted in full, links too: a carousel's cards are mostly links, light by mass.
  const wordsOf = (el: Element) => {
    const text = boundedText(el, AD_CARD_MAX_NODES, AD_CARD_MAX_CHARS, (e) => SKIPPED_TEXT.has(e.name));
    return text === null ? Infinity : textWords(text);
  };
  let header = row;
  let headerWords = wordsOf(row);
  for (let up = header.parent; up && isTag(up) && up !== root && opensBox(header, mass); up = up.parent) {
    const words = wordsOf(up);
    if (words - headerWords > AD_HEADER_EXTRA_WORDS) break;
    [header, headerWords] = [up, words];
  }
  const section = header.parent;
  if (!section || !isTag(section) || section === root || !opensBox(header, mass)) return undefined;
  const sectionMass = massOf(section);
  return sectionMass > massOf(header) && sectionMass < rootMass * SUGGESTIONS_SHARE ? section : undefined;
}
/** Whether nothing with words stands before the element in its parent (read from the measured mass, not the text). */
function opensBox(el: Element, mass: Map<AnyNode, number>): boolean {
  for (let s = el.prev; s; s = s.prev) if ((isText(s) && HAS_WORD.test(s.data)) || (isTag(s) && (mass.get(s) ?? 0) > 0)) return false;
  return true;
}

/** Nodes read to tell whether a box holds only a label: an ad's box is small. */
const AD_BOX_MAX_NODES = 60;
/** Whether the element's text is only the given letters (read from at most AD_BOX_MAX_NODES nodes). */
function holdsOnly(el: Element, letters: string): boolean {
  let text = "";
  let budget = AD_BOX_MAX_NODES;
  for (const n of nodesInOrder(el)) {
    if (--budget < 0) return false;
    if (isText(n) && (text += lettersAndDigits(n.data)).length > letters.length) return false;
  }
  return text === letters;
}

/** Levels above the headline that make its title block. */
const TITLE_BLOCK_DEPTH = 2;
/** A dateline or a byline is short: a few names, a date, a reading time. */
const DATELINE_MAX_WORDS = 25;
const DATELINE_MAX_NODES = 100;
/** A run of this many words in one text is a sentence, not a byline. */
const DATELINE_SENTENCE_WORDS = 15;
/** "March 2, 2024", "2 Mar 2024", "2024-03-02", "04/03/2021", "04.03.2021", "2021年03月04日". */
const DATE_TEXT =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b|\b\d{1,2}\.? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{4}\b|\d{4}年\d{1,2}月\d{1,2}日/i;
/** "By Jane Roe", "Par Claire Martin", "Von Jan Kaiser", "Por Lucía Fernández". */
const BYLINE_TEXT = /^\s*(?:by|par|von|por|door|di|de)\s*:?\s+\p{Lu}/u;
/** Whether a short line reads as a dateline or a byline: a written date, "By …", a `<time>`. */
export const readsAsDateline = (el: Element, text: string): boolean =>
  DATE_TEXT.test(text) || BYLINE_TEXT.test(text) || !!findFirst(el, (e) => e.name === "time");
/** A link to an author's page. */
const AUTHOR_HREF = /\/(?:author|authors|by|profiles?|staff|people|journalists?|autor|auteur|autore|reporters?|contributors?)\//i;
/** Class words of a byline or a dateline: "byline", "c-byline", "author-name", "entry-date", "post-meta", "article-timestamp". */
const DATELINE_CLASS =
  /^(?:[a-z0-9]+[-_])*(?:byline|bylines|author|authors|author[-_]?name|dateline|date|dates|timestamp|published|pubdate|time|meta|metas|meta[-_]?info|metadata)(?:[-_][a-z0-9]+)?$/i;

/**
 * On a page that says it is a story, the dateline and the byline between the headline and
 * the story's first paragraphs name who wrote it and when, as the metadata does; they are not
 * the story. A short box there (no sentence in it) that holds a `<time>`, a written date, a
 * "By …" line or a link to an author's page goes. The story starts at its first paragraph
 * that another paragraph follows in the same box (a standfirst stands alone).
 */
export function dropDatelines(root: Element | Document, heading: Element | undefined, skipped: Set<Element>): void {
  if (!heading) return;
  const leftOut = (el: Element) => skipped.has(el) || SKIPPED_TEXT.has(el.name);
  const isParagraph = (el: Element) => el.name === "p" && !leftOut(el) && ownWords(el, leftOut) >= DATELINE_SENTENCE_WORDS;
  // The story's first paragraph: one followed by another in its box, or, when each paragraph
  // has a box of its own (a newsroom's `<div class=…><p>…</p></div>` per paragraph), one whose
  // box is followed by a box of the same kind that opens with a paragraph.
  const opensWithParagraph = (box: Element): boolean => {
    const first = box.children.find(isTag);
    return first !== undefined && isParagraph(first);
  };
  const followedByParagraph = (el: Element): boolean => {
    for (let next = el.next; next; next = next.next) if (isTag(next) && isParagraph(next)) return true;
    const box = el.parent;
    if (!box || !isTag(box) || box === root || box.children.filter(isTag).length !== 1) return false;
    for (let next = box.next; next; next = next.next)
      if (isTag(next)) return next.name === box.name && next.attribs.class === box.attribs.class && opensWithParagraph(next);
    return false;
  };
  let start: Element | undefined;
  for (const el of elements(root as Element, leftOut)) {
    if (isParagraph(el) && followedByParagraph(el)) {
      start = el;
      break;
    }
  }
  if (!start) return;
  // The title block: the heading's box, a few levels up (the byline beside the headline in its
  // header), or, when the story's start is further out, the box that holds both (the headline,
  // byline and body as sibling grid areas of the story, as the Guardian lays them out). Only
  // what stands between the headline and the story's start is read.
  let top: Element | undefined;
  let up = 0;
  for (
    let p = heading.parent;
    p && isTag(p) && (up < TITLE_BLOCK_DEPTH || !closestElement(start, (e) => e === top, true));
    p = p.parent, up++
  ) {
    top = p;
    if (p === root) break;
  }
  if (!top) return;
  // Document order inside the title block, and the boxes that hold a heading or the story's start (never a dateline).
  const order = new Map<AnyNode, number>();
  let i = 0;
  for (const n of nodesInOrder(top)) order.set(n, i++);
  if (!order.has(start)) order.set(start, i);
  const from = order.get(heading) ?? -1;
  const to = order.get(start)!;
  const holds = new Set<AnyNode>();
  for (const n of order.keys())
    if (n === start || (isTag(n) && HEADINGS.has(n.name))) for (let p = n.parent; p && !holds.has(p); p = p.parent) holds.add(p);
  const candidates: Element[] = [];
  const visit = (n: AnyNode) => {
    if (!isTag(n) || leftOut(n) || HEADINGS.has(n.name)) return;
    const at = order.get(n) ?? -1;
    if (at > to) return;
    // Inside a paragraph of its own (a date in the story's first sentence) nothing is a dateline.
    if (ownWords(n, leftOut) >= DATELINE_SENTENCE_WORDS) return;
    if (at > from && !holds.has(n) && isDateline(n)) {
      candidates.push(n);
      return;
    }
    for (const c of n.children) visit(c);
  };
  for (const c of top.children) visit(c);
  for (const c of candidates) skipped.add(c);

  function isDateline(el: Element): boolean {
    let text = "";
    let words = 0;
    let marked = false;
    let budget = DATELINE_MAX_NODES;
    for (const n of nodesInOrder(el, leftOut)) {
      if (--budget < 0) return false;
      if (isText(n)) {
        const w = textWords(n.data);
        // A sentence is no byline.
        if (w >= DATELINE_SENTENCE_WORDS || (words += w) > DATELINE_MAX_WORDS) return false;
        text += n.data;
      } else if (isTag(n))
        marked ||=
          n.name === "time" || (n.name === "a" && (/\bauthor\b/i.test(n.attribs.rel ?? "") || AUTHOR_HREF.test(n.attribs.href ?? "")));
    }
    if (words === 0) return false;
    if (marked || DATE_TEXT.test(text) || BYLINE_TEXT.test(text)) return true;
    return (el.attribs.class ?? "")
      .split(/\s+/)
      .flatMap(classWords)
      .some((t) => DATELINE_CLASS.test(t));
  }
}

/**
 * A teaser's label: "Read more:", "RELATED:", "SEE ALSO", "À lire aussi", "Lesen Sie auch",
 * "Te puede interesar:", "SEGUIR LEYENDO:", "Читайте также", "相关阅读".
 */
const TEASER_LABEL = new RegExp(
  "^(?:" +
    [
      "read\\s+(?:more|also|next)",
      "also\\s+read",
      "see\\s+also",
      "related(?:\\s+(?:stor(?:y|ies)|articles?|coverage|content|reading|links?|news|video))?",
      "more\\s+on\\s+(?:this|this\\s+story|that)",
      "recommended(?:\\s+reading)?",
      "further\\s+reading",
      "(?:don.t|do\\s+not)\\s+miss",
      "must\\s+read",
      "à\\s+lire\\s+(?:aussi|également)|lire\\s+aussi|(?:à\\s+)?voir\\s+aussi|sur\\s+le\\s+même\\s+sujet",
      "lesen\\s+sie\\s+(?:auch|mehr)|siehe\\s+auch|mehr\\s+zum\\s+thema|auch\\s+interessant|zum\\s+thema",
      "(?:también\\s+)?te\\s+puede\\s+interesar|lee\\s+también|leer\\s+más|ver\\s+también|seguir\\s+leyendo|más\\s+sobre\\s+este\\s+tema|quizás\\s+te\\s+interese",
      "leia\\s+(?:também|mais)|veja\\s+também|leggi\\s+anche|lees\\s+ook",
      "читайте\\s+также|также\\s+читайте|смотрите\\s+также|по\\s+теме",
      "相[关關](?:阅读|閱讀|新闻|新聞|文章|报道|報導|链接|鏈接)|延伸[阅閱][读讀]|推荐阅读|推薦閱讀",
      // Japanese, Korean, Arabic, Hindi, Thai, Vietnamese, Turkish, Indonesian, Polish and Ukrainian.
      "【?(?:関連記事|関連ニュース|あわせて読みたい|合わせて読みたい|こちらもおすすめ)】?",
      "관련\\s*(?:기사|뉴스)|함께\\s*보면\\s*좋은\\s*기사",
      "[اإ]قرأ\\s+(?:أيض\\u064b?ا\\u064b?|المزيد)",
      "(?:ये|यह|इसे)\\s+(?:(?:ख|ख़|ख़)बर\\s+)?भी\\s+प(?:ढ़|ढ़)ें",
      "อ่าน(?:ข่าว)?(?:เพิ่มเติม|ที่เกี่ยวข้อง)|ข่าวที่เกี่ยวข้อง",
      "(?:xem|đọc)\\s+thêm|tin\\s+liên\\s+quan",
      "[iİ]lgili\\s+(?:haber|haberler)|ayrıca\\s+bakınız",
      "baca\\s+juga",
      "czytaj\\s+(?:także|też|również)|zobacz\\s+(?:także|też|również)",
      "читайте\\s+також",
    ].join("|") +
    ")\\s*[:：.»>›\\-–—…]*$",
  "iu",
);
/** A teaser label has at most this many words. */
const TEASER_LABEL_WORDS = 5;

/**
 * On a news publisher's story, the newsroom's teasers for other stories that its system sets
 * between the paragraphs ("Read more: <a>…</a>", "RELATED: <a>…</a>", "À lire aussi …"):
 * a block that is only a teaser's label and links to other pages goes; so does a block that is
 * only the label, with the block of links or the card after it ("SEE ALSO" over a story's card,
 * "SEGUIR LEYENDO:" over a list), and a newsletter's sign-up prompt with its small box ("Sign up
 * for the Morning Ledger newsletter"). A blog's author writes such lines as part of the text
 * (and the corpus keeps them), so only a NewsArticle's are read.
 */
export function dropNewsTeasers(root: Element | Document, skipped: Set<Element>): void {
  const leftOut = (el: Element) => skipped.has(el) || SKIPPED_TEXT.has(el.name);
  const blocks: Element[] = [];
  const visit = (n: AnyNode) => {
    if (!isTag(n) || leftOut(n) || HEADINGS.has(n.name)) return;
    if (n.name === "p" || n.name === "li" || ((n.name === "div" || n.name === "section") && !hasBlockChild(n))) {
      blocks.push(n);
      return;
    }
    for (const c of n.children) visit(c);
  };
  for (const c of root.children) visit(c);
  for (const block of blocks) {
    if (newsletterPrompt(block)) {
      // The sign-up box around it (its title, blurb and button), while it stays small.
      let box = block;
      while (box.parent && isTag(box.parent) && box.parent !== root && (wordsWithin(box.parent) ?? Infinity) <= SIGN_UP_BOX_WORDS)
        box = box.parent;
      skipped.add(box);
      continue;
    }
    // The label is the block's text before its first link; the rest must be links.
    let label = "";
    let links = 0;
    let other = false;
    let budget = TEASER_MAX_NODES;
    const walk = (n: AnyNode, inLink: boolean) => {
      if (other || --budget < 0) return void (other = true);
      if (isText(n)) {
        if (inLink || !HAS_WORD.test(n.data)) return;
        if (links > 0) other = true;
        else label += n.data;
      } else if (isTag(n) && !leftOut(n)) {
        if (n.name === "a" && !inLink) {
          const href = n.attribs.href?.trim() ?? "";
          if (!href || href.startsWith("#")) return void (other = true);
          links++;
        }
        for (const c of n.children) walk(c, inLink || n.name === "a");
      }
    };
    walk(block, false);
    const text = label.replace(/\s+/g, " ").trim();
    if (other || !text || textWords(text) > TEASER_LABEL_WORDS || !TEASER_LABEL.test(text)) continue;
    if (links > 0) {
      skipped.add(block);
      continue;
    }
    // The label alone: the links follow in the next block (a list, a card).
    const next = siblingElement(block, "next");
    if (next && !leftOut(next) && isLinksOnly(next, leftOut)) {
      skipped.add(block);
      skipped.add(next);
    }
  }
}
const TEASER_MAX_NODES = 200;
/** A newsletter's sign-up prompt is short; its box (title, blurb, button) a little longer. */
const SIGN_UP_PROMPT_WORDS = 30;
const SIGN_UP_BOX_WORDS = 40;
/** A small box's words; undefined past TEASER_MAX_NODES nodes. */
const wordsWithin = (el: Element): number | undefined => smallBox(el, TEASER_MAX_NODES)?.words;
/** "Sign up for the Morning Ledger newsletter", "Get our newsletter in your inbox", "Subscribe to our newsletter". */
function newsletterPrompt(block: Element): boolean {
  const text = wordsWithin(block) !== undefined && textOf(block);
  return (
    !!text &&
    textWords(text) <= SIGN_UP_PROMPT_WORDS &&
    /\bnewsletters?\b/i.test(text) &&
    /\b(?:sign\s*up|subscribe|inbox|get\s+(?:our|the))\b/i.test(text)
  );
}
/** Whether an element's words are all inside links to other pages (a list of stories, a story's card). */
function isLinksOnly(el: Element, leftOut: (el: Element) => boolean): boolean {
  let linked = 0;
  let budget = TEASER_MAX_NODES;
  for (const n of nodesInOrder(el, leftOut)) {
    if (--budget < 0) return false;
    if (!isText(n) || !HAS_WORD.test(n.data)) continue;
    const link = closestElement(n, (e) => e.name === "a" || e === el);
    if (!link || link === el || !(link.attribs.href ?? "").trim() || link.attribs.href!.trim().startsWith("#")) return false;
    linked++;
  }
  return linked > 0;
}

/** A pull quote is short. */
const PULL_QUOTE_MAX_WORDS = 60;
/** Words a pull quote repeats of the story at least (a phrase shorter than this may repeat by chance). */
const PULL_QUOTE_MIN_WORDS = 6;
const MAX_PULL_QUOTES = 30;
/** A class that names a quotation box: "wp-block-pullquote", "pull-quote", Brightspot's "Quote", "td_quote_box". */
const QUOTE_CLASS = /quote/i;
/** The quoted person's name under a pull quote: `<cite>`, a `<footer>`, or a box named for the attribution. */
const ATTRIBUTION = (el: Element) =>
  el.name === "cite" ||
  el.name === "footer" ||
  el.name === "figcaption" ||
  /attribution|byline|author|source|cite/i.test(el.attribs.class ?? "");

/**
 * On a page that says it is a story, a pull quote (a quotation set apart, `<blockquote>` or a
 * box named for a quote) that repeats a passage of the story word for word is a display of the
 * story's own text: it goes, with its attribution. A quotation that says something the story
 * does not (a tweet, a quoted source) stays.
 */
export function dropPullQuotes(root: Element | Document, skipped: Set<Element>): void {
  const leftOut = (el: Element) => skipped.has(el) || SKIPPED_TEXT.has(el.name);
  const candidates: Element[] = [];
  const visit = (n: AnyNode) => {
    if (!isTag(n) || leftOut(n) || candidates.length >= MAX_PULL_QUOTES) return;
    if (n.name === "blockquote" || (n.attribs.class && QUOTE_CLASS.test(n.attribs.class) && !HEADINGS.has(n.name) && n.name !== "p")) {
      candidates.push(n);
      return;
    }
    for (const c of n.children) visit(c);
  };
  for (const c of root.children) visit(c);
  if (candidates.length === 0) return;
  const wordsIn = (el: Element | Document, out: (e: Element) => boolean) => {
    const words: string[] = [];
    for (const n of nodesInOrder(el, out)) if (isText(n)) for (const w of n.data.toLowerCase().match(WORD_RUN) ?? []) words.push(w);
    return words;
  };
  // The story without the quotations: a passage quoted twice (at the top and again at the end) is not the story's.
  const quotes = new Set(candidates);
  const story = ` ${wordsIn(root, (e) => leftOut(e) || quotes.has(e)).join(" ")} `;
  for (const quote of candidates) {
    const words = wordsIn(quote, (e) => leftOut(e) || ATTRIBUTION(e));
    if (words.length < PULL_QUOTE_MIN_WORDS || words.length > PULL_QUOTE_MAX_WORDS) continue;
    // A box named a pull quote (WordPress's "wp-block-pullquote") is set apart for display whatever it quotes.
    if (PULL_QUOTE_CLASS.test(quote.attribs.class ?? "") || story.includes(` ${words.join(" ")} `)) skipped.add(quote);
  }
}
const WORD_RUN = /[\p{L}\p{N}]+/gu;
const PULL_QUOTE_CLASS = /(?:^|[\s_-])pull[-_]?quotes?(?:$|[\s_-])/i;

/** A box of sequence links has at most this many words of its own (labels, page numbers) per such link. */
const SEQUENCE_OWN_WORDS = 8;
/** Sequence links read: a page has two (previous and next) or a pager's few. */
const MAX_SEQUENCE_LINKS = 20;
/** Levels climbed from a sequence link to the box that holds it. */
const SEQUENCE_DEPTH = 6;

/**
 * Links to the previous and next page of a sequence, as the page declares them (`<link
 * rel="prev|next">` in its head, or `rel` on the link itself: a mailing-list archive's
 * "Previous message / Next message", a book's chapter arrows, a listing's pager), are
 * navigation: the largest block around them (below the root) that adds at most a few words
 * per such link (its labels: "Previous message (by thread):", page numbers) goes. A link in
 * a sentence stays: its paragraph has words of its own.
 */
export function dropSequenceLinks(
  doc: Document,
  root: Element | Document,
  mass: Map<AnyNode, number>,
  skipped: Set<Element>,
  baseUrl?: string,
): void {
  // Compared resolved: a head's absolute "https://…/000124.html" is the pager's "000124.html".
  const target = (href: string) => (baseUrl && resolveUrl(href, baseUrl)) || href.trim();
  const targets = new Set<string>();
  const isSequence = (rel: string | undefined) => !!rel && /(?:^|\s)(?:prev|previous|next)(?:\s|$)/i.test(rel);
  const head = findFirst(doc, (e) => e.name === "head");
  if (head)
    for (const l of findAll(head, (e) => e.name === "link" && isSequence(e.attribs.rel) && !!e.attribs.href?.trim()))
      targets.add(target(l.attribs.href!));
  const links = findAll(
    root as Element,
    (e) =>
      e.name === "a" &&
      !!e.attribs.href?.trim() &&
      !e.attribs.href.trim().startsWith("#") &&
      (isSequence(e.attribs.rel) || targets.has(target(e.attribs.href))),
  )
    .filter((a) => !closestElement(a, (e) => skipped.has(e), true))
    .slice(0, MAX_SEQUENCE_LINKS);
  if (!links.length) return;
  // Each box on the way up counts the sequence links it holds and their weight.
  const count = new Map<AnyNode, number>();
  const linkMass = new Map<AnyNode, number>();
  for (const a of links) {
    const m = mass.get(a) ?? 0;
    for (let p: AnyNode | null = a, up = 0; p && p !== root && up <= SEQUENCE_DEPTH; p = p.parent, up++) {
      count.set(p, (count.get(p) ?? 0) + 1);
      linkMass.set(p, (linkMass.get(p) ?? 0) + m);
    }
  }
  for (const a of links) {
    let box: Element | undefined;
    for (let p = a.parent, up = 0; p && isTag(p) && p !== root && up < SEQUENCE_DEPTH; p = p.parent, up++) {
      const own = (mass.get(p) ?? 0) - (linkMass.get(p) ?? 0);
      if (own > SEQUENCE_OWN_WORDS * (count.get(p) ?? 1) || HEADINGS.has(p.name) || findFirst(p, (e) => e.name === "h1")) break;
      if (!INLINE_TEXT.test(p.name)) box = p;
    }
    if (box) skipped.add(box);
  }
}

/** A copyright notice: the sign or the word with a year, or "all rights reserved". */
const COPYRIGHT = /(?:©|\(c\)|\bcopyright\b)\s*(?:\d{4}|[^\n]{0,60}\b(?:19|20)\d\d\b)|\ball rights reserved\b/i;
/** A record's fields and cells: a notice there is a value ("Copyright: © 2024 …"), not the site's footer. */
const RECORD_PARTS = new Set(["dl", "dt", "dd", "th"]);
const isRecordPart = (e: Element): boolean => RECORD_PARTS.has(e.name) || (e.name === "table" && isDataTable(e));
/** A notice is a line: at most this many words. */
const COPYRIGHT_LINE_WORDS = 25;
/** The footer box around the notice: at most this many words. */
const COPYRIGHT_BOX_WORDS = 60;
/** Levels climbed from the notice to its footer box. */
const COPYRIGHT_DEPTH = 8;
/** What may follow the footer box inside the content (a badge, a "back to top" link). */
const COPYRIGHT_TAIL_WORDS = 40;

/**
 * The site's copyright notice ("© 2024 Northfold Studio", "Copyright 2010-2018 Robert McNeel
 * & Associates") opens or closes its footer. A page built of plain boxes (Framer, page
 * builders, old hand-written sites) has no `<footer>` to say so: the last notice in the
 * content, when it is a short line outside headings near the content's end, goes with the
 * largest box around it of a few words (the footer's columns: an address, social links) and
 * with what little follows it.
 */
export function dropCopyrightFooter(root: Element | Document, mass: Map<AnyNode, number>, skipped: Set<Element>): void {
  let notice: Text | undefined;
  for (const n of nodesInOrder(root as Element, (e) => skipped.has(e) || SKIPPED_TEXT.has(e.name)))
    if (isText(n) && COPYRIGHT.test(n.data)) notice = n;
  if (!notice || !notice.parent || !isTag(notice.parent)) return;
  // Not a heading's words, nor a field of a record (an app's "Copyright: © 2024 Duolingo, Inc.").
  if (closestElement(notice.parent, (e) => HEADINGS.has(e.name) || isRecordPart(e), true)) return;
  // The notice's line: its text with the inline elements around it.
  let line: Element = notice.parent;
  while (line.parent && isTag(line.parent) && line.parent !== root && INLINE_TEXT.test(line.name)) line = line.parent;
  if (textWords(textOf(line)) > COPYRIGHT_LINE_WORDS) return;
  let box: Element = line;
  for (let p = line.parent, up = 0; p && isTag(p) && p !== root && up < COPYRIGHT_DEPTH; p = p.parent, up++) {
    if ((mass.get(p) ?? 0) > COPYRIGHT_BOX_WORDS || findFirst(p, (e) => e.name === "h1" || e.name === "h2" || isRecordPart(e))) break;
    box = p;
  }
  // Near the end: what follows the box, at every level up to the root, is a few words at most.
  const after: Element[] = [];
  let tail = 0;
  for (let at: AnyNode = box; at.parent && at !== root; at = at.parent) {
    for (let s = at.next; s; s = s.next) {
      if (isText(s)) tail += textWords(s.data);
      else if (isTag(s) && !skipped.has(s)) {
        tail += mass.get(s) ?? 0;
        after.push(s);
      }
    }
    if (at.parent === root) break;
  }
  if (tail > COPYRIGHT_TAIL_WORDS) return;
  skipped.add(box);
  for (const s of after) skipped.add(s);
}

/** A call to action has at most this many words ("Book an appointment", "Get started", "Add to cart"). */
const CTA_WORDS = 4;
/** A class naming a button: `btn`, `button`, or either as a part (`c-btn--primary`, `wp-block-button__link`, `sqs-block-button-element`). */
const BUTTON_CLASS = /(?:^|[\s_-])(?:btn|button)(?:$|[\s_-])/i;
/** The same in a camelCase name: Invision Community's "ipsButton ipsButton_medium", "cButton". */
const CAMEL_BUTTON_CLASS = /[a-z](?:Btn|Button)(?:$|[\s_A-Z-])/;

/**
 * A link styled as a button, of a few words, is a call to action ("Book an appointment",
 * "Start my quote", "Get started", "Voir les disponibilités"), the page's interface rather
 * than its content, as a `<button>` is: its class names a button (`btn`, `button`, or either
 * as a part of a longer class). Not a heading's link (a title); nor, by its role alone, a link
 * with `role="button"`, which sliders and tabs put on their titles ("Pros & Cons").
 */
export function dropCallsToAction(root: Element | Document, skipped: Set<Element>): void {
  for (const a of findAll(
    root as Element,
    (e) => e.name === "a" && (BUTTON_CLASS.test(e.attribs.class ?? "") || CAMEL_BUTTON_CLASS.test(e.attribs.class ?? "")),
  ))
    if (textWords(textOf(a)) <= CTA_WORDS && !closestElement(a, (e) => HEADINGS.has(e.name), true)) skipped.add(a);
}

/** Words a results count names its items by, in the languages the suggestion headings read ("Item 10316" names one). */
const COUNTED_ITEMS =
  "results?|products|items|styles|matches|ergebnisse|produkte|artikeln?|treffer|résultats?|produits|articles|resultados?|productos|produtos|itens|artículos|risultati|prodotti|articoli|resultaten|producten|artikelen" +
  // Russian, Polish, Turkish, Vietnamese, Indonesian, Arabic; classified ads ("annonces", "объявлений").
  "|товаров|товара|товар|результатов|результата|объявлений|объявления|annonces|produktów|wyników|ogłoszeń|ürün|sonuç|ilan|sản\\s+phẩm|kết\\s+quả|produk|hasil|منتجات?|نتائج|نتيجة";
/** The same written after the number without a space, in Japanese, Chinese and Korean: "5,000件の商品", "2,000个商品", "128개 상품". */
const COUNTED_ITEMS_CJK = "件の商品|個の商品|[个個件](?:商品|结果|結果)|条结果|條結果|개(?:의)?\\s*상품";
/** A bare counter ("1,234件") may count reviews on a card: only "in all" or "about" before it makes it the listing's count. */
const COUNTED_ANY_CJK = "件|個|个|条|條|건|개";
/** A count's number: "1,234", "1.234", and with spaces between thousands ("123 456 товаров", "1 248 annonces"). */
const COUNT = "\\d{1,3}(?:[\\s\\u00a0\\u202f]\\d{3})+|\\d[\\d,.]*";
/**
 * A listing's count of what it shows: "Showing 24 of 291 results", "1–30 of 296 products",
 * "1 - 12 of 27 Products", "291 items", "Anzeige 1–24 von 80 Artikeln", "296 résultats", "123 456 товаров",
 * "（約1,234,567件）", "共2,000个商品" (a bare "（1,234件）" may be a card's review count, and stays).
 */
const RESULTS_COUNT = new RegExp(
  `^(?:(?:showing|displaying|viewing|anzeige|affichage(?:\\s+de)?|mostrando|exibindo)\\s+)?(?:\\d[\\d,.\\s]*?\\s*(?:[-–—]|to|bis|à|a)\\s*)?\\d[\\d,.]*\\s+(?:of|von|sur|de|di|van|z)\\s+\\d[\\d,.]*(?:\\s+(?:${COUNTED_ITEMS}))?$` +
    `|^\\(?(?:${COUNT})\\s+(?:${COUNTED_ITEMS})(?:\\s+(?:found|gefunden|trouvés?|encontrados?|найдено))?\\)?$` +
    `|^[(（]?(?:(?:約|约|共|全|総|총)\\s*(?:${COUNT})\\s*(?:${COUNTED_ANY_CJK}|${COUNTED_ITEMS_CJK})|(?:${COUNT})\\s*(?:${COUNTED_ITEMS_CJK}))[)）]?$`,
  "iu",
);
/** A count is a short line. */
const RESULTS_COUNT_WORDS = 10;

/**
 * A listing's results count ("Showing 24 of 291 results", "1–30 of 296 products", "291
 * items") describes the page's interface, not its items: the element whose whole text it is
 * goes (the outermost, so its box goes with it). Not on a product's page, where "84 items" is
 * its stock.
 */
export function dropResultCounts(root: Element | Document, mass: Map<AnyNode, number>, skipped: Set<Element>): void {
  // Levels below the outermost short element: each reads its text again (deep nesting would be quadratic).
  const visit = (el: Element, depth: number): void => {
    if (skipped.has(el) || depth > RESULTS_COUNT_DEPTH) return;
    const words = mass.get(el) ?? 0;
    const short = words <= RESULTS_COUNT_WORDS;
    if (short && words > 0 && !HEADINGS.has(el.name) && RESULTS_COUNT.test(textOf(el))) {
      skipped.add(el);
      return;
    }
    for (const c of el.children) if (isTag(c)) visit(c, short ? depth + 1 : 0);
  };
  for (const c of root.children) if (isTag(c)) visit(c, 0);
}
const RESULTS_COUNT_DEPTH = 4;

/** A counter's line is short: "2 Likes", "1,204 views". */
const COUNTER_WORDS = 6;
const COUNTER_MAX_NODES = 20;
const COUNTER_MAX_CHARS = 80;

/**
 * A post's interaction count, as schema.org microdata names it (forum software writes it for
 * search engines, Discourse's crawler view under every post: "2 Likes"): an
 * `itemprop="interactionStatistic"` (an InteractionCounter) whose text is a short count goes.
 * The author and date line beside it stays: the forum truths keep who wrote a reply.
 */
function dropInteractionCounter(el: Element, skipped: Set<Element>): void {
  // Counters nest in one another's boxes: each reads no further than a counter's line.
  const text = boundedText(el, COUNTER_MAX_NODES, COUNTER_MAX_CHARS);
  const words = text === null ? 0 : textWords(text);
  if (words > 0 && words <= COUNTER_WORDS) skipped.add(el);
}
const INTERACTION_COUNTER = /(?:^|\s)interactionStatistic(?:\s|$)/;

/**
 * A control that only shows the rest of a block the page already holds; also a thread's
 * toggle for the replies or comments under a post ("Show more replies", "3 Replies", "Show 1
 * more comment"), never a bare noun, which may title a section ("Comments").
 */
const REVEAL_MAX_NODES = 12;
const REVEAL_MAX_CHARS = 60;
const REVEAL_TEXT =
  /^(?:click\s+(?:here\s+)?to\s+(?:expand|shrink|show\s+more)|(?:show|see|view)\s+(?:more|less)|expand|collapse|(?:show|see|view|load|hide)\s+(?:\d[\d,]*\s+|all\s+)?(?:more\s+)?(?:repl(?:y|ies)|comments?|answers?)|(?:\d[\d,]*\s+|more\s+)(?:more\s+)?(?:repl(?:y|ies)|comments?|answers?)|(?:show|see|view|load)\s+\d[\d,]*\s+more)\s*(?:\.\.\.|…)?$/i;

/** An element's text, spaces collapsed, read no further than a short phrase (null past it): controls nest, and a row of thousands shares one parent. */
const controlText = (
  el: Element,
  maxNodes = REVEAL_MAX_NODES,
  maxChars = REVEAL_MAX_CHARS,
  skip?: (e: Element) => boolean,
): string | undefined => boundedText(el, maxNodes, maxChars, skip)?.replace(/\s+/g, " ").trim();

/** The box whose whole text is the control's `text`: past wrappers that add nothing to it. */
function wholeTextBox(el: Element, root: Element | Document, text: string, maxNodes?: number, maxChars?: number): Element {
  let box = el;
  while (box.parent && isTag(box.parent) && box.parent !== root && controlText(box.parent, maxNodes, maxChars) === text) box = box.parent;
  return box;
}

const LABEL_MAX_CHARS = 240;
/** A CSS-only toggle's `<label>` (no `for`, no field inside) works as a button does: VerticalScope's XenForo threads unfold nested replies with one. */
const isToggleLabel = (el: Element): boolean =>
  el.name === "label" &&
  el.attribs.for === undefined &&
  !findFirst(el, (e) => e.name === "input" || e.name === "select" || e.name === "textarea");

/** Text beside a control, not only a separator ("|", "·"): it stands in a sentence. */
const besideText = (n: AnyNode | null): boolean => n !== null && isText(n) && /[^\s|·•/,–—-]/.test(n.data);

/**
 * A control that unfolds a block whose whole text the static page already holds (XenForo's
 * "Click to expand..." under a long quotation, "Show more" under a clipped post): a `<button>`,
 * an element with `role="button"` or a link that leads nowhere (no `href`, `#…`,
 * `javascript:`) whose whole text is such a phrase goes, with the box whose whole text it is.
 * A link to another page ("See more" to a category) is left to the other rules.
 */
function dropRevealControl(el: Element, text: string, root: Element | Document, skipped: Set<Element>): void {
  if (el.name === "a") {
    const href = (el.attribs.href ?? "").trim();
    if (href !== "" && !href.startsWith("#") && !/^javascript:/i.test(href)) return;
  } else if (el.name !== "button" && el.attribs.role !== "button" && !isToggleLabel(el)) return;
  if (REVEAL_TEXT.test(text)) skipped.add(wholeTextBox(el, root, text));
}

/**
 * A link or button that only leads to more of the list ("See all", "View all work", "Load
 * more", "Show all 24 episodes", "More stories", "Next page", "Older posts →"): a listing's
 * pager and a shelf's way out, the page's interface rather than an item of it. The phrase is
 * the link's whole text (at most three words after "all" or "more"), not in running text or a
 * heading; it goes with the box whose whole text it is.
 */
function dropMoreLink(el: Element, text: string, root: Element | Document, skipped: Set<Element>): void {
  if (el.name !== "a" && el.name !== "button") return;
  if (!MORE_LINK_TEXT.test(text)) return;
  if (besideText(el.prev) || besideText(el.next) || closestElement(el, (e) => HEADINGS.has(e.name), true)) return;
  skipped.add(wholeTextBox(el, root, text));
}
const MORE_LINK_TEXT = new RegExp(
  "^(?:(?:see|view|show|browse|explore|load)\\s+(?:all|more)(?:\\s+[\\p{L}\\p{N}&'’-]+){0,3}|read\\s+more" +
    // A card's call to its own page, bare as "Read more" is ("Learn more about tokens" names a page).
    "|(?:learn|find\\s+out|discover)\\s+more" +
    "|more\\s+(?:stories|articles|posts|news|episodes|results|jobs|events|videos|listings)" +
    "|(?:next|previous)\\s+page|(?:older|newer)\\s+(?:posts|entries|articles|stories))\\s*(?:[→›»>]+|\\.\\.\\.|…)?$",
  "iu",
);

/**
 * A share or sort control's label: a button or link whose whole text is "Share" (Stack
 * Exchange's permalink under each post, XenForo's share buttons), a label before share buttons
 * ("Share:", "Share this", "Share it", "Share on"), or a sort menu's label and choice ("Sort
 * by", "Sort: Best Match", "Sort by date" tabs). They work the page, they say nothing of it.
 */
const SHARE_SORT_LABEL = new RegExp(
  "^(?:share\\s*:|share\\s+(?:this|it)(?:\\s+(?:article|post|page|story|recipe|video))?\\s*:?|share\\s+(?:on|via)\\s*:?" +
    "|sort(?:\\s+by)?\\s*:(?:\\s*[\\p{L}\\p{N}&'’-]+){0,3}|sort\\s+by(?:\\s+[\\p{L}\\p{N}&'’-]+){0,2})$",
  "iu",
);
/** A sort choice without a colon ("Sort by date"): a control's text, but as plain text a feature list's item. */
const SORT_CHOICE = /^sort\s+by\s+\S/i;
/** A control's bare "Share" (a link or button): as a label alone, it may title a product's feature list. */
const SHARE_CONTROL = /^share$/i;
/** The label's text holder starts so: tested on direct text only, so most elements cost one test. */
const SHARE_SORT_START = /^\s*(?:share|sort)\b/i;
const LABEL_MAX_NODES = 24;
const isSvg = (e: Element): boolean => e.name === "svg";
const labelText = (el: Element): string | undefined => controlText(el, LABEL_MAX_NODES, REVEAL_MAX_CHARS, isSvg);
const isControl = (el: Element): boolean => el.name === "a" || el.name === "button" || el.attribs.role === "button";

/**
 * Drops a share or sort label (above) with the largest box around it whose whole text is such
 * a label ("Sort" in `<span>Sort</span><span>: </span><span>Best Match</span>`), not one in
 * running text, a heading or a cell ("click Share to send it", a docs' "## Share").
 */
function dropShareSortLabel(el: Element, root: Element | Document, skipped: Set<Element>): void {
  if (!el.children.some((c) => isText(c) && SHARE_SORT_START.test(c.data))) return;
  // A bare "Share" counts in a control, and in the wrappers around one that add nothing to it.
  const inControl = closestElement(el, isControl, true) !== undefined;
  const matches = (t: string | undefined): t is string =>
    t !== undefined && ((SHARE_SORT_LABEL.test(t) && (inControl || !SORT_CHOICE.test(t))) || (inControl && SHARE_CONTROL.test(t)));
  let text = labelText(el);
  // A bare "Sort" may be the first field of the label ("Sort" ": " "Best Match").
  if (text === undefined || !(matches(text) || SORT_WORD.test(text))) return;
  let box = el;
  for (let up = 0; up < LABEL_MAX_LEVELS && box.parent && isTag(box.parent) && box.parent !== root; up++) {
    const parentText = labelText(box.parent);
    if (parentText !== text && !matches(parentText)) break;
    box = box.parent;
    text = parentText;
  }
  if (!matches(text) || closestElement(box, (e) => HEADINGS.has(e.name), true)) return;
  if (box.parent && isTag(box.parent) && LABEL_KEEPING_PARENT.has(box.parent.name)) return;
  if (besideText(box.prev) || besideText(box.next)) return;
  skipped.add(box);
}
const SORT_WORD = /^sort$/i;
/** A cell or a definition holds a command's name as data ("| Share | Sends a link |"). */
const LABEL_KEEPING_PARENT = new Set(["td", "th", "dd", "dt"]);
const LABEL_MAX_LEVELS = 6;

/**
 * Framer renders a component once per breakpoint (`<div class="ssr-variant hidden-72rtr7">`
 * beside `<div class="ssr-variant hidden-1ijfcqx">`) and its stylesheet shows one: the first
 * of a run of such siblings is read, the copies after it are not.
 */
function dropBreakpointCopy(el: Element, skipped: Set<Element>): void {
  let prev = el.prev;
  while (prev && !isTag(prev)) prev = prev.prev;
  if (prev && isTag(prev) && SSR_VARIANT.test(prev.attribs.class ?? "")) skipped.add(el);
}
const SSR_VARIANT = /(?:^|\s)ssr-variant(?:\s|$)/;

/** A skip link's landing marker says where the reader is in a few words. */
const SKIP_TARGET_WORDS = 6;
/** "Skip past newsletter promotion", "Skip to main content", "Skip advertisement", "Skip this embed". */
const SKIP_LINK_TEXT = /^skip\b(?:\s+\S+){0,5}$/i;

/**
 * A skip link: a link within the page (`href="#…"`) whose whole text is "Skip …" ("Skip past
 * newsletter promotion" before an inline sign-up box, "Skip to main content", "Skip
 * advertisement"). It moves the keyboard's focus past a block and says nothing of the
 * content; screen readers and keyboards use it, readers never see it. It goes, with the box
 * whose whole text it is; not one in running text ("you can skip ahead to the tools"), which
 * the author wrote.
 */
function dropSkipLink(
  el: Element,
  text: string,
  root: Element | Document,
  skipped: Set<Element>,
  landings: { byId?: Map<string, Element>; judged: Set<Element> },
): void {
  if (el.name !== "a" || !/^#./.test((el.attribs.href ?? "").trim()) || !SKIP_LINK_TEXT.test(text)) return;
  // Where it lands: a marker of a few words ("after newsletter promotion", the Guardian's
  // focusable `<div id="EmailSignup-skip-link-4" role="note">`), no heading, goes too; a
  // landing on the content itself ("Skip to main content") holds more.
  landings.byId ??= elementsById(elements(root));
  const target = landings.byId.get((el.attribs.href ?? "").trim().slice(1));
  // Each landing is judged once, however many links lead to it.
  const landing = target && !landings.judged.has(target) ? (landings.judged.add(target), controlText(target)) : undefined;
  if (
    target &&
    landing &&
    textWords(landing) <= SKIP_TARGET_WORDS &&
    !findFirst(target, (e) => HEADINGS.has(e.name)) &&
    !HEADINGS.has(target.name)
  )
    skipped.add(target);
  // A link in running text ("you can <a href="#tools">skip ahead</a> to the tools") is the author's.
  if (besideText(el.prev) || besideText(el.next)) return;
  const box = wholeTextBox(el, root, text);
  if (box === el && el.parent && isTag(el.parent) && el.parent.name === "p") return;
  skipped.add(box);
}

/** A member's join date as a forum's author column writes it ("Join Date: Mar 2016", "Registered: 2016-07-02", "Joined: Jan 5, 2019"). */
const JOIN_LINE =
  /^(?:join(?:ed)?(?:\s+date)?|registered|member\s+since)\s*:?\s*(?:[\p{L}]{3,9}\.?\s+)?(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?(?:[\p{L}]{3,9}\.?\s+)?\d{4}(?:[-/.]\d{1,2}[-/.]\d{1,2})?$/iu;
/** A post count beside it ("Posts: 710", "Messages: 1,204"). */
const POST_COUNT_LINE = /^(?:posts|messages)\s*:?\s*[\d.,]+\s*k?$/i;
/** Any other short field of the column ("Location: South Africa", "Rep Power: 12"). */
const FIELD_LINE = /^[\p{L}][\p{L} ]{0,24}:\s*\S/u;
const FIELD_LINE_WORDS = 8;
const FIELD_LINE_MAX_NODES = 8;
const FIELD_LINE_MAX_CHARS = 160;

/** An element's whole text read as a short line, spaces collapsed, or undefined past a field's size. */
const lineText = (el: Element): string | undefined => {
  const text = controlText(el, FIELD_LINE_MAX_NODES, FIELD_LINE_MAX_CHARS);
  return text && textWords(text) <= FIELD_LINE_WORDS ? text : undefined;
};

/**
 * A member's statistics in a forum's author column, written as lines without class names to
 * read (vBulletin 3's "Join Date: Mar 2016 / Location: South Africa / Posts: 701", FluxBB's and
 * PunBB's "Registered: 2016-07-02 / Posts: 710"): a line that is wholly a join date, with a
 * post count among its sibling lines, goes, and so do its sibling lines that are short fields
 * ("Label: value"). The forum truths keep the poster's name and the post, not the counts. A
 * join date alone (a company's "Registered: 2016") is no member's column.
 */
export function dropMemberStats(root: Element | Document, skipped: Set<Element>): void {
  // A box's short field lines and whether one is a post count, read once per box: a hostile box
  // of 100,000 join dates would otherwise read its lines once for each.
  const fieldsIn = new Map<AnyNode, { fields: Element[]; counted: boolean }>();
  for (const n of nodesInOrder(root, (e) => skipped.has(e))) {
    if (!isText(n) || n.data.length > FIELD_LINE_MAX_CHARS || !/\d{4}/.test(n.data)) continue;
    if (!JOIN_LINE.test(n.data.replace(/\s+/g, " ").trim())) continue;
    // The line's box: the element whose whole text is the join date (FluxBB's `<dd><span>`).
    let line = n.parent;
    if (!line || !isTag(line)) continue;
    const text = lineText(line);
    if (!text) continue;
    line = wholeTextBox(line, root, text, FIELD_LINE_MAX_NODES, FIELD_LINE_MAX_CHARS);
    const box = line.parent;
    if (!box) continue;
    let read = fieldsIn.get(box);
    if (!read) {
      read = { fields: [], counted: false };
      for (const c of box.children) {
        if (!isTag(c) || skipped.has(c)) continue;
        const t = lineText(c);
        if (t === undefined || !FIELD_LINE.test(t)) continue;
        read.fields.push(c);
        if (POST_COUNT_LINE.test(t)) read.counted = true;
      }
      fieldsIn.set(box, read);
    }
    if (!read.counted) continue;
    // The join date is a field line itself ("Joined: …"), among the fields.
    skipped.add(line);
    for (const f of read.fields) skipped.add(f);
  }
}

const POST_NUMBER = /^(?:post\s*)?#\s?\d{1,7}$/i;
const POST_NUMBER_MAX_NODES = 8;
/** Read with the template's indentation around it (`<a>\n        #1\n      </a>`), which counts as characters. */
const POST_NUMBER_MAX_CHARS = 80;
/** Links to an issue, a pull or merge request: "#123" there is a reference, not a post's number. */
const REFERENCE_HREF = /\/(?:issues|pulls?|merge_requests|tickets?|bugs?)\//i;

/**
 * A post's number in its thread, a permalink whose whole text is "#12" (XenForo, vBulletin,
 * Invision and MyBB write one in each post's header): the forum truths leave it out. It goes
 * with the box whose whole text it is; a "#123" in a sentence, or a link to an issue or a
 * pull request, stays.
 */
function dropPostNumber(el: Element, root: Element | Document, skipped: Set<Element>): void {
  if (el.name !== "a" || REFERENCE_HREF.test(el.attribs.href ?? "")) return;
  const text = controlText(el, POST_NUMBER_MAX_NODES, POST_NUMBER_MAX_CHARS);
  if (!text || !POST_NUMBER.test(text)) return;
  const box = wholeTextBox(el, root, text, POST_NUMBER_MAX_NODES, POST_NUMBER_MAX_CHARS);
  // Alone in its box: a number inside running text ("Fixed a crash (#1234)", "see #57" in a
  // changelog's list item) is read with the sentence around it.
  if (box.parent && isTag(box.parent) && INLINE_PARENT.has(box.parent.name)) return;
  if (besideText(box.prev) || besideText(box.next)) return;
  skipped.add(box);
}

/**
 * The page's interface controls and counters, judged in one walk over the content (each rule
 * above reads only the elements it names): interaction counters, post numbers, controls that
 * unfold text the page holds, links to more of the list, skip links and Framer's breakpoint
 * copies.
 */
export function dropInterfaceControls(root: Element | Document, skipped: Set<Element>): void {
  const landings: { byId?: Map<string, Element>; judged: Set<Element> } = { judged: new Set() };
  for (const el of elements(root as Element)) {
    if (INTERACTION_COUNTER.test(el.attribs.itemprop ?? "")) dropInteractionCounter(el, skipped);
    if (SSR_VARIANT.test(el.attribs.class ?? "")) dropBreakpointCopy(el, skipped);
    dropShareSortLabel(el, root, skipped);
    if (el.name === "label") {
      // Read with the template's indentation around its spans, which counts as characters.
      const labelled = controlText(el, REVEAL_MAX_NODES, LABEL_MAX_CHARS);
      if (labelled) dropRevealControl(el, labelled, root, skipped);
      continue;
    }
    if (!isControl(el)) continue;
    dropPostNumber(el, root, skipped);
    const text = controlText(el);
    if (!text) continue;
    dropRevealControl(el, text, root, skipped);
    dropMoreLink(el, text, root, skipped);
    dropSkipLink(el, text, root, skipped, landings);
  }
}
const INLINE_PARENT = new Set(["p", "td", "th", "dd", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"]);
