/**
 * Resolves an href against a base (or reads it as absolute without one) to an absolute http(s)
 * URL, or null for anything else: empty, fragment-only, other schemes, placeholders such as
 * `https://<your-domain>/` that do not parse.
 */
export function resolveUrl(href: string | null | undefined, base?: string): string | null {
  const trimmed = href?.trim();
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
 * segments normalised by the URL parser; percent-escapes upper-cased in path and query; an
 * empty query removed.
 * http and https, and a trailing slash on a path, stay distinct (they can serve different pages).
 */
const PERCENT_ESCAPE = /%[0-9a-f]{2}/gi;

export function canonicalLinkUrl(absolute: string): string {
  const url = new URL(absolute);
  url.hash = "";
  // Reading `search` gives "" for a bare "?", and writing it back drops the "?".
  url.search = url.search.replace(PERCENT_ESCAPE, (m) => m.toUpperCase());
  url.pathname = url.pathname.replace(PERCENT_ESCAPE, (m) => m.toUpperCase());
  return url.toString();
}
