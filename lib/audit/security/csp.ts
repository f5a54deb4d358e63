/**
 * Content-Security-Policy parsing and the questions the Observatory model asks of a
 * policy. Directive names are case-insensitive; the first occurrence of a directive wins;
 * several policies (header list or several headers) are parsed and the strictest answer kept
 * where the caller combines them.
 */
export type Policy = Map<string, string[]>;

export function parseCsp(value: string): Policy | null {
  const policy: Policy = new Map();
  for (const raw of value.split(";")) {
    const part = raw.trim();
    if (!part) continue;
    const [name, ...sources] = part.split(/\s+/);
    if (!name || !/^[a-z-]+$/i.test(name)) return null;
    const key = name.toLowerCase();
    if (!policy.has(key))
      policy.set(
        key,
        sources.map((s) => s.toLowerCase()),
      );
  }
  return policy.size ? policy : null;
}

/** The sources a fetch directive falls back to (CSP3 §6.8 fallback lists, simplified). */
export function effectiveSources(policy: Policy, directive: string): string[] | undefined {
  const chain: Record<string, string[]> = {
    "script-src": ["script-src", "default-src"],
    "script-src-elem": ["script-src-elem", "script-src", "default-src"],
    "style-src": ["style-src", "default-src"],
    "object-src": ["object-src", "default-src"],
    "img-src": ["img-src", "default-src"],
    "media-src": ["media-src", "default-src"],
    "connect-src": ["connect-src", "default-src"],
    "frame-src": ["frame-src", "child-src", "default-src"],
    "font-src": ["font-src", "default-src"],
  };
  for (const name of chain[directive] ?? [directive]) {
    const sources = policy.get(name);
    if (sources) return sources;
  }
  return undefined;
}

const isNonceOrHash = (s: string) => /^'(nonce-|sha256-|sha384-|sha512-)/.test(s);
const BROAD = new Set(["*", "http:", "https:", "data:", "blob:", "filesystem:"]);

/**
 * Whether script execution is unsafe: 'unsafe-inline' (ignored when a nonce or hash is
 * present), data: or a whole scheme or '*' as a source (ignored under 'strict-dynamic'),
 * or script-src/object-src left unrestricted.
 */
export function allowsUnsafeScripts(policy: Policy): boolean {
  const scripts = effectiveSources(policy, "script-src");
  const objects = effectiveSources(policy, "object-src");
  if (!scripts || !objects) return true;
  const strictDynamic = scripts.includes("'strict-dynamic'");
  const nonced = scripts.some(isNonceOrHash);
  if (scripts.includes("'unsafe-inline'") && !nonced && !strictDynamic) return true;
  if (!strictDynamic && scripts.some((s) => BROAD.has(s))) return true;
  if (objects.some((s) => BROAD.has(s))) return true;
  return false;
}

export function allowsUnsafeEval(policy: Policy): boolean {
  return (effectiveSources(policy, "script-src") ?? []).includes("'unsafe-eval'");
}

export function allowsUnsafeStyles(policy: Policy): boolean {
  const styles = effectiveSources(policy, "style-src");
  if (!styles) return true;
  return (styles.includes("'unsafe-inline'") && !styles.some(isNonceOrHash)) || styles.some((s) => BROAD.has(s));
}

/** Sources loaded over plain HTTP, in active (script, style, connect, frame, font, object) or passive (img, media) content. */
export function insecureSchemes(policy: Policy): { active: boolean; passive: boolean } {
  const insecure = (d: string) => (effectiveSources(policy, d) ?? []).some((s) => s === "http:" || s.startsWith("http://"));
  return {
    active: ["script-src", "style-src", "connect-src", "frame-src", "font-src", "object-src"].some(insecure),
    passive: ["img-src", "media-src"].some(insecure),
  };
}

export function restrictsFormAction(policy: Policy): boolean {
  const sources = policy.get("form-action");
  return !!sources && sources.length > 0 && sources.every((s) => s === "'none'" || s === "'self'");
}
