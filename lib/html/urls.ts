/**
 * Resolves an href against a base (or reads it as absolute without one) to an absolute http(s)
 * URL, or null for anything else: empty, fragment-only, other schemes, placeholders such as
 * `https://<your-domain>/` that do not parse.
 */
export function resolveUrl(href: string | null | undefined, base?: string): string | null {
  const trimmed = href === null || href === undefined ? undefined : trimAsciiWhitespace(href);
  if (!trimmed || trimmed.startsWith("#")) return null;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * Only ASCII whitespace, as browsers strip it around a URL: a no-break space is part of the
 * path. Scanned by index (an anchored regex backtracks over every inner run of spaces).
 */
function trimAsciiWhitespace(s: string): string {
  const ascii = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
  let start = 0;
  let end = s.length;
  while (start < end && ascii(s.charCodeAt(start))) start++;
  while (end > start && ascii(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/**
 * The form used to de-duplicate links: fragment dropped; host case, default ports, dot
 * segments normalised by the URL parser; a trailing dot on the host dropped; percent-escapes upper-cased in path and query
 * (unreserved characters decoded, characters RFC 3986 does not allow escaped); an empty query removed.
 * http and https, and a trailing slash on a path, stay distinct (they can serve different pages).
 */
const PERCENT_ESCAPE = /%[0-9a-f]{2}/gi;
/** RFC 3986 §6.2.2: an escaped unreserved character is the character ("%7E" is "~"); other escapes in upper case. */
function normaliseEscape(escape: string): string {
  const c = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
  return /[A-Za-z0-9\-._~]/.test(c) ? c : escape.toUpperCase();
}
/**
 * Characters RFC 3986 allows nowhere in a URL (neither reserved nor unreserved) that the URL
 * parser leaves as written: each is its escape (`?family=Roboto|Open+Sans` is `?family=Roboto%7COpen+Sans`).
 */
const UNSAFE = /[\\^`{|}]/g;
function normalisePart(part: string): string {
  const out = part.includes("%") ? part.replace(PERCENT_ESCAPE, normaliseEscape) : part;
  return out.replace(UNSAFE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalLinkUrl(absolute: string): string {
  const url = new URL(absolute);
  url.hash = "";
  // "example.com." is the fully qualified form of "example.com": one site.
  let host = url.hostname;
  while (host.endsWith(".")) host = host.slice(0, -1);
  if (host !== url.hostname && host) url.hostname = host;
  // Reading `search` gives "" for a bare "?", and writing it back drops the "?".
  url.search = normalisePart(url.search);
  url.pathname = normalisePart(url.pathname);
  return url.toString();
}
