import { elements, tokens } from "../../html/dom";
import type { ParsedPage } from "../../html/parse";
import { resolveUrl } from "../../html/urls";
import { type Classification, classifySite } from "./classify";

/**
 * What the readiness checks read from the audited page's markup, read once and as plain
 * data: it is produced in a page worker (with the pool's time and memory limits) and the
 * checks that make requests never touch the DOM.
 */
export interface ReadinessPageFacts {
  classification: Classification;
  /** Whether the page has a title, a meta description with text, and an og:title. */
  siteMetadata: { title: boolean; description: boolean; ogTitle: boolean };
  /** The target of `<link rel=alternate type=text/markdown>`, absolute; null when the page has none. */
  markdownAlternate: string | null;
}

export function readinessPageFacts(parsed: ParsedPage): ReadinessPageFacts {
  const els = [...elements(parsed.doc)];
  const meta = (attribute: "name" | "property", key: string) =>
    els.find((e) => e.name === "meta" && (e.attribs[attribute] ?? "").toLowerCase() === key);
  const alternate = els.find(
    (e) => e.name === "link" && tokens(e, "rel").includes("alternate") && (e.attribs.type ?? "").toLowerCase().startsWith("text/markdown"),
  );
  const classification = classifySite(parsed, parsed.page.headers);
  return {
    classification: { ...classification, jsonLd: classification.jsonLd.map((n) => cutBelow(n, JSON_LD_DEPTH) as Record<string, unknown>) },
    siteMetadata: {
      title: els.some((e) => e.name === "title"),
      description: !!meta("name", "description")?.attribs.content?.trim(),
      ogTitle: !!meta("property", "og:title"),
    },
    markdownAlternate: resolveUrl(alternate?.attribs.href, parsed.baseUrl),
  };
}

/**
 * JSON-LD deeper than this is cut (to null) before it leaves the worker: copying a value
 * between threads recurses, and a page's JSON-LD can nest deeper than the stack allows. The
 * checks read a node's first few levels (name, url, logo, offers' prices).
 */
const JSON_LD_DEPTH = 32;

function cutBelow(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth === 0) return null;
  if (Array.isArray(value)) return value.map((v) => cutBelow(v, depth - 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutBelow(v, depth - 1)]));
}
