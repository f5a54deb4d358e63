import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { isServiceError, ServiceError } from "../errors";
import { decodeBody } from "./charset";
import { isTextMediaType, looksLikeText, mediaType } from "./content-type";
import { checkTargetUrl, effectivePort, parseTargetUrl } from "./input-url";
import { type Resolver, resolveTarget, systemResolver } from "./resolve";

export const MB = 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 15_000;
export const MAX_REDIRECTS = 5;
export const USER_AGENT = "WebsiteIntelligence/0.1 (+https://github.com/website-intelligence; pay-per-call page analysis)";

export interface SafeFetchOptions {
  /** Byte cap on the (decompressed) body: 2 MB for Safe Fetch and feeds, 5 MB for the extraction family. */
  maxBytes: number;
  timeoutMs?: number;
  accept?: string;
  maxRedirects?: number;
  resolver?: Resolver;
  /** Media types to accept; the default is text formats only. */
  acceptMediaType?: (type: string | null) => boolean;
  /** Called before each HTTP request is sent (every redirect hop), for callers that count them. */
  onRequest?: (url: string) => void;
}

export interface FetchedPage {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Response headers of the final hop, lower-case names, repeated headers joined with ", ". */
  headers: Record<string, string>;
  setCookies: string[];
  contentType: string | null;
  mediaType: string | null;
  body: Buffer;
  text: string;
  charset: string;
  redirects: { url: string; status: number }[];
  timing: { ttfb: number; total: number };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches one public URL safely: every hop is checked (scheme, port, address guard),
 * resolved once and connected to by the checked address (no DNS rebinding), at most five
 * redirects followed by hand, one time budget for the whole call, the byte cap enforced
 * while streaming (after decompression), text content types only, charset decoded.
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions): Promise<FetchedPage> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const resolver = options.resolver ?? systemResolver;
  const acceptType = options.acceptMediaType ?? ((t) => t === null || isTextMediaType(t));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);

  let url = typeof input === "string" ? parseTargetUrl(input) : checkTargetUrl(new URL(input));
  const requestedUrl = url.toString();
  const redirects: { url: string; status: number }[] = [];
  try {
    for (;;) {
      const target = await withAbort(resolveTarget(url.hostname, effectivePort(url), resolver), controller.signal);
      // CONNECT_TO (tests only, refused in production) maps names to local fixture servers,
      // whose certificates are self-signed: for those hops the certificate is not checked.
      options.onRequest?.(url.toString());
      const res = await sendRequest(url, target.address, target.port, options.accept, controller.signal, target.redirected);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        res.destroy();
        if (redirects.length >= maxRedirects) {
          throw new ServiceError("TOO_MANY_REDIRECTS", `The target redirected more than ${maxRedirects} times.`);
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new ServiceError("TARGET_UNREACHABLE", "The target redirected to an invalid URL.");
        }
        redirects.push({ url: url.toString(), status });
        url = checkTargetUrl(next);
        continue;
      }
      const ttfb = Math.round(performance.now() - started);
      const contentType = headerValue(res.headers["content-type"]);
      const type = mediaType(contentType);
      if (!acceptType(type)) {
        res.destroy();
        throw new ServiceError("UNSUPPORTED_CONTENT_TYPE", `The target returned ${type}, which is not a supported text format.`, {
          content_type: type,
        });
      }
      const declaredLength = Number(res.headers["content-length"] ?? NaN);
      if (Number.isFinite(declaredLength) && declaredLength > options.maxBytes && !res.headers["content-encoding"]) {
        res.destroy();
        throw tooLarge(options.maxBytes);
      }
      const body = await readCapped(decompress(res), options.maxBytes, controller.signal);
      if (type === null && !looksLikeText(body)) {
        throw new ServiceError("UNSUPPORTED_CONTENT_TYPE", "The target returned binary content without a content type.");
      }
      const { text, charset } = decodeBody(body, contentType);
      const { headers, setCookies } = flattenHeaders(res.headers);
      return {
        requestedUrl,
        finalUrl: url.toString(),
        status,
        headers,
        setCookies,
        contentType,
        mediaType: type,
        body,
        text,
        charset,
        redirects,
        timing: { ttfb, total: Math.round(performance.now() - started) },
      };
    }
  } catch (err) {
    throw toServiceError(err, controller.signal.aborted, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

function sendRequest(
  url: URL,
  address: string,
  port: number,
  accept: string | undefined,
  signal: AbortSignal,
  fixtureTls: boolean,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const isHttps = url.protocol === "https:";
    const options: https.RequestOptions = {
      host: address,
      port,
      method: "GET",
      path: `${url.pathname}${url.search}`,
      headers: {
        host: url.host,
        "user-agent": USER_AGENT,
        accept: accept ?? "text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.9,text/*;q=0.8,*/*;q=0.5",
        "accept-encoding": "gzip, deflate, br",
        "accept-language": "en;q=1, *;q=0.5",
      },
      agent: false,
      signal,
    };
    // SNI and certificate checks use the name the caller asked for, not the pinned address.
    if (isHttps && !isIP(url.hostname.replace(/^\[|\]$/g, ""))) options.servername = url.hostname;
    if (isHttps && fixtureTls) options.rejectUnauthorized = false;
    const req = (isHttps ? https : http).request(options, resolve);
    req.on("error", reject);
    req.end();
  });
}

function decompress(res: http.IncomingMessage): Readable {
  const encoding = headerValue(res.headers["content-encoding"])?.trim().toLowerCase();
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return res.pipe(zlib.createGunzip());
    case "deflate":
      return res.pipe(zlib.createInflate());
    case "br":
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

async function readCapped(stream: Readable, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const onAbort = () => stream.destroy(new Error("aborted"));
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > maxBytes) {
        stream.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(buf);
    }
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(maxBytes: number): ServiceError {
  return new ServiceError("RESPONSE_TOO_LARGE", `The response is larger than ${Math.round(maxBytes / MB)} MB.`);
}

function withAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error("aborted"));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

function flattenHeaders(raw: http.IncomingHttpHeaders): { headers: Record<string, string>; setCookies: string[] } {
  const headers: Record<string, string> = {};
  let setCookies: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (name === "set-cookie") setCookies = Array.isArray(value) ? value : [value];
    else headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return { headers, setCookies };
}

const UNREACHABLE_CODES: Record<string, string> = {
  ECONNREFUSED: "refused the connection",
  ECONNRESET: "reset the connection",
  EHOSTUNREACH: "is unreachable",
  ENETUNREACH: "is unreachable",
  ETIMEDOUT: "did not answer",
  EPIPE: "closed the connection",
};

function toServiceError(err: unknown, timedOut: boolean, timeoutMs: number): ServiceError {
  if (isServiceError(err)) return err;
  if (timedOut) return new ServiceError("AUDIT_TIMEOUT", `The target did not answer within ${Math.round(timeoutMs / 1000)} s.`);
  const code = (err as { code?: string })?.code ?? "";
  const reason = UNREACHABLE_CODES[code];
  if (reason) return new ServiceError("TARGET_UNREACHABLE", `The target ${reason}.`);
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return new ServiceError("TARGET_UNREACHABLE", `The target's TLS certificate was not accepted (${code}).`);
  }
  if (code.startsWith("HPE_") || code === "Z_DATA_ERROR" || code === "ERR_STREAM_PREMATURE_CLOSE") {
    return new ServiceError("TARGET_UNREACHABLE", `The target sent a response that could not be read (${code}).`);
  }
  return new ServiceError("TARGET_UNREACHABLE", "The target could not be reached.");
}
