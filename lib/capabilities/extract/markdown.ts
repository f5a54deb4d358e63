import { type AnyNode, type Element, isDocument, isTag, isText, type Text } from "domhandler";
import { BLOCK_ELEMENTS, hasBlockChild } from "../../html/dom";
import { resolveUrl } from "../../html/urls";

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
]);

export function toMarkdown(
  root: AnyNode | AnyNode[],
  baseUrl: string,
  skip: (el: Element) => boolean = () => false,
  skipText: (text: Text) => boolean = () => false,
): MarkdownResult {
  const links: { url: string; text: string }[] = [];
  // A document without <body> (the tags are optional in HTML) is written from its children.
  const nodes = Array.isArray(root) ? root : isDocument(root) ? root.children : [root];
  const ctx: Ctx = { baseUrl, links, listDepth: 0, skip, skipText, textLinked: textLinkedUrls(nodes, baseUrl), images: new Set() };
  const body = nodes.map((n) => block(n, ctx)).join("");
  const markdown = tidyLines(withoutRedundantAlt(body))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { markdown, links };
}

interface Ctx {
  baseUrl: string;
  links: { url: string; text: string }[];
  listDepth: number;
  /** Elements left out (boilerplate found by the content finder). */
  skip: (el: Element) => boolean;
  skipText: (text: Text) => boolean;
  /** URLs that some link with text points to: an image-only link to one of them is a duplicate. */
  textLinked: Set<string>;
  /** Image URLs already written: the same picture again (a mobile and a desktop copy) is left out. */
  images: Set<string>;
  /** Blockquotes around this point. */
  quoteDepth?: number;
  /** Inside a list item that has text of its own: its images are thumbnails of the item. */
  inTextItem?: boolean;
}

/** Renders a node in block context: returns text that starts and ends on its own lines. */
function block(node: AnyNode, ctx: Ctx): string {
  if (isText(node)) return ctx.skipText(node) ? "" : inlineText(node.data);
  if (!isTag(node) || SKIP.has(node.name) || ctx.skip(node)) return "";
  const el = node;
  switch (el.name) {
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6": {
      const text = inline(el.children, ctx).trim();
      return text ? `\n\n${"#".repeat(Number(el.name[1]))} ${text.replace(/\n+/g, " ")}\n\n` : "";
    }
    case "p":
      return paragraph(inline(el.children, ctx));
    case "br":
      return "  \n";
    case "hr":
      return "\n\n---\n\n";
    case "pre":
      return codeBlock(el);
    case "blockquote": {
      // Beyond a few levels a quote adds no meaning, only a prefix on every inner line
      // (600 nested quotes would write each line 600 times longer).
      if ((ctx.quoteDepth ?? 0) >= MAX_QUOTE_DEPTH) return blocks(el.children, ctx);
      const inner = blocks(el.children, { ...ctx, quoteDepth: (ctx.quoteDepth ?? 0) + 1 }).trim();
      return inner
        ? `\n\n${inner
            .split("\n")
            .map((l) => (l ? `> ${l}` : ">"))
            .join("\n")}\n\n`
        : "";
    }
    case "ul":
    case "ol":
      return list(el, ctx);
    case "table":
      return table(el, ctx);
    case "dl":
      return `\n\n${blocks(el.children, ctx).trim()}\n\n`;
    case "dt":
      return `\n\n**${inline(el.children, ctx).trim()}**\n`;
    case "dd":
      return `\n${blocks(el.children, ctx).trim()}\n`;
    case "img":
    case "a":
    default:
      if (BLOCK_ELEMENTS.has(el.name) || hasBlockChild(el)) return `\n\n${blocks(el.children, ctx)}\n\n`;
      return paragraph(inline([el], ctx));
  }
}

