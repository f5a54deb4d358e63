/**
 * Resolves an href against a base (or reads it as absolute without one) to an absolute http(s)
 * URL, or null for anything else: empty, fragment-only, other schemes, placeholders such as
 * `https://<your-domain>/` that do not parse.
 */
export function resolveUrl(href: string | null | undefined, base?: string): string | null {
  // Only ASCII whitespace, as browsers strip it: a no-break space is part of the path.
  const trimmed = href?.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "");
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
 * The form used to de-duplicate links: fragment dropped; host case, default ports, dot
 * segments normalised by the URL parser; a trailing dot on the host dropped; percent-escapes upper-cased in path and query; an
 * empty query removed.
 * http and https, and a trailing slash on a path, stay distinct (they can serve different pages).
 */
const PERCENT_ESCAPE = /%[0-9a-f]{2}/gi;
/** RFC 3986 §6.2.2: an escaped unreserved character is the character ("%7E" is "~"); other escapes in upper case. */
function normaliseEscape(escape: string): string {
  const c = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
  return /[A-Za-z0-9\-._~]/.test(c) ? c : escape.toUpperCase();
}

export function canonicalLinkUrl(absolute: string): string {
  const url = new URL(absolute);
  url.hash = "";
  // "example.com." is the fully qualified form of "example.com": one site.
  if (url.hostname.endsWith(".")) url.hostname = url.hostname.replace(/\.+$/, "");
  // Reading `search` gives "" for a bare "?", and writing it back drops the "?".
  url.search = url.search.replace(PERCENT_ESCAPE, normaliseEscape);
  url.pathname = url.pathname.replace(PERCENT_ESCAPE, normaliseEscape);
  return url.toString();
}
