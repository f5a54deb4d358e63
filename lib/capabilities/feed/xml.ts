import { type AnyNode, type Element, isCDATA, isTag, isText } from "domhandler";
import { getInnerHTML } from "domutils";
import { parseDocument } from "htmlparser2";

/** Namespaces the feed formats use. */
export const NS = {
  atom: "http://www.w3.org/2005/Atom",
  atom03: "http://purl.org/atom/ns#",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  rss1: "http://purl.org/rss/1.0/",
  rss09: "http://my.netscape.com/rdf/simple/0.9/",
  dc: "http://purl.org/dc/elements/1.1/",
  content: "http://purl.org/rss/1.0/modules/content/",
  itunes: "http://www.itunes.com/dtds/podcast-1.0.dtd",
  media: "http://search.yahoo.com/mrss/",
  xml: "http://www.w3.org/XML/1998/namespace",
} as const;

/** An XML element with its namespace resolved from the xmlns declarations in scope. */
export interface XmlNode {
  el: Element;
  ns: string;
  local: string;
  parent?: XmlNode;
  prefixes: Map<string, string>;
}

/**
 * Parses XML leniently (htmlparser2 in XML mode: unknown entities, unclosed tags and stray
 * text survive) and returns the root element with namespaces resolved.
 */
export function parseXmlRoot(text: string): XmlNode | undefined {
  const doc = parseDocument(text.replace(/^\uFEFF/, ""), { xmlMode: true, decodeEntities: true, recognizeCDATA: true });
  const rootEl = doc.children.find(isTag);
  return rootEl ? wrap(rootEl, undefined) : undefined;
}

function wrap(el: Element, parent: XmlNode | undefined): XmlNode {
  let prefixes = parent?.prefixes ?? new Map<string, string>();
  const declared = Object.entries(el.attribs).filter(([k]) => k === "xmlns" || k.startsWith("xmlns:"));
  if (declared.length) {
    prefixes = new Map(prefixes);
    for (const [k, v] of declared) prefixes.set(k === "xmlns" ? "" : k.slice(6), v.trim());
  }
  const colon = el.name.indexOf(":");
  const prefix = colon >= 0 ? el.name.slice(0, colon) : "";
  const local = colon >= 0 ? el.name.slice(colon + 1) : el.name;
  return { el, ns: prefixes.get(prefix) ?? "", local, parent, prefixes };
}

export function children(node: XmlNode): XmlNode[] {
  return node.el.children.filter(isTag).map((c) => wrap(c, node));
}

/** The first child with one of the local names, in one of the namespaces ("" = none; undefined = any). */
/** Which namespaces a lookup accepts: a list, a test, or any (undefined). */
export type NamespaceFilter = string[] | ((ns: string) => boolean);

const accepts = (filter: NamespaceFilter | undefined, ns: string) => !filter || (Array.isArray(filter) ? filter.includes(ns) : filter(ns));

export function child(node: XmlNode, local: string | string[], ns?: NamespaceFilter): XmlNode | undefined {
  const names = Array.isArray(local) ? local : [local];
  for (const c of children(node)) if (names.includes(c.local.toLowerCase()) && accepts(ns, c.ns)) return c;
  return undefined;
}

export function childrenNamed(node: XmlNode, local: string, ns?: NamespaceFilter): XmlNode[] {
  return children(node).filter((c) => c.local.toLowerCase() === local && accepts(ns, c.ns));
}

/** All text inside a node, CDATA included, untrimmed. */
export function rawText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (isCDATA(node) || isTag(node)) return node.children.map(rawText).join("");
  return "";
}

export function text(node: XmlNode | undefined): string | null {
  if (!node) return null;
  const t = rawText(node.el).trim();
  return t === "" ? null : t;
}

/** Like text(), but markup left unescaped inside the element (common in RSS) is kept as HTML. */
export function markup(node: XmlNode | undefined): string | null {
  if (!node) return null;
  if (!node.el.children.some(isTag)) return text(node);
  const html = getInnerHTML(node.el, { xmlMode: false, decodeEntities: false }).trim();
  return html === "" ? null : html;
}

/** An attribute by local name, whatever its prefix (xml:base, rdf:about, …). */
export function attribute(node: XmlNode, local: string): string | undefined {
  for (const [k, v] of Object.entries(node.el.attribs)) if (k === local || k.endsWith(`:${local}`)) return v;
  return undefined;
}

/** The base URL in scope at a node: xml:base attributes resolved outward-in against `fallback`. */
export function baseAt(node: XmlNode | undefined, fallback: string): string {
  const chain: string[] = [];
  for (let n = node; n; n = n.parent) {
    const b = n.el.attribs["xml:base"];
    if (b) chain.unshift(b.trim());
  }
  let base = fallback;
  for (const b of chain) {
    try {
      base = new URL(b, base).toString();
    } catch {
      /* a malformed xml:base is ignored */
    }
  }
  return base;
}
