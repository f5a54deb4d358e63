import { mapLinks } from "../capabilities/links";
import { textOf, tokens } from "../html/dom";
import { readJsonLd, schemaTypes } from "../html/json-ld";
import { parsePage } from "../html/parse";
import { type AuditArtifacts, metaContent } from "./checks";
import type { SecurityResult } from "./security";

/**
 * The website-intelligence score: how well people and AI agents can find, understand, call
 * and trust the site, from what the one fetch shows. Four dimensions of 25 points; each
 * check has its points, and the score is the sum of the points of the checks that pass.
 */
export const DIMENSIONS = ["discoverable", "understandable", "callable", "trustworthy"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface IntelligenceCheck {
  id: string;
  points: number;
  pass: boolean;
  detail: string;
  evidence?: unknown;
}

export interface WebsiteIntelligence {
  score: number;
  dimensions: Record<Dimension, { score: number; max: 25; checks: IntelligenceCheck[] }>;
}

interface Facts {
  a: AuditArtifacts;
  meta: (key: string) => string | null;
  jsonLd: Record<string, unknown>[];
  links: ReturnType<typeof mapLinks>;
  security: SecurityResult;
}

type Rule = { id: string; dimension: Dimension; points: number; run: (f: Facts) => Omit<IntelligenceCheck, "id" | "points"> };

const ORG_TYPES = new Set([
  "Organization",
  "Corporation",
  "LocalBusiness",
  "OnlineStore",
  "NGO",
  "EducationalOrganization",
  "GovernmentOrganization",
]);
export const INTELLIGENCE_RULES: Rule[] = [
  // Discoverable: search engines and agents can find and index the page.
  {
    id: "wi-indexable",
    dimension: "discoverable",
    points: 7,
    run: (f) => {
      const robots = `${f.meta("robots") ?? ""},${f.a.page.headers["x-robots-tag"] ?? ""}`.toLowerCase();
      const ok = !/\b(noindex|none)\b/.test(robots);
      return { pass: ok, detail: ok ? "Indexable (no noindex)." : "Blocked from indexing by noindex." };
    },
  },
  {
    id: "wi-title-description",
    dimension: "discoverable",
    points: 5,
    run: (f) => {
      const title = f.a.elements.find((e) => e.name === "title");
      const ok = !!title && !!textOf(title) && !!f.meta("description");
      return { pass: ok, detail: ok ? "Title and description present." : "Title or description missing." };
    },
  },
  {
    id: "wi-canonical",
    dimension: "discoverable",
    points: 4,
    run: (f) => {
      const ok = f.a.elements.some(
        (e) => e.name === "link" && tokens(e, "rel").includes("canonical") && /^https?:\/\//.test(e.attribs.href ?? ""),
      );
      return { pass: ok, detail: ok ? "Absolute canonical URL." : "No absolute canonical URL." };
    },
  },
  {
    id: "wi-feed-or-sitemap",
    dimension: "discoverable",
    points: 4,
    run: (f) => {
      const found = f.links.filter((l) => l.topics.includes("feed") || isSitemapUrl(l.url)).map((l) => l.url);
      return {
        pass: found.length > 0,
        detail: found.length ? "A feed or sitemap is linked." : "No feed or sitemap linked from the page.",
        evidence: found.slice(0, 5),
      };
    },
  },
  {
    id: "wi-social-preview",
    dimension: "discoverable",
    points: 5,
    run: (f) => {
      const ok = !!f.meta("og:title") && !!f.meta("og:image");
      return { pass: ok, detail: ok ? "Open Graph preview (title and image)." : "No Open Graph title and image." };
    },
  },
  // Understandable: machines can tell what the page and the organisation are.
  {
    id: "wi-structured-data",
    dimension: "understandable",
    points: 8,
    run: (f) => {
      const types = f.jsonLd.flatMap(schemaTypes);
      return {
        pass: types.length > 0,
        detail: types.length ? `schema.org types: ${[...new Set(types)].join(", ")}.` : "No parseable schema.org JSON-LD.",
        evidence: [...new Set(types)],
      };
    },
  },
  {
    id: "wi-organization",
    dimension: "understandable",
    points: 5,
    run: (f) => {
      const org = f.jsonLd.find((n) => schemaTypes(n).some((t) => ORG_TYPES.has(t)) && typeof n.name === "string");
      return { pass: !!org, detail: org ? `Organization "${String(org.name)}" described.` : "No schema.org Organization with a name." };
    },
  },
  {
    id: "wi-language",
    dimension: "understandable",
    points: 4,
    run: (f) => {
      const lang = f.a.elements.find((e) => e.name === "html")?.attribs.lang?.trim();
      return { pass: !!lang, detail: lang ? `Language: ${lang}.` : "No document language." };
    },
  },
  {
    id: "wi-outline",
    dimension: "understandable",
    points: 4,
    run: (f) => {
      const h1 = f.a.elements.filter((e) => e.name === "h1").length;
      const h2 = f.a.elements.filter((e) => e.name === "h2").length;
      const ok = h1 === 1 && h2 > 0;
      return { pass: ok, detail: ok ? `One <h1> and ${h2} <h2> sections.` : `Outline: ${h1} <h1>, ${h2} <h2>.` };
    },
  },
  {
    id: "wi-main-content",
    dimension: "understandable",
    points: 4,
    run: (f) => {
      const ok = f.a.elements.some((e) => e.name === "main" || e.attribs.role === "main" || e.name === "article");
      return { pass: ok, detail: ok ? "Main content is marked up (<main> or <article>)." : "No <main> or <article>." };
    },
  },
  // Callable: agents can find machine interfaces.
  {
    id: "wi-api-docs-linked",
    dimension: "callable",
    points: 7,
    run: (f) => {
      const found = f.links.filter((l) => l.topics.includes("api") || l.topics.includes("docs")).map((l) => l.url);
      return {
        pass: found.length > 0,
        detail: found.length ? "Links to API or documentation." : "No link to an API or documentation.",
        evidence: found.slice(0, 5),
      };
    },
  },
  {
    id: "wi-agent-formats",
    dimension: "callable",
    points: 6,
    run: (f) => {
      const markdown = f.a.elements.some(
        (e) => e.name === "link" && tokens(e, "rel").includes("alternate") && /markdown/i.test(e.attribs.type ?? ""),
      );
      const llms = f.links.some((l) => /\/llms(-full)?\.txt$/i.test(new URL(l.url).pathname));
      const ok = markdown || llms;
      return {
        pass: ok,
        detail: ok
          ? `${markdown ? "A Markdown alternate" : ""}${markdown && llms ? " and " : ""}${llms ? "an llms.txt link" : ""}.`
          : "No Markdown alternate or llms.txt link.",
      };
    },
  },
  {
    id: "wi-link-relations",
    dimension: "callable",
    points: 6,
    run: (f) => {
      const header = f.a.page.headers.link ?? "";
      const rels =
        /rel="?[^";,]*(api-catalog|service-desc|service-doc|describedby)/i.exec(header)?.[1] ??
        f.a.elements.find(
          (e) =>
            e.name === "link" && tokens(e, "rel").some((r) => ["api-catalog", "service-desc", "service-doc", "describedby"].includes(r)),
        )?.attribs.rel;
      return {
        pass: !!rels,
        detail: rels
          ? `Machine-readable link relation: ${rels}.`
          : "No api-catalog, service-desc or describedby link relation (RFC 8288/9727).",
      };
    },
  },
  {
    id: "wi-operable-forms",
    dimension: "callable",
    points: 6,
    run: (f) => {
      const fields = f.a.elements
        .filter((e) => e.name === "input" || e.name === "select" || e.name === "textarea")
        .filter((e) => !["hidden", "submit", "button"].includes((e.attribs.type ?? "").toLowerCase()));
      const named = fields.filter((e) => e.attribs.name || e.attribs.id);
      const ok = fields.length === named.length;
      return {
        pass: ok,
        detail: ok
          ? fields.length
            ? "Form fields are named."
            : "No forms (nothing to operate)."
          : `${fields.length - named.length} form fields have no name or id.`,
      };
    },
  },
  // Trustworthy: the site is secure and says who runs it.
  {
    id: "wi-https",
    dimension: "trustworthy",
    points: 7,
    run: (f) => {
      const ok = f.a.page.finalUrl.startsWith("https:");
      return { pass: ok, detail: ok ? "Served over HTTPS." : "Not served over HTTPS." };
    },
  },
  {
    id: "wi-security-headers",
    dimension: "trustworthy",
    points: 6,
    run: (f) => {
      const ok = f.security.score >= 70;
      return { pass: ok, detail: `Security headers grade ${f.security.grade} (${f.security.score}).` };
    },
  },
  {
    id: "wi-policies-and-contact",
    dimension: "trustworthy",
    points: 6,
    run: (f) => {
      const found = f.links
        .filter((l) => /privacy|terms|imprint|impressum|legal|contact|about/i.test(`${l.url} ${l.text}`))
        .map((l) => l.url);
      return {
        pass: found.length > 0,
        detail: found.length ? "Links to policies, contact or about pages." : "No link to a privacy policy, terms, contact or about page.",
        evidence: found.slice(0, 5),
      };
    },
  },
  {
    id: "wi-identity",
    dimension: "trustworthy",
    points: 6,
    run: (f) => {
      const org = f.jsonLd.find(
        (n) =>
          schemaTypes(n).some((t) => ORG_TYPES.has(t)) && (typeof n.url === "string" || n.logo !== undefined || n.sameAs !== undefined),
      );
      return {
        pass: !!org,
        detail: org
          ? "Organization identity with url, logo or sameAs."
          : "No organization identity (url, logo or sameAs) in structured data.",
      };
    },
  },
];

export function websiteIntelligence(a: AuditArtifacts, security: SecurityResult): WebsiteIntelligence {
  const facts: Facts = {
    a,
    meta: (key) => metaContent(a, key),
    jsonLd: readJsonLd(a.elements).nodes,
    links: mapLinks(parsePage(a.page)),
    security,
  };
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((d) => [d, { score: 0, max: 25 as const, checks: [] as IntelligenceCheck[] }]),
  ) as WebsiteIntelligence["dimensions"];
  for (const rule of INTELLIGENCE_RULES) {
    const check = { id: rule.id, points: rule.points, ...rule.run(facts) };
    dimensions[rule.dimension].checks.push(check);
    if (check.pass) dimensions[rule.dimension].score += rule.points;
  }
  return { score: DIMENSIONS.reduce((s, d) => s + dimensions[d].score, 0), dimensions };
}

/** A sitemap's URL: its last path segment names a sitemap and ends in .xml (two linear tests). */
function isSitemapUrl(url: string): boolean {
  const last = url.slice(url.lastIndexOf("/") + 1).toLowerCase();
  return last.endsWith(".xml") && last.includes("sitemap");
}
