/**
 * htmlparser2 keeps its open-element stack with `unshift`, so every open tag costs time in
 * proportion to the depth: a hostile page of 100,000 nested <div>s takes 5 s to parse and a
 * 5 MB one minutes, blocking the process. Before parsing, open tags beyond a depth no real
 * page reaches are dropped (with their close tags); their text stays, as browsers keep it
 * when they flatten deep trees. The scan runs only on documents with very many tags.
 */

/** Far beyond real pages (the DOM is flattened further, at 512, after parsing). */
export const MAX_SOURCE_DEPTH = 2000;
/** Documents with fewer tags than this cannot be nested deeply enough to matter. */
const TAG_COUNT_WORTH_SCANNING = 20_000;

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
/** Elements whose next sibling closes them implicitly: they do not nest in practice. */
const IMPLIED_CLOSE = new Set(["p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot"]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "noscript", "plaintext", "template"]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:._-]*)[^>]*>|<!--|<!\[CDATA\[/g;

/** `xml`: no void, implied-close or raw-text elements; CDATA sections are skipped. */
export function capNesting(html: string, { xml = false, maxDepth = MAX_SOURCE_DEPTH } = {}): string {
  if (!hasManyTags(html)) return html;
  const lower = xml ? html : html.toLowerCase();
  const dropped = new Map<string, number>();
  const out: string[] = [];
  let depth = 0;
  let copiedTo = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m[0] === "<!--" || m[0] === "<![CDATA[") {
      const close = m[0] === "<!--" ? "-->" : "]]>";
      const end = html.indexOf(close, m.index + m[0].length);
      TAG.lastIndex = end < 0 ? html.length : end + close.length;
      continue;
    }
    const closing = m[1] === "/";
    const name = xml ? m[2]! : m[2]!.toLowerCase();
    if (!xml && !closing && RAW_TEXT.has(name)) {
      const end = lower.indexOf(`</${name}`, TAG.lastIndex);
      TAG.lastIndex = end < 0 ? html.length : end;
      continue;
    }
    if (m[0].endsWith("/>") || (!xml && (VOID.has(name) || IMPLIED_CLOSE.has(name)))) continue;
    let drop = false;
    if (closing) {
      const pending = dropped.get(name) ?? 0;
      if (pending > 0) {
        dropped.set(name, pending - 1);
        drop = true;
      } else if (depth > 0) depth--;
    } else if (depth >= maxDepth) {
      dropped.set(name, (dropped.get(name) ?? 0) + 1);
      drop = true;
    } else depth++;
    if (drop) {
      out.push(html.slice(copiedTo, m.index));
      copiedTo = m.index + m[0].length;
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
