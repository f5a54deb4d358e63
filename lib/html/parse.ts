import { type ChildNode, type Document, type Element, hasChildren, isTag, type ParentNode } from "domhandler";
import { parse as parseByStandard } from "parse5";
import { builtUnlikeBrowser } from "./browser-tree";
import type { FetchedPage } from "../net/safe-fetch";
import { capNesting } from "./nesting-guard";
import { elements, findAll, nodesInOrder, rawText, setChildren } from "./dom";
import { attachShadowRoots } from "./shadow-roots";
import { buildTree, standardTreeAdapter } from "./tree-builder";
import { resolveUrl } from "./urls";

/** One parsed HTML page: the DOM and the URL that relative links resolve against. */
export interface ParsedPage {
  page: FetchedPage;
  doc: Document;
  /** `<base href>` resolved against the final URL, else the final URL. */
  baseUrl: string;
}

// One parse per fetched page, shared by every capability that reads it (audits run several).
const parsed = new WeakMap<FetchedPage, ParsedPage>();

export function parsePage(page: FetchedPage): ParsedPage {
  const hit = parsed.get(page);
  if (hit) return hit;
  const doc = parseHtml(page.text);
  const base = documentBase(doc);
  const baseUrl = (base && resolveUrl(base.attribs.href ?? "", page.finalUrl)) || page.finalUrl;
  const result = { page, doc, baseUrl };
  parsed.set(page, result);
  return result;
}

/**
 * As browsers choose it: the first `<base>` with an href attribute (an empty one is the page's
 * own URL), not one inside a `<template>` (its content is not part of the document).
 */
function documentBase(doc: Document): Element | undefined {
  for (const el of elements(doc, (e) => e.name === "template")) if (el.name === "base" && el.attribs.href !== undefined) return el;
  return undefined;
}

/**
 * htmlparser2 first (fast); a page whose tree no browser would build (malformed markup that
 * htmlparser2 nests where browsers close elements) is parsed again by the HTML standard's
 * algorithm, as browsers parse it. `<noscript>` content is read as markup, as a reader
 * without JavaScript sees it.
 */
export function parseHtml(html: string): Document {
  const source = capNesting(withHtmlCdata(normalizedNewlines(html)));
  let doc = buildTree(source, FAST_OPTIONS);
  if (source.length <= MAX_STANDARD_PARSE_CHARS && builtUnlikeBrowser(doc)) doc = parseByStandardWithin(source, doc) ?? doc;
  // Before the depth limit: a slot's content moves under the shadow tree, deeper than it was written.
  if (SHADOW_ROOT_ATTRIBUTE.test(source)) attachShadowRoots(doc);
  limitDepth(doc, MAX_TREE_DEPTH);
  return doc;
}

/** Pages without a declarative shadow root (nearly all) skip the search for one. */
const SHADOW_ROOT_ATTRIBUTE = /\sshadowroot/i;

/** As the standard's input stream does: CR LF and lone CR are line feeds (code blocks kept "\r"), and NUL is dropped. */
function normalizedNewlines(html: string): string {
  return /[\r\0]/.test(html) ? html.replace(/\r\n?/g, "\n").replace(/\0/g, "") : html;
}

const FAST_OPTIONS = { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true };

/** Larger documents keep the fast parse: the standard's is several times slower. */
const MAX_STANDARD_PARSE_CHARS = 2_000_000;

/**
 * The standard's algorithm reopens every formatting element left open at each new block
 * (`<p><b id=1>x<p><b id=2>x…` builds n² elements) and copies attributes into each copy: a
 * 40 KB page could fill gigabytes. The parse may build a few times the elements and
 * attributes of the fast parse's tree, no more; past that, the fast parse's tree is kept.
 */
