/** An x402 challenge as a client sees it before paying: version, amount and terms. */
export interface X402Challenge {
  version: 1 | 2;
  /** Atomic units of the asset, as quoted ("15000" is 0.015 USDC). */
  amount: string;
  asset: string | null;
  network: string | null;
  payTo: string | null;
}

/**
 * Decodes the challenge of a 402: version 2 in the base64 JSON `PAYMENT-REQUIRED` header
 * (accepts[].amount), version 1 in the JSON body (accepts[].maxAmountRequired).
 */
export function decodeChallenge(headers: Record<string, string>, body: string): X402Challenge | null {
  const header = headers["payment-required"];
  if (header) {
    try {
      const terms = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as { accepts?: Record<string, unknown>[] };
      const first = terms.accepts?.[0];
      if (first && (typeof first.amount === "string" || typeof first.amount === "number"))
        return challengeOf(2, first, String(first.amount));
    } catch {
      // fall through to the body
    }
  }
  try {
    const terms = JSON.parse(body) as { accepts?: Record<string, unknown>[] };
    const first = terms.accepts?.[0];
    const amount = first?.maxAmountRequired ?? first?.amount;
    if (first && (typeof amount === "string" || typeof amount === "number")) return challengeOf(1, first, String(amount));
  } catch {
    return null;
  }
  return null;
}

const challengeOf = (version: 1 | 2, first: Record<string, unknown>, amount: string): X402Challenge => ({
  version,
  amount,
  asset: typeof first.asset === "string" ? first.asset : null,
  network: typeof first.network === "string" ? first.network : null,
  payTo: typeof first.payTo === "string" ? first.payTo : null,
});

/** A decimal price in USDC as atomic units (6 decimals), or null. */
export function usdcAtomic(decimal: string): string | null {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(decimal.trim());
  if (!m) return null;
  return (BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? "").padEnd(6, "0") || "0")).toString();
}

/** The first USDC/USD price in a piece of text ("0.015 USDC", "$0.015", "USDC 0.015"), as atomic units. */
export function priceInText(text: string): { decimal: string; atomic: string } | null {
  const m = /(?:\$\s?(\d+(?:\.\d+)?))|(?:(\d+(?:\.\d+)?)\s?(?:USDC|USD)\b)|(?:\bUSDC\s?(\d+(?:\.\d+)?))/i.exec(text);
  const decimal = m?.[1] ?? m?.[2] ?? m?.[3];
  if (!decimal) return null;
  const atomic = usdcAtomic(decimal);
  return atomic ? { decimal, atomic } : null;
}
