import { randomBytes } from "node:crypto";
import { z } from "zod";
import { safeFetch } from "../../net";
import { processPage } from "../../processing/pool";
import { saveReport } from "../../reports/store";
import { signDocument } from "../../signing/hmac";
import { signingKeys } from "../../signing/keys";
import { SERVICE_VERSION } from "../../version";
import type { CapabilityContext } from "../context";
import { HTML_MAX_BYTES } from "../shared/fetch-html";
import { reportSignature, urlInput } from "../shared/schemas";
import { CLASSES } from "./classify";
import { gatherFacts } from "./gather";
import { Prober, REQUEST_BUDGET } from "./probe";
import { scoreReadiness } from "./score";
import { apisSurface } from "./surfaces/apis";
import { commerceSurface } from "./surfaces/commerce";
import { discoverySurface } from "./surfaces/discovery";
import { identitySurface } from "./surfaces/identity";
import { mcpSurface } from "./surfaces/mcp";
import { trustSurface } from "./surfaces/trust";
import { SURFACES } from "./types";

export const readinessInput = urlInput("a public web site's page (usually its home page)").extend({
  depth: z.enum(["quick"]).default("quick").describe('The only depth is "quick": the page plus at most eight requests.'),
});
export type ReadinessInput = z.input<typeof readinessInput>;

const evidence = z.object({ url: z.string().nullable(), status: z.number().int().nullable(), found: z.string() });
const surface = z.object({
  id: z.enum(SURFACES),
  status: z.enum(["pass", "partial", "fail", "not_applicable"]),
  score: z.number().int().min(0).max(100).nullable(),
  reason: z.string(),
  checks: z.array(
    z.object({
      id: z.string(),
      pass: z.boolean(),
      weight: z.number().int(),
      detail: z.string(),
      fix: z.string().optional(),
      evidence: z.array(evidence),
    }),
  ),
});

export const readinessOutput = z.object({
  schema_version: z.literal("1.0.0"),
  report_id: z.string(),
  url: z.string(),
  final_url: z.string(),
  http_status: z.number().int().describe("The status the audited page answered with (a 403 or 404 home page explains a poor score)."),
  fetched_at: z.iso.datetime(),
  classification: z.enum(CLASSES),
  classification_signals: z.array(z.string()).describe("Why the site got its class, signal by signal."),
  score: z.number().int().min(0).max(100).describe("Weighted mean of the applicable surfaces' scores."),
  grade: z.enum(["A", "B", "C", "D", "F"]),
  confidence: z
    .number()
    .min(0)
    .max(1)
    .describe("How sure the audit is: classification clarity and the share of requests that got an answer."),
  coverage: z.object({
    surfaces_applicable: z.number().int(),
    surfaces_checked: z.number().int(),
    surfaces_not_applicable: z.array(z.enum(SURFACES)),
    requests_used: z.number().int(),
    request_budget: z.number().int(),
  }),
  surfaces: z.array(surface),
  remediation: z.array(z.object({ priority: z.number().int(), surface: z.enum(SURFACES), action: z.string() })),
  summary: z.string().describe("One sentence for people."),
  audited_by: z.string(),
  signature: reportSignature,
});
export type ReadinessReport = z.infer<typeof readinessOutput>;

export const readinessExample: ReadinessReport = {
  schema_version: "1.0.0",
  report_id: "ar_3f2a9c0d1e4b5a6c7d8e9f00",
  url: "https://example.com/",
  final_url: "https://example.com/",
  http_status: 200,
  fetched_at: "2026-01-01T00:00:00.000Z",
  classification: "api_provider",
  classification_signals: ["api_provider: links to an OpenAPI document or API catalog"],
  score: 74,
  grade: "C",
  confidence: 0.82,
  coverage: { surfaces_applicable: 5, surfaces_checked: 5, surfaces_not_applicable: ["mcp"], requests_used: 8, request_budget: 8 },
  surfaces: [
    {
      id: "mcp",
      status: "not_applicable",
      score: null,
      reason: "No MCP server or agent card is declared; the API is callable through its HTTP interface, so MCP is optional here.",
      checks: [],
    },
  ],
  remediation: [{ priority: 1, surface: "discovery", action: "Publish /llms.txt: an H1 with the site's name first, …" }],
  summary: "An API provider, grade C (74/100): 3 of 5 applicable surfaces pass; first fix: publish /llms.txt.",
  audited_by: `Website Intelligence ${SERVICE_VERSION}`,
  signature: { alg: "HMAC-SHA256", kid: "k20260101", signed_at: "2026-01-01T00:00:00.000Z", value: "base64url-hmac" },
};

/**
 * Agent Readiness: classifies the site from its page, then checks only the surfaces that
 * apply to that class (or that the site declares), with at most eight more requests chosen
 * by the class, each through the safe fetcher. It never authenticates, submits forms, pays
 * or calls advertised tools. The report is signed and stored like a quick audit.
 */
export async function agentReadinessCapability(input: ReadinessInput, ctx: CapabilityContext): Promise<ReadinessReport> {
  const fetchedAt = ctx.now();
  const page = await safeFetch(input.url, {
    maxBytes: HTML_MAX_BYTES,
    timeoutMs: ctx.fetchTimeoutMs,
    resolver: ctx.resolver,
    accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
  });
  const pageFacts = await processPage("readinessPage", page);
  const { classification } = pageFacts;
  const prober = new Prober(ctx, REQUEST_BUDGET);
  const facts = await gatherFacts(page, pageFacts, prober);
  const surfaces = [
    discoverySurface(facts),
    identitySurface(facts),
    apisSurface(facts),
    mcpSurface(facts),
    trustSurface(facts, ctx.now()),
    commerceSurface(facts),
  ];
  const scored = scoreReadiness(surfaces, classification, prober);
  const report = {
    schema_version: "1.0.0" as const,
    report_id: `ar_${randomBytes(12).toString("hex")}`,
    url: page.requestedUrl,
    final_url: page.finalUrl,
    http_status: page.status,
    fetched_at: fetchedAt.toISOString(),
    classification: classification.class,
    classification_signals: classification.signals,
    ...scored,
    surfaces,
    audited_by: `Website Intelligence ${SERVICE_VERSION}`,
  };
  const signed = signDocument(report, signingKeys()[0]!, ctx.now());
  await saveReport("agent-readiness", signed, scored.score);
  return signed;
}
