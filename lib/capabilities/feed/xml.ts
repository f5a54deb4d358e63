import { type AnyNode, type Element, isCDATA, isTag, isText } from "domhandler";
import { getInnerHTML } from "domutils";
import { capNesting } from "../../html/nesting-guard";
import { buildTree } from "../../html/tree-builder";

/** Namespaces the feed formats use. */
export const NS = {
  atom: "http://www.w3.org/2005/Atom",
  atom03: "http://purl.org/atom/ns#",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  rss1: "http://purl.org/rss/1.0/",
  rss09: "http://my.netscape.com/rdf/simple/0.9/",
  dc: "http://purl.org/dc/elements/1.1/",
  dcterms: "http://purl.org/dc/terms/",
  content: "http://purl.org/rss/1.0/modules/content/",
  itunes: "http://www.itunes.com/dtds/podcast-1.0.dtd",
  media: "http://search.yahoo.com/mrss/",
  xml: "http://www.w3.org/XML/1998/namespace",
  xhtml: "http://www.w3.org/1999/xhtml",
} as const;

/**
 * A namespace URI as feeds write it, mapped to the one the parser knows: publishers vary the
 * case ("…/DTDs/PodCast-1.0.dtd"), the scheme and the trailing "/" or "#" (Media RSS without
 * its slash, RDF without its "#"). Unknown URIs are kept as written.
 */
