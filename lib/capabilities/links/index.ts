import type { Element } from "domhandler";
import { getDomain } from "tldts";
import { z } from "zod";
import { attr, collapse, elements, elementsById, inlineTextOf, isIconLigature, textOf, tokens } from "../../html/dom";
import type { ParsedPage } from "../../html/parse";
import { canonicalLinkUrl, resolveUrl } from "../../html/urls";
import type { CapabilityContext } from "../context";
import { processPage } from "../../processing/pool";
import { fetchHtml } from "../shared/fetch-html";
import { pageResultFields, urlInput } from "../shared/schemas";
import { linkTopics, type Topic, TOPICS } from "./topics";

export const MAX_LINKS = 200;

export const linksInput = urlInput("an HTML page");
export type LinksInput = z.infer<typeof linksInput>;

const topicEnum = z.enum(TOPICS);
export const linkSchema = z.object({
  url: z.string(),
  text: z.string(),
  kind: z.enum(["internal", "external"]),
  topics: z.array(topicEnum),
});
export type MappedLink = z.infer<typeof linkSchema>;

export const linksOutput = z.object({
  ...pageResultFields,
  total_links: z.number().int().max(MAX_LINKS).describe("Links returned: the first 200 distinct links in document order."),
  counts: z.object({
    internal: z.number().int(),
    external: z.number().int(),
    docs: z.number().int(),
    pricing: z.number().int(),
    api: z.number().int(),
    careers: z.number().int(),
    social: z.number().int(),
    feed: z.number().int(),
  }),
  links: z.array(linkSchema).max(MAX_LINKS),
});
export type LinksOutput = z.infer<typeof linksOutput>;

export const linksExample: LinksOutput = {
  schema_version: "1.0.0",
  url: "https://example.com/",
  final_url: "https://example.com/",
  http_status: 200,
  total_links: 3,
  counts: { internal: 2, external: 1, docs: 1, pricing: 1, api: 0, careers: 0, social: 1, feed: 0 },
  links: [
    { url: "https://example.com/docs/", text: "Documentation", kind: "internal", topics: ["docs"] },
    { url: "https://example.com/pricing", text: "Pricing", kind: "internal", topics: ["pricing"] },
    { url: "https://github.com/example", text: "GitHub", kind: "external", topics: ["social"] },
  ],
};

/**
 * Every link of a parsed page: `<a href>`, `<area href>` and what `<link rel=alternate>`
 * announces for readers and agents (feeds, API descriptions, llms.txt, Markdown), resolved against `<base>` and the final URL, http(s) only,
 * de-duplicated by canonical form in document order. The first occurrence keeps its place;
 * the text is the best any occurrence gives (words a reader sees over an image's name over
 * a bare symbol), and the topics are those of every occurrence.
 */
export function mapLinks(parsed: ParsedPage, limit = MAX_LINKS): MappedLink[] {
  const pageHost = new URL(parsed.page.finalUrl).hostname;
  const pageDomain = registrableDomain(pageHost);
  const seen = new Map<string, MappedLink & { quality: TextQuality }>();
  const names = new ElementNames(parsed.doc);
  // A <template>'s content is inert: not on the page until a script stamps it out.
  for (const el of elements(parsed.doc, (e) => e.name === "template")) {
    const isAnchor = el.name === "a" || el.name === "area";
    const rel = el.name === "link" ? tokens(el, "rel") : [];
    if (!isAnchor && !rel.includes("alternate")) continue;
    // SVG links may still use XLink's href.
    const href = el.attribs.href ?? el.attribs["xlink:href"] ?? "";
    if (UNRENDERED_TEMPLATE.test(href)) continue;
    const absolute = resolveUrl(href, parsed.baseUrl);
    if (!absolute) continue;
    const key = canonicalLinkUrl(absolute);
    const existing = seen.get(key);
    if (!existing && seen.size >= limit) continue;
    const { text, quality } = linkText(el, isAnchor, names);
    const url = new URL(key);
    const internal = registrableDomain(url.hostname) === pageDomain;
    let topics = linkTopics({ url, text, rel: tokens(el, "rel"), type: attr(el, "type")?.toLowerCase() ?? null });
    // A <link rel=alternate> is a link of the page when it announces a feed, an API
    // description, an llms.txt or a Markdown version (what readers and agents follow);
    // translations (hreflang), oEmbed and REST alternates describe the page to machines.
    if (!isAnchor && !topics.includes("feed") && !isAgentAlternate(url, attr(el, "type"))) continue;
    // Social means a profile elsewhere: on a page a network hosts, its own links are its pages.
    if (internal) topics = topics.filter((t) => t !== "social");
    if (existing) {
      // Every occurrence tells something: an image link then a "Pricing" link to one URL.
      if (quality > existing.quality) [existing.text, existing.quality] = [text, quality];
      existing.topics = TOPICS.filter((t) => existing.topics.includes(t) || topics.includes(t));
      continue;
    }
    seen.set(key, { url: key, text, kind: internal ? "internal" : "external", topics, quality });
  }
  return [...seen.values()].map(({ quality: _quality, ...link }) => link);
}

/** An alternate for agents: an OpenAPI or Swagger document, an llms.txt, a Markdown version of the page. */
function isAgentAlternate(url: URL, type: string | undefined): boolean {
  return (
    /openapi|swagger/i.test(`${url.pathname} ${type ?? ""}`) || /\/llms(?:-full)?\.txt$/i.test(url.pathname) || /markdown/i.test(type ?? "")
  );
}

