import { getDb } from "../db/client";
import { payments, requestLog } from "../db/schema";
import { log } from "../log";

export interface SettledPayment {
  requestId: string;
  route: string;
  method: string;
  amount: string;
  asset: string;
  network: string;
  payer: string | null;
  txHash: string;
  costs?: Record<string, number> | null;
}

/** Records a settled payment in the ledger (awaited: money moved, so the row must exist). */
export async function recordPayment(p: SettledPayment): Promise<void> {
  await getDb().insert(payments).values(p);
}

export interface RequestRecord {
  requestId: string;
  route: string;
  method: string;
  status: number;
  code: string | null;
  durationMs: number;
  settledAmount: string | null;
  costs?: Record<string, number> | null;
  retentionDays: number;
}

type RequestRow = typeof requestLog.$inferInsert;

// Request-log rows are operational, not accounting: they are buffered and written in one
// multi-row insert every 200 ms (or per 500 rows), off the request path.
const FLUSH_MS = 200;
const MAX_BUFFER = 500;
const state = globalThis as unknown as { __wiRequestLog?: { rows: RequestRow[]; timer?: NodeJS.Timeout } };

export function recordRequest(r: RequestRecord): void {
  const { retentionDays, ...row } = r;
  const buffer = (state.__wiRequestLog ??= { rows: [] });
  buffer.rows.push({ ...row, expiresAt: new Date(Date.now() + retentionDays * 86_400_000) });
  if (buffer.rows.length >= MAX_BUFFER) void flushRequestLog();
  else buffer.timer ??= setTimeout(() => void flushRequestLog(), FLUSH_MS);
}

export async function flushRequestLog(): Promise<void> {
  const buffer = state.__wiRequestLog;
  if (!buffer) return;
  clearTimeout(buffer.timer);
  buffer.timer = undefined;
  const rows = buffer.rows.splice(0);
  if (rows.length === 0) return;
  await getDb()
    .insert(requestLog)
    .values(rows)
    .catch((err) => log.warn({ err, rows: rows.length }, "request log write failed"));
}
