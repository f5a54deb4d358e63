import { isServiceError } from "../../errors";
import { safeFetch } from "../../net";
import type { FetchedPage } from "../../net/safe-fetch";
import type { CapabilityContext } from "../context";

/** The spec's hard limit: requests beyond the audited page itself. */
export const REQUEST_BUDGET = 8;
/** Byte cap of one probe: declared files are small; a larger answer is not a declaration. */
export const PROBE_MAX_BYTES = 512 * 1024;
const PROBE_TIMEOUT_MS = 8000;

/** What one probe saw, kept as evidence in the report. */
export interface ProbeResult {
  url: string;
  /** HTTP status of the final answer; null when there was none (network error, refused, cap). */
  status: number | null;
  finalUrl: string | null;
  mediaType: string | null;
  headers: Record<string, string>;
  text: string;
  /** Why there is no answer, in words (null when there is one). */
  error: string | null;
}

export const answered = (r: ProbeResult | undefined): r is ProbeResult & { status: number } =>
  !!r && r.status !== null && r.status >= 200 && r.status < 300;

/** The JSON object a probe answered with, or null (no answer, not JSON, not an object). */
export function probeJson(r: ProbeResult | undefined): Record<string, unknown> | null {
  if (!answered(r)) return null;
  try {
    const value = JSON.parse(r.text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Every request the audit makes beyond the page, counted against the budget: each HTTP
 * request counts, redirect hops included (a probe may follow only as many redirects as the
 * budget has left). Only GET, through the safe fetcher, never with credentials, bodies or
 * payments. A probe the budget cannot pay for is not sent.
 */
export class Prober {
  private used = 0;
  readonly results = new Map<string, ProbeResult>();

  constructor(
    private readonly ctx: CapabilityContext,
    readonly budget = REQUEST_BUDGET,
  ) {}

  get requestsUsed(): number {
    return this.used;
  }

  get remaining(): number {
    return this.budget - this.used;
  }

  /** Fetches `url` once (a repeated URL is answered from the first result, at no cost). */
  async get(url: string, opts: { accept?: string; acceptAnyType?: boolean } = {}): Promise<ProbeResult | undefined> {
    const key = `${opts.accept ?? ""} ${url}`;
    const known = this.results.get(key);
    if (known) return known;
    if (this.remaining <= 0) return undefined;
    const allowed = this.remaining;
    this.used += 1;
    let result: ProbeResult;
    try {
      const page: FetchedPage = await safeFetch(url, {
        maxBytes: PROBE_MAX_BYTES,
        timeoutMs: Math.min(PROBE_TIMEOUT_MS, this.ctx.fetchTimeoutMs),
        maxRedirects: Math.min(5, allowed - 1),
        resolver: this.ctx.resolver,
        accept: opts.accept ?? "*/*",
        acceptMediaType: opts.acceptAnyType ? () => true : undefined,
      });
      this.used += page.redirects.length;
      result = {
        url,
        status: page.status,
        finalUrl: page.finalUrl,
        mediaType: page.mediaType,
        headers: page.headers,
        text: page.text,
        error: null,
      };
    } catch (err) {
      // A redirect chain longer than allowed made every request it was allowed.
      if (isServiceError(err) && err.code === "TOO_MANY_REDIRECTS") this.used += Math.min(5, allowed - 1);
      const message = isServiceError(err) ? err.message : "the request failed";
      result = { url, status: null, finalUrl: null, mediaType: null, headers: {}, text: "", error: message };
    }
    this.results.set(key, result);
    return result;
  }
}