function blocks(nodes: AnyNode[], ctx: Ctx): string {
  // Runs of inline content between blocks become paragraphs.
  let out = "";
  let run: AnyNode[] = [];
  const flush = () => {
    if (run.length) out += paragraph(inline(run, ctx));
    run = [];
  };
  for (const n of nodes) {
    if (isTag(n) && (BLOCK_ELEMENTS.has(n.name) || n.name === "br" || hasBlockChild(n))) {
      flush();
      out += block(n, ctx);
    } else run.push(n);
  }
  flush();
  return out;
}

function paragraph(text: string): string {
  const t = text.replace(/[ \t]+/g, " ").trim();
  return t ? `\n\n${t}\n\n` : "";
}

function inlineText(s: string): string {
  return s.replace(/\s+/g, " ");
}

const escapeMd = (s: string) => s.replace(/([\\`*_[\]])/g, "\\$1");

function inline(nodes: AnyNode[], ctx: Ctx): string {
  let out = "";
  for (const n of nodes) {
    if (isText(n)) out += ctx.skipText(n) ? "" : escapeMd(inlineText(n.data));
    else if (isTag(n) && !SKIP.has(n.name) && !ctx.skip(n)) out += inlineElement(n, ctx);
  }
  return out;
}

function inlineElement(el: Element, ctx: Ctx): string {
  switch (el.name) {
    case "br":
      return "  \n";
    case "strong":
    case "b":
      return wrap(inline(el.children, ctx), "**");
    case "em":
    case "i":
      return wrap(inline(el.children, ctx), "_");
    case "del":
    case "s":
    case "strike":
      return wrap(inline(el.children, ctx), "~~");
    case "code":
    case "kbd":
    case "samp": {
      const code = textContent(el).replace(/\s+/g, " ");
      if (!code.trim()) return "";
      const fence = code.includes("`") ? "``" : "`";
      return `${fence}${code}${fence}`;
    }
    case "img":
      return image(el, ctx);
    case "a": {
      const href = resolveUrl(el.attribs.href ?? "", ctx.baseUrl);
      // A thumbnail linking where a text link also goes (cards in listings) repeats that link.
      if (href && ctx.textLinked.has(href) && !hasOwnText(el)) return "";
      const text = inline(el.children, ctx).trim();
      if (!href) return text;
      if (text)
        ctx.links.push({
          url: href,
          text: text
            .replace(/[*_`\\]/g, "")
            .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
            .trim(),
        });
      return text ? `[${text}](${markdownUrl(href)})` : "";
    }
    default:
      return inline(el.children, ctx);
  }
}

function wrap(text: string, mark: string): string {
  const t = text.trim();
  if (!t) return text;
  // Slices, not /\s*$/: that regex is quadratic on long runs of white space.
  const lead = text.slice(0, text.length - text.trimStart().length);
  const trail = text.slice(text.trimEnd().length);
  return `${lead}${mark}${t}${mark}${trail}`;
}

function image(el: Element, ctx: Ctx): string {
  if (ctx.inTextItem) return "";
  const src = el.attribs.src ?? el.attribs["data-src"] ?? el.attribs["data-lazy-src"] ?? firstSrcset(el.attribs.srcset);
  const url = src && !src.trim().startsWith("data:") ? resolveUrl(src, ctx.baseUrl) : null;
  if (!url) return "";
  if (ctx.images.has(url)) return "";
  ctx.images.add(url);
  const alt = (el.attribs.alt ?? "").replace(/\s+/g, " ").trim();
  return `![${escapeMd(alt)}](${markdownUrl(url)})`;
}

/** A line of at least this many words said again word for word is a copy. */
const REPEATED_LINE_WORDS = 6;

/**
 * One pass over the lines. Spaces and tabs at line ends go (with a loop: a regex is quadratic
 * on long runs). Pages often carry the same text twice (a mobile and a desktop copy of a
 * description, a forum post quoted in full): a paragraph, heading or list item that repeats
 * an earlier one word for word is left out. Code blocks and table rows are data and stay.
 */
