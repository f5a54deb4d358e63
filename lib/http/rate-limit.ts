import type { NextRequest } from "next/server";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getConfig } from "../config";
import { getPool } from "../db/client";
import { ServiceError } from "../errors";
import { log } from "../log";
import { clientIp } from "./client-ip";
import { errorResponse } from "./respond";

interface LimiterHandle {
  points: number;
  limiter: RateLimiterPostgres;
}

// One limiter per process (on globalThis: route bundles load separate module copies).
const registry = globalThis as unknown as { __wiRateLimiter?: LimiterHandle };

function platformLimiter(): RateLimiterPostgres {
  const points = getConfig().RATE_LIMIT_PER_MINUTE;
  if (!registry.__wiRateLimiter || registry.__wiRateLimiter.points !== points) {
    const limiter = new RateLimiterPostgres({
      storeClient: getPool(),
      tableName: "rate_limits",
      tableCreated: true, // created by the drizzle migrations
      keyPrefix: "platform",
      points,
      duration: 60,
    });
    registry.__wiRateLimiter = { points, limiter };
  }
  return registry.__wiRateLimiter.limiter;
}

/**
 * The platform-wide limit of the spec: RATE_LIMIT_PER_MINUTE requests a minute per client IP
 * across all API routes, counted in PostgreSQL so it holds across instances. Returns the 429
 * to send, or null to go on. If the database cannot answer, the request goes on (logged):
 * the limiter protects the service and must not take it down.
 */
export async function rateLimitResponse(request: NextRequest, requestId: string): Promise<Response | null> {
  const ip = clientIp(request);
  try {
    await platformLimiter().consume(ip, 1);
    return null;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      log.warn({ err: rejection, requestId }, "rate limiter unavailable; request allowed");
      return null;
    }
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    const err = new ServiceError(
      "RATE_LIMITED",
      `Too many requests from this address: at most ${getConfig().RATE_LIMIT_PER_MINUTE} a minute. Retry in ${retryAfter} s; nothing was charged.`,
    );
    const response = errorResponse(err, requestId);
    response.headers.set("retry-after", String(retryAfter));
    return response;
  }
}
