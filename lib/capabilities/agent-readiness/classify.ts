import { elements, textOf } from "../../html/dom";
import { readJsonLd, schemaTypes } from "../../html/json-ld";
import type { ParsedPage } from "../../html/parse";
import { type MappedLink, mapLinks } from "../links";

export const CLASSES = ["api_provider", "saas", "commerce", "publisher", "docs", "brochure"] as const;
export type SiteClass = (typeof CLASSES)[number];

export interface Classification {
  class: SiteClass;
  /** 0–1: how clearly the page's signals point to this class rather than the runner-up. */
  confidence: number;
  /** The signals that counted, in words. */
  signals: string[];
  /** Page facts the later checks reuse. */
  links: MappedLink[];
  jsonLdTypes: string[];
  /** Every JSON-LD node of the page, read once for the surfaces too. */
  jsonLd: Record<string, unknown>[];
}

const has = (types: string[], ...names: string[]) => names.some((n) => types.includes(n));

/**
 * Classifies a site from its page alone (no requests), by points per class (docs/agent-readiness.md):
 * - api_provider: Link header or links to an API catalog, OpenAPI or API reference; x402 or
 *   "API key"/"REST API"/"endpoint" in the text; WebAPI JSON-LD.
 * - saas: pricing plus sign-up or log-in links; SoftwareApplication/WebApplication JSON-LD.
 * - commerce: Product/Offer JSON-LD, og:type product, cart or checkout links.
 * - publisher: Article/NewsArticle/BlogPosting JSON-LD, og:type article, a feed, a byline.
 * - docs: a docs host or /docs path, a documentation generator, many code blocks and a sidebar.
 * - brochure: the fallback when no class scores 3 points.
 */
export function classifySite(parsed: ParsedPage, headers: Record<string, string>): Classification {
  const url = new URL(parsed.page.finalUrl);
  const els = [...elements(parsed.doc)];
  const links = mapLinks(parsed);
  const jsonLd = readJsonLd(els).nodes;
  const jsonLdTypes = [...new Set(jsonLd.flatMap(schemaTypes))];
  const meta = (key: string) =>
    els
      .find((e) => e.name === "meta" && (e.attribs.property ?? e.attribs.name ?? "").toLowerCase() === key)
      ?.attribs.content?.toLowerCase() ?? "";
  // htmlparser2 adds no implied <body>: without one, the whole document is the text.
  const body = els.find((e) => e.name === "body");
  const text = textOf(body ?? parsed.doc)
    .toLowerCase()
    .slice(0, 200_000);
  const linkHeader = (headers.link ?? "").toLowerCase();
  const paths = links.filter((l) => l.kind === "internal").map((l) => new URL(l.url).pathname.toLowerCase());
  const topic = (t: string) => links.filter((l) => l.topics.includes(t as never)).length;

  const points: Record<SiteClass, number> = { api_provider: 0, saas: 0, commerce: 0, publisher: 0, docs: 0, brochure: 0 };
  const signals: string[] = [];
  const add = (cls: SiteClass, n: number, why: string) => {
    points[cls] += n;
    signals.push(`${cls}: ${why}`);
  };

  // API provider
  if (/rel="?(api-catalog|service-desc|service-doc)/.test(linkHeader))
    add("api_provider", 4, "Link header names an API catalog or description");
  if (links.some((l) => /\/\.well-known\/api-catalog|openapi|swagger/i.test(l.url)))
    add("api_provider", 3, "links to an OpenAPI document or API catalog");
  if (topic("api") > 0) add("api_provider", 2, `${topic("api")} link(s) to an API or API reference`);
  if (/\bx402\b|payment-required|pay per (call|request)/.test(text)) add("api_provider", 2, "mentions x402 or pay-per-call access");
  if (/\b(api key|rest api|graphql api|api endpoint)/.test(text) || endpointsThenVerb(text))
    add("api_provider", 1, "text describes an API");
  if (has(jsonLdTypes, "WebAPI")) add("api_provider", 3, "WebAPI structured data");

  // SaaS
  const signup = paths.some((p) => /\/(sign-?up|register|get-started|start|trial|login|log-in|sign-?in|app)(\/|$)/.test(p));
  if (topic("pricing") > 0 && signup) add("saas", 3, "pricing and sign-up or log-in links");
  else if (topic("pricing") > 0) add("saas", 1, "a pricing link");
  if (has(jsonLdTypes, "SoftwareApplication", "WebApplication")) add("saas", 3, "SoftwareApplication structured data");
  if (/\b(free trial|start (your )?free|per (user|seat)|\/mo(nth)?\b)/.test(text)) add("saas", 1, "subscription wording");

  // Commerce
  if (has(jsonLdTypes, "Product", "Offer", "AggregateOffer", "ProductGroup")) add("commerce", 4, "Product or Offer structured data");
  if (meta("og:type").startsWith("product")) add("commerce", 3, "og:type product");
  if (paths.some((p) => /\/(cart|basket|checkout|bag)(\/|$)/.test(p))) add("commerce", 2, "cart or checkout links");
  if (/\badd to (cart|basket|bag)\b/.test(text)) add("commerce", 2, '"add to cart" on the page');

  // Publisher
  if (has(jsonLdTypes, "Article", "NewsArticle", "BlogPosting", "Blog", "NewsMediaOrganization"))
    add("publisher", 3, "Article structured data");
  if (meta("og:type") === "article") add("publisher", 2, "og:type article");
  if (topic("feed") > 0) add("publisher", 1, "a feed");
  if (meta("author") || els.some((e) => e.name === "time" && e.attribs.datetime)) add("publisher", 1, "a byline or publication date");

  // Docs
  if (
    /^(docs?|developers?|dev|help|support|learn|manual|wiki)\./.test(url.hostname) ||
    /^\/(docs?|documentation|guides?|reference)(\/|$)/.test(url.pathname)
  ) {
    add("docs", 3, "a documentation host or path");
  }
  if (/docusaurus|mkdocs|sphinx|gitbook|vitepress|read the docs|nextra|starlight|mintlify|hugo-book/.test(meta("generator"))) {
    add("docs", 3, "a documentation generator");
  }
  const codeBlocks = els.filter((e) => e.name === "pre").length;
  if (codeBlocks >= 3) add("docs", 2, `${codeBlocks} code blocks`);
  if (has(jsonLdTypes, "TechArticle", "APIReference")) add("docs", 2, "TechArticle structured data");

  const ranked = (Object.entries(points) as [SiteClass, number][]).sort((a, b) => b[1] - a[1]);
  const [best, runnerUp] = [ranked[0]!, ranked[1]!];
  if (best[1] < 3) {
    return { class: "brochure", confidence: best[1] === 0 ? 0.8 : 0.6, signals, links, jsonLdTypes, jsonLd };
  }
  const confidence = Math.min(0.95, 0.5 + (best[1] - runnerUp[1]) / (2 * best[1]) + Math.min(best[1], 8) / 40);
  return { class: best[0], confidence: Math.round(confidence * 100) / 100, signals, links, jsonLdTypes, jsonLd };
}

/** "endpoint(s)" followed later by GET or POST, found in two linear searches (one regex is quadratic on "endpoint endpoint …"). */
function endpointsThenVerb(text: string): boolean {
  const at = text.search(/\bendpoints?\b/);
  return at >= 0 && /\b(get|post)\b/.test(text.slice(at));
}
