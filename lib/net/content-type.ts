/** Media types the fetcher accepts: text formats only (HTML, JSON, XML, feeds, text, JS, SVG). */
const TEXT_TYPES = new Set([
  "application/json",
  "application/ld+json",
  "application/feed+json",
  "application/manifest+json",
  "application/problem+json",
  "application/xml",
  "application/xhtml+xml",
  "application/rss+xml",
  "application/atom+xml",
  "application/rdf+xml",
  "application/javascript",
  "application/x-javascript",
  "application/ecmascript",
  "application/x-ndjson",
  "application/yaml",
  "application/x-yaml",
  "application/toml",
  "application/vnd.oai.openapi",
  "application/vnd.oai.openapi+json",
  "image/svg+xml",
]);

export function mediaType(contentType: string | null | undefined): string | null {
  const t = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  return t ? t : null;
}

export function isTextMediaType(type: string): boolean {
  return type.startsWith("text/") || TEXT_TYPES.has(type) || type.endsWith("+json") || type.endsWith("+xml");
}

/** Bytes with no NUL in the first KiB and that decode as text are treated as text when untyped. */
export function looksLikeText(sample: Buffer): boolean {
  return !sample.subarray(0, 1024).includes(0);
}
