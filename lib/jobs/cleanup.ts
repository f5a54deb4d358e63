import { lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { requestLog } from "../db/schema";

export const CLEANUP_QUEUE = "retention-cleanup";
/** Every 15 minutes. */
export const CLEANUP_CRON = "*/15 * * * *";

/** Deletes rows whose retention has passed. Returns how many rows went, per table. */
export async function runRetentionCleanup(db: Database, now: Date = new Date()): Promise<{ request_log: number }> {
  const removed = await db.delete(requestLog).where(lt(requestLog.expiresAt, now)).returning({ id: requestLog.id });
  return { request_log: removed.length };
}
