import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/** Every settled payment. Kept for accounting; never removed by the retention job. */
export const payments = pgTable(
  "payments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: text("request_id").notNull(),
    route: text("route").notNull(),
    method: text("method").notNull(),
    /** Atomic units of the asset (USDC has 6 decimals: "2000" is 0.002 USDC). */
    amount: text("amount").notNull(),
    asset: text("asset").notNull(),
    network: text("network").notNull(),
    payer: text("payer"),
    txHash: text("tx_hash").notNull(),
    /** Model tokens and other per-call costs, so each route's margin is visible. */
    costs: jsonb("costs").$type<Record<string, number>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payments_tx_hash_idx").on(t.txHash), index("payments_created_at_idx").on(t.createdAt)],
);

/** One row per API request, for operations; removed after RETENTION_DAYS by the cleanup job. */
export const requestLog = pgTable(
  "request_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: text("request_id").notNull(),
    route: text("route").notNull(),
    method: text("method").notNull(),
    status: integer("status").notNull(),
    code: text("code"),
    durationMs: integer("duration_ms").notNull(),
    settledAmount: text("settled_amount"),
    /** Model tokens and calls spent, settled or not (a 422 after two model calls still cost them). */
    costs: jsonb("costs").$type<Record<string, number>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("request_log_expires_at_idx").on(t.expiresAt)],
);

/**
 * Rate-limit counters (rate-limiter-flexible's PostgreSQL store, so limits hold across
 * instances). Expired rows are removed by the cleanup job.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  /** Milliseconds since the epoch when the window ends. */
  expire: bigint("expire", { mode: "number" }),
});

/** Signed reports (quick audits), kept for permalinks, verification and badges. */
export const reports = pgTable(
  "reports",
  {
    reportId: text("report_id").primaryKey(),
    kind: text("kind").notNull(),
    url: text("url").notNull(),
    host: text("host").notNull(),
    overallScore: integer("overall_score"),
    report: jsonb("report").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reports_host_created_idx").on(t.host, t.createdAt)],
);

/** Free remediation uses granted per signed Agent Readiness report (the spec: 5 per report). */
export const remediationUses = pgTable("remediation_uses", {
  reportId: text("report_id").primaryKey(),
  uses: integer("uses").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
