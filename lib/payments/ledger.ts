import { getDb } from "../db/client";
import { payments, requestLog } from "../db/schema";

export interface SettledPayment {
  requestId: string;
  route: string;
  method: string;
  amount: string;
  asset: string;
  network: string;
  payer: string | null;
  txHash: string;
  costs?: Record<string, number>;
}

/** Records a settled payment in the ledger. */
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
  retentionDays: number;
}

export async function recordRequest(r: RequestRecord): Promise<void> {
  const { retentionDays, ...row } = r;
  await getDb().insert(requestLog).values({ ...row, expiresAt: new Date(Date.now() + retentionDays * 86_400_000) });
}
