import type { NextRequest } from "next/server";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getConfig } from "../config";
import { getPool } from "../db/client";
import { ServiceError } from "../errors";
import { log } from "../log";
import { clientIp } from "./client-ip";
import { errorResponse } from "./respond";

/** A named limit: so many requests per client IP per window, counted in PostgreSQL. */
export interface RateLimit {
  name: string;
  points: () => number;
  durationSeconds: number;
}

/** The spec's platform-wide limit: RATE_LIMIT_PER_MINUTE across all API routes. */
export const PLATFORM_LIMIT: RateLimit = { name: "platform", points: () => getConfig().RATE_LIMIT_PER_MINUTE, durationSeconds: 60 };

interface LimiterHandle {
  points: number;
  limiter: RateLimiterPostgres;
}

// One limiter per limit and process (on globalThis: route bundles load separate module copies).
const registry = globalThis as unknown as { __wiRateLimiters?: Map<string, LimiterHandle> };

function limiterFor(limit: RateLimit): RateLimiterPostgres {
  const limiters = (registry.__wiRateLimiters ??= new Map());
  const points = limit.points();
  const existing = limiters.get(limit.name);
  if (existing && existing.points === points) return existing.limiter;
  const limiter = new RateLimiterPostgres({
    storeClient: getPool(),
    tableName: "rate_limits",
    tableCreated: true, // created by the drizzle migrations
    keyPrefix: limit.name,
    points,
    duration: limit.durationSeconds,
  });
  limiters.set(limit.name, { points, limiter });
  return limiter;
}

/**
 * Consumes one request from each limit for the caller's IP. Returns the 429 to send, or null
 * to go on. If the database cannot answer, the request goes on (logged): the limiter protects
 * the service and must not take it down.
 */
export async function rateLimitResponse(
  request: NextRequest,
  requestId: string,
  limits: RateLimit[] = [PLATFORM_LIMIT],
): Promise<Response | null> {
  const ip = clientIp(request);
  for (const limit of limits) {
    try {
      await limiterFor(limit).consume(ip, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        log.warn({ err: rejection, requestId, limit: limit.name }, "rate limiter unavailable; request allowed");
        continue;
      }
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      const window = limit.durationSeconds === 60 ? "a minute" : limit.durationSeconds === 3600 ? "an hour" : `${limit.durationSeconds} s`;
      const err = new ServiceError(
        "RATE_LIMITED",
        `Too many requests from this address: at most ${limit.points()} ${window}. Retry in ${retryAfter} s; nothing was charged.`,
      );
      const response = errorResponse(err, requestId);
      response.headers.set("retry-after", String(retryAfter));
      return response;
    }
  }
  return null;
}
