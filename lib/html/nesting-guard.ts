/**
 * htmlparser2 keeps its open-element stack with `unshift`, so every open tag costs time in
 * proportion to the depth: a hostile page of 100,000 nested <div>s takes 5 s to parse and a
 * 5 MB one minutes, blocking the process. Before parsing, open tags beyond a depth no real
 * page reaches are dropped (with their close tags); their text stays, as browsers keep it
 * when they flatten deep trees. The scan runs only on documents with very many tags.
 *
 * The scan mirrors the parser's stack rather than counting tags: a close tag with no open
 * element is ignored (as the parser ignores it), `<x/>` opens an element in HTML outside
 * SVG and MathML, and an opening tag closes only what the parser's own table closes (a
 * subset of it: missing a closure over-counts the depth, which is the safe side).
 */

/** Far beyond real pages (the DOM is flattened further, at 512, after parsing). */
export const MAX_SOURCE_DEPTH = 2000;
/** Documents with fewer tags than this cannot be nested deeply enough to matter. */
const TAG_COUNT_WORTH_SCANNING = 20_000;

const VOID = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "image",
  "img",
  "input",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
/** The elements whose content both parsers read as text (htmlparser2's special tags; `<noscript>` and `<template>` are markup to both). */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "plaintext", "iframe", "noembed", "noframes"]);
const CLOSES_P = ["address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure", "footer"];
const CLOSES_P_TOO = ["form", "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul"];
/** Which open elements an opening tag closes first (htmlparser2's rule, a subset). */
const IMPLIED_CLOSE = new Map<string, Set<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["th", "td"])],
  ["a", new Set(["a"])],
  ["li", new Set(["li"])],
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", new Set(["dd", "dt"])],
  ["dt", new Set(["dd", "dt"])],
  ...[...CLOSES_P, ...CLOSES_P_TOO].map((name): [string, Set<string>] => [name, new Set(["p"])]),
]);
const FOREIGN = new Set(["svg", "math"]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:._-]*)|<!--|<!\[CDATA\[/g;

/** `xml`: no void, implied-close or raw-text elements, `<x/>` always closes; CDATA sections are skipped. */
export function capNesting(html: string, { xml = false, maxDepth = MAX_SOURCE_DEPTH } = {}): string {
  if (!hasManyTags(html)) return html;
  const lower = xml ? html : html.toLowerCase();
  const open: string[] = [];
  const openCount = new Map<string, number>();
  const dropped = new Map<string, number>();
  let foreign = 0;
  const out: string[] = [];
  let copiedTo = 0;
  const pop = () => {
    const name = open.pop()!;
    openCount.set(name, openCount.get(name)! - 1);
    if (FOREIGN.has(name)) foreign--;
  };
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m[0] === "<!--" || m[0] === "<![CDATA[") {
      const close = m[0] === "<!--" ? "-->" : "]]>";
      const end = html.indexOf(close, TAG.lastIndex);
      if (end < 0) break;
      TAG.lastIndex = end + close.length;
      continue;
    }
    const end = html.indexOf(">", TAG.lastIndex);
    if (end < 0) break; // an unfinished tag: the rest is text to the parser
    TAG.lastIndex = end + 1;
    const closing = m[1] === "/";
    const name = xml ? m[2]! : m[2]!.toLowerCase();
    const selfClosing = html[end - 1] === "/" && (xml || foreign > 0);
    if (!xml && !closing && RAW_TEXT.has(name)) {
      const rawEnd = lower.indexOf(`</${name}`, TAG.lastIndex);
      if (rawEnd < 0) break;
      TAG.lastIndex = rawEnd;
      continue;
    }
    if (!xml && VOID.has(name)) continue;
    let drop = false;
    if (closing) {
      if ((dropped.get(name) ?? 0) > 0) {
        dropped.set(name, dropped.get(name)! - 1);
        drop = true;
      } else if ((openCount.get(name) ?? 0) > 0) {
        while (open[open.length - 1] !== name) pop();
        pop();
      }
    } else if (!selfClosing) {
      const implied = xml ? undefined : IMPLIED_CLOSE.get(name);
      while (implied && open.length && implied.has(open[open.length - 1]!)) pop();
      if (open.length >= maxDepth) {
        dropped.set(name, (dropped.get(name) ?? 0) + 1);
        drop = true;
      } else {
        open.push(name);
        openCount.set(name, (openCount.get(name) ?? 0) + 1);
        if (FOREIGN.has(name)) foreign++;
      }
    }
    if (drop) {
      out.push(html.slice(copiedTo, m.index));
      copiedTo = end + 1;
    }
  }
  if (copiedTo === 0) return html;
  out.push(html.slice(copiedTo));
  return out.join("");
}

function hasManyTags(html: string): boolean {
  let count = 0;
  for (let i = html.indexOf("<"); i >= 0; i = html.indexOf("<", i + 1)) if (++count >= TAG_COUNT_WORTH_SCANNING) return true;
  return false;
}
