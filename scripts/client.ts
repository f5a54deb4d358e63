/**
 * A command-line x402 v2 client for people and agents:
 *
 *   WALLET_PRIVATE_KEY=0x… npm run client -- GET "/v1/fetch?url=example.com"
 *   WALLET_PRIVATE_KEY=0x… npm run client -- POST /v1/fetch '{"url":"example.com"}'
 *
 * The base URL is SERVICE_URL (default http://localhost:3000). The key stays on this
 * machine: it signs the EIP-3009 authorisation locally. Prints the JSON answer on stdout and
 * the settlement (or the reason nothing was charged) on stderr; exits 1 on failure.
 */
import type { Hex } from "viem";
import { createPayingFetch, decodePaymentHeader } from "../lib/client/paying-fetch";

async function main(): Promise<number> {
  const [methodArg, pathArg, body] = process.argv.slice(2);
  if (!methodArg || !pathArg) {
    console.error('usage: npm run client -- GET "/v1/fetch?url=example.com" | POST /v1/fetch \'{"url":"example.com"}\'');
    return 2;
  }
  const method = methodArg.toUpperCase();
  const base = (process.env.SERVICE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  const url = /^https?:\/\//.test(pathArg) ? pathArg : `${base}${pathArg.startsWith("/") ? "" : "/"}${pathArg}`;
  const key = process.env.WALLET_PRIVATE_KEY;
  if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    console.error("Set WALLET_PRIVATE_KEY to the 0x-prefixed private key that pays (it never leaves this machine).");
    return 2;
  }

  // Pay in the asset the service announces (the local test token is not a known x402 asset).
  const version = (await (await fetch(`${new URL(url).origin}/version`)).json()) as { x402?: { network: string; asset: string } };
  const allowedAssets = version.x402 ? [{ network: version.x402.network, asset: version.x402.asset }] : [];
  const payingFetch = createPayingFetch({ privateKey: key as Hex, allowedAssets });

  const res = await payingFetch(url, {
    method,
    headers: body ? { "content-type": "application/json" } : undefined,
    body: body ?? undefined,
  });
  const text = await res.text();
  console.log(text);
  const settlement = decodePaymentHeader(res.headers.get("payment-response"));
  if (settlement) console.error(`settled: ${JSON.stringify(settlement)}`);
  else console.error(`HTTP ${res.status}: nothing was charged`);
  return res.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`client failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