const CANONICAL = (uri: string) =>
  uri
    .trim()
    .toLowerCase()
    .replace(/^https:/, "http:")
    .replace(/[/#]+$/, "");
const KNOWN = new Map<string, string>([
  ...Object.values(NS).map((uri): [string, string] => [CANONICAL(uri), uri]),
  // Media RSS under the URI of the page that documents it (Squarespace and others declare it).
  [CANONICAL("http://www.rssboard.org/media-rss"), NS.media],
]);
const KNOWN_URIS = new Set(KNOWN.values());
function knownNamespace(uri: string): string {
  // No namespace URI is long; the trailing-slash pattern is not meant for megabytes of "/".
  return uri.length > 300 ? uri : (KNOWN.get(CANONICAL(uri)) ?? uri);
}

/** The usual prefixes, for feeds that use one without declaring it (`content:encoded`, `atom:link`). */
const USUAL_PREFIXES: Record<string, string> = {
  atom: NS.atom,
  dc: NS.dc,
  dcterms: NS.dcterms,
  content: NS.content,
  itunes: NS.itunes,
  media: NS.media,
  rdf: NS.rdf,
  xml: NS.xml,
};

/** An XML element with its namespace resolved from the xmlns declarations in scope. */
export interface XmlNode {
  el: Element;
  ns: string;
  local: string;
  parent?: XmlNode;
  /** The element's own xmlns declarations (prefix → URI; "" for the default namespace). */
  declared?: Map<string, string>;
}

/**
 * Parses XML leniently (htmlparser2 in XML mode: unknown entities, unclosed tags and stray
 * text survive) and returns the root element with namespaces resolved.
 */
export function parseXmlRoot(text: string): XmlNode | undefined {
  const doc = buildTree(capNesting(withBrokenTagsAsText(withDeclaredEntities(text.replace(/^\uFEFF/, ""))), { xml: true }), {
    xmlMode: true,
    decodeEntities: true,
    recognizeCDATA: true,
    // Tag names in one case, so that "<Title>one</title>" closes (feeds written by hand do
    // this); every name is compared in lower case anyway, prefixes included.
    lowerCaseTags: true,
  });
  const rootEl = doc.children.find(isTag);
  return rootEl ? wrap(rootEl, undefined) : undefined;
}

/**
 * A "<" and a name run straight into another "<" ("a<b</title>" in a hand-written title) opens
 * no element: it is text. A parser would read a tag named "b<" that swallows the closing tag.
 * So is a "<" before what can start no XML name ("I <3 feeds", "x <= y", "<-" in a hand-written
 * title): in XML mode the parser would open an element "3" there. CDATA sections and comments
 * are left as they are.
 */
function withBrokenTagsAsText(text: string): string {
  if (!BROKEN_TAG_START.test(text)) return text;
  // One exec loop, its pieces joined once: a replace callback per match is several times slower
  // on a hostile 2 MB run of "<3<3…".
  const parts: string[] = [];
  let last = 0;
  SECTIONS_OR_BROKEN_TAG.lastIndex = 0;
  for (let m = SECTIONS_OR_BROKEN_TAG.exec(text); m; m = SECTIONS_OR_BROKEN_TAG.exec(text)) {
    // m[1]: a name run into another "<"; a bare "<" (length 1): one before what starts no name.
    if (m[1] === undefined && m[0].length !== 1) continue;
    parts.push(text.slice(last, m.index), "&lt;");
    last = m.index + 1;
  }
  parts.push(text.slice(last));
  return parts.join("");
}
// A "<" opens markup before a name's first character (ASCII letters, "_", ":", or anything beyond
// ASCII) or "!", "?", "/". Sections first, so that what they hold is left as it is.
const BROKEN_TAG_START = /<[A-Za-z][\w.:-]*<|<(?![\sA-Za-z_:!?/\u00C0-\uFFFF])/;
const SECTIONS_OR_BROKEN_TAG =
  /<(?:!\[CDATA\[[\s\S]*?(?:\]\]>|$)|!--[\s\S]*?(?:-->|$)|([A-Za-z][\w.:-]*)(?=<)|(?![\sA-Za-z_:!?/\u00C0-\uFFFF]))/g;

/** At most this many entities of a DOCTYPE's internal subset are used, each at most this long. */
const MAX_DECLARED_ENTITIES = 200;
const MAX_ENTITY_CHARS = 2000;
const MAX_ENTITY_GROWTH = 1_000_000;

/**
 * Entities declared in the DOCTYPE's internal subset (`<!ENTITY site "Example">`), replaced in
 * the document after it. One pass, so an entity whose value names others ("billion laughs")
 * expands once, not exponentially; parameter and external entities are ignored.
 */
function withDeclaredEntities(text: string): string {
  // The first DOCTYPE only, matched from where it starts: one scan, however many there are.
  const prolog = text.slice(0, 100_000);
  const DOCTYPE = /<!DOCTYPE[^[>]*\[([\s\S]*?)\]\s*>/iy;
  DOCTYPE.lastIndex = prolog.search(/<!DOCTYPE/i);
  const doctype = DOCTYPE.lastIndex >= 0 ? DOCTYPE.exec(prolog) : null;
  if (!doctype) return text;
  const entities = new Map<string, string>();
  for (const m of doctype[1]!.matchAll(/<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g)) {
    const value = m[2] ?? m[3] ?? "";
    if (entities.size >= MAX_DECLARED_ENTITIES) break;
    if (value.length <= MAX_ENTITY_CHARS && !["amp", "lt", "gt", "quot", "apos"].includes(m[1]!)) entities.set(m[1]!, value);
  }
  if (entities.size === 0) return text;
  const end = doctype.index + doctype[0].length;
  // The expansion adds at most this much: 1.5 MB of "&a;" must not become a gigabyte.
  let budget = MAX_ENTITY_GROWTH;
  return (
    text.slice(0, end) +
    text.slice(end).replace(/&([A-Za-z_][\w.-]*);/g, (ref, name: string) => {
      const value = entities.get(name);
      if (value === undefined || value.length - ref.length > budget) return ref;
      budget -= value.length - ref.length;
      return value;
    })
  );
}

function wrap(el: Element, parent: XmlNode | undefined): XmlNode {
  let declared: Map<string, string> | undefined;
  for (const [k, v] of Object.entries(el.attribs))
    if (k === "xmlns" || k.startsWith("xmlns:")) {
      const prefix = k === "xmlns" ? "" : k.slice(6).toLowerCase();
      const uri = knownNamespace(v);
      // A usual prefix bound to a URI that is none we know (a typo, an old draft's, an empty
      // one) keeps its usual meaning, as feedparser and gofeed read it: `content:encoded` is
      // still the content.
      (declared ??= new Map()).set(prefix, (prefix && !KNOWN_URIS.has(uri) && USUAL_PREFIXES[prefix]) || uri);
    }
  const colon = el.name.indexOf(":");
  const prefix = colon >= 0 ? el.name.slice(0, colon) : "";
  const local = colon >= 0 ? el.name.slice(colon + 1) : el.name;
  const node: XmlNode = { el, ns: "", local, parent, declared };
  node.ns = namespaceOf(node, prefix);
  return node;
}

/**
 * The URI a prefix has at a node, found by walking up the declarations (each element keeps
 * only its own: copying every scope per element was quadratic on many declarations).
 */
function namespaceOf(node: XmlNode, prefix: string): string {
  for (let n: XmlNode | undefined = node; n; n = n.parent) {
    const uri = n.declared?.get(prefix);
    if (uri !== undefined) return uri;
  }
  // Undeclared: the usual meaning of a well-known prefix; any other prefix is a namespace of
  // its own, never the feed's plain elements.
  if (!prefix) return "";
  return USUAL_PREFIXES[prefix.toLowerCase()] ?? `${UNDECLARED}${prefix.toLowerCase()}`;
}
const UNDECLARED = "urn:undeclared-prefix:";
/** Whether a namespace stands for a prefix that nothing declared (and that is not a usual one). */
export const isUndeclaredPrefix = (ns: string): boolean => ns.startsWith(UNDECLARED);

const wrappedChildren = new WeakMap<Element, XmlNode[]>();

export function children(node: XmlNode): XmlNode[] {
  let list = wrappedChildren.get(node.el);
  if (!list) {
    list = node.el.children.filter(isTag).map((c) => wrap(c, node));
    wrappedChildren.set(node.el, list);
  }
  return list;
}

/** Which namespaces a lookup accepts: a list, a test, or any (undefined). */
export type NamespaceFilter = string[] | ((ns: string) => boolean);

const accepts = (filter: NamespaceFilter | undefined, ns: string) => !filter || (Array.isArray(filter) ? filter.includes(ns) : filter(ns));

/** The first child with one of the local names, in one of the namespaces ("" = none; undefined = any). */
export function child(node: XmlNode, local: string | string[], ns?: NamespaceFilter): XmlNode | undefined {
  const names = Array.isArray(local) ? local : [local];
  for (const c of children(node)) if (names.includes(c.local.toLowerCase()) && accepts(ns, c.ns)) return c;
  return undefined;
}

export function childrenNamed(node: XmlNode, local: string, ns?: NamespaceFilter): XmlNode[] {
  return children(node).filter((c) => c.local.toLowerCase() === local && accepts(ns, c.ns));
}

/**
 * The first value that one of the candidates yields, in order: a feed's first element of a
 * kind may be empty or useless (an empty <pubDate>, a description that is only a tracking
 * pixel) while the next one has the value.
 */
export function firstValue<T>(candidates: (XmlNode | undefined)[], read: (node: XmlNode) => T | null): T | null {
  for (const c of candidates) {
    if (!c) continue;
    const value = read(c);
    if (value !== null) return value;
  }
  return null;
}

/** Children with any of the names, in the order of the names (preference), then document order. */
export function childrenByPreference(node: XmlNode, locals: string[], ns?: NamespaceFilter): XmlNode[] {
  const all = children(node);
  return locals.flatMap((local) => all.filter((c) => c.local.toLowerCase() === local && accepts(ns, c.ns)));
}

/** All text inside a node, CDATA included, untrimmed. Iterative: feeds can nest thousands deep. */
export function rawText(node: AnyNode): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (isText(n)) parts.push(n.data);
    else if (isCDATA(n) || isTag(n)) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return parts.join("");
}

export function text(node: XmlNode | undefined): string | null {
  if (!node) return null;
  const t = rawText(node.el).trim();
  return t === "" ? null : t;
}

/** "&amp;name;" for a name that XML does not define (XML's five were decoded by the parse). */
const HTML_ONLY_ENTITY = /&amp;(?!(?:amp|lt|gt|quot|apos);)([a-z][a-z0-9]{1,31};)/gi;

/** Like text(), but markup left unescaped inside the element (common in RSS) is kept as HTML. */
export function markup(node: XmlNode | undefined): string | null {
  if (!node) return null;
  if (!node.el.children.some(isTag)) return text(node);
  let html: string;
  try {
    // Text is escaped again as it is written out: "Use &lt;div&gt; for <b>layout</b>" must not
    // turn its text "<div>" into an element.
    html = getInnerHTML(node.el, { xmlMode: false, encodeEntities: "utf8" })
      .trim()
      // HTML's named entities are not XML's: "Caf&eacute; <b>bold</b>" reaches here with its
      // "&eacute;" as text, which the writer escaped. Such a name is an entity again.
      .replace(HTML_ONLY_ENTITY, "&$1");
  } catch {
    // The serializer recurses: markup nested thousands deep overflows it. Its text is enough.
    return text(node);
  }
  return html === "" ? null : html;
}

/** An attribute by local name, whatever its prefix (xml:base, rdf:about, …) or case ("isPermalink"). */
export function attribute(node: XmlNode, local: string): string | undefined {
  const name = local.toLowerCase();
  for (const [k, v] of Object.entries(node.el.attribs)) {
    const key = k.toLowerCase();
    if (key === name || key.endsWith(`:${name}`)) return v;
  }
  return undefined;
}

/** A prefixed attribute in one namespace, whatever prefix the document binds to it ("rdf:about", "r:about"). */
export function namespacedAttribute(node: XmlNode, local: string, ns: string): string | undefined {
  const name = local.toLowerCase();
  for (const [k, v] of Object.entries(node.el.attribs)) {
    const colon = k.indexOf(":");
    if (colon > 0 && k.slice(colon + 1).toLowerCase() === name && namespaceOf(node, k.slice(0, colon).toLowerCase()) === ns) return v;
  }
  return undefined;
}

/**
 * The base URL for relative references at a node: its xml:base chain resolved against the
 * document's URL when one is in scope, else `fallback` (the feed's own link, say). Never
 * applies the chain on top of a base that already includes it.
 */
export function baseIn(node: XmlNode, documentUrl: string, fallback: string): string {
  for (let n: XmlNode | undefined = node; n; n = n.parent) if (n.el.attribs["xml:base"]) return baseAt(node, documentUrl);
  return fallback;
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
