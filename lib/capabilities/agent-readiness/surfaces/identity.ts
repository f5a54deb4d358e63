import { schemaTypes } from "../../../html/json-ld";
import type { ReadinessCheck, ReadinessFacts, SurfaceResult } from "../types";
import { surfaceResult } from "./result";

const ORGANIZATION_TYPES = [
  "Organization",
  "Corporation",
  "LocalBusiness",
  "OnlineStore",
  "OnlineBusiness",
  "NewsMediaOrganization",
  "EducationalOrganization",
  "NGO",
  "GovernmentOrganization",
  "Store",
  "ProfessionalService",
];
const isAbsolute = (v: unknown) => typeof v === "string" && /^https?:\/\//i.test(v);

/** Structured identity: who runs the site, in schema.org terms an agent can read. Always applicable; no requests. */
export function identitySurface(f: ReadinessFacts): SurfaceResult {
  const nodes = f.classification.jsonLd;
  const org = nodes.find((n) => schemaTypes(n).some((t) => ORGANIZATION_TYPES.includes(t)));
  // The site's owner as a WebSite/WebPage names it (a Product's brand is the maker, not the site).
  const publisher = nodes
    .filter((n) => schemaTypes(n).some((t) => ["WebSite", "WebPage", "AboutPage", "ContactPage"].includes(t)))
    .map((n) => n.publisher ?? n.provider ?? n.author)
    .find((p) => p && typeof p === "object" && !Array.isArray(p)) as Record<string, unknown> | undefined;
  const identity = org ?? publisher;
  const url = f.page.finalUrl;
  const ev = (found: string) => ({ url, status: f.page.status, found });
  const checks: ReadinessCheck[] = [
    {
      id: "organization-jsonld",
      weight: 3,
      pass: !!identity && typeof identity.name === "string" && isAbsolute(identity.url),
      detail: !identity
        ? "No schema.org Organization in the page's JSON-LD"
        : typeof identity.name !== "string" || !isAbsolute(identity.url)
          ? "The Organization JSON-LD lacks a name or an absolute url"
          : `Organization "${identity.name}" (${identity.url as string})`,
      fix: 'Add JSON-LD to the home page: {"@context":"https://schema.org","@type":"Organization","name":…,"url":"https://…/","logo":…,"sameAs":[…]}.',
      evidence: [ev(identity ? safeJson(identity).slice(0, 300) : `JSON-LD types: ${f.classification.jsonLdTypes.join(", ") || "none"}`)],
    },
    {
      id: "organization-details",
      weight: 1,
      pass:
        !!identity &&
        isAbsolute(typeof identity.logo === "object" ? (identity.logo as { url?: unknown }).url : identity.logo) &&
        [identity.sameAs].flat().some(isAbsolute),
      detail: identity
        ? `Organization logo: ${identity.logo ? "yes" : "no"}; sameAs profiles: ${[identity.sameAs].flat().filter(isAbsolute).length}`
        : "No Organization to describe",
      fix: "Give the Organization an absolute logo URL and sameAs links to its official profiles.",
      evidence: [ev(identity ? `logo=${safeJson(identity.logo ?? null)}, sameAs=${safeJson(identity.sameAs ?? null)}` : "none")],
    },
  ];
  const { title, description, ogTitle } = f.siteMetadata;
  checks.push({
    id: "site-metadata",
    weight: 1,
    pass: title && description && ogTitle,
    detail: `Title: ${title ? "yes" : "no"}; meta description: ${description ? "yes" : "no"}; og:title: ${ogTitle ? "yes" : "no"}`,
    fix: "Give the page a title, a meta description and Open Graph tags, so agents can name and describe the site.",
    evidence: [ev(`title, description, og:title`)],
  });
  return surfaceResult("structured_identity", checks, "Structured identity");
}

/** JSON for evidence; a page's JSON-LD can nest deeper than JSON.stringify's stack allows. */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return "(too deeply nested to show)";
  }
}
