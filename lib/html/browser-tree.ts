import { type AnyNode, type Document, type Element, isTag, isText } from "domhandler";
import { HEADINGS, rawText } from "./dom";

/**
 * htmlparser2 closes an element implicitly only when it is the innermost one open, and never
 * across levels, so malformed markup a browser repairs comes out nested where no browser
 * nests it: `<p><font>A<p>B` puts B inside A's paragraph, `<li><p>A<li>B` puts B inside A's
 * item, content after a stray `</body>` leaves the body. This finds those shapes in one walk;
 * a page that has one is parsed again by the HTML standard's algorithm (parse5), which is
 * several times slower, so clean pages keep the fast parser.
 */
export function builtUnlikeBrowser(doc: Document): boolean {
  const html = doc.children.find((c): c is Element => isTag(c) && c.name === "html");
  if (!html) return doc.children.some((c) => impossibleNesting(c, NONE));
  if (misplacedDocumentParts(doc, html)) return true;
  return html.children.some((c) =>
    isTag(c) && (c.name === "head" || c.name === "body") ? c.children.some((x) => impossibleNesting(x, NONE)) : impossibleNesting(c, NONE),
  );
}

/** What is open around a node, as far as the checks below need it. */
interface Open {
  /** A `<p>` open with no scope boundary (a button, a cell, a table) since. */
  p: boolean;
  /** An `<li>` open with no list since; a `<dd>`/`<dt>` with no `<dl>` since. */
  li: boolean;
  dd: boolean;
  a: boolean;
  heading: boolean;
  /** Inside a table; inside it but outside its cells and caption; inside a row; inside a cell. */
  table: boolean;
  tableBody: boolean;
  row: boolean;
  cell: boolean;
}
const NONE: Open = { p: false, li: false, dd: false, a: false, heading: false, table: false, tableBody: false, row: false, cell: false };

/** Start tags that close an open `<p>` (the standard's "close a p element" list). */
const CLOSES_P = new Set(
  // "table" only outside quirks mode; the standard parser tells the modes apart.
  (
    "address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer form " +
    "h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre section ul li dd dt listing xmp table"
  ).split(" "),
);
/** Elements that end a `<p>`'s button scope: a paragraph outside them is not closed from inside. */
const P_SCOPE = new Set(["button", "applet", "marquee", "object", "table", "td", "th", "caption", "template", "svg", "math", "html"]);
/**
 * A heading around paragraphs, lists or another heading is legal but rare; it is what a heading
 * left open builds (`<h2>Weather</h3><p>…` in htmlparser2, where browsers end the heading at
 * any heading's end tag). The standard parse builds the same tree when it was legal.
 */
const NOT_IN_HEADING = new Set(["p", "ul", "ol", "table", ...HEADINGS]);

/** Whether a node or one below it stands where no browser would put it. A loop, not recursion: the tree can be thousands deep before it is flattened. */
function impossibleNesting(top: AnyNode, around: Open): boolean {
  const stack: [AnyNode, Open][] = [[top, around]];
  while (stack.length) {
    const [node, open] = stack.pop()!;
    if (!isTag(node)) continue;
    const inner = openInside(node, open);
    if (inner === null) return true;
    if (inner === undefined) continue;
    for (const c of node.children) stack.push([c, inner]);
  }
  return false;
}

/** What is open inside the element; null when a browser would not have built it there, undefined when its content is not checked. */
function openInside(node: Element, open: Open): Open | null | undefined {
  const name = node.name;
  if (name === "template" || name === "svg" || name === "math") return undefined;
  // Browsers ignore these tags inside a page (an embedded document's); htmlparser2 nests what follows in them.
  if (name === "html" || name === "head" || name === "body") return null;
  // An old ad script that writes a script inside an HTML comment: browsers read on to the second `</script>`.
  if (name === "script") return writesScriptInComment(node) ? null : undefined;
  if (open.p && CLOSES_P.has(name)) return null;
  if (open.li && name === "li") return null;
  if (open.dd && (name === "dd" || name === "dt")) return null;
  if (open.a && name === "a") return null;
  if (open.heading && NOT_IN_HEADING.has(name)) return null;
  if (open.row && name === "tr") return null;
  if (open.cell && (name === "td" || name === "th" || name === "tr")) return null;
  if (name === "colgroup" && node.children.some((c) => isTag(c) && c.name !== "col")) return null;
  // A browser ignores table parts outside a table, and closes a table that opens where cells go.
  if (!open.table && TABLE_PARTS.has(name)) return null;
  if (name === "table" && open.tableBody) return null;
  if (
    TABLE_FRAME.has(name) &&
    node.children.some((c) => (isText(c) ? c.data.trim() !== "" : isTag(c) && !(name === "tr" ? IN_ROW : IN_TABLE).has(c.name)))
  )
    return null;
  const cellOrCaption = name === "td" || name === "th" || name === "caption";
  return {
    p: name === "p" || (open.p && !P_SCOPE.has(name)),
    li: name === "li" || (open.li && name !== "ul" && name !== "ol" && name !== "menu" && name !== "table"),
    dd: name === "dd" || name === "dt" || (open.dd && name !== "dl" && name !== "table"),
    a: name === "a" || (open.a && name !== "table"),
    heading: HEADINGS.has(name) || (open.heading && name !== "table"),
    table: open.table || name === "table",
    tableBody: name === "table" || (open.tableBody && !cellOrCaption),
    row: name === "tr" || (open.row && name !== "table"),
    cell: cellOrCaption || (open.cell && name !== "table"),
  };
}

/** A table's frame holds rows and cells only: a browser moves other content out, before the table. */
const TABLE_FRAME = new Set(["table", "thead", "tbody", "tfoot", "tr"]);
const IN_TABLE = new Set(["thead", "tbody", "tfoot", "tr", "caption", "colgroup", "col", "script", "style", "template"]);
const IN_ROW = new Set(["td", "th", "script", "style", "template"]);
const TABLE_PARTS = new Set(["tr", "td", "th", "thead", "tbody", "tfoot", "caption", "colgroup"]);

/** What a browser keeps in `<head>`; anything else there opens the body. */
const HEAD_CONTENT = new Set([
  "base",
  "basefont",
  "bgsound",
  "link",
  "meta",
  "title",
  "noscript",
  "noframes",
  "style",
  "script",
  "template",
]);

/**
 * The document's `<head>` holding body content (its end tag and `<body>` omitted), content
 * outside `<html>`, or beside the `<body>` element (before a late `<body>` tag, after a stray
 * `</body>` or `</html>` mid-page), or a second `<head>` or `<body>`: a browser puts all of
 * it in the one body.
 */
function misplacedDocumentParts(doc: Document, html: Element): boolean {
  const shown = (n: AnyNode) => (isText(n) ? n.data.trim() !== "" : isTag(n) && n.name !== "script" && n.name !== "style");
  if (doc.children.some((c) => c !== html && shown(c))) return true;
  const parts = html.children.filter((c): c is Element => isTag(c) && (c.name === "head" || c.name === "body"));
  if (parts.filter((c) => c.name === "head").length > 1 || parts.filter((c) => c.name === "body").length > 1) return true;
  const head = parts.find((c) => c.name === "head");
  if (head?.children.some((c) => (isTag(c) && !HEAD_CONTENT.has(c.name)) || (isText(c) && c.data.trim() !== ""))) return true;
  return html.children.some((c) => shown(c) && !parts.includes(c as Element));
}

function writesScriptInComment(script: Element): boolean {
  const text = rawText(script);
  const comment = text.indexOf("<!--");
  return comment >= 0 && /<script/i.test(text.slice(comment));
}
