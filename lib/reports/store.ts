import { getDb } from "../db/client";
import { reports } from "../db/schema";

/** Stores a signed report (its id is the primary key). */
export async function saveReport(kind: string, report: { report_id: string; url: string; overall_score?: number }): Promise<void> {
  await getDb()
    .insert(reports)
    .values({
      reportId: report.report_id,
      kind,
      url: report.url,
      host: new URL(report.url).hostname,
      overallScore: report.overall_score ?? null,
      report,
    });
}
