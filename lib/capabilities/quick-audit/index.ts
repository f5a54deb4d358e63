import { z } from "zod";
import { safeFetch } from "../../net";
import { processPage } from "../../processing/pool";
import { saveReport } from "../../reports/store";
import { pageReadinessSchema } from "../agent-readiness/page-summary";
import { signDocument } from "../../signing/hmac";
import { signingKeys } from "../../signing/keys";
import { SERVICE_VERSION } from "../../version";
import type { CapabilityContext } from "../context";
import { HTML_MAX_BYTES } from "../shared/fetch-html";
import { reportSignature, urlInput } from "../shared/schemas";

export const quickAuditInput = urlInput("a public web page");
export type QuickAuditInput = z.infer<typeof quickAuditInput>;

const score = z.number().int().min(0).max(100);
const check = z.object({
  id: z.string(),
  title: z.string().optional(),
  pass: z.boolean(),
  detail: z.string(),
  fix: z.string().optional(),
  weight: z.number().optional(),
  modifier: z.number().optional(),
  evidence: z.unknown().optional(),
});

export const quickAuditOutput = z.object({
  schema_version: z.literal("2.1.0"),
  tier: z.literal("paid"),
  report_id: z.string(),
  url: z.url().describe("The final URL audited, after redirects."),
  requested_url: z.string(),
  fetched_at: z.iso.datetime(),
  http_status: z.number().int(),
  timing_ms: z.object({ ttfb: z.number().int(), total: z.number().int() }),
  overall_score: score.describe("The mean of the four category scores."),
  scores: z.object({ performance: score, seo: score, accessibility: score, security: score }),
  security_grade: z.string().describe("The MDN HTTP Observatory grade (A+ to F)."),
  website_intelligence_score: score.nullable().describe("Discoverable + Understandable + Callable + Trustworthy, 25 points each."),
  website_intelligence: z.object({
    score: score,
    dimensions: z.record(
      z.enum(["discoverable", "understandable", "callable", "trustworthy"]),
      z.object({
        score: z.number().int(),
        max: z.literal(25),
        checks: z.array(
          z.object({ id: z.string(), points: z.number().int(), pass: z.boolean(), detail: z.string(), evidence: z.unknown().optional() }),
        ),
      }),
    ),
  }),
  checks: z.record(z.string(), z.array(check)).describe("Category → checks: pass, detail, and a fix on failure."),
  issues: z.array(z.string()).describe("One plain-English remediation per failed check."),
  audited_by: z.string(),
  agent_readiness: pageReadinessSchema
    .optional()
    .describe("What the page alone shows about agent readiness (HTML pages); the full audit is GET /api/agent-readiness."),
  signature: reportSignature,
});
export type QuickAuditReport = z.infer<typeof quickAuditOutput>;

export const quickAuditExample: QuickAuditReport = {
  schema_version: "2.1.0",
  tier: "paid",
  report_id: "qa_3f2a9c0d1e4b5a6c7d8e9f00",
  url: "https://example.com/",
  requested_url: "https://example.com/",
  fetched_at: "2026-01-01T00:00:00.000Z",
  http_status: 200,
  timing_ms: { ttfb: 80, total: 95 },
  overall_score: 71,
  scores: { performance: 88, seo: 70, accessibility: 90, security: 35 },
  security_grade: "D",
  website_intelligence_score: 52,
  website_intelligence: {
    score: 52,
    dimensions: {
      discoverable: { score: 16, max: 25, checks: [{ id: "wi-indexable", points: 7, pass: true, detail: "Indexable (no noindex)." }] },
      understandable: { score: 12, max: 25, checks: [{ id: "wi-language", points: 4, pass: true, detail: "Language: en." }] },
      callable: {
        score: 6,
        max: 25,
        checks: [{ id: "wi-api-docs-linked", points: 7, pass: false, detail: "No link to an API or documentation." }],
      },
      trustworthy: { score: 18, max: 25, checks: [{ id: "wi-https", points: 7, pass: true, detail: "Served over HTTPS." }] },
    },
  },
  checks: {
    seo: [
      {
        id: "seo-meta-description",
        title: "The page has a meta description of 50 to 160 characters",
        pass: false,
        detail: "The page has no meta description.",
        fix: "Add a meta description.",
        weight: 3,
      },
    ],
  },
  issues: ["Add a meta description."],
  audited_by: `Website Intelligence ${SERVICE_VERSION}`,
  signature: { alg: "HMAC-SHA256", kid: "k20260101", signed_at: "2026-01-01T00:00:00.000Z", value: "base64url-hmac" },
};

/**
 * Quick Intelligence Audit: one fetch of one page (no browser, no JavaScript), scored for
 * performance, SEO, accessibility markup and security headers (MDN Observatory model); the
 * overall score is the mean of the four. The report is signed (HMAC-SHA256 over RFC 8785
 * canonical JSON) and stored.
 */
export async function quickAuditCapability(input: QuickAuditInput, ctx: CapabilityContext): Promise<QuickAuditReport> {
  const fetchedAt = ctx.now();
  const page = await safeFetch(input.url, { maxBytes: HTML_MAX_BYTES, timeoutMs: ctx.fetchTimeoutMs, resolver: ctx.resolver });
  const signed = signDocument(await processPage("quickAudit", { page, fetchedAt }), signingKeys()[0]!, ctx.now());
  await saveReport("quick-audit", signed);
  return signed;
}

export { assembleQuickAudit } from "./assemble";
