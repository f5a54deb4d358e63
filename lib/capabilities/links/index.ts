import { type Element, isTag } from "domhandler";
import { getDomain } from "tldts";
import { z } from "zod";
import { attr, collapse, elements, inlineTextOf, textOf, tokens } from "../../html/dom";
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
 * Every link of a parsed page: `<a href>`, `<area href>` and `<link rel=alternate>`,
 * resolved against `<base>` and the final URL, http(s) only, de-duplicated by canonical
 * form in document order (the first occurrence's text wins, or the first non-empty one).
 */
export function mapLinks(parsed: ParsedPage, limit = MAX_LINKS): MappedLink[] {
  const pageHost = new URL(parsed.page.finalUrl).hostname;
  const pageDomain = registrableDomain(pageHost);
  const seen = new Map<string, MappedLink>();
  // A <template>'s content is inert: not on the page until a script stamps it out.
  for (const el of elements(parsed.doc, (e) => e.name === "template")) {
    const isAnchor = el.name === "a" || el.name === "area";
    const rel = el.name === "link" ? tokens(el, "rel") : [];
    // "alternate icon" and "alternate stylesheet" are a favicon and a theme, not pages.
    const isAlternate = rel.includes("alternate") && !rel.includes("icon") && !rel.includes("stylesheet");
    if (!isAnchor && !isAlternate) continue;
    // SVG links may still use XLink's href.
    const absolute = resolveUrl(el.attribs.href ?? el.attribs["xlink:href"] ?? "", parsed.baseUrl);
    if (!absolute) continue;
    const key = canonicalLinkUrl(absolute);
    const text = linkText(el, isAnchor);
    const existing = seen.get(key);
    if (!existing && seen.size >= limit) continue;
    const url = new URL(key);
    const topics = linkTopics({ url, text, rel: tokens(el, "rel"), type: attr(el, "type")?.toLowerCase() ?? null });
    if (existing) {
      // Every occurrence tells something: an image link then a "Pricing" link to one URL.
      if (!existing.text && text) existing.text = text;
      existing.topics = TOPICS.filter((t) => existing.topics.includes(t) || topics.includes(t));
      continue;
    }
    const domain = registrableDomain(url.hostname);
    seen.set(key, { url: key, text, kind: domain === pageDomain ? "internal" : "external", topics });
  }
  return [...seen.values()];
}

function linkText(el: Element, isAnchor: boolean): string {
  // What a reader sees: not decorative content (aria-hidden icons, "open_in_new" ligatures)
  // nor icon-font glyphs (private-use characters).
  const text = isAnchor ? readable(inlineTextOf(el, (e) => e.attribs["aria-hidden"] === "true")) : "";
  if (text) return capText(text);
  // No visible words: the link's own label, then the name its icon carries.
  const label = readable(el.attribs["aria-label"] ?? "");
  if (label) return capText(label);
  for (const child of elements(el)) {
    if (child.name === "img") {
      const name = readable(child.attribs.alt ?? "") || readable(child.attribs.title ?? "");
      if (name) return capText(name);
    }
    if (child.name === "svg") {
      // Its <title>, directly or one group down (<svg><g><title>): not a search of every nested SVG.
      const title =
        child.children.find((c): c is Element => isTag(c) && c.name === "title") ??
        child.children
          .filter((c): c is Element => isTag(c) && c.name === "g")
          .slice(0, 4)
          .flatMap((g) => g.children)
          .find((c): c is Element => isTag(c) && c.name === "title");
      const name = readable(child.attribs["aria-label"] ?? "") || (title ? readable(textOf(title)) : "");
      if (name) return capText(name);
    }
  }
  return capText(readable(el.attribs.title ?? "") || readable(el.attribs.alt ?? "") || (isAnchor ? readable(inlineTextOf(el)) : ""));
}

/** Text as a reader can read it: collapsed, without an icon font's private-use glyphs. */
const readable = (text: string): string => collapse(text.replace(/[\uE000-\uF8FF]/g, ""));

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
