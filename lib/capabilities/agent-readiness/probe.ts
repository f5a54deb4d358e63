import { isServiceError } from "../../errors";
import { safeFetch } from "../../net";
import type { CapabilityContext } from "../context";

/** The spec's hard limit: requests beyond the audited page itself. */
export const REQUEST_BUDGET = 8;
/** Byte cap of one probe (RFC 9309 asks robots.txt parsers to read at least 500 KiB). */
export const PROBE_MAX_BYTES = 1024 * 1024;
const PROBE_TIMEOUT_MS = 6000;
/** All probes together stop after this long (the rest are reported as not requested). */
const PROBES_TOTAL_MS = 25_000;

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

/**
 * A 2xx answer that is a file, not a web page: sites that answer every path with their HTML
 * app shell have no robots.txt or llms.txt, whatever the status says.
 */
export const fileAnswer = (r: ProbeResult | undefined): r is ProbeResult & { status: number } =>
  answered(r) &&
  !/^(text\/html|application\/xhtml\+xml)$/.test(r.mediaType ?? "") &&
  !/^\s*<(!doctype html|html)\b/i.test(r.text.slice(0, 200));

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
 * request counts, redirect hops included. Probes run one at a time, so each knows exactly
 * how much budget is left and may follow only that many redirects; one the budget (or the
 * overall time limit) cannot pay for is not sent. Only GET, through the safe fetcher, never
 * with credentials, bodies or payments.
 */
export class Prober {
  private used = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly deadline: number;
  readonly results = new Map<string, ProbeResult>();

  constructor(
    private readonly ctx: CapabilityContext,
    readonly budget = REQUEST_BUDGET,
  ) {
    this.deadline = Date.now() + PROBES_TOTAL_MS;
  }

  get requestsUsed(): number {
    return this.used;
  }

  get remaining(): number {
    return this.budget - this.used;
  }

  /** Fetches `url` once (a repeated URL is answered from the first result, at no cost). */
  get(url: string, opts: { accept?: string } = {}): Promise<ProbeResult | undefined> {
    const turn = this.queue.then(() => this.fetchNow(url, opts));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async fetchNow(url: string, opts: { accept?: string }): Promise<ProbeResult | undefined> {
    const key = `${opts.accept ?? ""} ${url}`;
    const known = this.results.get(key);
    if (known) return known;
    const timeLeft = this.deadline - Date.now();
    if (this.remaining <= 0 || timeLeft <= 500) return undefined;
    let result: ProbeResult;
    try {
      const page = await safeFetch(url, {
        maxBytes: PROBE_MAX_BYTES,
        timeoutMs: Math.min(PROBE_TIMEOUT_MS, this.ctx.fetchTimeoutMs, timeLeft),
        maxRedirects: Math.min(5, this.remaining - 1),
        resolver: this.ctx.resolver,
        accept: opts.accept ?? "*/*",
        onRequest: () => {
          this.used += 1;
        },
      });
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
      const message = isServiceError(err) ? err.message : "the request failed";
      result = { url, status: null, finalUrl: null, mediaType: null, headers: {}, text: "", error: message };
    }
    this.results.set(key, result);
    return result;
  }
}
