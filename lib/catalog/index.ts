import { extractCapability, extractExample, extractInput, extractOutput } from "../capabilities/extract";
import { feedCapability, feedExample, feedInput, feedOutput } from "../capabilities/feed";
import { fetchExample, fetchInput, fetchOutput, safeFetchCapability } from "../capabilities/fetch";
import { agentReadinessCapability, readinessExample, readinessInput, readinessOutput } from "../capabilities/agent-readiness";
import { remediateCapability, remediateExample, remediateInput, remediateOutput, remediationGrant } from "../capabilities/remediate";
import { batchAuditCapability, batchExample, batchInput, batchOutput } from "../capabilities/quick-audit/batch";
import { quickAuditCapability, quickAuditExample, quickAuditInput, quickAuditOutput } from "../capabilities/quick-audit";
import { linkMapCapability, linksExample, linksInput, linksOutput } from "../capabilities/links";
import {
  requireModel,
  structuredCapability,
  structuredExample,
  structuredExampleInput,
  structuredInput,
  structuredOutput,
} from "../capabilities/structured";
import { summarizeCapability, summarizeExample, summarizeInput, summarizeOutput } from "../capabilities/summarize";
import { CAPABILITY_VERSIONS } from "../version";
import type { AnyCatalogEntry, CatalogEntry } from "./types";

export type { AnyCatalogEntry, CatalogEntry, HttpMethod } from "./types";

const define = <I, O>(entry: CatalogEntry<I, O>) => entry;

