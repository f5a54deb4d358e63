import { type AnyNode, type Element, isDocument, isTag, isText, type Text } from "domhandler";
import {
  BLOCK_ELEMENTS,
  boundedText,
  collapse,
  findFirst,
  HAS_WORD,
  hasBlockChild,
  imageSource,
  inlineTextOf,
  nodesInOrder,
  SKIPPED_TEXT,
  TABLE_PARTS,
  textOf,
  textWords,
  lowerWords,
  wordLine,
} from "../../html/dom";
import { resolveUrl } from "../../html/urls";
import { isButtonWithContent } from "./boilerplate";

/**
 * HTML (a domhandler subtree) to Markdown: ATX headings, emphasis, links and images made
 * absolute (no data: URLs), nested lists, blockquotes, fenced code with its language, GFM
 * tables with a header row, horizontal rules. Links found on the way are collected.
 */
export interface MarkdownResult {
  markdown: string;
  links: { url: string; text: string }[];
}

const SKIP = new Set([
  "script",
  "style",
  "template",
  "head",
  "svg",
  "canvas",
  "iframe",
  "object",
  "embed",
  "button",
  "input",
  "select",
  "textarea",
  "option",
  "map",
  "video",
  "audio",
  // Never shown in a page's body.
  "title",
  "noembed",
  "noframes",
]);

/** Elements never written; an accordion's question is a button, and is written. */
const skipped = (el: Element): boolean =>
  (SKIP.has(el.name) && !isButtonWithContent(el)) || drawsMathBeside(el) || isSymbolPermalink(el) || isLanguageLabel(el);

/**
 * A permalink outside a heading too: a link within the page whose text is only "¶", "§", "#"
 * or a link symbol (Sphinx's definitions and captions, rustdoc's items). A footnote's "*" or
 * "†" is not one.
 */
function isSymbolPermalink(el: Element): boolean {
  if (el.name !== "a" || !(el.attribs.href ?? "").trim().startsWith("#")) return false;
  const text = boundedText(el, 40, 40);
  return text !== null && PERMALINK_SYMBOL.test(text) && isPermalink(el);
}
const PERMALINK_SYMBOL = /^\s*[¶§#🔗⚓]\uFE0F?\s*$/u;

/**
 * A highlighter's label that only repeats the language of the code block right after it
 * (VitePress's `<span class="lang">ts</span>`, MDN's "js" header): the fence names it.
 */
function isLanguageLabel(el: Element): boolean {
  if (!LABEL_ELEMENTS.has(el.name)) return false;
  const text = boundedText(el, 24, 24)?.trim().toLowerCase();
  if (!text) return false;
  // The label may stand in the block's header bar beside a copy button (GitHub Docs'
  // `<header><span>YAML</span><button aria-label="Copy">`, Microsoft Learn's `codeHeader`): the
  // bar, holding only the label and controls, stands before the code.
  // The bar is read only when no code block follows the label itself, and only when it is
  // small: a row of thousands of labels beside controls must not scan it once per label.
  const parent = el.parent;
  const inBar = (): boolean =>
    !!parent &&
    isTag(parent) &&
    parent.name !== "pre" &&
    parent.children.length <= BAR_MAX_CHILDREN &&
    parent.children.every((c) => c === el || (isText(c) ? !/\S/.test(c.data) : isTag(c) && BAR_CONTROLS.has(c.name)));
  const pre = preAfter(el) ?? (inBar() ? preAfter(parent as Element) : undefined);
  if (!pre) return false;
  const code = pre.children.find((c): c is Element => isTag(c) && c.name === "code");
  // Compared as letters and digits: "Azure CLI" names the language `azurecli`.
  const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}+#]/gu, "");
  const language = bare(codeLanguage(pre, code));
  return language !== "" && bare(text) === language;
}
/** A code block among the next few siblings of an element, or a few levels into one. */
function preAfter(el: Element): Element | undefined {
  let pre: Element | undefined;
  for (let next = el.next, seen = 0; next && seen < LABEL_REACH && !pre; next = next.next) {
    if (!isTag(next)) continue;
    seen++;
    for (let at: Element | undefined = next, depth = 0; at && depth < LABEL_REACH && !pre; depth++) {
      if (at.name === "pre") pre = at;
      else at = at.children.find((c): c is Element => isTag(c));
    }
  }
  return pre;
}
/** Blocks that make a <pre>'s content rich text rather than code. */
const PROSE_IN_PRE = new Set(["p", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "dl"]);
const isRichTextPre = (pre: Element): boolean =>
  pre.children.some((c) => isTag(c) && PROSE_IN_PRE.has(c.name)) && !pre.children.some((c) => isTag(c) && c.name === "code");
const LABEL_ELEMENTS = new Set(["span", "div", "p", "small", "strong", "b"]);
/** What a code block's header bar holds beside its label: a copy button and its icon. */
const BAR_CONTROLS = new Set(["button", "svg"]);
/** A header bar holds a label, a button or two and the white space between them. */
const BAR_MAX_CHILDREN = 8;
/** Siblings, and levels into each, where a label's code block is looked for. */
const LABEL_REACH = 3;

/**
 * A formula drawn in HTML beside the MathML it draws, hidden from screen readers (KaTeX's
 * `katex-html` after its `katex-mathml`): the same formula again, the MathML written instead.
 */
function drawsMathBeside(el: Element): boolean {
  if (el.attribs["aria-hidden"] !== "true") return false;
  let prev = el.prev;
  while (prev && !isTag(prev)) prev = prev.prev;
  return !!prev && isTag(prev) && (prev.name === "math" || prev.children.some((c) => isTag(c) && c.name === "math"));
}

export function toMarkdown(
  root: AnyNode | AnyNode[],
  baseUrl: string,
  skip: (el: Element) => boolean = () => false,
  skipText: (text: Text) => boolean = () => false,
): MarkdownResult {
  const links: { url: string; text: string }[] = [];
  // A document without <body> (the tags are optional in HTML) is written from its children.
  const nodes = Array.isArray(root) ? root : isDocument(root) ? root.children : [root];
  const ctx: Ctx = { baseUrl, links, skip, skipText, textLinked: textLinkedUrls(nodes, baseUrl), images: new Set(), cards: new Map() };
  const body = nodes.map((n) => block(n, ctx)).join("");
  const markdown = tidyLines(withoutRedundantAlt(body)).trim();
  return { markdown, links };
}

interface Ctx {
  baseUrl: string;
  links: { url: string; text: string }[];
  /** Elements left out (boilerplate found by the content finder). */
  skip: (el: Element) => boolean;
  skipText: (text: Text) => boolean;
  /** URLs that some link with text points to: an image-only link to one of them is a duplicate. */
  textLinked: Set<string>;
  /** Image URLs already written: the same picture again (a mobile and a desktop copy) is left out. */
  images: Set<string>;
  /** The words of small boxes around pictures, read once each (null: larger than a card). */
  cards: Map<Element, Set<string> | null>;
  /** Blockquotes around this point. */
  quoteDepth?: number;
  /** Inside a link that wraps blocks: links further in are not written as such. */
  inLinkedBlock?: boolean;
  /** The indentation of the list being written (its items' markers start here). */
  listIndent?: string;
  /** Lists around this point: past MAX_LIST_DEPTH, indentation stops growing. */
  listDepth?: number;
  /** Inside a list item that has text of its own: the item, whose linked or leading images are thumbnails. */
  inTextItem?: Element;
}

