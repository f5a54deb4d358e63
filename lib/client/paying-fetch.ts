import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface PayingFetchOptions {
  privateKey: Hex;
  /** Extra assets to pay in (the local test token is not one of x402's known assets). */
  allowedAssets?: { network: string; asset: string }[];
  /** Refuse any single payment above this many atomic units (default 1 USDC). */
  maxAtomicPerPayment?: string;
}

/** A fetch that answers 402s by signing an EIP-3009 authorisation with the given key (x402 v2). */
export function createPayingFetch(options: PayingFetchOptions, baseFetch: typeof fetch = fetch): typeof fetch {
  const account = privateKeyToAccount(options.privateKey);
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  if (options.allowedAssets?.length) {
    client.setSpendControls({
      allowedAssets: options.allowedAssets.map((a) => ({
        network: a.network as `${string}:${string}`,
        asset: a.asset,
        maxAmountPerPayment: options.maxAtomicPerPayment ?? "1000000",
      })),
    });
  }
  return wrapFetchWithPayment(baseFetch, client) as typeof fetch;
}

export function decodePaymentHeader(value: string | null): Record<string, unknown> | null {
  if (!value) return null;
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
}