export const catalog = {
  fetch: define({
    id: "fetch",
    title: "Safe Fetch",
    description:
      "Returns the raw text body of one public URL with metadata (status, final URL after redirects, selected headers, timing). Text formats only; 2 MB cap; 15 s budget; at most 5 redirects; private addresses refused.",
    path: "/v1/fetch",
    methods: ["GET", "POST"],
    priceUsd: "0.002",
    capabilityVersion: CAPABILITY_VERSIONS.fetch,
    settlement: "on-success",
    input: fetchInput,
    inputExample: { url: "https://example.com" },
    output: fetchOutput,
    outputExample: fetchExample,
    run: safeFetchCapability,
  }),
  extract: define({
    id: "extract",
    title: "Content Extraction",
    description:
      "Returns the main content of one HTML page as clean Markdown (headings, lists, GFM tables, fenced code, absolute links and images) with title, byline, description, canonical URL, word count and the content's links; navigation, footers, banners, ads and share widgets left out. No crawling, no JavaScript; 5 MB cap.",
    path: "/v1/extract",
    methods: ["POST", "GET"],
    priceUsd: "0.005",
    capabilityVersion: CAPABILITY_VERSIONS.extract,
    settlement: "on-success",
    input: extractInput,
    inputExample: { url: "https://example.com" },
    output: extractOutput,
    outputExample: extractExample,
    run: extractCapability,
  }),
  feed: define({
    id: "feed",
    title: "Feed Parser",
    description:
      "Detects RSS (0.9x, 1.0, 2.0), Atom (0.3, 1.0) or JSON Feed by content and returns normalised JSON: feed title, link, description and self URL, and up to 50 items with id, title, absolute URL, ISO 8601 UTC date, plain-text summary and author. Not a feed: 422 NOT_A_FEED, not charged.",
    path: "/v1/feed",
    methods: ["GET", "POST"],
    priceUsd: "0.003",
    capabilityVersion: CAPABILITY_VERSIONS.feed,
    settlement: "on-success",
    input: feedInput,
    inputExample: { url: "https://example.com" },
    output: feedOutput,
    outputExample: feedExample,
    run: feedCapability,
  }),
  links: define({
    id: "links",
    title: "Link Map",
    description:
      "Every link of one HTML page resolved to an absolute URL and de-duplicated, classified internal or external by registrable domain, with topic tags (docs, pricing, api, careers, social, feed) and counts; the first 200 in document order.",
    path: "/v1/links",
    methods: ["GET", "POST"],
    priceUsd: "0.003",
    capabilityVersion: CAPABILITY_VERSIONS.links,
    settlement: "on-success",
    input: linksInput,
    inputExample: { url: "https://example.com" },
    output: linksOutput,
    outputExample: linksExample,
    run: linkMapCapability,
  }),
  summarize: define({
    id: "summarize",
    title: "Summarizer",
    description:
      'A structured summary of one HTML page written by a language model: summary, key facts, entities, title and word count, optionally steered by `focus`. Without a model configured, an extractive summary labelled model "extractive". Non-HTML: 422, not charged. Text in the page aimed at AI agents is reported in `warnings`, never obeyed.',
    path: "/v1/summarize",
    methods: ["POST", "GET"],
    priceUsd: "0.033",
    capabilityVersion: CAPABILITY_VERSIONS.summarize,
    settlement: "on-success",
    input: summarizeInput,
    inputExample: { url: "https://example.com", focus: "pricing" },
    output: summarizeOutput,
    outputExample: summarizeExample,
    run: summarizeCapability,
  }),
  structured: define({
    id: "structured",
    title: "Structured Extraction",
    description:
      "Fills the caller's JSON Schema (draft 2020-12, type object, no $ref, under 4000 characters) from one HTML page: the page's Markdown, cut to 8000 characters, is given to a language model with forced tool use (at most 1024 output tokens), and the answer is validated against the schema (one repair attempt) before payment settles. Invalid schema: 400 before any fetch; output that does not validate: 422, not charged; no model configured: 503.",
    path: "/v1/extract/structured",
    methods: ["POST"],
    priceUsd: "0.08",
    capabilityVersion: CAPABILITY_VERSIONS.structured,
    settlement: "on-success",
    input: structuredInput,
    inputErrorCodes: { schema: "INVALID_EXTRACTION_SCHEMA" },
    precondition: requireModel,
    inputExample: structuredExampleInput,
    output: structuredOutput,
    outputExample: structuredExample,
    run: structuredCapability,
  }),
  quickAudit: define({
    id: "quick-audit",
    title: "Quick Intelligence Audit",
    description:
      "One fetch of one page (no browser): performance, SEO, accessibility markup and security headers (MDN HTTP Observatory model) scored 0–100 with every check's detail and fix, an overall score, and a signed, stored report.",
    path: "/api/audit",
    methods: ["GET"],
    priceUsd: "0.015",
    capabilityVersion: CAPABILITY_VERSIONS.quick,
    settlement: "on-success",
    input: quickAuditInput,
    inputExample: { url: "https://example.com" },
    output: quickAuditOutput,
    outputExample: quickAuditExample,
    run: quickAuditCapability,
  }),
  agentReadiness: define({
    id: "agent-readiness",
    title: "Agent Readiness Audit",
    description:
      "Classifies the site (api_provider, saas, commerce, publisher, docs, brochure) from its page, then checks only the surfaces that apply — discovery (llms.txt, AI-crawler rules in robots.txt, Content-Signal, sitemap, Markdown), structured identity, APIs (api-catalog, OpenAPI), MCP and agent cards, operational trust (HTTPS, security.txt) and machine commerce (the x402 challenge of an advertised paid resource against its published prices) — with at most eight requests beyond the page, never authenticating, paying or calling tools. Every not-applicable surface says why. Signed, stored report with prioritised remediation.",
    path: "/api/agent-readiness",
    methods: ["GET"],
    priceUsd: "0.075",
    capabilityVersion: CAPABILITY_VERSIONS["agent-readiness"],
    settlement: "on-success",
    input: readinessInput,
    inputExample: { url: "https://example.com", depth: "quick" },
    output: readinessOutput,
    outputExample: readinessExample,
    run: agentReadinessCapability,
  }),
  remediate: define({
    id: "remediate",
    title: "AI Readiness Remediation",
    description:
      "A publish-ready llms.txt and schema.org Organization JSON-LD for a site, generated without fetching it: from a signed Agent Readiness report's evidence when one is sent, else from the inputs; plus the next steps for the failed layers. Free with a readiness report this service signed for the same domain (5 uses per report; published reports do not qualify).",
    path: "/api/audit/remediate",
    methods: ["POST"],
    priceUsd: "0.02",
    capabilityVersion: CAPABILITY_VERSIONS.remediate,
    settlement: "on-success",
    input: remediateInput,
    freeAccess: remediationGrant,
    inputExample: { url: "https://example.com", failed_layers: ["discovery", "structured_identity"], organization: { name: "Example" } },
    output: remediateOutput,
    outputExample: remediateExample,
    run: remediateCapability,
  }),
  batchAudit: define({
    id: "quick-audit-batch",
    title: "Batch Quick Intelligence Audit",
    description:
      "Quick audits of 1 to 50 URLs in one call for a flat price: duplicates removed after normalisation, eight audited at a time, a failed URL is an entry with its error. Settles only if at least one audit succeeded; 502 and no charge when all fail.",
    path: "/api/audit/batch",
    methods: ["POST"],
    priceUsd: "0.50",
    capabilityVersion: CAPABILITY_VERSIONS.quick,
    settlement: "on-success",
    input: batchInput,
    inputExample: { urls: ["https://example.com", "https://example.org"] },
    output: batchOutput,
    outputExample: batchExample,
    run: batchAuditCapability,
  }),
} as const;

export type CatalogId = keyof typeof catalog;

/** Every endpoint, in the catalog's order. */
export function catalogEntries(): AnyCatalogEntry[] {
  return Object.values(catalog);
}
