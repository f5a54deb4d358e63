import { collapse, elements, textOf, tokens } from "../../html/dom";
import type { ParsedPage } from "../../html/parse";
import { resolveUrl } from "../../html/urls";

export interface PageMetadata {
  title: string | null;
  byline: string | null;
  description: string | null;
  canonical_url: string | null;
}

const SEPARATORS = /\s+(?:[|\-–—·»:]|::)\s+/;

/** Title (without the " | Site" suffix), byline, description and absolute canonical URL. */
export function pageMetadata(parsed: ParsedPage): PageMetadata {
  const meta = new Map<string, string>();
  let titleTag: string | null = null;
  let h1: string | null = null;
  let canonical: string | null = null;
  let authorLink: string | null = null;
  for (const el of elements(parsed.doc)) {
    if (el.name === "meta") {
      const key = (el.attribs.property ?? el.attribs.name ?? el.attribs.itemprop ?? "").toLowerCase();
      const content = collapse(el.attribs.content ?? "");
      if (key && content && !meta.has(key)) meta.set(key, content);
    } else if (el.name === "title" && titleTag === null) titleTag = textOf(el) || null;
    else if (el.name === "h1" && h1 === null) h1 = textOf(el) || null;
    else if (el.name === "link" && canonical === null && tokens(el, "rel").includes("canonical") && el.attribs.href) {
      canonical = resolveUrl(el.attribs.href, parsed.baseUrl);
    } else if (authorLink === null && (tokens(el, "rel").includes("author") || el.attribs.itemprop === "author")) {
      const text = textOf(el);
      if (text && text.length <= 100) authorLink = text;
    }
  }
  const siteName = meta.get("og:site_name") ?? null;
  const rawTitle = meta.get("og:title") ?? meta.get("twitter:title") ?? titleTag ?? h1;
  return {
    title: rawTitle ? cleanTitle(rawTitle, siteName, h1) : null,
    byline: meta.get("author") ?? meta.get("article:author") ?? meta.get("byl") ?? authorLink ?? null,
    description: meta.get("description") ?? meta.get("og:description") ?? meta.get("twitter:description") ?? null,
    canonical_url: canonical,
  };
}

/** Drops the site name from "Article | Site" (or "Site - Article") titles. */
export function cleanTitle(title: string, siteName: string | null, h1: string | null): string {
  const t = collapse(title);
  if (h1 && t !== h1 && t.includes(h1) && h1.length >= 10) return h1;
  const parts = t.split(SEPARATORS);
  if (parts.length < 2) return t;
  if (siteName) {
    const site = siteName.toLowerCase();
    const kept = parts.filter((p) => p.toLowerCase() !== site);
    if (kept.length && kept.length < parts.length) return kept.join(" - ");
  }
  // The site name is usually the short part at one end.
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const words = (s: string) => s.split(/\s+/).length;
  if (words(last) <= 4 && words(first) >= words(last)) return parts.slice(0, -1).join(" - ");
  if (words(first) <= 3 && words(last) > words(first)) return parts.slice(1).join(" - ");
  return t;
}
