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
}
