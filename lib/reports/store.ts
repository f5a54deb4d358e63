import { and, desc, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { reports } from "../db/schema";

/** Stores a signed report (its id is the primary key). */
export async function saveReport(
  kind: string,
  report: { report_id: string; url: string; overall_score?: number },
  score: number | null = report.overall_score ?? null,
): Promise<void> {
  await getDb()
    .insert(reports)
    .values({
      reportId: report.report_id,
      kind,
      url: report.url,
      host: new URL(report.url).hostname,
      overallScore: score,
      report,
    });
}

/** The overall score of the latest quick audit of a host, or null when it was never audited. */
export async function latestQuickAuditScore(host: string): Promise<number | null> {
  const rows = await getDb()
    .select({ score: reports.overallScore })
    .from(reports)
    .where(and(eq(reports.host, host), eq(reports.kind, "quick-audit")))
    .orderBy(desc(reports.createdAt))
    .limit(1);
  return rows[0]?.score ?? null;
}

/** A stored report by id, or null. */
export async function getReport(reportId: string): Promise<{ kind: string; report: Record<string, unknown>; createdAt: Date } | null> {
  if (!/^[a-z]{2}_[0-9a-f]{24}$/.test(reportId)) return null;
  const rows = await getDb()
    .select({ kind: reports.kind, report: reports.report, createdAt: reports.createdAt })
    .from(reports)
    .where(eq(reports.reportId, reportId))
    .limit(1);
  const row = rows[0];
  return row ? { kind: row.kind, report: row.report as Record<string, unknown>, createdAt: row.createdAt } : null;
}
