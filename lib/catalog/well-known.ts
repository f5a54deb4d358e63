import { catalogEntries } from "./index";
import { usdcToAtomic } from "../payments/settings";

/**
 * The service's own machine-readable front door, generated from the catalog, so that it
 * passes its own Agent Readiness audit: robots.txt with AI rules and content signals, a
 * sitemap, security.txt, an RFC 9727 API catalog and an x402 resource list.
 */
export function robotsTxt(base: string): string {
  return [
    "# Agents and AI crawlers are welcome: everything here is public documentation of a paid API.",
    "User-agent: *",
    "Allow: /",
    "Content-Signal: search=yes, ai-input=yes, ai-train=yes",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

export function sitemapXml(base: string): string {
  const urls = ["/", "/llms.txt", "/openapi.json", "/version"].map((p) => `  <url><loc>${base}${p}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** RFC 9116; Expires is always 180 days ahead (the file is generated on each request). */
export function securityTxt(base: string, contact: string | undefined, now: Date): string {
  const expires = new Date(now.getTime() + 180 * 86_400_000);
  return [
    `Contact: ${contact ?? `${base}/security`}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    `Canonical: ${base}/.well-known/security.txt`,
    "Preferred-Languages: en",
    "",
  ].join("\n");
}

/** RFC 9727 linkset: one API, described by the OpenAPI document, documented by llms.txt. */
export function apiCatalog(base: string) {
  return {
    linkset: [
      {
        anchor: `${base}/`,
        "service-desc": [{ href: `${base}/openapi.json`, type: "application/openapi+json" }],
        "service-doc": [{ href: `${base}/llms.txt`, type: "text/markdown" }],
        "service-meta": [{ href: `${base}/version`, type: "application/json" }],
      },
    ],
  };
}

/**
 * The x402 resource list (the `{version, resources}` shape x402scan reads): each paid GET
 * endpoint with its example query, so an unpaid request reaches the 402 with its terms.
 */
export function x402Resources(base: string) {
  const resources = catalogEntries()
    .filter((e) => e.priceUsd && e.methods.includes("GET"))
    .map((e) => {
      const query = new URLSearchParams(Object.entries(e.inputExample as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
      return { url: `${base}${e.path}?${query}`, price_usdc: e.priceUsd!, amount: usdcToAtomic(e.priceUsd!) };
    });
  return { version: 1, resources: resources.map((r) => r.url), prices: resources };
}
