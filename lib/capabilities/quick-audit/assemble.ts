import { randomBytes } from "node:crypto";
import { gatherArtifacts, runCategory } from "../../audit/checks";
import { websiteIntelligence } from "../../audit/intelligence";
import { gradeSecurity } from "../../audit/security";
import { parsePage } from "../../html/parse";
import type { FetchedPage } from "../../net/safe-fetch";
import { SERVICE_VERSION } from "../../version";
import { pageReadiness } from "../agent-readiness/page-summary";
import { mayBeHtml } from "../shared/fetch-html";
import type { QuickAuditReport } from "./index";

/** The unsigned report of one fetched page: every check, score and issue. Pure (no I/O). */
export function assembleQuickAudit(page: FetchedPage, fetchedAt: Date): Omit<QuickAuditReport, "signature"> {
  const artifacts = gatherArtifacts(page);
  const isHtml = mayBeHtml(page.mediaType);
  const performance = runCategory("performance", artifacts);
  const seo = runCategory("seo", artifacts);
  const accessibility = runCategory("accessibility", artifacts);
  const security = gradeSecurity({
    requestedUrl: page.requestedUrl,
    finalUrl: page.finalUrl,
    redirects: page.redirects,
    headers: page.headers,
    setCookies: page.setCookies,
    html: isHtml ? artifacts.doc : null,
  });
  const intelligence = websiteIntelligence(artifacts, security);
  const scores = {
    performance: performance.score,
    seo: seo.score,
    accessibility: accessibility.score,
    security: Math.min(100, security.score),
  };
  const checks = {
    performance: performance.results,
    seo: seo.results,
    accessibility: accessibility.results,
    security: security.tests.map((t) => ({
      id: t.id,
      pass: t.pass,
      detail: t.detail,
      modifier: t.modifier,
      ...(t.pass ? {} : { fix: t.fix }),
    })),
  };
  const issues = [...new Set(Object.values(checks).flatMap((list) => list.filter((c) => !c.pass && c.fix).map((c) => c.fix!)))];
  const report = {
    schema_version: "2.1.0" as const,
    tier: "paid" as const,
    report_id: `qa_${randomBytes(12).toString("hex")}`,
    url: page.finalUrl,
    requested_url: page.requestedUrl,
    fetched_at: fetchedAt.toISOString(),
    http_status: page.status,
    timing_ms: page.timing,
    overall_score: Math.round((scores.performance + scores.seo + scores.accessibility + scores.security) / 4),
    scores,
    security_grade: security.grade,
    website_intelligence_score: intelligence.score,
    website_intelligence: intelligence,
    checks,
    issues,
    ...(isHtml ? { agent_readiness: pageReadiness(parsePage(page)) } : {}),
    audited_by: `Website Intelligence ${SERVICE_VERSION}`,
  };
  return report;
}
