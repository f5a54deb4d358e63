import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { log } from "../log";
import { rateLimitResponse } from "./rate-limit";
import { errorResponse, preflight, withStandardHeaders } from "./respond";

type Handler = (request: NextRequest) => Promise<Response>;

/** Wraps a free endpoint: request id, CORS, logging and the `{error, code}` error shape. */
export function freeRoute(
  name: string,
  handle: (request: NextRequest, requestId: string) => Promise<Response>,
): { GET: Handler; OPTIONS: Handler } {
  return {
    OPTIONS: async () => preflight(),
    GET: async (request) => {
      const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
      const started = performance.now();
      let response: Response;
      try {
        response = (await rateLimitResponse(request, requestId)) ?? (await handle(request, requestId));
      } catch (err) {
        response = errorResponse(err, requestId);
      }
      log.info({ requestId, route: name, status: response.status, durationMs: Math.round(performance.now() - started) }, "request");
      return withStandardHeaders(response, requestId);
    },
  };
}
