import { x402Client, x402HTTPClient } from "@x402/core/client";
import type { PaymentRequired } from "@x402/core/types";
import { registerExactEvmScheme } from "@x402/evm/exact/client";

/**
 * The x402 v2 payment as a browser does it: read the 402's terms, have the wallet sign the
 * EIP-3009 authorisation, repeat the request with PAYMENT-SIGNATURE, read the settlement.
 * The same route handlers serve agents; nothing here is specific to the dashboard's pages.
 */
export interface Quote {
  paymentRequired: PaymentRequired;
  /** Atomic units (6 decimals) and the same in USDC. */
  amount: string;
  usdc: string;
  network: string;
  payTo: string;
  asset: string;
}

export interface BrowserSigner {
  address: `0x${string}`;
  signTypedData(message: {
    domain: Record<string, unknown>;
    types: Record<string, unknown>;
    primaryType: string;
    message: Record<string, unknown>;
  }): Promise<`0x${string}`>;
}

/** Base64 JSON as UTF-8 (atob alone would mangle non-ASCII text such as dashes in descriptions). */
const decode = (value: string | null): unknown => {
  if (!value) return null;
  try {
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0))));
  } catch {
    return null;
  }
};

export function formatUsdc(atomic: string): string {
  const n = BigInt(atomic);
  const whole = n / 1_000_000n;
  const fraction = (n % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** The terms of a 402, or null when the answer carries none. */
export function readQuote(res: Response): Quote | null {
  const terms = decode(res.headers.get("payment-required")) as PaymentRequired | null;
  const first = terms?.accepts?.[0];
  if (!terms || !first) return null;
  return {
    paymentRequired: terms,
    amount: first.amount,
    usdc: formatUsdc(first.amount),
    network: first.network,
    payTo: first.payTo,
    asset: first.asset,
  };
}

/** Signs the quoted payment with the wallet and repeats the request with it. */
export async function payAndRepeat(url: string, init: RequestInit, quote: Quote, signer: BrowserSigner): Promise<Response> {
  const client = new x402Client();
  registerExactEvmScheme(client, { signer });
  // The quoted asset is the one the user saw and accepted (the local test token is not in x402's list).
  client.setSpendControls({
    allowedAssets: [{ network: quote.network as `${string}:${string}`, asset: quote.asset, maxAmountPerPayment: quote.amount }],
  });
  const http = new x402HTTPClient(client);
  const payload = await http.createPaymentPayload(quote.paymentRequired);
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(http.encodePaymentSignatureHeader(payload))) headers.set(name, value);
  return fetch(url, { ...init, headers });
}

/** The settlement of a paid answer: transaction hash and payer, or null. */
export function readSettlement(res: Response): { transaction: string; network: string | null; payer: string | null } | null {
  const value = decode(res.headers.get("payment-response")) as { transaction?: string; network?: string; payer?: string } | null;
  return value?.transaction ? { transaction: value.transaction, network: value.network ?? null, payer: value.payer ?? null } : null;
}
