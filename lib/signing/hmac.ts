import { createHmac, timingSafeEqual } from "node:crypto";
import { canonicalJson } from "./canonical-json";

/** A signing key: its id travels with each signature so keys can rotate. */
export interface SigningKey {
  id: string;
  secret: Buffer;
}

export interface Signature {
  alg: "HMAC-SHA256";
  kid: string;
  signed_at: string;
  /** base64url of HMAC-SHA256 over the canonical JSON of the signed document. */
  value: string;
}

export type Signed<T> = T & { signature: Signature };

/**
 * What is signed: the document without any signature, plus the signature's own header
 * (alg, kid, signed_at), in canonical JSON (RFC 8785). Changing any field of the report,
 * or the time or key it claims, breaks the signature.
 */
function signingInput(document: Record<string, unknown>, header: Omit<Signature, "value">): string {
  const { signature: _ignored, ...rest } = document;
  return canonicalJson({ ...rest, signature: header });
}

export function signDocument<T extends Record<string, unknown>>(document: T, key: SigningKey, now: Date = new Date()): Signed<T> {
  const header = { alg: "HMAC-SHA256" as const, kid: key.id, signed_at: now.toISOString() };
  const value = createHmac("sha256", key.secret).update(signingInput(document, header)).digest("base64url");
  return { ...document, signature: { ...header, value } };
}

export type VerifyResult =
  { valid: true; kid: string; signed_at: string } | { valid: false; reason: string; kid?: string; signed_at?: string };

/** Checks a signed document against the known keys (current and retired), in constant time. */
export function verifyDocument(document: unknown, keys: SigningKey[]): VerifyResult {
  if (!document || typeof document !== "object" || Array.isArray(document)) return { valid: false, reason: "not a JSON object" };
  const signature = (document as { signature?: Partial<Signature> }).signature;
  if (!signature || typeof signature !== "object") return { valid: false, reason: "no signature" };
  const { alg, kid, signed_at, value } = signature;
  if (alg !== "HMAC-SHA256" || typeof kid !== "string" || typeof signed_at !== "string" || typeof value !== "string") {
    return { valid: false, reason: "malformed signature" };
  }
  const key = keys.find((k) => k.id === kid);
  if (!key) return { valid: false, reason: `unknown key ${kid}`, kid, signed_at };
  let input: string;
  try {
    input = signingInput(document as Record<string, unknown>, { alg, kid, signed_at });
  } catch {
    return { valid: false, reason: "not canonicalisable JSON", kid, signed_at };
  }
  const expected = createHmac("sha256", key.secret).update(input).digest();
  const given = Buffer.from(value, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { valid: false, reason: "signature does not match", kid, signed_at };
  return { valid: true, kid, signed_at };
}
