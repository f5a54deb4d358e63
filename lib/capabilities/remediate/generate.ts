import { resolveUrl } from "../../html/urls";
import type { ReadinessReport } from "../agent-readiness";
import type { SurfaceId } from "../agent-readiness/types";

export interface OrganizationInput {
  name?: string;
  url?: string;
  description?: string;
  logo?: string;
  sameAs?: string[];
  email?: string;
}

export interface SiteFacts {
  origin: string;
  name: string;
  description: string;
  classification: string | null;
  links: { title: string; url: string; note: string }[];
}

const CLASS_WORDS: Record<string, string> = {
  api_provider: "an API provider",
  saas: "a software service",
  commerce: "an online shop",
  publisher: "a publisher",
  docs: "a documentation site",
  brochure: "a business website",
};

/** What the report (when given) and the inputs say about the site; nothing is fetched. */
export function siteFacts(url: string, organization: OrganizationInput, report: ReadinessReport | null): SiteFacts {
  const origin = new URL(report?.final_url ?? url).origin;
  const checks = report?.surfaces.flatMap((s) => s.checks) ?? [];
  const orgName = checks.find((c) => c.id === "organization-jsonld" && c.pass)?.detail.match(/^Organization "(.+)" \(/)?.[1];
  const llmsTitle = checks.find((c) => c.id === "llms-txt")?.detail.match(/^llms\.txt "(.+)" follows/)?.[1];
  const host = new URL(origin).hostname.replace(/^www\./, "");
  const name = organization.name?.trim() || orgName || llmsTitle || host;
  const classification = report?.classification ?? null;
  const description =
    organization.description?.trim() || `${name} is ${classification ? CLASS_WORDS[classification] : "a website"} at ${host}.`;
  const links: SiteFacts["links"] = [{ title: "Home", url: `${origin}/`, note: `the front page of ${name}` }];
  // Documents the audit saw answering, kept as links agents should know about.
  const answered = (id: string) =>
    checks.find((c) => c.id === id && c.pass)?.evidence.find((e) => e.url && e.status && e.status < 300)?.url;
  const openapi = answered("openapi");
  if (openapi) links.push({ title: "API description (OpenAPI)", url: openapi, note: "every endpoint, its parameters and responses" });
  const catalog = answered("api-catalog");
  if (catalog) links.push({ title: "API catalog", url: catalog, note: "the machine-readable list of APIs (RFC 9727)" });
  const paid = checks.find((c) => c.id === "x402-challenge" && c.pass);
  if (paid?.evidence[0]?.url) links.push({ title: "Paid resource", url: paid.evidence[0].url, note: paid.detail.replace(/^\S+ /, "") });
  const organizationUrl = resolveUrl(organization.url, origin);
  if (organizationUrl && !links.some((l) => l.url === organizationUrl))
    links.push({ title: "Organization", url: organizationUrl, note: "who runs the site" });
  return { origin, name, description, classification, links };
}

/** A publish-ready llms.txt: H1 first, a summary, sections of absolute links (llmstxt.org). */
export function generateLlmsTxt(facts: SiteFacts, failedLayers: SurfaceId[]): string {
  const lines = [`# ${facts.name}`, "", `> ${facts.description.replace(/\s+/g, " ")}`, ""];
  lines.push(
    `This file tells AI agents and language models what ${facts.name} offers and where to find it. Everything linked below is public.`,
    "",
    "## Main pages",
    "",
    ...facts.links.map((l) => `- [${l.title}](${l.url}): ${l.note}`),
    "",
  );
  if (failedLayers.length) {
    lines.push("## Optional", "", `- [Robots rules](${facts.origin}/robots.txt): which crawlers and agents may read the site`, "");
  }
  return lines.join("\n");
}

/** A schema.org Organization with absolute URLs only. */
export function generateOrganization(facts: SiteFacts, organization: OrganizationInput): Record<string, unknown> {
  const url = resolveUrl(organization.url, facts.origin) ?? `${facts.origin}/`;
  const logo = resolveUrl(organization.logo, facts.origin);
  const sameAs = (organization.sameAs ?? [])
    .map((s) => resolveUrl(s, facts.origin))
    .filter((s): s is string => !!s && new URL(s).origin !== facts.origin);
  const email = organization.email?.trim();
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: facts.name,
    url,
    description: facts.description,
    ...(logo ? { logo } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(email ? { contactPoint: { "@type": "ContactPoint", contactType: "customer support", email } } : {}),
  };
}
