import type { z } from "zod";
import type { CapabilityContext } from "../capabilities/context";
import type { ErrorCode } from "../errors";

export type HttpMethod = "GET" | "POST";

/**
 * One endpoint of the service. The catalog is the single list these live in: routes,
 * 402 terms and discovery schemas, /version, OpenAPI, MCP handoffs and the pricing page
 * are all generated from it.
 */
export interface CatalogEntry<I = unknown, O = unknown> {
  id: string;
  title: string;
  description: string;
  path: string;
  /** The methods served; the first is the primary variant. GET reads query parameters, POST a JSON body. */
  methods: readonly HttpMethod[];
  /** Price in USDC as a decimal string ("0.002"); null for free endpoints. */
  priceUsd: string | null;
  capabilityVersion: string;
  /** When payment settles: after a successful response, or when an async job is accepted. */
  settlement: "on-success" | "on-accept";
  input: z.ZodType<I>;
  /** Error codes for invalid input fields other than `url` (default INVALID_REQUEST). */
  inputErrorCodes?: Readonly<Record<string, ErrorCode>>;
  /**
   * A condition checked after the input and before the 402 (a capability that cannot run
   * here says so before anyone signs anything).
   */
  precondition?: () => void;
  /** A grant to run this call without payment (checked after the input, before the 402), or null. */
  freeAccess?(input: I): Promise<FreeGrant | null>;
  output: z.ZodType<O>;
  /** A valid input, for the discovery extension, OpenAPI and the route tests. */
  inputExample: I;
  outputExample: O;
  run(input: I, ctx: CapabilityContext): Promise<O>;
}

/** Any entry: inputs and outputs are checked by each entry's own schemas. */
export type AnyCatalogEntry = CatalogEntry<unknown, unknown>;

/** A free call granted by an entry: how many such calls remain, and how to give this one back. */
export interface FreeGrant {
  usesRemaining: number;
  release(): Promise<void>;
}