function tidyLines(markdown: string): string {
  const seen = new Set<string>();
  let inFence = false;
  const out: string[] = [];
  for (const raw of markdown.split("\n")) {
    let end = raw.length;
    while (end > 0 && (raw[end - 1] === " " || raw[end - 1] === "\t")) end--;
    const line = end === raw.length ? raw : raw.slice(0, end);
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && !line.trimStart().startsWith("|")) {
      const key = wordsOf(line.replace(MD_IMAGE, " "));
      if (key.split(" ").length >= REPEATED_LINE_WORDS) {
        if (seen.has(key)) continue;
        seen.add(key);
      }
    }
    out.push(line);
  }
  return out.join("\n");
}

// No "[" inside the alt and no "(" or ")" in the URL: each match attempt stops early, so the
// scan stays linear on hostile text such as "![![![…".
const MD_IMAGE = /!\[((?:\\.|[^\]\\[])*)\]\(([^()\s]*)\)/g;

const wordsOf = (s: string) => (s.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).join(" ");

/**
 * An alt text that repeats words the content already says (a card's picture titled like its
 * heading), or that many pictures share, is written empty, as accessibility guidance has
 * it, so the text is not doubled.
 */
function withoutRedundantAlt(markdown: string): string {
  if (!markdown.includes("![")) return markdown;
  const text = ` ${wordsOf(markdown.replace(MD_IMAGE, " "))} `;
  const uses = new Map<string, number>();
  for (const [, alt] of markdown.matchAll(MD_IMAGE)) {
    const words = wordsOf(alt!);
    uses.set(words, (uses.get(words) ?? 0) + 1);
  }
  let lookups = 0;
  return markdown.replace(MD_IMAGE, (whole, alt: string, url: string) => {
    const words = wordsOf(alt);
    // Each lookup scans the text: a few hundred cover real pages and bound hostile ones.
    const redundant = (uses.get(words) ?? 0) >= PLACEHOLDER_ALT_USES || (lookups++ < MAX_ALT_LOOKUPS && text.includes(` ${words} `));
    return words && redundant ? `![](${url})` : whole;
  });
}

const MAX_ALT_LOOKUPS = 300;
/** The same alt text on this many different pictures is a placeholder ("Logo", "image"), not a description. */
const PLACEHOLDER_ALT_USES = 3;