function parseByStandardWithin(source: string, fast: Document): Document | null {
  let elements = 0;
  let attributes = 0;
  for (const node of nodesInOrder(fast)) {
    if (!isTag(node)) continue;
    elements++;
    attributes += Object.keys(node.attribs).length;
  }
  const budget = { elements: 2 * elements + 10_000, attributes: 2 * attributes + 10_000 };
  const adapter: typeof standardTreeAdapter = {
    ...standardTreeAdapter,
    createElement(tagName, namespaceURI, attrs) {
      if (--budget.elements < 0 || (budget.attributes -= attrs.length) < 0) throw OVER_BUDGET;
      return standardTreeAdapter.createElement(tagName, namespaceURI, attrs);
    },
  };
  try {
    // Scripting on, as in browsers: a <noscript> in <head> (a tracking pixel's <img>) then leaves
    // the head whole. Its content is read as markup afterwards, as a reader without JavaScript sees it.
    return noscriptAsMarkup(parseByStandard(source, { treeAdapter: adapter, scriptingEnabled: true }));
  } catch (error) {
    if (error === OVER_BUDGET) return null;
    throw error;
  }
}
const OVER_BUDGET = new Error("the standard parse outgrew its budget");

function noscriptAsMarkup(doc: Document): Document {
  for (const noscript of findAll(doc, (el) => el.name === "noscript")) {
    const text = rawText(noscript);
    if (!text.includes("<")) continue;
    const children = buildTree(text, FAST_OPTIONS).children;
    for (const c of children) c.parent = noscript;
    noscript.children = children;
  }
  return doc;
}

/** Chromium's HTML parser nests no deeper than this; deeper elements become siblings. */
export const MAX_TREE_DEPTH = 512;

/**
 * Flattens whatever is nested deeper than `max` into the element at that depth, in document
 * order, as Chromium's parser does. Real pages stay far below; a page of 100,000 nested
 * <div>s would otherwise overflow the stack of every reader that walks the tree.
 */
function limitDepth(doc: Document, max: number): void {
  const stack: [ParentNode, number][] = [[doc, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth >= max) {
      if (node.children.some((c) => hasChildren(c) && c.children.length > 0)) flatten(node);
      continue;
    }
    for (const c of node.children) if (hasChildren(c)) stack.push([c, depth + 1]);
  }
}

function flatten(node: ParentNode): void {
  const flat: ChildNode[] = [];
  const stack: ChildNode[] = [...node.children].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    flat.push(n);
    if (hasChildren(n)) {
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
      n.children = [];
    }
  }
  setChildren(node, flat);
}

const CDATA_OR_RAW_TEXT = /<!\[CDATA\[|<(script|style)\b/gi;

/**
 * In HTML (outside SVG and MathML) `<![CDATA[` opens a bogus comment that ends at the next
 * `>`, but htmlparser2 reads it as a CDATA section up to `]]>`, so a stray, unclosed one
 * swallows the rest of the page (some forum themes emit one at the top of <body>). Written
 * as `<?`, which htmlparser2 ends at the next `>`, it gets the HTML meaning; script and
 * style content is left as it is. One pass, jumping over raw text (linear on any input).
 */
function withHtmlCdata(html: string): string {
  if (!html.includes("<![CDATA[")) return html;
  const lower = html.toLowerCase();
  const out: string[] = [];
  let copiedTo = 0;
  CDATA_OR_RAW_TEXT.lastIndex = 0;
  for (let m = CDATA_OR_RAW_TEXT.exec(html); m; m = CDATA_OR_RAW_TEXT.exec(html)) {
    if (m[1]) {
      const end = lower.indexOf(`</${m[1].toLowerCase()}`, CDATA_OR_RAW_TEXT.lastIndex);
      if (end < 0) break; // raw text to the end of the document
      CDATA_OR_RAW_TEXT.lastIndex = end;
      continue;
    }
    out.push(html.slice(copiedTo, m.index), "<?[CDATA[");
    copiedTo = m.index + m[0].length;
  }
  out.push(html.slice(copiedTo));
  return out.join("");
}

export type { Document, Element };
