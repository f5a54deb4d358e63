import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { log } from "../log";
import { ServiceError } from "../errors";
import { PLATFORM_LIMIT, type RateLimit, rateLimitResponse } from "./rate-limit";
import { errorResponse, preflight, withStandardHeaders } from "./respond";

type Handler = (request: NextRequest) => Promise<Response>;

export interface FreeRouteOptions {
  methods?: ("GET" | "POST")[];
  /** Limits beyond the platform-wide one (for example 30 an hour for /v1/verify). */
  limits?: RateLimit[];
}

/** Wraps a free endpoint: request id, rate limits, CORS, logging and the `{error, code}` error shape. */
export function freeRoute(
  name: string,
  handle: (request: NextRequest, requestId: string) => Promise<Response>,
  options: FreeRouteOptions = {},
): { GET: Handler; POST: Handler; OPTIONS: Handler } {
  const methods = options.methods ?? ["GET"];
  const limits = [PLATFORM_LIMIT, ...(options.limits ?? [])];
  const serve: Handler = async (request) => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    const started = performance.now();
    let response: Response;
    try {
      if (!methods.includes(request.method as "GET" | "POST")) {
        response = errorResponse(new ServiceError("METHOD_NOT_ALLOWED", `${name} accepts ${methods.join(" and ")} only.`), requestId);
      } else {
        response = (await rateLimitResponse(request, requestId, limits)) ?? (await handle(request, requestId));
      }
    } catch (err) {
      response = errorResponse(err, requestId);
    }
    log.info({ requestId, route: name, status: response.status, durationMs: Math.round(performance.now() - started) }, "request");
    return withStandardHeaders(response, requestId);
  };
  return { GET: serve, POST: serve, OPTIONS: async () => preflight() };
}
