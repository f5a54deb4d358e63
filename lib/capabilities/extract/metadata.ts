import type { Element } from "domhandler";
import { collapse, elements, inlineTextOf, textOf, tokens, whitespaceWords } from "../../html/dom";
import { readJsonLd, schemaTypes } from "../../html/json-ld";
import type { ParsedPage } from "../../html/parse";
import { resolveUrl } from "../../html/urls";

export interface PageMetadata {
  title: string | null;
  byline: string | null;
  description: string | null;
  canonical_url: string | null;
}

/** Separators between a title's parts: "Article | Site", "Site – Article", "A • B", "A / B". */
const SEPARATORS = /\s+(?:[|\-–—·•»›/:]|::)\s+|\|/g;
/** Separators after which a short last part is, by custom, the site's name (not "/": "TCP / IP Explained"). */
const SUFFIX_SEPARATOR = /^\s*(?:[|\-–—·•»›]|::)\s*$|^\|$/;

/** Title (without the " | Site" suffix), byline, description and absolute canonical URL. */
export function pageMetadata(parsed: ParsedPage): PageMetadata {
  const meta = new Map<string, string>();
  let titleTag: string | null = null;
  let h1: string | null = null;
  let canonical: string | null = null;
  let authorElement: string | null = null;
  const scripts: Element[] = [];
  for (const el of elements(parsed.doc)) {
    if (el.name === "meta") {
      // Named metas only: an itemprop meta belongs to whatever item it sits in (a review, an
      // embedded video), not to the page.
      const key = (el.attribs.property || el.attribs.name || "").toLowerCase();
      const content = collapse(el.attribs.content ?? "");
      if (key && content && !meta.has(key)) meta.set(key, content);
    } else if (el.name === "title" && titleTag === null && !within(el, (a) => a.name === "svg")) titleTag = textOf(el) || null;
    else if (el.name === "h1" && h1 === null) h1 = inlineTextOf(el) || null;
    else if (el.name === "link" && canonical === null && tokens(el, "rel").includes("canonical") && el.attribs.href) {
      canonical = resolveUrl(el.attribs.href, parsed.baseUrl);
    } else if (el.name === "script") scripts.push(el);
    else if (authorElement === null && isAuthorElement(el)) {
      // A Person in microdata names itself in its own itemprop=name.
      const name = [...elements(el)].find((c) => tokens(c, "itemprop").includes("name"));
      const text = personName(name ? inlineTextOf(name) : inlineTextOf(el));
      if (text && text.length <= 100) authorElement = text;
    }
  }
  const siteName = meta.get("og:site_name") ?? null;
  const host = URL.canParse(parsed.page.finalUrl) ? new URL(parsed.page.finalUrl).hostname : "";
  const ogTitle = meta.get("og:title") ?? meta.get("twitter:title");
  const rawTitle = ogTitle ?? titleTag ?? h1;
  // In order of trust; the JSON-LD is parsed only when no meta names the author.
  const bylines = [
    () => meta.get("author"),
    () => meta.get("article:author"),
    () => meta.get("byl"),
    () => meta.get("parsely-author"),
    () => jsonLdAuthor(scripts),
    () => authorElement,
  ];
  return {
    title: rawTitle ? cleanTitle(rawTitle, siteName, h1, { fromTitleTag: !ogTitle && rawTitle === titleTag, host }) : null,
    byline: firstName(bylines),
    description: meta.get("description") ?? meta.get("og:description") ?? meta.get("twitter:description") ?? null,
    canonical_url: canonical,
  };
}

function within(el: Element, test: (ancestor: Element) => boolean): boolean {
  for (let p = el.parent; p && "name" in p; p = p.parent) if (test(p as Element)) return true;
  return false;
}

/**
 * The page's author in markup: a `rel=author` link or an `itemprop=author` element, but not
 * one in navigation or an aside ("Our authors"), nor the author of a review or a comment.
 */
function isAuthorElement(el: Element): boolean {
  if (!tokens(el, "rel").includes("author") && !tokens(el, "itemprop").includes("author")) return false;
  return !within(
    el,
    (a) =>
      ["nav", "aside", "footer"].includes(a.name) ||
      /review|comment/i.test(`${a.attribs.itemprop ?? ""} ${a.attribs.itemtype ?? ""} ${a.attribs.class ?? ""}`),
  );
}

/** The author's name of the page's article in JSON-LD (a Person or an organisation, or the first of several). */
function jsonLdAuthor(scripts: Element[]): string | undefined {
  for (const node of readJsonLd(scripts).nodes) {
    if (!schemaTypes(node).some((t) => /Article|Posting|Report|WebPage/.test(t))) continue;
    const authors = Array.isArray(node.author) ? node.author : [node.author];
    for (const a of authors) {
      const name = typeof a === "string" ? a : a && typeof a === "object" ? (a as { name?: unknown }).name : undefined;
      if (typeof name === "string" && name.trim()) return name;
    }
  }
  return undefined;
}

