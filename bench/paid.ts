/**
 * `npm run bench:paid`: the cost of payment on Safe Fetch, on the local chain.
 *
 * Starts the real service (as `npm start` does) with a fixture site through CONNECT_TO and
 * measures, at concurrency 1 and 16:
 *   (a) the fetch alone: the Safe Fetch capability in-process, no HTTP, no payment;
 *   (b) the full paid call: one HTTP request carrying a PAYMENT-SIGNATURE signed up front
 *       (verify, fetch, settle on anvil, ledger write), as a client that knows the terms does;
 *   (c) the paid call through @x402/fetch (unpaid request, 402, sign, retry), for reference.
 * Then checks every paid call settled exactly once (distinct transactions, balance deltas).
 * Options: --calls N (default 400 per paid run).
 */
import { x402Client, x402HTTPClient } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";
import { safeFetchCapability } from "../lib/capabilities/fetch";
import { devAccount, devPrivateKey, PAYER_ACCOUNT_INDEXES } from "../lib/chain/dev-accounts";
import { log } from "../lib/log";
import { balances } from "../tests/support/env";
import { startStack } from "../tests/support/stack";
import { HEADER, measure, row } from "./stats";

const callsArg = process.argv.indexOf("--calls");
const CALLS = callsArg > 0 ? Number(process.argv[callsArg + 1]) : 400;
const PRICE = 2000n;

async function main() {
  const stack = await startStack({
    name: "bench",
    logLevel: "error",
    extraEnv: { LOG_LEVEL: "error", RATE_LIMIT_PER_MINUTE: "1000000" },
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(" "),
  });
  process.env.CONNECT_TO = stack.fixture.connectTo;
  const { baseUrl, runtime } = stack;
  const target = `${baseUrl}/v1/fetch?url=${encodeURIComponent("http://site.test/")}`;
  const balanceOf = balances(runtime.rpcUrl!, runtime.asset! as `0x${string}`);
  const payers = PAYER_ACCOUNT_INDEXES.map((i) => {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: privateKeyToAccount(devPrivateKey(i)) });
    client.setSpendControls({ allowedAssets: [{ network: runtime.network! as `${string}:${string}`, asset: runtime.asset! }] });
    return { address: devAccount(i).address, http: new x402HTTPClient(client) };
  });
  const unpaid = await fetch(target);
  const paymentRequired = payers[0]!.http.getPaymentRequiredResponse((name) => unpaid.headers.get(name));
  await unpaid.text();

  const ctx = { requestId: "bench", log, now: () => new Date(), fetchTimeoutMs: 15_000 };
  const txs = new Set<string>();
  const paidCall = async (i: number) => {
    const payer = payers[i % payers.length]!;
    const payload = await payer.http.createPaymentPayload(paymentRequired);
    const res = await fetch(target, { headers: payer.http.encodePaymentSignatureHeader(payload) });
    await res.arrayBuffer();
    const settlement = res.headers.get("payment-response");
    if (res.status !== 200 || !settlement) return false;
    txs.add((JSON.parse(Buffer.from(settlement, "base64").toString()) as { transaction: string }).transaction);
    return true;
  };
  const { createPayingFetch } = await import("../lib/client/paying-fetch");
  const payingFetches = PAYER_ACCOUNT_INDEXES.map((i) =>
    createPayingFetch({ privateKey: devPrivateKey(i), allowedAssets: [{ network: runtime.network!, asset: runtime.asset! }] }),
  );
  const retryCall = async (i: number) => {
    const res = await payingFetches[i % payingFetches.length]!(target);
    await res.arrayBuffer();
    const settlement = res.headers.get("payment-response");
    if (res.status !== 200 || !settlement) return false;
    txs.add((JSON.parse(Buffer.from(settlement, "base64").toString()) as { transaction: string }).transaction);
    return true;
  };

  const before = await Promise.all([...payers.map((p) => balanceOf(p.address)), balanceOf(runtime.payTo! as `0x${string}`)]);
  // Warm up the route, the x402 wrapper and the connection pools.
  await measure(20, 4, paidCall);
  await measure(50, 4, async () => !!(await safeFetchCapability({ url: "http://site.test/" }, ctx)));

  const results: [string, Awaited<ReturnType<typeof measure>>][] = [];
  for (const c of [1, 16]) {
    results.push([
      `(a) fetch alone, concurrency ${c}`,
      await measure(CALLS, c, async () => (await safeFetchCapability({ url: "http://site.test/" }, ctx)).http_status === 200),
    ]);
    results.push([`(b) paid call, signed up front, concurrency ${c}`, await measure(CALLS, c, paidCall)]);
    results.push([`(c) paid call via @x402/fetch, concurrency ${c}`, await measure(Math.round(CALLS / 2), c, retryCall)]);
  }
  const after = await Promise.all([...payers.map((p) => balanceOf(p.address)), balanceOf(runtime.payTo! as `0x${string}`)]);
  await stack.stop();

  const paidCalls = 20 + results.filter(([l]) => !l.startsWith("(a)")).reduce((n, [, s]) => n + s.calls - s.errors, 0);
  const payToDelta = after.at(-1)! - before.at(-1)!;
  console.log(`\nbench:paid — Safe Fetch of a small fixture page on the local chain (${CALLS} calls per run)\n`);
  console.log(HEADER);
  for (const [label, s] of results) console.log(row(label, s));
  const p50 = (label: string) => results.find(([l]) => l === label)![1].p50;
  console.log(
    `\npayment overhead p50: ${(p50("(b) paid call, signed up front, concurrency 1") - p50("(a) fetch alone, concurrency 1")).toFixed(1)} ms at concurrency 1, ` +
      `${(p50("(b) paid call, signed up front, concurrency 16") - p50("(a) fetch alone, concurrency 16")).toFixed(1)} ms at concurrency 16`,
  );
  console.log(
    `settlements: ${txs.size} distinct transactions for ${paidCalls} successful paid calls; payTo received ${payToDelta} = ${BigInt(paidCalls) * PRICE} expected`,
  );
  const ok = txs.size === paidCalls && payToDelta === BigInt(paidCalls) * PRICE && results.every(([, s]) => s.errors === 0);
  console.log(ok ? "every paid call settled exactly once, zero errors" : "MISMATCH: see the figures above");
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
