import type { FetchedPage } from "../../net/safe-fetch";
import type { ReadinessPageFacts } from "./page-facts";
import type { LlmsTxtCheck } from "./llms-txt";
import type { ProbeResult } from "./probe";
import type { RobotsFacts } from "./robots";
import type { X402Challenge } from "./x402";

export const SURFACES = ["discovery", "structured_identity", "apis", "mcp", "operational_trust", "machine_commerce"] as const;
export type SurfaceId = (typeof SURFACES)[number];

export interface Evidence {
  url: string | null;
  status: number | null;
  found: string;
}

/** One check of a surface: pass or fail with its evidence; `weight` orders what matters. */
export interface ReadinessCheck {
  id: string;
  pass: boolean;
  weight: number;
  detail: string;
  fix?: string;
  evidence: Evidence[];
}

export interface SurfaceResult {
  id: SurfaceId;
  status: "pass" | "partial" | "fail" | "not_applicable";
  score: number | null;
  reason: string;
  checks: ReadinessCheck[];
}

/** Everything the surfaces read: the page's answer, what its markup says and what the probes found. */
export interface ReadinessFacts extends ReadinessPageFacts {
  page: Pick<FetchedPage, "finalUrl" | "status" | "headers">;
  origin: string;
  robots?: ProbeResult;
  robotsFacts?: RobotsFacts;
  llms?: ProbeResult;
  llmsCheck?: LlmsTxtCheck;
  apiCatalog?: ProbeResult;
  /** The OpenAPI document's URL, where it was found, and its probe. */
  openapiUrl?: { url: string; source: string };
  openapi?: ProbeResult;
  openapiDoc?: { paths: number; title: string | null; raw: Record<string, unknown> } | null;
  mcpCard?: ProbeResult;
  /** /.well-known/mcp.json, tried when the server card's usual path has none. */
  mcpCardAlt?: ProbeResult;
  agentCard?: ProbeResult;
  securityTxt?: ProbeResult;
  oauth?: ProbeResult;
  /** RFC 8414 metadata of the first authorization server the protected-resource metadata names. */
  oauthServer?: ProbeResult;
  oauthServerIssuer?: string;
  markdown?: ProbeResult;
  markdownSource?: "alternate link" | "Accept: text/markdown";
  sitemap?: ProbeResult;
  llmsLink?: ProbeResult;
  /** The advertised paid resource, its unpaid answer and the prices claimed for it. */
  paid?: { url: string; source: string; probe?: ProbeResult; challenge: X402Challenge | null; claims: PriceClaim[] };
}

export interface PriceClaim {
  source: "llms.txt" | "openapi" | "page";
  decimal: string;
  atomic: string;
}
