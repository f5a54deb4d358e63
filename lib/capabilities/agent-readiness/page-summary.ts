import { z } from "zod";
import type { ParsedPage } from "../../html/parse";
import { CLASSES } from "./classify";
import { linkHeader } from "./gather";
import { readinessPageFacts } from "./page-facts";
import { identitySurface } from "./surfaces/identity";

/**
 * What one page already says about agent readiness, with no request beyond it: the quick
 * audit's optional `agent_readiness` field. The full audit (GET /api/agent-readiness) checks
 * that what is declared here actually answers.
 */
export const pageReadinessSchema = z.object({
  scope: z.literal("page").describe("Read from the audited page alone; no other request was made."),
  classification: z.enum(CLASSES),
  classification_signals: z.array(z.string()),
  structured_identity: z.object({ status: z.enum(["pass", "partial", "fail"]), score: z.number().int(), reason: z.string() }),
  declared: z.object({
    api_catalog: z.boolean(),
    openapi: z.boolean(),
    markdown_alternate: z.boolean(),
    llms_txt_link: z.boolean(),
    feed: z.boolean(),
  }),
  note: z.string(),
});
export type PageReadiness = z.infer<typeof pageReadinessSchema>;

export function pageReadiness(parsed: ParsedPage): PageReadiness {
  const facts = readinessPageFacts(parsed);
  const { classification } = facts;
  const identity = identitySurface({ page: parsed.page, ...facts, origin: new URL(parsed.page.finalUrl).origin });
  const header = linkHeader(parsed.page.headers.link, parsed.page.finalUrl);
  const links = classification.links;
  return {
    scope: "page",
    classification: classification.class,
    classification_signals: classification.signals,
    structured_identity: {
      status: identity.status === "not_applicable" ? "fail" : identity.status,
      score: identity.score ?? 0,
      reason: identity.reason,
    },
    declared: {
      api_catalog: header.some((l) => l.rels.includes("api-catalog")) || links.some((l) => l.url.includes("/.well-known/api-catalog")),
      openapi: header.some((l) => l.rels.includes("service-desc")) || links.some((l) => /openapi|swagger/i.test(l.url)),
      markdown_alternate:
        facts.markdownAlternate !== null || header.some((l) => l.rels.includes("alternate") && (l.type ?? "").startsWith("text/markdown")),
      llms_txt_link: links.some((l) => /\/llms(-full)?\.txt$/i.test(new URL(l.url).pathname)),
      feed: links.some((l) => l.topics.includes("feed")),
    },
    note: "From this page alone. GET /api/agent-readiness checks robots.txt, llms.txt, the API catalog, cards and x402 pricing, and whether what is declared answers.",
  };
}