/** Hrefs a template engine left unrendered (`{{ item.url }}`, `${url}`, `{% url %}`), or a script's missing value. */
const UNRENDERED_TEMPLATE = /\{\{|\$\{|\{%|^\s*(?:undefined|null)\s*$/;

/** How well a text names a link: words a reader sees, then a name given to it (label, image alt, title), then bare symbols ("→"). */
const enum TextQuality {
  None = 0,
  Symbols = 1,
  Name = 2,
  Visible = 3,
}
const HAS_WORD = /[\p{L}\p{N}]/u;

/** The elements of a page by id, found once, for `aria-labelledby`. */
class ElementNames {
  private byId: Map<string, Element> | undefined;
  /** Each element's text, read once (many links can name one label, and a label can be large). */
  private readonly texts = new Map<string, string>();
  constructor(private readonly doc: ParsedPage["doc"]) {}
  textOf(ids: string): string {
    this.byId ??= elementsById(elements(this.doc));
    const parts: string[] = [];
    for (const id of ids.trim().split(/\s+/).slice(0, MAX_LABEL_IDS)) {
      let text = this.texts.get(id);
      if (text === undefined) {
        const e = this.byId.get(id);
        this.texts.set(id, (text = e ? capText(readable(inlineTextOf(e))) : ""));
      }
      if (text) parts.push(text);
    }
    return parts.join(" ");
  }
}
/** At most this many ids of an aria-labelledby are read (a label names a link in a few words). */
const MAX_LABEL_IDS = 8;

function linkText(el: Element, isAnchor: boolean, names: ElementNames): { text: string; quality: TextQuality } {
  const named = (text: string, quality: TextQuality) => ({
    text: capText(text),
    quality: HAS_WORD.test(text) ? quality : TextQuality.Symbols,
  });
  // What a reader sees: not decorative content (aria-hidden icons, "open_in_new" ligatures)
  // nor icon-font glyphs (private-use characters).
  const text = isAnchor ? readable(inlineTextOf(el, (e) => e.attribs["aria-hidden"]?.toLowerCase() === "true" || isIconLigature(e))) : "";
  if (HAS_WORD.test(text)) return named(text, TextQuality.Visible);
  // No visible words: the link's own label, then the name its icon carries.
  const label =
    readable(el.attribs["aria-label"] ?? "") || (el.attribs["aria-labelledby"] ? names.textOf(el.attribs["aria-labelledby"]) : "");
  if (label) return named(label, TextQuality.Name);
  // An image map's area is named by its alt; its title is a tooltip.
  if (el.name === "area" && readable(el.attribs.alt ?? "")) return named(readable(el.attribs.alt!), TextQuality.Name);
  for (const child of elements(el)) {
    if (child.name === "img") {
      const name = readable(child.attribs.alt ?? "") || readable(child.attribs.title ?? "");
      if (name) return named(name, TextQuality.Name);
    }
    if (child.name === "svg") {
      const title = svgTitle(child);
      const name = readable(child.attribs["aria-label"] ?? "") || (title ? readable(textOf(title)) : "");
      if (name) return named(name, TextQuality.Name);
    }
  }
  const fallback = readable(el.attribs.title ?? "") || readable(el.attribs.alt ?? "");
  if (fallback) return named(fallback, TextQuality.Name);
  // Decorative text ("→") names the link only when nothing else does.
  const decorative = text || (isAnchor ? readable(inlineTextOf(el)) : "");
  return decorative ? named(decorative, TextQuality.Symbols) : { text: "", quality: TextQuality.None };
}

/** Elements of an SVG icon searched for its `<title>` (not a search of a whole drawing). */
const SVG_TITLE_SEARCH = 200;
/** An SVG icon's `<title>`, at any depth, within its first elements. */
function svgTitle(svg: Element): Element | undefined {
  let searched = 0;
  for (const e of elements(svg)) {
    if (e.name === "title") return e;
    if (++searched >= SVG_TITLE_SEARCH) return undefined;
  }
  return undefined;
}

/**
 * Text as a reader can read it: collapsed, without an icon font's private-use glyphs (in the
 * Basic Multilingual Plane, and in planes 15 and 16, where Material Design Icons puts them).
 */
const readable = (text: string): string => collapse(text.replace(/\p{Co}/gu, ""));

/** Link text at most this long: a link wrapping a whole card is named by its start. */
const MAX_LINK_TEXT = 300;
function capText(text: string): string {
  return text.length <= MAX_LINK_TEXT
    ? text
    : `${text
        .slice(0, MAX_LINK_TEXT - 1)
        .replace(/[\uD800-\uDBFF]$/, "")
        .trimEnd()}…`;
}

export function countLinks(links: MappedLink[]): LinksOutput["counts"] {
  const counts = { internal: 0, external: 0, docs: 0, pricing: 0, api: 0, careers: 0, social: 0, feed: 0 };
  for (const link of links) {
    counts[link.kind]++;
    for (const topic of link.topics) counts[topic as Topic]++;
  }
  return counts;
}

/** Link Map: resolved, de-duplicated links classified as internal or external with topic tags. */
export async function linkMapCapability(input: LinksInput, ctx: CapabilityContext): Promise<LinksOutput> {
  const page = await fetchHtml(input.url, ctx);
  const links = await processPage("links", page);
  return {
    schema_version: "1.0.0",
    url: page.requestedUrl,
    final_url: page.finalUrl,
    http_status: page.status,
    total_links: links.length,
    counts: countLinks(links),
    links,
  };
}

/**
 * The registrable domain of a host, with the private section of the Public Suffix List
 * (alice.github.io and bob.github.io are different sites); IP addresses stand for themselves.
 */
export function registrableDomain(host: string): string {
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}
