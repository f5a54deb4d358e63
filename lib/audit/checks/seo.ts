import { attr, textOf, tokens } from "../../html/dom";
import { readJsonLd } from "../../html/json-ld";
import { resolveUrl } from "../../html/urls";
import { describe, metaContent as meta } from "./artifacts";
import type { AuditArtifacts, Check } from "./types";

const firstText = (a: AuditArtifacts, name: string) => {
  const el = a.elements.find((e) => e.name === name);
  return el ? textOf(el) : null;
};

/** Link texts that say nothing about their target (Lighthouse's link-text list, English). */
const VAGUE_LINK_TEXT = new Set([
  "click here",
  "click this",
  "go",
  "here",
  "this",
  "start",
  "right here",
  "more",
  "learn more",
  "read more",
  "continue",
  "link",
]);

export const seoChecks: Check[] = [
  {
    id: "seo-title",
    category: "seo",
    weight: 3,
    title: "The page has a title of 10 to 60 characters",
    fix: "Give the page a <title> that names it in 10 to 60 characters.",
    run: (a) => {
      const title = firstText(a, "title");
      if (!title) return { pass: false, detail: "The page has no <title>." };
      const ok = title.length >= 10 && title.length <= 60;
      return { pass: ok, detail: `Title "${title.slice(0, 80)}" has ${title.length} characters.`, evidence: { title } };
    },
  },
  {
    id: "seo-meta-description",
    category: "seo",
    weight: 3,
    title: "The page has a meta description of 50 to 160 characters",
    fix: 'Add <meta name="description" content="…"> summarising the page in 50 to 160 characters.',
    run: (a) => {
      const description = meta(a, "description");
      if (!description) return { pass: false, detail: "The page has no meta description." };
      const ok = description.length >= 50 && description.length <= 160;
      return { pass: ok, detail: `The meta description has ${description.length} characters.`, evidence: { description } };
    },
  },
  {
    id: "seo-single-h1",
    category: "seo",
    weight: 2,
    title: "The page has exactly one <h1>",
    fix: "Use one <h1> that states what the page is about; use <h2>–<h6> below it.",
    run: (a) => {
      const count = a.elements.filter((e) => e.name === "h1").length;
      return { pass: count === 1, detail: count === 1 ? "One <h1>." : `${count} <h1> elements.`, evidence: { count } };
    },
  },
  {
    id: "seo-canonical",
    category: "seo",
    weight: 2,
    title: "The canonical URL is absolute and unambiguous",
    fix: 'Add one <link rel="canonical" href="https://…"> with the absolute URL of the preferred version of the page.',
    run: (a) => {
      const links = a.elements.filter((e) => e.name === "link" && tokens(e, "rel").includes("canonical"));
      if (links.length === 0) return { pass: false, detail: "No canonical link." };
      const hrefs = [...new Set(links.map((l) => attr(l, "href") ?? ""))];
      if (hrefs.length > 1) return { pass: false, detail: `${hrefs.length} different canonical links.`, evidence: { hrefs } };
      const href = hrefs[0]!;
      if (!/^https?:\/\//i.test(href)) return { pass: false, detail: `The canonical link "${href}" is not absolute.`, evidence: { href } };
      return { pass: true, detail: `Canonical: ${href}.`, evidence: { href } };
    },
  },
  {
    id: "seo-lang",
    category: "seo",
    weight: 1,
    title: "The document declares its language",
    fix: 'Add a lang attribute to <html>, for example <html lang="en">.',
    run: (a) => {
      const lang = a.elements.find((e) => e.name === "html")?.attribs.lang?.trim();
      return lang ? { pass: true, detail: `lang="${lang}".` } : { pass: false, detail: "<html> has no lang attribute." };
    },
  },
  {
    id: "seo-viewport",
    category: "seo",
    weight: 2,
    title: "The page has a mobile viewport",
    fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
    run: (a) => {
      const viewport = meta(a, "viewport");
      const ok = !!viewport && /width\s*=\s*device-width/i.test(viewport);
      return { pass: ok, detail: viewport ? `viewport "${viewport}".` : "No viewport meta tag.", evidence: { viewport } };
    },
  },
  {
    id: "seo-indexable",
    category: "seo",
    weight: 4,
    title: "The page can be indexed",
    fix: "Remove noindex from the robots meta tag and the X-Robots-Tag header, unless the page is meant to stay out of search.",
    run: (a) => {
      const robots = [meta(a, "robots") ?? "", meta(a, "googlebot") ?? "", a.page.headers["x-robots-tag"] ?? ""].join(",").toLowerCase();
      const blocked = /\b(noindex|none)\b/.test(robots);
      return { pass: !blocked, detail: blocked ? `Indexing is blocked (${robots.replace(/^,+|,+$/g, "")}).` : "No noindex directive." };
    },
  },
  {
    id: "seo-open-graph",
    category: "seo",
    weight: 1,
    title: "The page has Open Graph title, description and image",
    fix: "Add og:title, og:description and og:image meta tags so shared links show a preview.",
    run: (a) => {
      const missing = ["og:title", "og:description", "og:image"].filter((k) => !meta(a, k));
      return {
        pass: missing.length === 0,
        detail: missing.length ? `Missing ${missing.join(", ")}.` : "Open Graph tags present.",
        evidence: { missing },
      };
    },
  },
  {
    id: "seo-structured-data",
    category: "seo",
    weight: 2,
    title: "The page has structured data that parses",
    fix: 'Describe the page with schema.org JSON-LD in <script type="application/ld+json"> (valid JSON).',
    run: (a) => {
      const { blocks, broken } = readJsonLd(a.elements);
      if (blocks === 0) return { pass: false, detail: "No JSON-LD structured data." };
      return broken
        ? { pass: false, detail: `${broken} of ${blocks} JSON-LD blocks do not parse.` }
        : { pass: true, detail: `${blocks} JSON-LD block(s) parse.` };
    },
  },
  {
    id: "seo-hreflang",
    category: "seo",
    weight: 1,
    title: "hreflang alternates are valid",
    fix: 'Use BCP 47 language codes (or "x-default") and absolute URLs in <link rel="alternate" hreflang>.',
    run: (a) => {
      const alternates = a.elements.filter((e) => e.name === "link" && e.attribs.hreflang !== undefined);
      if (alternates.length === 0) return { pass: true, detail: "No hreflang alternates (nothing to check)." };
      const invalid = alternates.filter((l) => {
        const lang = l.attribs.hreflang!.trim();
        return (
          !(lang.toLowerCase() === "x-default" || /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?$/i.test(lang)) ||
          !/^https?:\/\//i.test(l.attribs.href ?? "")
        );
      });
      return invalid.length
        ? {
            pass: false,
            detail: `${invalid.length} invalid hreflang alternates.`,
            evidence: invalid.map((l) => `${l.attribs.hreflang} ${l.attribs.href}`),
          }
        : { pass: true, detail: `${alternates.length} valid hreflang alternates.` };
    },
  },
  {
    id: "seo-link-text",
    category: "seo",
    weight: 1,
    title: "Links have descriptive text",
    fix: 'Replace link texts like "click here" or "read more" with words that name the target.',
    run: (a) => {
      const vague = a.elements.filter((e) => e.name === "a" && e.attribs.href && VAGUE_LINK_TEXT.has(textOf(e).toLowerCase()));
      return vague.length
        ? {
            pass: false,
            detail: `${vague.length} links say nothing about their target.`,
            evidence: vague.slice(0, 10).map((e) => textOf(e)),
          }
        : { pass: true, detail: "Link texts are descriptive." };
    },
  },
  {
    id: "seo-crawlable-links",
    category: "seo",
    weight: 1,
    title: "Links can be followed by crawlers",
    fix: "Give every link a real href (not javascript: or empty) so crawlers can follow it.",
    run: (a) => {
      const anchors = a.elements.filter((e) => e.name === "a" && (e.attribs.href !== undefined || e.attribs.onclick !== undefined));
      const uncrawlable = anchors.filter((e) => {
        const href = (e.attribs.href ?? "").trim();
        if (!href || href.toLowerCase().startsWith("javascript:")) return true;
        return href !== "#" && !href.startsWith("#") && !/^(mailto|tel|sms):/i.test(href) && resolveUrl(href, a.baseUrl) === null;
      });
      return uncrawlable.length
        ? { pass: false, detail: `${uncrawlable.length} links have no followable href.`, evidence: uncrawlable.slice(0, 10).map(describe) }
        : { pass: true, detail: "Every link has a followable href." };
    },
  },
];
