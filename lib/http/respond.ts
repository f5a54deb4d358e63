import { NextResponse } from "next/server";
import { type ErrorBody, errorBody, isServiceError, ServiceError } from "../errors";
import { log } from "../log";

/** CORS for browser clients: they must send PAYMENT-SIGNATURE and read the payment headers. */
export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "Content-Type, PAYMENT-SIGNATURE, Idempotency-Key, X-Request-Id",
  "access-control-expose-headers": "PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-Request-Id, X-Render-Job",
  "access-control-max-age": "86400",
};

export function withStandardHeaders(res: Response, requestId: string): Response {
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.headers.set(k, v);
  res.headers.set("x-request-id", requestId);
  return res;
}

export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): NextResponse {
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/**
 * The one way errors leave the service: a ServiceError becomes `{error, code}` with its
 * status; anything else is logged with the request id and becomes a plain 500.
 */
export function errorResponse(err: unknown, requestId: string): NextResponse<ErrorBody> {
  if (isServiceError(err)) return jsonResponse(errorBody(err), err.status) as NextResponse<ErrorBody>;
  log.error({ err, requestId }, "unexpected error");
  const internal = new ServiceError(
    "INTERNAL_ERROR",
    `Internal error; nothing was charged. Quote request id ${requestId} when reporting it.`,
  );
  return jsonResponse(errorBody(internal), 500) as NextResponse<ErrorBody>;
}