/** The first candidate that is a name. */
function firstName(candidates: (() => string | null | undefined)[]): string | null {
  for (const candidate of candidates) {
    const name = personName(candidate() ?? "");
    if (name !== null) return name;
  }
  return null;
}

/** A byline as a name: "By " dropped; a profile URL or an e-mail address is not a name. */
function personName(value: string): string | null {
  const v = collapse(value).replace(/^by\s+/i, "");
  // No name is this long, and the patterns below are not meant for pages of text.
  if (!v || v.length > 200 || /^(?:https?:\/\/|www\.)\S+$/i.test(v) || (/^[^\s@]+@[^\s@]+$/.test(v) && v.includes("."))) return null;
  return v;
}

/** Letters and digits only, lower case: "The Guardian", "theguardian" and "the-guardian" compare equal. */
const loose = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * Drops the site's name from "Article | Site" or "Site – Article" titles, slicing the title as
 * written (its own separators kept). A part is the site's name when it matches `og:site_name`
 * or the host's name loosely ("Acme Corp" on acme.com). Without such a match, only a `<title>`
 * loses a short last part after a separator ("Brewing Guide | Fixture Coffee"): an og:title is
 * the headline itself, and "Vue vs React - Which one?" keeps its second half. When the `<h1>`
 * is most of what remains, the `<h1>` is the title.
 */
export function cleanTitle(
  title: string,
  siteName: string | null,
  h1: string | null,
  options: { fromTitleTag?: boolean; host?: string } = {},
): string {
  const t = collapse(title);
  const parts: { start: number; end: number }[] = [];
  const separators: string[] = [];
  let at = 0;
  for (const m of t.matchAll(SEPARATORS)) {
    parts.push({ start: at, end: m.index });
    separators.push(m[0]);
    at = m.index + m[0].length;
  }
  parts.push({ start: at, end: t.length });
  const text = (i: number) => t.slice(parts[i]!.start, parts[i]!.end);
  const hostName = options.host ? hostLabel(options.host) : "";
  // An og:site_name that is the whole title (some generators copy it) names nothing.
  const site = siteName && loose(siteName) !== loose(t) ? loose(siteName) : "";
  const keys = [site, hostName].filter((k) => k.length >= 3);
  // The site's name exactly; or, failing that, a short part that starts with it ("Acme Corp" on acme.com).
  const isSiteExactly = (part: string) => keys.includes(loose(part));
  const isSite = (part: string) => isSiteExactly(part) || (whitespaceWords(part) <= 4 && keys.some((k) => loose(part).startsWith(k)));
  let first = 0;
  let last = parts.length - 1;
  // The site's name with any tagline after it ("Article — Site - Tagline"), then at the start
  // ("Site | Article"); exact matches first, so "Apple | Apple Watch Ultra 2" keeps the product.
  for (const matches of [isSiteExactly, isSite]) {
    const siteAt = parts.findIndex((_, i) => i > first && i <= last && matches(text(i)));
    if (siteAt > first) last = siteAt - 1;
    while (first < last && matches(text(first))) first++;
    if (first > 0 || last < parts.length - 1) break;
  }
  // Without a match, the site's name is by custom the short part at one end, after a suffix
  // separator: in a <title> any of them, in an og:title only a pipe or a bullet (a dash or a
  // colon there belongs to the headline).
  const customary = (separator: string) =>
    (options.fromTitleTag ?? true) ? SUFFIX_SEPARATOR.test(separator) : /^\s*[|·•]\s*$|^\|$/.test(separator);
  if (first === 0 && last === parts.length - 1 && last > 0) {
    const [head, tail] = [whitespaceWords(text(0)), whitespaceWords(text(last))];
    if (tail <= 4 && head >= tail && customary(separators[last - 1]!)) last--;
    else if (head <= 3 && tail > head && customary(separators[0]!)) first++;
  }
  const cleaned = t.slice(parts[first]!.start, parts[last]!.end).trim() || t;
  // The page's own heading when the title holds it (not a logo heading that is the site's name).
  const heading = h1 ? collapse(h1) : "";
  if (heading && cleaned !== heading && cleaned.includes(heading) && heading.length >= 10 && !keys.includes(loose(heading))) return heading;
  return cleaned;
}

/** The name a host stands for: "www.theguardian.com" is "theguardian", "shop.acme.co.uk" is "acme". */
function hostLabel(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  if (labels.length < 2) return "";
  // The label before the public suffix, with two-part suffixes such as co.uk or com.au.
  const twoPart = labels.length >= 3 && labels[labels.length - 2]!.length <= 3 && labels[labels.length - 1]!.length === 2;
  return loose(labels[labels.length - (twoPart ? 3 : 2)]!);
}
