import { lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits, requestLog } from "../db/schema";

export const CLEANUP_QUEUE = "retention-cleanup";
/** Every 15 minutes. */
export const CLEANUP_CRON = "*/15 * * * *";

/** Deletes rows whose retention has passed. Returns how many rows went, per table. */
export async function runRetentionCleanup(db: Database, now: Date = new Date()): Promise<{ request_log: number; rate_limits: number }> {
  const removed = await db.delete(requestLog).where(lt(requestLog.expiresAt, now)).returning({ id: requestLog.id });
  const windows = await db.delete(rateLimits).where(lt(rateLimits.expire, now.getTime())).returning({ key: rateLimits.key });
  return { request_log: removed.length, rate_limits: windows.length };
}
