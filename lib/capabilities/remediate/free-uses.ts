import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { remediationUses, reports } from "../../db/schema";
import { verifyDocument } from "../../signing/hmac";
import { signingKeys } from "../../signing/keys";
import { registrableDomain } from "../links";

export const FREE_USES_PER_REPORT = 5;

export interface FreeGrant {
  reportId: string;
  usesRemaining: number;
  /** Gives the use back (the call failed after all). */
  release(): Promise<void>;
}

/**
 * Why a report does not make remediation free, or null when it does: it must be an Agent
 * Readiness report signed by this service (and stored by it), unaltered, not marked
 * published, for the same registrable domain as the request's URL.
 */
export async function freeUseRefusal(report: unknown, url: string): Promise<string | null> {
  const verified = verifyDocument(report, signingKeys());
  if (!verified.valid) return `the report's signature is not valid (${verified.reason})`;
  const doc = report as { report_id?: unknown; final_url?: unknown; published?: unknown };
  if (typeof doc.report_id !== "string" || typeof doc.final_url !== "string") return "not an Agent Readiness report";
  if (doc.published === true) return "the report is marked published";
  const stored = await getDb()
    .select({ kind: reports.kind })
    .from(reports)
    .where(and(eq(reports.reportId, doc.report_id), eq(reports.kind, "agent-readiness")))
    .limit(1);
  if (!stored.length) return "not an Agent Readiness report issued by this service";
  const reportDomain = registrableDomain(new URL(doc.final_url).hostname);
  const requestDomain = registrableDomain(new URL(url).hostname);
  if (reportDomain !== requestDomain) return `the report is for ${reportDomain}, not ${requestDomain}`;
  return null;
}

/** Takes one free use of a report, atomically; null when its five are spent. */
export async function claimFreeUse(reportId: string): Promise<FreeGrant | null> {
  const rows = await getDb()
    .insert(remediationUses)
    .values({ reportId, uses: 1 })
    .onConflictDoUpdate({
      target: remediationUses.reportId,
      set: { uses: sql`${remediationUses.uses} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${remediationUses.uses} < ${FREE_USES_PER_REPORT}`,
    })
    .returning({ uses: remediationUses.uses });
  const uses = rows[0]?.uses;
  if (uses === undefined) return null;
  return {
    reportId,
    usesRemaining: FREE_USES_PER_REPORT - uses,
    release: async () => {
      await getDb()
        .update(remediationUses)
        .set({ uses: sql`${remediationUses.uses} - 1` })
        .where(eq(remediationUses.reportId, reportId));
    },
  };
}