/** Renders a node in block context: returns text that starts and ends on its own lines. */
function block(node: AnyNode, ctx: Ctx): string {
  if (isText(node)) return ctx.skipText(node) ? "" : inlineText(node.data);
  if (!isTag(node) || skipped(node) || ctx.skip(node)) return "";
  const el = node;
  switch (el.name) {
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6": {
      const text = inline(
        el.children.filter((c) => !isPermalink(c)),
        ctx,
      )
        .replace(HARD_BREAKS, " ")
        .trim();
      // A heading's trailing "#"s after a space would be read as its closing sequence.
      const kept = text.replace(/(^|\s)(#+)$/, "$1\\$2");
      return kept ? `\n\n${"#".repeat(Number(el.name[1]))} ${kept}\n\n` : "";
    }
    case "p":
      // Blocks inside a paragraph (through a <button> or <object> left open) are shown as blocks.
      return hasBlockChild(el) ? `\n\n${blocks(el.children, ctx)}\n\n` : paragraphs(el.children, ctx);
    case "br":
      return "\n";
    case "hr":
      return "\n\n---\n\n";
    // <pre>, and the obsolete preformatted elements, shown as <pre> is.
    case "pre":
    case "xmp":
    case "listing":
    case "plaintext":
      // Paragraphs, lists or headings inside, and no <code>, are rich text in a <pre> (Wix writes
      // a product's description so), not code: written as the blocks they are. Beside a <code>,
      // a list is a gutter of line numbers (CSDN's).
      return isRichTextPre(el) ? `\n\n${blocks(el.children, ctx)}\n\n` : codeBlock(el);
    case "blockquote": {
      // Beyond a few levels a quote adds no meaning, only a prefix on every inner line
      // (600 nested quotes would write each line 600 times longer).
      if ((ctx.quoteDepth ?? 0) >= MAX_QUOTE_DEPTH) return blocks(el.children, ctx);
      // One blank line between the quote's blocks (a quoted blank line is not blank to tidying).
      const inner = oneBlankLine(blocks(el.children, { ...ctx, quoteDepth: (ctx.quoteDepth ?? 0) + 1 }).trim());
      return inner
        ? `\n\n${inner
            .split("\n")
            .map((l) => (l ? `> ${l}` : ">"))
            .join("\n")}\n\n`
        : "";
    }
    case "ul":
    case "ol":
    case "menu":
      return list(el, ctx);
    case "table":
      return table(el, ctx);
    case "dl":
      return `\n\n${blocks(el.children, ctx).trim()}\n\n`;
    case "dt":
      return `\n\n**${inline(el.children, ctx).trim()}**\n`;
    case "dd":
      return `\n${blocks(el.children, ctx).trim()}\n`;
    case "a":
      if (hasBlockChild(el)) return linkedBlocks(el, ctx);
      return paragraph(inline([el], ctx));
    case "img":
    default:
      if (BLOCK_ELEMENTS.has(el.name) || hasBlockChild(el)) return `\n\n${blocks(el.children, ctx)}\n\n`;
      return paragraph(inline([el], ctx));
  }
}

/**
 * A link that wraps blocks (a card: a picture, a title, a teaser) keeps its target on its
 * title: the first heading, else the first line of text, becomes the link.
 */
function linkedBlocks(el: Element, ctx: Ctx): string {
  // Links inside a link are invalid HTML: only the outermost is written (re-splitting the
  // Markdown at every level of a hostile nesting would cost depth × size).
  const inner = blocks(el.children, { ...ctx, inLinkedBlock: true });
  const href = ctx.inLinkedBlock ? null : resolveUrl(el.attribs.href ?? "", ctx.baseUrl);
  if (!href) return `\n\n${inner}\n\n`;
  const lines = inner.split("\n");
  const at = lines.findIndex((l) => /^#{1,6} \S/.test(l));
  const target = at >= 0 ? at : lines.findIndex((l) => /^[^\s!|>`-]/.test(l) && !/^\d+[.)] /.test(l));
  if (target < 0) return `\n\n${inner}\n\n`;
  const line = lines[target]!;
  // A title that already links (the same card link repeated inside) stays as it is.
  if (line.includes("](")) return `\n\n${inner}\n\n`;
  const marker = /^#{1,6} /.exec(line)?.[0] ?? "";
  const text = line.slice(marker.length).replace(/\\$/, "");
  // The link's text is the title as written: emphasis marks out, escapes undone.
  ctx.links.push({ url: href, text: collapse(text.replace(/(?<!\\)[*~`]+/g, "").replace(/\\(.)/g, "$1")) });
  lines[target] = `${marker}[${text}](${markdownUrl(href)})`;
  return `\n\n${lines.join("\n")}\n\n`;
}

function blocks(nodes: AnyNode[], ctx: Ctx): string {
  // Runs of inline content between blocks become paragraphs; a `<br>` in a run is a line
  // break, two or more in a row end a paragraph, as in a `<p>` (`<div>a<br>b</div>`, `<li>`, `<address>`).
  let out = "";
  let run: AnyNode[] = [];
  const flush = () => {
    if (run.length) out += paragraphs(run, ctx);
    run = [];
  };
  const visit = (list: AnyNode[]) => {
    for (const n of list) {
      if (isTag(n) && aroundBlocks(n, ctx)) visit(n.children);
      else if (isTag(n) && (BLOCK_ELEMENTS.has(n.name) || hasBlockChild(n))) {
        flush();
        out += block(n, ctx);
      } else run.push(n);
    }
  };
  visit(nodes);
  flush();
  return out;
}

/**
 * An inline element around blocks (a `<span>` or `<font>` left open over the paragraphs
 * after it, `<span>T</span><span>he morning…<div>`): its text joins the text beside it, as a
 * browser lays it out, rather than standing as a paragraph of its own.
 */
const aroundBlocks = (el: Element, ctx: Ctx): boolean => INLINE_WRAPPERS.has(el.name) && hasBlockChild(el) && !skipped(el) && !ctx.skip(el);
const INLINE_WRAPPERS = new Set(["span", "font", "b", "strong", "i", "em", "u", "s", "small", "big", "mark", "nobr"]);

function paragraph(text: string): string {
  // Hard breaks at the paragraph's edges say nothing; each line's start is escaped where
  // Markdown would read it as syntax ("# of items", "1. first", "- dash", "> quoted").
  const t = withoutEdgeBreaks(text.replace(/[ \t]+/g, " "))
    .split("\n")
    .map((line) => escapeLineStart(line.trimStart()))
    .join("\n");
  return t ? `\n\n${t}\n\n` : "";
}

/**
 * A paragraph's content as paragraphs: two `<br>`s in a row between its pieces (as many pages
 * separate paragraphs) end one. Inside bold or a link they stay line breaks, so the
 * emphasis or link is not cut in two.
 */
function paragraphs(nodes: AnyNode[], ctx: Ctx): string {
  let out = "";
  let part: AnyNode[] = [];
  let pending: AnyNode[] = []; // a run of <br>s and white space, not yet placed
  let breaks = 0;
  const place = (endsParagraph: boolean) => {
    if (endsParagraph) {
      out += paragraph(inline(part, ctx));
      part = [];
    } else for (const n of pending) part.push(n);
    pending = [];
    breaks = 0;
  };
  for (const n of nodes) {
    const br = isTag(n) && n.name === "br";
    if (br || (pending.length > 0 && isText(n) && !n.data.trim())) {
      pending.push(n);
      if (br) breaks++;
      continue;
    }
    if (pending.length) place(breaks >= 2 && part.length > 0);
    part.push(n);
  }
  place(false);
  out += paragraph(inline(part, ctx));
  return out;
}

/** The text without white space and hard breaks at its edges (loops: a regex for this is quadratic on many breaks). */
function withoutEdgeBreaks(text: string): string {
  let start = 0;
  let end = text.length;
  const blank = (c: string | undefined) => c === " " || c === "\t" || c === "\n";
  for (;;) {
    while (start < end && blank(text[start])) start++;
    if (text.startsWith(HARD_BREAK, start)) start += HARD_BREAK.length;
    else break;
  }
  for (;;) {
    while (end > start && blank(text[end - 1])) end--;
    // A hard break's backslash stands just before a line break that is now cut.
    if (end > start && text[end - 1] === "\\" && text[end] === "\n") end--;
    else break;
  }
  return text.slice(start, end);
}

/** A `<br>`: a backslash hard break, which tidying cannot strip as it strips trailing spaces. */
const HARD_BREAK = "\\\n";
const HARD_BREAKS = /(?:\\\n\s*)+|\n+/g;
/** Hard breaks alone, leaving the lines between blocks. */
const HARD_BREAK_RUNS = /(?:\\\n[ \t]*)+/g;

