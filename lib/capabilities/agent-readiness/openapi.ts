/** An OpenAPI (or Swagger) document as far as the audit needs it: does it parse, how many paths. */
export interface OpenApiFacts {
  paths: number;
  title: string | null;
  /** The parsed document (JSON form only; YAML is read for its path count). */
  raw: Record<string, unknown>;
}

export function readOpenApi(text: string): OpenApiFacts | null {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      const doc = JSON.parse(trimmed) as Record<string, unknown>;
      if (typeof doc.openapi !== "string" && typeof doc.swagger !== "string") return null;
      const paths = doc.paths && typeof doc.paths === "object" ? Object.keys(doc.paths).filter((p) => p.startsWith("/")).length : 0;
      const info = doc.info as { title?: unknown } | undefined;
      return { paths, title: typeof info?.title === "string" ? info.title : null, raw: doc };
    } catch {
      return null;
    }
  }
  // YAML: recognised by its version line; paths are the keys indented under `paths:`.
  if (!/^(openapi|swagger)\s*:\s*["']?\d/m.test(trimmed)) return null;
  const section = /^paths\s*:\s*\n((?:[ \t]+.*\n?|\s*\n)*)/m.exec(trimmed)?.[1] ?? "";
  const indent = /^([ \t]+)\S/m.exec(section)?.[1] ?? "  ";
  const paths = section.split("\n").filter((l) => l.startsWith(`${indent}/`) && !l.startsWith(`${indent} `)).length;
  const title = /^info\s*:\s*\n(?:[ \t]+.*\n)*?[ \t]+title\s*:\s*["']?([^"'\n]+)/m.exec(trimmed)?.[1]?.trim() ?? null;
  return { paths, title, raw: {} };
}

export interface PaidOperation {
  url: string;
  /** The price the document states for it (x-x402 amount or price_usdc), atomic units. */
  claimedAtomic: string | null;
  claimedDecimal: string | null;
}

/**
 * The first GET operation the document marks as paid (an `x-x402` or `x-payment-info`
 * extension, or a documented 402 response), as a URL with its documented example query
 * values filled in, so that an unpaid request reaches the payment step.
 */
export function paidOperation(doc: Record<string, unknown>, base: string): PaidOperation | null {
  const servers = Array.isArray(doc.servers) ? (doc.servers as { url?: unknown }[]) : [];
  // A templated server URL (`https://{region}.api…`) names no host: fall back to the document's origin.
  const first = servers[0]?.url;
  const declared = typeof first === "string" && !first.includes("{") ? first : "/";
  let serverUrl: string;
  try {
    serverUrl = new URL(declared, base).toString().replace(/\/$/, "");
  } catch {
    return null;
  }
  const paths = (doc.paths && typeof doc.paths === "object" ? doc.paths : {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const [path, item] of Object.entries(paths)) {
    const op = item?.get;
    if (!op || typeof op !== "object") continue;
    const ext = (op["x-x402"] ?? op["x-payment-info"]) as Record<string, unknown> | undefined;
    const responses = (op.responses ?? {}) as Record<string, unknown>;
    if (!ext && !("402" in responses)) continue;
    const query = new URLSearchParams();
    for (const p of (Array.isArray(op.parameters) ? op.parameters : []) as {
      name?: string;
      in?: string;
      required?: boolean;
      example?: unknown;
      schema?: { example?: unknown; examples?: unknown[] };
    }[]) {
      if (p.in !== "query" || !p.name) continue;
      const example = p.example ?? p.schema?.example ?? p.schema?.examples?.[0];
      if (example !== undefined) query.set(p.name, String(example));
    }
    const decimal =
      typeof ext?.price_usdc === "string" ? ext.price_usdc : typeof ext?.price === "string" ? ext.price.replace(/[^\d.]/g, "") : null;
    const atomic = typeof ext?.amount === "string" ? ext.amount : null;
    const qs = query.toString();
    return { url: `${serverUrl}${path}${qs ? `?${qs}` : ""}`, claimedAtomic: atomic, claimedDecimal: decimal };
  }
  return null;
}
