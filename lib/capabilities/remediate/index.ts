import { z } from "zod";
import { verifyDocument } from "../../signing/hmac";
import { signingKeys } from "../../signing/keys";
import type { ReadinessReport } from "../agent-readiness";
import { checkLlmsTxt } from "../agent-readiness/llms-txt";
import { SURFACES, type SurfaceId } from "../agent-readiness/types";
import type { CapabilityContext } from "../context";
import { registrableDomain } from "../links";
import { urlInput } from "../shared/schemas";
import { claimFreeUse, type FreeGrant, freeUseRefusal } from "./free-uses";
import { generateLlmsTxt, generateOrganization, siteFacts } from "./generate";

export const remediateInput = urlInput("the site to remediate").extend({
  failed_layers: z
    .array(z.enum(SURFACES))
    .max(SURFACES.length)
    .optional()
    .describe("Readiness surfaces that failed; default: those the report shows failing."),
  report: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("A signed Agent Readiness report of the same domain: the call is then free (5 uses per report) and built from its evidence."),
  organization: z
    .object({
      name: z.string().max(200).optional(),
      url: z.string().max(2048).optional(),
      description: z.string().max(500).optional(),
      logo: z.string().max(2048).optional(),
      sameAs: z.array(z.string().max(2048)).max(20).optional(),
      email: z.email().optional(),
    })
    .optional()
    .describe("What the site says about itself; fills what the report does not know."),
});
export type RemediateInput = z.infer<typeof remediateInput>;

export const remediateOutput = z.object({
  schema_version: z.literal("1.0.0"),
  domain: z.string(),
  llms_txt: z.string().describe("A publish-ready /llms.txt (llmstxt.org format; passes the llms-txt rule)."),
  organization_jsonld: z
    .record(z.string(), z.unknown())
    .describe('A schema.org Organization with absolute URLs, for a <script type="application/ld+json">.'),
  free: z.boolean().describe("Whether a signed readiness report made this call free."),
  uses_remaining: z.number().int().optional().describe("Free uses left on that report."),
  failed_layers: z.array(z.enum(SURFACES)),
  next_steps: z.array(z.string()).describe("What else to fix on the failed layers, most important first."),
});
export type RemediateOutput = z.infer<typeof remediateOutput>;

export const remediateExample: RemediateOutput = {
  schema_version: "1.0.0",
  domain: "example.com",
  llms_txt:
    "# Example\n\n> Example is a business website at example.com.\n\n## Main pages\n\n- [Home](https://example.com/): the front page of Example\n",
  organization_jsonld: { "@context": "https://schema.org", "@type": "Organization", name: "Example", url: "https://example.com/" },
  free: false,
  failed_layers: ["discovery", "structured_identity"],
  next_steps: ["Publish /llms.txt: …"],
};

/**
 * The report, when it is one this service signed for the same registrable domain as `url`
 * (its evidence is then used); any other report is ignored and the output built from `url`.
 */
function trustedReport(report: Record<string, unknown> | undefined, url: string): ReadinessReport | null {
  if (!report || !verifyDocument(report, signingKeys()).valid || !Array.isArray(report.surfaces) || typeof report.final_url !== "string")
    return null;
  const same = registrableDomain(new URL(report.final_url).hostname) === registrableDomain(new URL(url).hostname);
  return same ? (report as unknown as ReadinessReport) : null;
}

/** Free when the request carries a signed readiness report of the same domain with uses left. */
export async function remediationGrant(input: RemediateInput): Promise<FreeGrant | null> {
  if (!input.report) return null;
  if ((await freeUseRefusal(input.report, input.url)) !== null) return null;
  return claimFreeUse(input.report.report_id as string);
}

/**
 * AI Readiness Remediation: a publish-ready llms.txt and Organization JSON-LD, generated
 * without fetching the site, from the signed report's evidence when given, else the inputs.
 */
export async function remediateCapability(input: RemediateInput, ctx: CapabilityContext): Promise<RemediateOutput> {
  const report = trustedReport(input.report, input.url);
  const failed: SurfaceId[] =
    input.failed_layers ?? report?.surfaces.filter((s) => s.status === "fail" || s.status === "partial").map((s) => s.id) ?? [];
  const facts = siteFacts(input.url, input.organization ?? {}, report);
  const llms = generateLlmsTxt(facts, failed);
  const check = checkLlmsTxt(llms);
  if (!check.valid) ctx.log.error({ problems: check.problems }, "generated llms.txt fails our own check");
  const nextSteps = report
    ? report.remediation.filter((r) => failed.includes(r.surface)).map((r) => r.action)
    : failed.map((layer) => GENERIC_STEPS[layer]);
  return {
    schema_version: "1.0.0",
    domain: new URL(facts.origin).hostname,
    llms_txt: llms,
    organization_jsonld: generateOrganization(facts, input.organization ?? {}),
    free: !!ctx.freeUse,
    ...(ctx.freeUse ? { uses_remaining: ctx.freeUse.usesRemaining } : {}),
    failed_layers: failed,
    next_steps: nextSteps,
  };
}

const GENERIC_STEPS: Record<SurfaceId, string> = {
  discovery: "Publish the llms.txt above at /llms.txt, allow user-initiated agents in robots.txt and name your sitemap there.",
  structured_identity: 'Add the Organization JSON-LD above to the home page in a <script type="application/ld+json"> element.',
  apis: "Publish an OpenAPI description and list it in /.well-known/api-catalog (RFC 9727).",
  mcp: "Publish an MCP server card at /.well-known/mcp/server-card.json naming your MCP endpoint.",
  operational_trust: "Serve the site over HTTPS and publish /.well-known/security.txt (RFC 9116).",
  machine_commerce: "Answer unpaid calls to paid resources with an x402 v2 challenge and publish the same prices in OpenAPI and llms.txt.",
};
