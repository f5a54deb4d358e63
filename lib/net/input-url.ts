import { ServiceError } from "../errors";
import { isBlockedHostname, isIpLiteral, isPublicAddress } from "./address-guard";
import { connectToFor } from "./connect-to";

export const MAX_URL_LENGTH = 2048;
export const ALLOWED_PORTS = new Set([80, 443]);

const HAS_SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
const HOST_WITH_PORT = /^[^/:?#\s]+:\d+(?:[/?#]|$)/;

/**
 * Turns a caller's `url` into the URL we will fetch, applying the spec's input rules:
 * at most 2048 characters (414 URL_TOO_LONG), a bare domain gets https://, only http and
 * https (400 UNSUPPORTED_SCHEME), no credentials, ports 80 and 443 only, and hosts that are
 * IP literals or local names must be public (400 PRIVATE_ADDRESS_BLOCKED). DNS answers are
 * checked later, at connection time, by the resolver.
 */
export function parseTargetUrl(raw: unknown): URL {
  if (typeof raw !== "string" || raw.trim() === "") {
    throw new ServiceError("INVALID_URL", "A url is required: a public http(s) page or a bare domain.");
  }
  const input = raw.trim();
  if (input.length > MAX_URL_LENGTH) {
    throw new ServiceError("URL_TOO_LONG", `The url is longer than ${MAX_URL_LENGTH} characters.`);
  }
  let candidate = input;
  if (candidate.startsWith("//")) candidate = `https:${candidate}`;
  else if (!HAS_SCHEME.test(candidate) || HOST_WITH_PORT.test(candidate)) candidate = `https://${candidate}`;

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new ServiceError("INVALID_URL", "The url could not be parsed.");
  }
  return checkTargetUrl(url);
}

/** The checks every hop must pass (the first URL and every redirect target). */
export function checkTargetUrl(url: URL): URL {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ServiceError("UNSUPPORTED_SCHEME", `Only http and https URLs are fetched, not ${url.protocol.replace(/:$/, "")}.`);
  }
  if (url.username || url.password) {
    throw new ServiceError("INVALID_URL", "URLs with credentials are not fetched.");
  }
  if (!url.hostname) throw new ServiceError("INVALID_URL", "The url has no host.");
  const port = effectivePort(url);
  if (!ALLOWED_PORTS.has(port)) {
    throw new ServiceError("INVALID_URL", `Only ports 80 and 443 are fetched, not ${port}.`);
  }
  const host = url.hostname;
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) {
      throw new ServiceError("PRIVATE_ADDRESS_BLOCKED", `The address ${host} is not a public address.`);
    }
  } else if (isBlockedHostname(host) && !connectToFor(host, port)) {
    // A name listed in CONNECT_TO (tests only) is never looked up, so its name is no risk.
    throw new ServiceError("PRIVATE_ADDRESS_BLOCKED", `The host ${host} names a local or private network.`);
  }
  url.hash = "";
  return url;
}

export function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}
