import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SigningKey } from "./hmac";

/**
 * REPORT_SIGNING_KEYS is "kid:base64secret[,kid:base64secret…]"; the first key signs, all
 * of them verify (so keys can rotate: add a new first key, keep the old ones for a while).
 */
export function parseSigningKeys(value: string | undefined): SigningKey[] {
  if (!value) return [];
  return value.split(",").map((part) => {
    const [id, secret] = part.trim().split(":");
    if (!id || !secret) throw new Error("REPORT_SIGNING_KEYS: expected kid:base64secret[,kid:base64secret…]");
    const bytes = Buffer.from(secret, "base64");
    if (bytes.length < 32) throw new Error(`REPORT_SIGNING_KEYS: key ${id} must be at least 32 bytes`);
    return { id, secret: bytes };
  });
}

export function formatSigningKeys(keys: SigningKey[]): string {
  return keys.map((k) => `${k.id}:${k.secret.toString("base64")}`).join(",");
}

/** The embedded default: one key, generated on first start and kept in DATA_DIR. */
export function loadOrCreateSigningKeys(dataDir: string): SigningKey[] {
  const file = join(dataDir, "signing-keys.json");
  if (existsSync(file)) return parseSigningKeys((JSON.parse(readFileSync(file, "utf8")) as { keys: string }).keys);
  const key: SigningKey = { id: `k${new Date().toISOString().slice(0, 10).replace(/-/g, "")}`, secret: randomBytes(32) };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ keys: formatSigningKeys([key]) }), { mode: 0o600 });
  return [key];
}

let cached: { raw: string; keys: SigningKey[] } | undefined;

/** The process's signing keys (REPORT_SIGNING_KEYS, set by the start script on the embedded default). */
export function signingKeys(): SigningKey[] {
  const raw = process.env.REPORT_SIGNING_KEYS ?? "";
  if (!cached || cached.raw !== raw) cached = { raw, keys: parseSigningKeys(raw) };
  if (cached.keys.length === 0) throw new Error("REPORT_SIGNING_KEYS is not set: start the service with `npm start`");
  return cached.keys;
}