/** Brackets and parentheses percent-encoded: a ")" in a URL would end the Markdown link early. */
function markdownUrl(url: string): string {
  return url.replace(/[()[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function firstSrcset(srcset: string | undefined): string | undefined {
  return srcset?.split(",")[0]?.trim().split(/\s+/)[0];
}

function textContent(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (isTag(node)) return node.children.map(textContent).join("");
  return "";
}

function codeBlock(pre: Element): string {
  const code = pre.children.find((c): c is Element => isTag(c) && c.name === "code");
  const text = textContentWithBreaks(code ?? pre)
    .replace(/^\n+/, "")
    .trimEnd();
  if (!text.trim()) return "";
  const classes = `${code?.attribs.class ?? ""} ${pre.attribs.class ?? ""} ${pre.attribs["data-lang"] ?? ""} ${code?.attribs["data-lang"] ?? ""}`;
  const lang = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(classes)?.[1] ?? (pre.attribs["data-lang"] || code?.attribs["data-lang"] || "");
  const fence = text.includes("```") ? "````" : "```";
  return `\n\n${fence}${lang}\n${text}\n${fence}\n\n`;
}

/** Text of a code block, keeping its line breaks (`<br>` and block children count as breaks). */
function textContentWithBreaks(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node)) return "";
  if (node.name === "br") return "\n";
  const inner = node.children.map(textContentWithBreaks).join("");
  return node.name === "div" || node.name === "p" || node.name === "li" ? `${inner}\n` : inner;
}

function list(el: Element, ctx: Ctx): string {
  const ordered = el.name === "ol";
  let index = Number(el.attribs.start ?? 1) || 1;
  const indent = "   ".repeat(ctx.listDepth);
  const items: string[] = [];
  for (const li of el.children) {
    if (!isTag(li)) continue;
    if (li.name !== "li") {
      if (li.name === "ul" || li.name === "ol")
        items.push(
          list(li, { ...ctx, listDepth: Math.min(ctx.listDepth + 1, MAX_LIST_DEPTH) })
            .replace(/^\n+/, "")
            .trimEnd(),
        );
      continue;
    }
    const nested = { ...ctx, listDepth: Math.min(ctx.listDepth + 1, MAX_LIST_DEPTH) };
    const itemCtx = hasOwnText(li) ? { ...ctx, inTextItem: true } : ctx;
    const sublists = li.children.filter((c): c is Element => isTag(c) && (c.name === "ul" || c.name === "ol"));
    const sublistSet = new Set<AnyNode>(sublists);
    const rest = li.children.filter((c) => !sublistSet.has(c));
    const body = blocks(rest, itemCtx)
      .trim()
      .replace(/\n{2,}/g, "\n")
      .split("\n")
      .map((l, i) => (i === 0 ? l : `${indent}   ${l}`))
      .join("\n");
    const marker = ordered ? `${index++}.` : "-";
    let item = body ? `${indent}${marker} ${body}` : "";
    for (const sub of sublists) {
      const rendered = list(sub, nested).replace(/^\n+|\n+$/g, "");
      if (rendered) item += `${item ? "\n" : ""}${rendered}`;
    }
    if (item) items.push(item);
  }
  return items.length ? `\n\n${items.join("\n")}\n\n` : "";
}

function table(el: Element, ctx: Ctx): string {
  const rows: Element[] = [];
  const collect = (n: Element) => {
    for (const c of n.children) {
      if (!isTag(c)) continue;
      if (c.name === "tr") rows.push(c);
      else if (c.name === "thead" || c.name === "tbody" || c.name === "tfoot") collect(c);
    }
  };
  collect(el);
  const cells = rows
    .map((r) => r.children.filter((c): c is Element => isTag(c) && (c.name === "td" || c.name === "th")))
    .filter((r) => r.length > 0);
  if (cells.length === 0) return "";
  const cellText = (c: Element) => blocks(c.children, ctx).trim().replace(/\n+/g, " ").replace(/\|/g, "\\|");
  // A one-column table, or one used for layout, reads better as paragraphs.
  // A loop, not Math.max(...rows): a table of 130,000 rows overflows the argument stack.
  let width = 0;
  for (const r of cells) width = Math.max(width, r.length);
  width = Math.min(width, MAX_TABLE_COLUMNS);
  if (width === 1)
    return `\n\n${cells
      .map((r) => cellText(r[0]!))
      .filter(Boolean)
      .join("\n\n")}\n\n`;
  const grid = cells.slice(0, MAX_TABLE_ROWS).map((r) => {
    const texts = r.slice(0, width).map(cellText);
    while (texts.length < width) texts.push("");
    return texts;
  });
  const caption = el.children.find((c): c is Element => isTag(c) && c.name === "caption");
  const header = grid[0]!;
  const lines = [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...grid.slice(1).map((r) => `| ${r.join(" | ")} |`),
  ];
  return `\n\n${caption ? `${inline(caption.children, ctx).trim()}\n\n` : ""}${lines.join("\n")}\n\n`;
}

/** Quote and list levels written as such; deeper ones are written at this level. */
const MAX_QUOTE_DEPTH = 8;
const MAX_LIST_DEPTH = 8;

/**
 * A table wider or longer than these is not read by anyone as a table: its rows are padded to
 * the widest row, so a square table of 30,000 cells a side would need gigabytes.
 */
const MAX_TABLE_COLUMNS = 50;
const MAX_TABLE_ROWS = 5000;

function hasOwnText(el: Element): boolean {
  return el.children.some((c) => (isText(c) ? c.data.trim() !== "" : isTag(c) && c.name !== "img" && hasOwnText(c)));
}

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