/** Text at a line's start that Markdown would read as a heading, quote, list item or rule. */
function escapeLineStart(line: string): string {
  return (
    line
      .replace(/^(#{1,6})(?=\s|$)/, "\\$1")
      .replace(/^([>+-])(?=\s|$)/, "\\$1")
      .replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2")
      .replace(/^([=_-])(?=\1\1[\s=_-]*$)/, "\\$1")
      // "==" or "--" after a hard break would make the lines above it a setext heading ("Regards<br>--").
      .replace(/^([=-])(?=\1*[ \t]*$)/, "\\$1")
      // "~~~ Intermission ~~~" would open a code block that swallows the page.
      .replace(/^([`~])(?=\1\1)/, "\\$1")
  );
}

function inlineText(s: string): string {
  return s.replace(/\s+/g, " ");
}

/**
 * Markdown's own characters in page text, escaped; and what would read as raw HTML ("<script>"
 * at a line's start opens an HTML block that swallows the page) or as an entity ("&copy;").
 */
const escapeMd = (s: string) => s.replace(MD_SPECIAL, "\\$&");
// "~" too: GFM strikes text through between single tildes ("10:00~18:00、土~日").
const MD_SPECIAL = /[\\`*_~[\]]|<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;)/g;

function inline(nodes: AnyNode[], ctx: Ctx): string {
  // Pieces joined once at the end: asking a growing string for its end would copy it each time.
  const pieces: string[] = [];
  let previous: Element | undefined;
  for (const n of nodes) {
    if (isText(n)) {
      if (!ctx.skipText(n)) pieces.push(escapeMd(inlineText(n.data)));
      if (n.data) previous = undefined;
    } else if (isTag(n) && !skipped(n) && !ctx.skip(n)) {
      let piece = inlineElement(n, ctx);
      // A superscript number against a word, a number or a sentence's end ("10<sup>6</sup>",
      // "mc<sup>2</sup>", a footnote's "Suction<sup>1</sup>", "done.<sup>2</sup>") would read as
      // another number ("106", "done.2"): a caret sets it apart.
      // Two digits after a price are its cents, as shops set them ("$19<sup>99</sup>" is $19.99).
      if (n.name === "sup" && SUPERSCRIPT_NUMBER.test(piece) && pieces.length) {
        const before = pieces.slice(-3).join("").slice(-16);
        if (/^\d{2}$/.test(piece) && PRICE_END.test(before)) piece = `.${piece}`;
        else if (/[\p{L}\p{N})\].,;:!?"'\u2019\u201D]$/u.test(before)) piece = `^${piece}`;
      }
      // Two styled fields side by side with nothing between them ("<span class=year>2023</span><span
      // class=runtime>1h 45m</span>", "<span>Director</span><a>Jane Doe</a>"): a stylesheet sets them
      // apart, as a flex row does; written end to end they would make one word ("20231h").
      if (previous && piece && separateFields(previous, n)) pieces.push(" ");
      previous = n;
      // Two runs of one kind side by side ("<b>foo</b><b>bar</b>", as editors write) are one:
      // "**foo****bar**" would not read as bold, nor "*foo**bar*" as italic. Page text's own
      // asterisks and tildes are escaped, so these are marks.
      const last = pieces.length - 1;
      const mark = last >= 0 ? sameMark(pieces[last]!, piece) : "";
      if (mark) {
        pieces[last] = pieces[last]!.slice(0, -mark.length);
        piece = piece.slice(mark.length);
      }
      pieces.push(piece);
    }
  }
  return pieces.join("");
}

const SUPERSCRIPT_NUMBER = /^[-+\u2212]?\d{1,6}$/;
/** A whole amount after a currency sign ("$19", "€ 1,299"), with no cents yet. */
const PRICE_END = /\p{Sc}\s?\d{1,3}(?:[,\s]\d{3})*$/u;

/** Elements a stylesheet lays out as fields of their own; emphasis ("<b>foo</b><i>bar</i>") joins words. */
const FIELD_ELEMENTS = new Set(["span", "a", "time", "abbr", "label", "data"]);
/**
 * Whether two adjacent styled fields would run into one word: both named by a class, the first
 * of two characters or more (a drop cap, "<span class=dropcap>T</span><span>he", is one word
 * with what follows), a letter or digit on both sides of the seam, and no letter there of a
 * script written without spaces (Chinese, Japanese, Thai, Lao, Burmese, Khmer).
 */
function separateFields(left: Element, right: Element): boolean {
  if (!FIELD_ELEMENTS.has(left.name) || !FIELD_ELEMENTS.has(right.name) || !left.attribs.class || !right.attribs.class) return false;
  const a = edgeText(left, "last");
  const b = edgeText(right, "first");
  if (!b || a.length < 2) return false;
  const seam = a.slice(-1) + b.slice(0, 1);
  return /^[\p{L}\p{N}]{2}$/u.test(seam) && !UNSPACED_SEAM.test(seam);
}
const UNSPACED_SEAM = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/;
/** The text at an element's first or last edge, read down a few levels (not its whole subtree). */
function edgeText(el: Element, edge: "first" | "last"): string {
  let at: AnyNode = el;
  for (let depth = 0; depth < EDGE_DEPTH; depth++) {
    if (isText(at)) return edge === "first" ? at.data.trimStart() : at.data.trimEnd();
    if (!isTag(at)) return "";
    const kids: AnyNode[] = at.children.filter((c) => (isText(c) ? c.data.trim() !== "" : isTag(c)));
    const next: AnyNode | undefined = edge === "first" ? kids[0] : kids[kids.length - 1];
    if (!next) return "";
    at = next;
  }
  return "";
}
const EDGE_DEPTH = 8;

/** The emphasis mark that ends one run and opens the next ("**", "~~", or "*" of italics only). */
function sameMark(before: string, after: string): string {
  if (before.endsWith("\\*") || before.endsWith("\\~")) return "";
  for (const mark of ["**", "~~"]) if (before.endsWith(mark) && after.startsWith(mark)) return mark;
  const italicEnd = before.endsWith("*") && !before.endsWith("**");
  const italicStart = after.startsWith("*") && !after.startsWith("**");
  return italicEnd && italicStart ? "*" : "";
}

/** A heading's permalink: a link within the page whose text is a symbol ("¶", "#", "§", "🔗"). */
function isPermalink(node: AnyNode): boolean {
  return (
    isTag(node) &&
    node.name === "a" &&
    (node.attribs.href ?? "").trim().startsWith("#") &&
    !HAS_WORD.test(textOf(node)) &&
    // An operator's heading (`+`, `--`) or a logo is the heading itself.
    !findFirst(node, (e) => e.name === "code" || e.name === "img" || e.name === "kbd")
  );
}

function inlineElement(el: Element, ctx: Ctx): string {
  switch (el.name) {
    case "br":
      return HARD_BREAK;
    case "strong":
    case "b":
      return wrap(inline(el.children, ctx), "**");
    case "em":
    case "i":
      // "*", not "_": an underscore cannot open or close inside a word ("un*frig*believable").
      return wrap(inline(el.children, ctx), "*");
    case "q":
      return `“${inline(el.children, ctx)}”`;
    case "del":
    case "s":
    case "strike":
      return wrap(inline(el.children, ctx), "~~");
    case "code":
    case "kbd":
    case "samp": {
      const code = textContentWithBreaks(el).replace(/\s+/g, " ");
      if (!code.trim()) return "";
      // A fence longer than any run of backticks inside, and a space where the code itself
      // starts or ends with one.
      let longest = 0;
      for (const run of code.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
      const fence = "`".repeat(longest + 1);
      const pad = code.startsWith("`") || code.endsWith("`") ? " " : "";
      return `${fence}${pad}${code}${pad}${fence}`;
    }
    case "img":
      return image(el, ctx);
    case "math":
      return escapeMd(mathText(el));
    case "a": {
      const href = resolveUrl(el.attribs.href ?? "", ctx.baseUrl);
      // A thumbnail linking where a text link also goes (cards in listings) repeats that link.
      if (href && ctx.textLinked.has(href) && !hasOwnText(el)) return "";
      const inner = inline(el.children, ctx);
      const text = inner.trim();
      // Spaces at the link's edges stay outside it: "the<a> guide </a>today" is "the [guide] today".
      const lead = inner.slice(0, inner.length - inner.trimStart().length) ? " " : "";
      const trail = inner.slice(inner.trimEnd().length) ? " " : "";
      const target = href ?? otherScheme(el.attribs.href);
      if (!target || !text) return inner;
      if (href) ctx.links.push({ url: href, text: inlineTextOf(el) });
      return `${lead}[${text}](${markdownUrl(target)})${trail}`;
    }
    default:
      return inline(el.children, ctx);
  }
}

/**
 * MathML on one line as it reads: the operands of fractions, scripts and roots set apart
 * ("3/4", "x^2", "√2", "x_i"; "34" and "x2" would be other numbers), several-token operands
 * in parentheses; what a browser does not draw (a TeX `<annotation>` beside the formula) left out.
 */
function mathText(node: AnyNode, depth = 0): string {
  if (isText(node)) return node.data.replace(/\s+/g, " ").trim();
  if (!isTag(node) || depth > MAX_MATH_DEPTH) return "";
  const kids = node.children.filter((c): c is Element => isTag(c));
  const arg = (i: number) => {
    const t = kids[i] ? mathText(kids[i]!, depth + 1) : "";
    return /^(?:[\p{L}\p{N}.]+|.)$/u.test(t) ? t : `(${t})`;
  };
  switch (node.name) {
    case "annotation":
    case "annotation-xml":
      return "";
    case "semantics":
      return kids[0] ? mathText(kids[0], depth + 1) : "";
    case "mfrac":
      return `${arg(0)}/${arg(1)}`;
    case "msup":
      return `${arg(0)}^${arg(1)}`;
    case "msub":
      return `${arg(0)}_${arg(1)}`;
    case "msubsup":
      return `${arg(0)}_${arg(1)}^${arg(2)}`;
    // Limits under and over an operator ("∑_(i=1)^n x_i"): a space sets the operand apart.
    case "munder":
    case "mover":
    case "munderover": {
      const limits = node.name === "munder" ? `_${arg(1)}` : node.name === "mover" ? `^${arg(1)}` : `_${arg(1)}^${arg(2)}`;
      return `${arg(0)}${limits}${kids[0]?.name === "mo" ? " " : ""}`;
    }
    case "msqrt": {
      const t = node.children.map((c) => mathText(c, depth + 1)).join("");
      return /^(?:[\p{L}\p{N}.]+|.)$/u.test(t) ? `√${t}` : `√(${t})`;
    }
    case "mroot":
      return `${arg(1)}√${arg(0)}`;
    case "mtr":
    case "mlabeledtr":
      return kids.map((c) => mathText(c, depth + 1)).join(", ");
    case "mtable":
      return kids.map((c) => mathText(c, depth + 1)).join("; ");
    default:
      return node.children.map((c) => mathText(c, depth + 1)).join(isTag(node) && node.name === "mtext" ? " " : "");
  }
}
/** Formulas nest a few levels; deeper markup is left out rather than read recursively. */
const MAX_MATH_DEPTH = 64;

function wrap(text: string, mark: string): string {
  const t = text.trim();
  if (!t) return text;
  // Slices, not /\s*$/: that regex is quadratic on long runs of white space.
  const lead = text.slice(0, text.length - text.trimStart().length);
  const trail = text.slice(text.trimEnd().length);
  // Closing punctuation goes after the mark: "**Note:**Read" does not close (CommonMark's
  // flanking rules), "**Note**:Read" does.
  // So does opening punctuation before it ("中文**（重要）**内容" opens neither), except
  // Markdown's own ("[", "(", "`"…), which may start a link or code.
  const end = CLOSING_PUNCTUATION.exec(t);
  let inner = end && end.index > 0 && !t.endsWith("\\") ? t.slice(0, end.index) : t;
  const start = OPENING_PUNCTUATION.exec(inner);
  const before = start && start[0].length < inner.length ? start[0] : "";
  // Spaces the punctuation leaves at the mark's edges go outside it too ("**Content –**" is
  // "**Content** –": a mark after a space does not close).
  const after = t.slice(inner.length);
  inner = inner.slice(before.length);
  const core = inner.trim();
  // Not when that would leave a hard break's backslash against the mark ("**a\\**" escapes it).
  if (!core || core.endsWith("\\")) return `${lead}${mark}${t}${mark}${trail}`;
  const innerLead = inner.slice(0, inner.length - inner.trimStart().length);
  const innerTrail = inner.slice(inner.trimEnd().length);
  return `${lead}${before}${innerLead}${mark}${core}${mark}${innerTrail}${after}${trail}`;
}
/** At most a few, so that the patterns stay linear on a long run of them: ASCII's closing marks, quotes, and CJK and fullwidth punctuation. */
const CLOSING_PUNCTUATION = /[:;,.!?"'\u2010-\u2027\u2030-\u205E\u00BB\u3000-\u303F\uFF01-\uFF0F\uFF1A-\uFF20\uFF3D\uFF5D-\uFF65]{1,8}$/u;
const OPENING_PUNCTUATION = /^["'\u2018\u201C\u00AB\u3008\u300A\u300C\u300E\u3010\u3014\u3016\u3018\u301A\uFF08\uFF3B\uFF5B]{1,8}/u;

/** mailto: and tel: links keep their target in the Markdown (the `links` field lists web pages only). */
function otherScheme(href: string | undefined): string | null {
  const v = href?.trim() ?? "";
  return /^(?:mailto|tel):[^\s]+$/i.test(v) ? v : null;
}

/**
 * A list item's picture is a thumbnail of the item (a listing's card), unless the item is a
 * numbered step and the picture comes after its words, unlinked or linked to the full-size
 * image: then it illustrates them (a screenshot in a how-to step).
 */
function isThumbnail(img: Element, item: Element): boolean {
  // Steps are numbered; a shop's or a blog's list of cards is not (their second picture, shown
  // on hover, comes after the words too).
  if (!(item.parent && isTag(item.parent) && item.parent.name === "ol")) return true;
  let depth = 0;
  for (let p = img.parent; p && p !== item; p = p.parent) {
    if (isTag(p) && p.name === "a" && !IMAGE_FILE.test((p.attribs.href ?? "").split(/[?#]/)[0]!)) return true;
    // A picture buried deep in a step is not its screenshot.
    if (++depth > THUMBNAIL_SEARCH) return true;
  }
  let seen = 0;
  for (const n of nodesInOrder(item)) {
    if (n === img) return true;
    if (isText(n) && HAS_WORD.test(n.data)) return false;
    // An item's words come early; a picture far down a long item is judged a thumbnail.
    if (++seen > THUMBNAIL_SEARCH) return true;
  }
  return true;
}
const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|avif|svg)$/i;
const THUMBNAIL_SEARCH = 200;

function image(el: Element, ctx: Ctx): string {
  if (ctx.inTextItem && isThumbnail(el, ctx.inTextItem)) return "";
  const src = imageSource(el);
  const url = src ? resolveUrl(src, ctx.baseUrl) : null;
  if (!url) return "";
  if (ctx.images.has(url)) return "";
  ctx.images.add(url);
  const alt = (el.attribs.alt ?? "").replace(/\s+/g, " ").trim();
  const written =
    alt && !saidByLeftOutCaption(el, alt, ctx) && !inLogoRow(el) && !inLinkWithText(el, ctx) && !saidByItsCard(el, alt, ctx)
      ? escapeMd(alt)
      : "";
  return `![${written}](${markdownUrl(url)})`;
}

/** What a card's text is read without: code, styles, and boxes the content leaves out (hidden ones). */
const notCardText = (ctx: Ctx) => (e: Element) => SKIPPED_TEXT.has(e.name) || skipped(e) || ctx.skip(e);

/**
 * A picture inside a link that has words of its own (a card's thumbnail beside its headline,
 * an icon beside a link's label): the words name the link, and the picture only makes it
 * easier to see and click, so it is written without its alt text, as WAI's images tutorial
 * has it (a decorative image as part of a text link).
 */
function inLinkWithText(img: Element, ctx: Ctx): boolean {
  let up = 0;
  for (let p = img.parent; p && isTag(p) && up < LINK_DEPTH; p = p.parent, up++) {
    if (p.name !== "a" || p.attribs.href === undefined) continue;
    if (!hasOwnText(p)) return false;
    // Read to a card's size; a link wrapping more than that holds words for certain.
    const words = cardWords(p, ctx);
    return words === null || words.size > 0;
  }
  return false;
}
/** Levels above a picture where the link around it is sought (a card's link wraps its image a few boxes deep). */
const LINK_DEPTH = 8;

/**
 * A picture whose alt text the small box around it already says (a listing's photo "Property
 * at 12 Elm St, 3 beds, 2 baths" over the card's address and facts; a product tile's photo
 * named like the product): at least CARD_SHARE of the alt's words stand in the text of the
 * nearest box around it, or of one a few levels up, that holds at most a card's text. Said
 * twice, the words add nothing (WAI: an image with an adjacent text alternative takes an
 * empty alt). A picture in a larger box (an article's figure amid its paragraphs) is left as
 * it is. The text read is the one the page shows beside the picture, before repeated
 * fragments ("3 beds" on many cards) are left out of the Markdown.
 */
function saidByItsCard(img: Element, alt: string, ctx: Ctx): boolean {
  const altWords = lowerWords(alt);
  if (altWords.length === 0) return false;
  let up = 0;
  for (let box = img.parent; box && isTag(box) && up < CARD_DEPTH; box = box.parent, up++) {
    const said = cardWords(box, ctx);
    // Past a card's size: the text around is a page's, not the picture's own.
    if (said === null) return false;
    if (said.size === 0) continue;
    let hits = 0;
    for (const w of altWords) if (said.has(w)) hits++;
    if (hits >= CARD_SHARE * altWords.length) return true;
  }
  return false;
}
/**
 * The words of a small box's text, or null past a card's size. Remembered per box: the
 * pictures of one card (or a hundred in one small box) read it once.
 */
function cardWords(box: Element, ctx: Ctx): Set<string> | null {
  let words = ctx.cards.get(box);
  if (words === undefined) ctx.cards.set(box, (words = readCard(box, ctx)));
  return words;
}
function readCard(box: Element, ctx: Ctx): Set<string> | null {
  const text = boundedText(box, CARD_NODES, CARD_CHARS, notCardText(ctx), true);
  return text === null ? null : new Set(lowerWords(text));
}
/** Levels above a picture where its card is sought. */
const CARD_DEPTH = 6;
/** A card holds a title, a price or an address and a few facts: at most these many nodes and characters. */
const CARD_NODES = 200;
const CARD_CHARS = 600;
/** The share of an alt's words the card must say ("Property at" before an address the card shows is not new). */
const CARD_SHARE = 0.8;

/**
 * A row of logos or badges: three or more sibling boxes, each only a picture (no text of its
 * own), with short alt texts ("Stripe", "SOC 2 Type II", "BBB A+ Accredited Business"). A
 * customer wall or a trust strip names others, not the content: the pictures are written
 * without their alt text, as beside words that say them.
 */
function inLogoRow(img: Element): boolean {
  let item: Element = img;
  for (let up = 0; up < LOGO_ITEM_DEPTH; up++) {
    const parent = item.parent;
    if (!parent || !isTag(parent) || parent.children.some((c) => c !== item && (isTag(c) || (isText(c) && /\S/.test(c.data))))) break;
    item = parent;
  }
  const row = item.parent;
  // A table's row of pictures is the table's content (steps, comparisons), not a strip of logos.
  if (!row || !isTag(row) || row.name === "tr") return false;
  const known = logoRows.get(row);
  if (known !== undefined) return known;
  const boxes = row.children.filter((c): c is Element => isTag(c));
  const result =
    boxes.length >= LOGO_ROW_MIN &&
    boxes.length <= LOGO_ROW_MAX &&
    !row.children.some((c) => isText(c) && HAS_WORD.test(c.data)) &&
    boxes.every(onlyAPicture);
  logoRows.set(row, result);
  return result;
}
/** Whether a box shows one picture and no text (read to a few nodes: a logo's box is small). */
function onlyAPicture(box: Element): boolean {
  if (box.name === "img") return logoLike(box);
  if (linksToPicture(box)) return false;
  let pictures = 0;
  let budget = LOGO_ITEM_NODES;
  for (const n of nodesInOrder(box)) {
    if (--budget < 0) return false;
    if (isText(n) && HAS_WORD.test(n.data)) return false;
    // A thumbnail that links to its full picture is a gallery's, whose alt text describes it.
    if (isTag(n) && linksToPicture(n)) return false;
    if (isTag(n) && n.name === "img") {
      if (++pictures > 1 || !logoLike(n)) return false;
    }
  }
  return pictures === 1;
}
/** A logo's alt names it in a few words; an emoji's (WordPress's `<img class="emoji" alt="🎉">`) is the text itself. */
const logoLike = (img: Element): boolean => {
  const alt = img.attribs.alt ?? "";
  return (
    textWords(alt) <= LOGO_ALT_WORDS &&
    !/(?:^|\s)(?:emoji|wp-smiley)(?:\s|$)/.test(img.attribs.class ?? "") &&
    (alt.trim() === "" || HAS_WORD.test(alt))
  );
};
const linksToPicture = (el: Element): boolean => el.name === "a" && IMAGE_FILE.test((el.attribs.href ?? "").split(/[?#]/)[0]!);
const logoRows = new WeakMap<Element, boolean>();
const LOGO_ITEM_DEPTH = 3;
const LOGO_ITEM_NODES = 12;
const LOGO_ROW_MIN = 3;
const LOGO_ROW_MAX = 60;
const LOGO_ALT_WORDS = 5;

/** The first element that passes the test among the first FIGURE_MAX_NODES nodes of a box (a figure is small). */
function findFirstWithin(box: Element, test: (el: Element) => boolean): Element | undefined {
  let budget = FIGURE_MAX_NODES;
  for (const n of nodesInOrder(box)) {
    if (--budget < 0) return undefined;
    if (isTag(n) && test(n)) return n;
  }
  return undefined;
}
const FIGURE_MAX_NODES = 300;
/** Levels above a picture where its figure's caption may stand. */
const CAPTION_DEPTH = 4;
const FIGURE_CHILDREN = 8;
/**
 * Whether the picture's caption, left out of the content (a story's picture caption), says the
 * alt text's words: the alt is then written empty, as it is beside a caption that is shown.
 */
function saidByLeftOutCaption(img: Element, alt: string, ctx: Ctx): boolean {
  const words = ` ${wordLine(alt)} `;
  let up = 0;
  for (let box = img.parent; box && isTag(box) && up < CAPTION_DEPTH; box = box.parent, up++) {
    // A figure is a small box: past a few children this is a gallery or the text around it (and each picture does not search it).
    if (box.children.length > FIGURE_CHILDREN) return false;
    const caption = findFirstWithin(
      box,
      (e) => ctx.skip(e) && e !== box && (e.name === "figcaption" || /caption|credit/i.test(e.attribs.class ?? "")),
    );
    if (caption) return ` ${wordLine(textOf(caption))} `.includes(words);
    if (box.name === "figure") return false;
  }
  return false;
}

/** A numbered step: per-platform instructions repeat steps word for word ("1. Download the installer"). */
const ORDERED_ITEM = /^\s*\d{1,9}[.)]\s/;
/** An ATX heading's line, alone or as a list item's first block ("- ## Latest"). */
const HEADING_LINE = /^[ \t]*(?:[-*+][ \t]+)?(#{1,6} .*)$/;
/** A line of at least this many words said again word for word is a copy. */
const REPEATED_LINE_WORDS = 6;

/**
 * One pass over the lines. Spaces and tabs at line ends go (with a loop: a regex is quadratic
 * on long runs), and so do runs of blank lines outside code blocks. Pages often carry the same text twice (a mobile and a desktop copy of a
 * description, a forum post quoted in full): a paragraph, heading or list item that repeats
 * an earlier one word for word is left out. Code blocks, table rows and numbered steps are
 * data and stay.
 */
function tidyLines(markdown: string): string {
  /** Each line's words, with the paragraph it was first met in. */
  const seen = new Map<string, number>();
  let paragraphNumber = 0;
  let openFence = "";
  const out: string[] = [];
  for (const raw of markdown.split("\n")) {
    let end = raw.length;
    while (end > 0 && (raw[end - 1] === " " || raw[end - 1] === "\t")) end--;
    const line = end === raw.length ? raw : raw.slice(0, end);
    openFence = fenceAfter(line, openFence);
    const inFence = openFence !== "";
    // One blank line between blocks, however many the writer left; a code block keeps its own.
    if (!inFence && line === "" && out.length > 0 && out[out.length - 1] === "") continue;
    // Lines joined by hard breaks are one paragraph (a stanza): a line said again inside it is
    // its refrain, said on purpose, and stays.
    const before = out.length > 0 ? out[out.length - 1]! : "";
    if (!before.endsWith("\\")) paragraphNumber++;
    // A heading right after the same heading titles nothing: a script's placeholder sections
    // (Medium's publication pages render "Latest" once per section still to load), copies of a
    // title for two screen sizes.
    if (!inFence) {
      const heading = HEADING_LINE.exec(line)?.[1];
      const previous = before === "" && out.length > 1 ? out[out.length - 2]! : before;
      if (heading && heading === HEADING_LINE.exec(previous)?.[1]) continue;
    }
    if (!inFence && !line.trimStart().startsWith("|")) {
      const key = wordLine(line.replace(MD_IMAGE, " "));
      if (textWords(key) >= REPEATED_LINE_WORDS && !ORDERED_ITEM.test(line)) {
        const first = seen.get(key);
        if (first !== undefined && first !== paragraphNumber) {
          // The paragraph's last line gone: the hard break before it would show as a backslash.
          if (before.endsWith("\\") && !line.endsWith("\\")) out[out.length - 1] = before.slice(0, -1);
          continue;
        }
        if (first === undefined) seen.set(key, paragraphNumber);
      }
    }
    out.push(line);
  }
  return out.join("\n");
}

// No "[" inside the alt and no "(" or ")" in the URL: each match attempt stops early, so the
// scan stays linear on hostile text such as "![![![…".
const MD_IMAGE = /!\[((?:\\.|[^\]\\[])*)\]\(([^()\s]*)\)/g;

/**
 * An alt text that repeats words the content already says (a card's picture titled like its
 * heading), or that many pictures share, is written empty, as accessibility guidance has
 * it, so the text is not doubled.
 */
function withoutRedundantAlt(markdown: string): string {
  if (!markdown.includes("![")) return markdown;
  // Link targets out, so that words split by a link read as written ("[120 Maple St](…) Asheville").
  const text = ` ${wordLine(markdown.replace(MD_IMAGE, " ").replace(LINK_TARGET, "]"))} `;
  const uses = new Map<string, number>();
  for (const [, alt] of markdown.matchAll(MD_IMAGE)) {
    const words = wordLine(alt!);
    uses.set(words, (uses.get(words) ?? 0) + 1);
  }
  let lookups = 0;
  return markdown.replace(MD_IMAGE, (whole, alt: string, url: string) => {
    const words = wordLine(alt);
    // Each lookup scans the text: a few hundred cover real pages and bound hostile ones.
    const redundant = (uses.get(words) ?? 0) >= PLACEHOLDER_ALT_USES || (lookups++ < MAX_ALT_LOOKUPS && text.includes(` ${words} `));
    return words && redundant ? `![](${url})` : whole;
  });
}

const MAX_ALT_LOOKUPS = 300;
/** A Markdown link's target, "](…)", as the writer writes it (no spaces or parentheses: markdownUrl encodes them). */
const LINK_TARGET = /\]\([^()\s]*\)/g;
/** The same alt text on this many different pictures is a placeholder ("Logo", "image"), not a description. */
const PLACEHOLDER_ALT_USES = 3;

/** Brackets and parentheses percent-encoded: a ")" in a URL would end the Markdown link early. */
function markdownUrl(url: string): string {
  return url.replace(/[()[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function codeBlock(pre: Element): string {
  const code = pre.children.find((c): c is Element => isTag(c) && c.name === "code");
  // All of the <pre>: several <code> elements, or a prompt outside the <code>. No-break
  // spaces (indentation some highlighters write as &nbsp;) are spaces: copied, the code must run.
  const text = codeText(pre)
    .replace(/^\n+/, "")
    .trimEnd()
    .replace(/\u00a0/g, " ");
  if (!text.trim()) return "";
  let longest = 0;
  for (const run of text.match(/`{3,}/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `\n\n${fence}${codeLanguage(pre, code)}\n${text}\n${fence}\n\n`;
}

/**
 * The language a page names for a code block: `language-x`/`lang-x` on the code or the
 * <pre>, a `data-lang`/`data-language` attribute, or a highlighter's wrapper class a few
 * levels up (`highlight-source-python` on GitHub, `language-ruby highlighter-rouge` in Jekyll,
 * `highlight-python` in Sphinx).
 */
function codeLanguage(pre: Element, code: Element | undefined): string {
  const chain: Element[] = code ? [code, pre] : [pre];
  // The table of a listing with line numbers is not one of the levels (Sphinx wraps it whole).
  for (let p = pre.parent, i = 0, steps = 0; p && isTag(p) && i < 3 && steps < 8; p = p.parent, steps++) {
    chain.push(p);
    if (!LISTING_TABLE.has(p.name)) i++;
  }
  for (const el of chain) {
    const named = el.attribs["data-lang"] || el.attribs["data-language"];
    if (named && /^[\w+#.-]{1,30}$/.test(named.trim())) return named.trim();
    const cls = el.attribs.class ?? "";
    // GitHub names markup by its text scope: "highlight-text-html-basic" is HTML, "highlight-text-html-php" PHP.
    const scope = /(?:^|\s)highlight-text-([\w+#.-]{1,40})(?=\s|$)/.exec(cls)?.[1];
    if (scope)
      return (
        TEXT_SCOPES[scope] ??
        scope
          .replace(/-basic$/, "")
          .split("-")
          .pop()!
      );
    const m = /(?:^|\s)(?:language|lang|highlight-source|highlight)-([\w+#.-]{1,30})(?=\s|$)/.exec(cls);
    if (m && !/^(?:none|text|plaintext|default)$/i.test(m[1]!)) return m[1]!;
  }
  // SyntaxHighlighter's (and MDN's) "brush: js", then a bare language name on the code or the
  // <pre> itself (highlight.js before version 10 writes "hljs javascript", rustdoc "rust").
  for (const el of code ? [code, pre] : [pre]) {
    const cls = el.attribs.class ?? "";
    const brush = /(?:^|[\s;])brush:\s*([\w+#.-]{1,30})/.exec(cls)?.[1];
    if (brush && !/^(?:none|text|plain)$/i.test(brush)) return brush;
    const bare = cls.split(/\s+/).find((c) => BARE_LANGUAGES.has(c.toLowerCase()));
    if (bare) return bare;
  }
  return "";
}

/** GitHub's text scopes whose last word names no language ("highlight-text-shell-session" is a console session). */
const TEXT_SCOPES: Record<string, string> = { "shell-session": "console", "python-console": "pycon", "gherkin-feature": "gherkin" };

/** Languages a class may name without a prefix; names of one letter ("c", "r") and words such as "text" or "code" are not taken. */
const BARE_LANGUAGES = new Set(
  (
    "javascript js jsx typescript ts tsx python py python3 rust go golang java kotlin scala swift cpp csharp cs fsharp " +
    "objectivec ruby rb php perl lua haskell elixir erlang clojure ocaml dart julia zig nim groovy matlab bash sh zsh " +
    "shell powershell ps1 console sql json yaml yml toml ini xml html xhtml css scss sass less markdown dockerfile " +
    "makefile cmake diff graphql protobuf solidity hcl terraform nginx latex vbnet"
  ).split(" "),
);

const LISTING_TABLE = new Set(["td", "tr", "tbody", "table"]);

/**
 * Text of a code block as a browser lays it out: `<br>` is a line break, a block (`div`, `p`,
 * `li`, a table's row) starts and ends a line, and so does a highlighter's line element
 * (`<span class="line">` in Shiki, `token-line` in Docusaurus, `data-line` in
 * rehype-pretty-code), whether the lines have newlines between them or not; an empty line
 * element is an empty line. Line numbers are left out: an element a highlighter names a line
 * number or a gutter (`linenos` in Pygments, `ln` in Chroma, Rouge's `gutter` cell, CSDN's
 * `pre-numbering` list) holding only digits.
 */
function codeText(pre: Element): string {
  const out: string[] = [];
  let last = "";
  let length = 0;
  // A line element ended without a line break of its own: what comes next starts a new line.
  let lineEnded = false;
  const emit = (s: string) => {
    if (!s) return;
    if (lineEnded && s[0] !== "\n") push("\n");
    lineEnded = false;
    push(s);
  };
  const push = (s: string) => {
    out.push(s);
    length += s.length;
    last = s[s.length - 1]!;
  };
  const walk = (node: AnyNode) => {
    if (isText(node)) {
      // Between two lines, white space is the template's indentation, not the code's: its line breaks alone are kept.
      if (node.prev && isTag(node.prev) && isCodeLine(node.prev) && !node.data.trim()) return emit(node.data.replace(/[^\n]/g, ""));
      return emit(node.data);
    }
    if (!isTag(node)) return;
    if (node.name === "br") return emit("\n");
    if (isLineNumber(node)) return;
    const line = isCodeLine(node);
    const blockLike = BLOCKS_IN_CODE.has(node.name);
    if (line && lineEnded) {
      push("\n");
      lineEnded = false;
    } else if (blockLike && length > 0 && last !== "\n") emit("\n");
    const before = length;
    for (const c of node.children) walk(c);
    if (line) lineEnded = length === before || last !== "\n";
    // An empty block has no height: it makes no line.
    else if (blockLike && length > before && last !== "\n") emit("\n");
  };
  for (const c of pre.children) walk(c);
  return out.join("");
}
const BLOCKS_IN_CODE = new Set(["div", "p", "li", "tr"]);
/** A highlighter's line: one of its line classes (not on a table cell), or rehype-pretty-code's `data-line`. */
function isCodeLine(el: Element): boolean {
  if (el.name === "td" || el.name === "th") return false;
  return CODE_LINE_CLASS.test(el.attribs.class ?? "") || (el.name === "span" && el.attribs["data-line"] !== undefined);
}
/** Highlighters' line classes, named one by one: a token's "single-line" (a comment) is no line of its own. */
const CODE_LINE_CLASS = /(?:^|\s)(?:line|token-line|ec-line|cm-line|view-line|code-line|highlight-line|highlighted-line)(?=\s|$)/i;
/** A highlighter's line number or gutter, holding only digits (a number that is the code's own text has another class). */
function isLineNumber(el: Element): boolean {
  const cls = el.attribs.class;
  return !!cls && LINE_NUMBER_CLASS.test(cls) && digitsOnly(el) === DIGITS;
}
const OTHER_TEXT = 0;
const BLANK = 1;
const DIGITS = 2;
/**
 * Whether an element's text is only digits (DIGITS), only white space (BLANK) or holds other
 * characters (OTHER_TEXT). Remembered, so that line-number classes nested in one another are
 * each read once.
 */
function digitsOnly(el: Element): number {
  let known = digitKinds.get(el);
  if (known !== undefined) return known;
  known = BLANK;
  for (const c of el.children) {
    const kind = isText(c) ? (/[^\d\s]/.test(c.data) ? OTHER_TEXT : /\d/.test(c.data) ? DIGITS : BLANK) : isTag(c) ? digitsOnly(c) : BLANK;
    if (kind === OTHER_TEXT) {
      known = OTHER_TEXT;
      break;
    }
    if (kind === DIGITS) known = DIGITS;
  }
  digitKinds.set(el, known);
  return known;
}
const digitKinds = new WeakMap<Element, number>();
// CSDN writes its numbers as a list after the code, "<ul class=\"pre-numbering\"><li>1</li>…".
const LINE_NUMBER_CLASS =
  /(?:^|\s)(?:line-?nos?|lineno|linenodiv|line-?numbers?|ln|lnt|gutter|[\w-]+-ln-numbers|(?:pre|line|code)-numbering)(?=\s|$)/i;

/** Text of inline code, with `<br>` and block children as line breaks (the caller writes them as spaces). */
function textContentWithBreaks(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node)) return "";
  if (node.name === "br") return "\n";
  const inner = node.children.map(textContentWithBreaks).join("");
  return node.name === "div" || node.name === "p" || node.name === "li" ? `${inner}\n` : inner;
}

function list(el: Element, ctx: Ctx): string {
  const ordered = el.name === "ol";
  const entries = listEntries(el, ctx);
  const reversed = ordered && el.attribs.reversed !== undefined;
  const start = Number.parseInt(el.attribs.start ?? "", 10);
  // Ordered lists count from `start` (0 too), down for `reversed`, and an item's `value` resets the count.
  let index = Number.isFinite(start) ? start : reversed ? entries.filter((e) => !Array.isArray(e) && e.name === "li").length : 1;
  const indent = ctx.listIndent ?? "";
  const depth = (ctx.listDepth ?? 0) + 1;
  // Past MAX_LIST_DEPTH levels, indentation stops growing.
  const deeper = (step: string) => (depth >= MAX_LIST_DEPTH ? indent : indent + step);
  // A list right after another of its kind would continue it in CommonMark ("1. c" then "1. d"
  // reads as 1, 2): another bullet starts a new one, and a numbered list is set apart by an
  // empty comment, as the CommonMark spec does.
  const twinsBefore = twinListsBefore(el, ctx);
  const afterTwin = twinsBefore > 0;
  // Bullets alternate, so that a third list is not read as the second's continuation.
  const bullet = twinsBefore % 2 === 1 ? "*" : "-";
  const items: string[] = [];
  for (const entry of entries) {
    if (!Array.isArray(entry) && entry.name !== "li") {
      const nested = list(entry, { ...ctx, listIndent: deeper("   "), listDepth: depth })
        .replace(/^\n+/, "")
        .trimEnd();
      if (nested) items.push(nested);
      continue;
    }
    // Content a list holds outside its items ("Before you start:") is shown without a marker
    // and takes no number: a paragraph between the items, set apart so it does not join one.
    if (Array.isArray(entry)) {
      const text = withinItem(blocks(entry, { ...ctx, listIndent: "", listDepth: depth }).trim(), indent);
      if (text) items.push(`\n${text}\n`);
      continue;
    }

    const value = Number.parseInt(entry.attribs.value ?? "", 10);
    if (ordered && Number.isFinite(value)) index = value;
    const marker = ordered ? `${reversed ? index-- : index++}.` : bullet;
    // Continuation lines and sub-lists sit under the item's text, past its marker ("10. " is four wide).
    const inner = deeper(" ".repeat(marker.length + 1));
    // Blocks are written from the item's own column; lists met inside them (in a <div>) are indented with them.
    const itemCtx: Ctx = { ...(hasOwnText(entry) ? { ...ctx, inTextItem: entry } : ctx), listIndent: "", listDepth: depth };
    // The item's content in order: runs of blocks, and sub-lists where they stand.
    const parts: { text: string; sublist: boolean }[] = [];
    let run: AnyNode[] = [];
    const flush = () => {
      const body = withinItem(blocks(run, itemCtx).trim(), inner);
      if (body) parts.push({ text: body, sublist: false });
      run = [];
    };
    for (const c of entry.children) {
      if (isTag(c) && (c.name === "ul" || c.name === "ol")) {
        flush();
        const rendered = list(c, { ...ctx, listIndent: inner, listDepth: depth })
          .replace(/^\n+/, "")
          .trimEnd();
        if (rendered) parts.push({ text: rendered, sublist: true });
      } else run.push(c);
    }
    flush();
    if (parts.length === 0) continue;
    // The item's first text goes on the marker's line; an item that opens with a sub-list has the marker alone.
    const box = taskBox(entry);
    // A task box needs the item's text on its line: before a sub-list alone it would show as "[ ]".
    const head = parts[0]!.sublist ? `${indent}${marker}` : `${indent}${marker} ${box}${parts.shift()!.text.slice(inner.length)}`;
    // Text after a sub-list is set apart by a blank line: right under the sub-list's last item
    // it would continue that item ("lazy continuation"), not the outer one.
    let written = head;
    parts.forEach((p, i) => (written += i > 0 && parts[i - 1]!.sublist && !p.sublist ? `\n\n${p.text}` : `\n${p.text}`));
    items.push(written);
  }
  if (!items.length) return "";
  return `\n\n${afterTwin && ordered ? `${indent}<!-- -->\n\n` : ""}${items.join("\n")}\n\n`;
}

/** A task list item's checkbox, as GFM writes it ("[x] ", "[ ] "): the item's first element, or the first in its first paragraph or label. */
function taskBox(li: Element): string {
  const first = li.children.find((c): c is Element => isTag(c));
  const box =
    first?.name === "input"
      ? first
      : first && (first.name === "p" || first.name === "label")
        ? first.children.find((c): c is Element => isTag(c))
        : undefined;
  if (box?.name !== "input" || (box.attribs.type ?? "").toLowerCase() !== "checkbox") return "";
  // A task list's box is shown, not used (disabled, as Markdown renderers write it) or named so;
  // other boxes fold a comment thread or pick an item.
  if (box.attribs.disabled === undefined && !/task|todo|check-?list/i.test(`${li.attribs.class ?? ""} ${box.attribs.class ?? ""}`))
    return "";
  return box.attribs.checked !== undefined ? "[x] " : "[ ] ";
}

/** How many written lists of the same kind stand right before a list (past white space), up to a bound. */
function twinListsBefore(el: Element, ctx: Ctx): number {
  let count = 0;
  let node: Element = el;
  while (count < MAX_TWIN_LISTS) {
    let prev = node.prev;
    while (prev && isText(prev) && !prev.data.trim()) prev = prev.prev;
    if (!prev || !isTag(prev) || prev.name !== el.name || skipped(prev) || ctx.skip(prev)) break;
    count++;
    node = prev;
  }
  return count;
}
const MAX_TWIN_LISTS = 100;

/** An entry of a list: an `<li>`, a nested list, or a run of other content the list holds. */
type ListEntry = Element | AnyNode[];

/**
 * A list's entries as a browser shows them: its items and nested lists, also those a stray
 * wrapper holds (`<ul><p><li>`, which htmlparser2 keeps nested, or a framework's `<div>`
 * around items). Text and other elements between the items (a bare `<ul>` that indents a
 * passage) are shown too: each run of them is an entry.
 */
function listEntries(el: Element, ctx: Ctx, out: ListEntry[] = [], depth = 0): ListEntry[] {
  let run: AnyNode[] = [];
  const endRun = () => {
    if (run.some(hasText)) out.push(run);
    run = [];
  };
  for (const c of el.children) {
    if (isTag(c) && (skipped(c) || ctx.skip(c))) continue;
    if (isTag(c) && (c.name === "li" || c.name === "ul" || c.name === "ol")) {
      endRun();
      out.push(c);
    } else if (isTag(c) && depth < MAX_LIST_DEPTH && c.children.some((x) => isTag(x) && x.name === "li")) {
      endRun();
      listEntries(c, ctx, out, depth + 1);
    } else if (isTag(c) || isText(c)) run.push(c);
  }
  endRun();
  return out;
}

const hasText = (n: AnyNode): boolean => (isText(n) ? n.data.trim() !== "" : isTag(n) && hasOwnText(n));

/** Runs of blank lines made one, outside code blocks (fences also open after a quote's or a list's marker). */
function oneBlankLine(text: string): string {
  if (!text.includes("\n\n\n")) return text;
  const out: string[] = [];
  let fence = "";
  for (const line of text.split("\n")) {
    fence = fenceAfter(line, fence);
    if (!fence && line === "" && out.length > 0 && out[out.length - 1] === "") continue;
    out.push(line);
  }
  return out.join("\n");
}
/**
 * The code fence open after `line`, given the one open before it ("" for none). Fences also
 * open inside quotes and list items ("> ```", "- ```"); only a bare fence of the same kind and
 * at least the same length closes one.
 */
function fenceAfter(line: string, open: string): string {
  const marker = FENCE_LINE.exec(line)?.[1];
  if (!marker) return open;
  if (!open) return marker;
  return marker[0] === open[0] && marker.length >= open.length && FENCE_CLOSE.test(line) ? "" : open;
}
const FENCE_LINE = /^[\s>]*(?:(?:[-*+]|\d{1,9}[.)])\s+)?(`{3,}|~{3,})/;
const FENCE_CLOSE = /^[\s>]*[`~]+\s*$/;

/**
 * Blocks of one list item, indented under its text. Paragraphs stay apart by one blank line;
 * a code block keeps its blank lines (they are its content).
 */
function withinItem(body: string, indent: string): string {
  if (!body) return "";
  const out: string[] = [];
  let fence = "";
  let blank = false;
  for (const line of body.split("\n")) {
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && !fence) fence = marker;
    else if (marker && fence && marker[0] === fence[0] && marker.length >= fence.length) fence = "";
    if (!line.trim() && !fence) {
      blank = out.length > 0;
      continue;
    }
    if (blank) out.push("");
    blank = false;
    out.push(line ? `${indent}${line}` : "");
  }
  return out.join("\n");
}

function table(el: Element, ctx: Ctx): string {
  // Rows in the order a browser shows them: head, bodies, foot (a <tfoot> may come first).
  const head: Element[] = [];
  const body: Element[] = [];
  const foot: Element[] = [];
  // What a table holds outside its cells a browser shows before it ("foster parenting").
  const fostered: AnyNode[] = [];
  const collect = (parent: Element, section: Element[], depth: number) => {
    for (const c of parent.children) {
      if (isText(c)) {
        if (c.data.trim()) fostered.push(c);
        continue;
      }
      if (!isTag(c) || skipped(c) || ctx.skip(c) || c.name === "caption" || c.name === "colgroup" || c.name === "col") continue;
      if (c.name === "tr") section.push(c);
      else if (c.name === "thead" || c.name === "tbody" || c.name === "tfoot")
        collect(c, c.name === "thead" ? head : c.name === "tfoot" ? foot : section === head ? body : section, depth + 1);
      // Rows inside a stray wrapper (`<table><form><tr>`, which htmlparser2 keeps nested) are the table's rows.
      else if (depth < MAX_TABLE_WRAPPERS && holds(c, TABLE_PARTS)) collect(c, section, depth + 1);
      else fostered.push(c);
    }
  };
  collect(el, body, 0);
  const cells = [...head, ...body, ...foot].map((r) => rowCells(r, 0)).filter((r) => r.length > 0);
  const before = fostered.length ? blocks(fostered, ctx).trim() : "";
  const caption = el.children.find((c): c is Element => isTag(c) && c.name === "caption");
  const captionText = `${before ? `${before}\n\n` : ""}${caption ? `${inline(caption.children, ctx).trim()}\n\n` : ""}`;
  if (cells.length === 0) return captionText ? `\n\n${captionText}` : "";
  // A table used for layout (a cell holding headings, lists, code, quotes, another table or
  // several paragraphs) is read as the blocks it holds, cell after cell. A table with a header
  // row is data even when a cell holds a list or two paragraphs (a comparison table, a
  // parameter table): only headings, code or another table in a cell make it layout.
  const headed = cells.length > 1 && (head.length > 0 || cells[0]!.every((c) => c.name === "th"));
  if (cells.some((r) => r.some((c) => (headed ? holdsPageBlocks(c) : holdsLayout(c)))))
    return `\n\n${captionText}${cells
      // A gutter of line numbers beside a cell of code (Pygments, Rouge) is not part of the code.
      // Only a cell of numbers right before the code is a gutter ("print(1) | 1" shows an output).
      .flatMap((r) => (r.some(holdsCode) ? r.filter((c, i) => !(r[i + 1] && holdsCode(r[i + 1]!) && isLineNumbers(c))) : r))
      .map((c) => blocks(c.children, ctx).trim())
      .filter(Boolean)
      .join("\n\n")}\n\n`;
  const cellText = (c: Element) =>
    oneLine(blocks(c.children, ctx).trim().replace(HARD_BREAK_RUNS, " ")).replace(HARD_BREAKS, " ").replace(/\|/g, "\\|");
  // Spans laid out on a grid, as a browser does: a cell spanning columns or rows leaves empty
  // cells beside or under it, so the values stay under their headers.
  const grid: string[][] = [];
  const rows = cells.slice(0, MAX_TABLE_ROWS);
  rows.forEach((r, y) => {
    const row = (grid[y] ??= []);
    let x = 0;
    for (const c of r) {
      while (row[x] !== undefined) x++;
      if (x >= MAX_TABLE_COLUMNS) break;
      const colspan = Math.min(Math.max(Number.parseInt(c.attribs.colspan ?? "1", 10) || 1, 1), MAX_TABLE_COLUMNS - x);
      const rowspan = Math.min(Math.max(Number.parseInt(c.attribs.rowspan ?? "1", 10) || 1, 1), rows.length - y);
      for (let dy = 0; dy < rowspan; dy++)
        for (let dx = 0; dx < colspan; dx++) (grid[y + dy] ??= [])[x + dx] = dy === 0 && dx === 0 ? cellText(c) : "";
      x += colspan;
    }
  });
  // A loop, not Math.max(...rows): a table of 130,000 rows overflows the argument stack.
  let width = 0;
  for (const r of grid) width = Math.max(width, r.length);
  width = Math.min(width, MAX_TABLE_COLUMNS);
  const filled = grid.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ""));
  // A one-column table reads better as paragraphs.
  if (width === 1)
    return `\n\n${captionText}${filled
      .map((r) => r[0]!)
      .filter(Boolean)
      .join("\n\n")}\n\n`;
  // A table of keys and values (each row a <th> then <td>s, as specification tables are)
  // has no header row: GFM needs one, so it is left empty rather than taken from the data.
  const keyValue =
    head.length === 0 &&
    cells.length > 1 &&
    cells.every((r) => r[0]!.name === "th" && r.slice(1).every((c) => c.name === "td") && r.length > 1);
  const header = keyValue ? filled[0]!.map(() => "") : filled[0]!;
  const lines = [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...(keyValue ? filled : filled.slice(1)).map((r) => `| ${r.join(" | ")} |`),
  ];
  return `\n\n${captionText}${lines.join("\n")}\n\n`;
}

/** Wrappers around rows or cells that are still read as the table's own (deeper ones are content). */
const MAX_TABLE_WRAPPERS = 3;
const CELLS = new Set(["td", "th"]);

/** Whether the element holds one of `parts` as a child, or inside a few wrappers (never inside another table). */
function holds(el: Element, parts: Set<string>, depth = 0): boolean {
  return el.children.some(
    (c) => isTag(c) && (parts.has(c.name) || (depth < MAX_TABLE_WRAPPERS && c.name !== "table" && holds(c, parts, depth + 1))),
  );
}

/** A row's cells, with those a stray wrapper holds (`<tr><form><td>`). */
function rowCells(row: Element, depth: number): Element[] {
  return row.children.flatMap((c): Element[] => {
    if (!isTag(c)) return [];
    if (CELLS.has(c.name)) return [c];
    return depth < MAX_TABLE_WRAPPERS && c.name !== "table" && holds(c, CELLS) ? rowCells(c, depth + 1) : [];
  });
}

/** A cell holding a code block of its own (not one in a table nested in it: nested tables would be searched once per level). */
function holdsCode(cell: Element): boolean {
  const walk = (n: AnyNode): boolean => isTag(n) && n.name !== "table" && (n.name === "pre" || n.children.some(walk));
  return cell.children.some(walk);
}
/** A cell whose text is only numbers, one per line: a code listing's gutter. Stops at the first other character. */
function isLineNumbers(cell: Element): boolean {
  return digitsOnly(cell) === DIGITS;
}

/** A cell's blocks on one line, as a GFM row needs: a list's items joined by "; ", paragraphs by a space. */
function oneLine(text: string): string {
  let out = "";
  for (const raw of text.split("\n")) {
    const marker = LINE_MARKER.exec(raw);
    const line = raw.slice(marker ? marker[0].length : 0).trim();
    if (!line) continue;
    out += out ? (marker && /[-*+\d]/.test(marker[0]) ? `; ${line}` : ` ${line}`) : line;
  }
  return out;
}
const LINE_MARKER = /^\s*(?:>\s*)*(?:[-*+]|\d{1,9}[.)])?\s+|^\s*(?:>\s*)+/;

/** A data table's cell holding what only a page holds: a heading, code, or another table. */
function holdsPageBlocks(cell: Element): boolean {
  return !!findFirst(cell, (e) => PAGE_BLOCKS.has(e.name));
}
const PAGE_BLOCKS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "pre", "table"]);

/** A table cell that holds page layout rather than a value. */
function holdsLayout(cell: Element): boolean {
  let paragraphs = 0;
  const walk = (n: AnyNode): boolean => {
    if (!isTag(n)) return false;
    if (LAYOUT_BLOCKS.has(n.name)) return true;
    if (n.name === "p" && ++paragraphs > 1) return true;
    // Paragraphs written with a blank line between (`<br><br>`), as pages laid out in tables did.
    if (n.name === "br" && separatesParagraphs(n)) return true;
    return n.children.some(walk);
  };
  return cell.children.some(walk);
}
/** Whether the `<br>` opens a run of two or more with content before and after it. Only the run's first is read on, so a long run is read once. */
function separatesParagraphs(br: Element): boolean {
  let prev = br.prev;
  while (prev && isText(prev) && !prev.data.trim()) prev = prev.prev;
  if (!prev || (isTag(prev) && prev.name === "br")) return false;
  let breaks = 1;
  let next = br.next;
  for (; next; next = next.next) {
    if (isTag(next) && next.name === "br") breaks++;
    else if (!isText(next) || next.data.trim()) break;
  }
  return breaks >= 2 && !!next;
}
const LAYOUT_BLOCKS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "pre", "blockquote", "table", "dl"]);

/** Quote and list levels written as such; deeper ones are written at this level. */
const MAX_QUOTE_DEPTH = 8;
const MAX_LIST_DEPTH = 8;

/**
 * A table wider or longer than these is not read by anyone as a table: its rows are padded to
 * the widest row, so a square table of 30,000 cells a side would need gigabytes.
 */
const MAX_TABLE_COLUMNS = 50;
const MAX_TABLE_ROWS = 5000;

/** Whether the element has text (images aside). Remembered: list items ask at every level of nesting. */
function hasOwnText(el: Element): boolean {
  let known = ownText.get(el);
  if (known === undefined)
    ownText.set(el, (known = el.children.some((c) => (isText(c) ? c.data.trim() !== "" : isTag(c) && c.name !== "img" && hasOwnText(c)))));
  return known;
}
const ownText = new WeakMap<Element, boolean>();

function textLinkedUrls(nodes: AnyNode[], baseUrl: string): Set<string> {
  const out = new Set<string>();
  const walk = (n: AnyNode) => {
    if (!isTag(n)) return;
    if (n.name === "a" && hasOwnText(n)) {
      const href = resolveUrl(n.attribs.href ?? "", baseUrl);
      if (href) out.add(href);
    }
    for (const c of n.children) walk(c);
  };
  nodes.forEach(walk);
  return out;
}
