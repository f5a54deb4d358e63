import type { Logger } from "pino";
import type { Resolver } from "../net/resolve";

/**
 * What a capability may use besides its input. Capabilities never see HTTP requests or
 * responses; REST, MCP, batches, the worker and tests all call them the same way.
 */
export interface CapabilityContext {
  requestId: string;
  log: Logger;
  now: () => Date;
  /** Overrides DNS for the safe fetcher (tests); production uses the system resolver. */
  resolver?: Resolver;
  fetchTimeoutMs: number;
  /**
   * Per-call costs the capability incurred (model tokens, model calls), added up here and
   * written to the payment ledger with the settlement, so each route's margin is visible.
   */
  costs?: Record<string, number>;
  /** Set when the call is free under a grant (remediation with a signed readiness report). */
  freeUse?: { usesRemaining: number };
}

/** Adds to a call's cost counters. */
export function addCosts(ctx: CapabilityContext, amounts: Record<string, number>): void {
  const costs = (ctx.costs ??= {});
  for (const [key, n] of Object.entries(amounts)) costs[key] = (costs[key] ?? 0) + n;
}
