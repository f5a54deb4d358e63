import type { NextRequest } from "next/server";
import { getConfig } from "../config";

/**
 * Set by this service's own HTTP server from the socket's address (scripts/start.ts),
 * overwriting whatever a client sent, so the rate limiter cannot be fooled.
 */
export const CLIENT_IP_HEADER = "x-wi-client-ip";

/** The caller's IP: the socket address, or the first X-Forwarded-For entry when TRUST_PROXY is on. */
export function clientIp(request: NextRequest): string {
  if (getConfig().TRUST_PROXY) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}
