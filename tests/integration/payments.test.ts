import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import type { Address } from "viem";
import { devAccount } from "../../lib/chain/dev-accounts";
import { balances, decodeHeader, payerFetch, stackEnv } from "../support/env";

const env = stackEnv();
const balanceOf = balances(env.rpcUrl, env.asset);
const PRICE = 2000n;
const target = (path = "/") => `${env.baseUrl}/v1/fetch?url=${encodeURIComponent(`http://site.test${path}`)}`;
let db: pg.Client;

before(async () => {
  db = new pg.Client({ connectionString: env.databaseUrl });
  await db.connect();
});
after(() => db.end());

interface PaymentRequired {
  x402Version: number;
  resource: { url: string; description: string; mimeType: string };
  accepts: {
    scheme: string;
    network: string;
    amount: string;
    asset: string;
    payTo: string;
    maxTimeoutSeconds: number;
    extra: Record<string, string>;
  }[];
  extensions: { bazaar: { info: { input: Record<string, unknown>; output: { example: unknown } }; schema: Record<string, unknown> } };
}

/** A fetch that records the PAYMENT-SIGNATURE it sent, to replay it. */
function recordingFetch(sent: string[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const sig = request.headers.get("payment-signature");
    if (sig) sent.push(sig);
    return fetch(request);
  };
}

describe("x402 payments on Safe Fetch", () => {
  it("answers an unpaid call with 402, the terms in PAYMENT-REQUIRED and a JSON hint", async () => {
    const res = await fetch(target());
    assert.equal(res.status, 402);
    const body = (await res.json()) as { error: string; code: string; hint: string };
    assert.equal(body.code, "PAYMENT_REQUIRED");
    assert.match(body.error, /0\.002 USDC/);
    assert.match(body.hint, /PAYMENT-SIGNATURE/);
    const terms = decodeHeader<PaymentRequired>(res.headers.get("payment-required"));
    assert.equal(terms.x402Version, 2);
    // Next's NextURL writes loopback hosts as "localhost"; compare what identifies the resource.
    const resource = new URL(terms.resource.url);
    const expected = new URL(target());
    assert.equal(`${resource.port}${resource.pathname}${resource.search}`, `${expected.port}${expected.pathname}${expected.search}`);
    assert.equal(terms.accepts.length, 1);
    const [accept] = terms.accepts;
    assert.deepEqual(
      {
        scheme: accept!.scheme,
        network: accept!.network,
        amount: accept!.amount,
        asset: accept!.asset.toLowerCase(),
        payTo: accept!.payTo.toLowerCase(),
      },
      { scheme: "exact", network: env.network, amount: "2000", asset: env.asset.toLowerCase(), payTo: env.payTo.toLowerCase() },
    );
    assert.ok(accept!.maxTimeoutSeconds > 0);
    assert.deepEqual(accept!.extra, { name: "Test USD Coin", version: "2" });
    // The discovery extension carries the input, the output schema and an output example.
    const bazaar = terms.extensions.bazaar;
    assert.equal((bazaar.info.input as { method?: string }).method, "GET");
    assert.ok(bazaar.info.output.example, "output example");
    assert.ok(JSON.stringify(bazaar.schema).includes("final_url"), "output schema");
    assert.ok(JSON.stringify(bazaar.schema).includes("queryParams"), "input schema");
  });

  it("describes the POST variant with a JSON body in its discovery extension", async () => {
    const res = await fetch(`${env.baseUrl}/v1/fetch`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "http://site.test/" }),
    });
    assert.equal(res.status, 402);
    const terms = decodeHeader<PaymentRequired>(res.headers.get("payment-required"));
    assert.equal((terms.extensions.bazaar.info.input as { bodyType?: string }).bodyType, "json");
  });

  it("settles a paid GET once: 200, PAYMENT-RESPONSE, tokens moved, ledger row", async () => {
    const payer = devAccount(2).address;
    const [payerBefore, payToBefore] = [await balanceOf(payer), await balanceOf(env.payTo)];
    const res = await payerFetch(2)(target("/"));
    assert.equal(res.status, 200, await res.clone().text());
    const body = (await res.json()) as { schema_version: string; final_url: string; http_status: number; body: string; body_bytes: number };
    assert.equal(body.schema_version, "1.0.0");
    assert.equal(body.final_url, "http://site.test/");
    assert.match(body.body, /Fixture Shop/);
    const settlement = decodeHeader<{ success: boolean; transaction: string; network: string; payer: string }>(
      res.headers.get("payment-response"),
    );
    assert.equal(settlement.success, true);
    assert.equal(settlement.network, env.network);
    assert.equal(settlement.payer.toLowerCase(), payer.toLowerCase());
    assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/);
    assert.equal(await balanceOf(payer), payerBefore - PRICE);
    assert.equal(await balanceOf(env.payTo), payToBefore + PRICE);
    const ledger = await db.query("SELECT route, method, amount, payer, network FROM payments WHERE tx_hash = $1", [
      settlement.transaction,
    ]);
    assert.equal(ledger.rowCount, 1);
    assert.deepEqual(ledger.rows[0], { route: "/v1/fetch", method: "GET", amount: "2000", payer: settlement.payer, network: env.network });
  });

  it("fetches an HTTPS target (bare domain, https:// assumed) through a paid call", async () => {
    const res = await payerFetch(3)(`${env.baseUrl}/v1/fetch?url=secure.test`);
    assert.equal(res.status, 200, await res.clone().text());
    const body = (await res.json()) as { url: string; final_url: string; body: string };
    assert.equal(body.final_url, "https://secure.test/");
    assert.match(body.body, /Fixture Shop/);
  });

  it("settles the POST variant", async () => {
    const payer = devAccount(3).address;
    const before = await balanceOf(payer);
    const res2 = await payerFetch(3)(`${env.baseUrl}/v1/fetch`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "http://site.test/json" }),
    });
    assert.equal(res2.status, 200);
    assert.deepEqual(JSON.parse(((await res2.json()) as { body: string }).body), { hello: "world" });
    assert.equal(await balanceOf(payer), before - PRICE);
  });

  it("refuses an x402 v1 X-PAYMENT header with a hint that only v2 is supported", async () => {
    const res = await fetch(target(), { headers: { "X-PAYMENT": Buffer.from(JSON.stringify({ x402Version: 1 })).toString("base64") } });
    assert.equal(res.status, 402);
    const body = (await res.json()) as { code: string; error: string; hint: string };
    assert.equal(body.code, "PAYMENT_REQUIRED");
    assert.match(body.error, /version 1/);
    assert.match(body.hint, /version 2/);
    assert.ok(res.headers.get("payment-required"), "the v2 terms are still offered");
  });

  it("settles a replayed payment signature at most once", async () => {
    const payer = devAccount(4).address;
    const sent: string[] = [];
    const before = await balanceOf(payer);
    const first = await payerFetch(4)(target("/about"), undefined);
    assert.equal(first.status, 200);
    const paying = (await import("../../lib/client/paying-fetch")).createPayingFetch(
      {
        privateKey: (await import("../../lib/chain/dev-accounts")).devPrivateKey(4),
        allowedAssets: [{ network: env.network, asset: env.asset }],
      },
      recordingFetch(sent),
    );
    const second = await paying(target("/"));
    assert.equal(second.status, 200);
    assert.equal(sent.length, 1);
    const afterTwo = await balanceOf(payer);
    assert.equal(afterTwo, before - 2n * PRICE);
    // Replays, one after another and several at once, are refused and move nothing.
    const replay = () => fetch(target("/"), { headers: { "PAYMENT-SIGNATURE": sent[0]! } });
    const results = [await replay(), ...(await Promise.all([replay(), replay(), replay()]))];
    for (const r of results) {
      assert.equal(r.status, 402);
      assert.equal(((await r.json()) as { code: string }).code, "PAYMENT_REQUIRED");
      assert.equal(r.headers.get("payment-response"), null);
    }
    assert.equal(await balanceOf(payer), afterTwo);
  });

  it("refuses a tampered signature and moves nothing", async () => {
    const sent: string[] = [];
    const { createPayingFetch } = await import("../../lib/client/paying-fetch");
    const { devPrivateKey } = await import("../../lib/chain/dev-accounts");
    // Sign a payment but never deliver it: capture the header, then alter the amount.
    const capture: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const sig = request.headers.get("payment-signature");
      if (sig) {
        sent.push(sig);
        return new Response("{}", { status: 499 });
      }
      return fetch(request);
    };
    await createPayingFetch(
      { privateKey: devPrivateKey(5), allowedAssets: [{ network: env.network, asset: env.asset }] },
      capture,
    )(target());
    const payload = decodeHeader<{ payload: { authorization: { value: string } } }>(sent[0]!);
    payload.payload.authorization.value = "1";
    const payer = devAccount(5).address;
    const before = await balanceOf(payer);
    const res = await fetch(target(), { headers: { "PAYMENT-SIGNATURE": Buffer.from(JSON.stringify(payload)).toString("base64") } });
    assert.equal(res.status, 402);
    assert.equal(await balanceOf(payer), before);
  });

  it("settles concurrent calls from several payers exactly once each", async () => {
    const payers = [2, 3, 4, 5, 6, 7, 8, 9];
    const addresses = payers.map((i) => devAccount(i).address as Address);
    const before = await Promise.all(addresses.map((a) => balanceOf(a)));
    const payToBefore = await balanceOf(env.payTo);
    const calls = payers.flatMap((i) => [payerFetch(i)(target("/")), payerFetch(i)(target("/about"))]);
    const responses = await Promise.all(calls);
    const txs = new Set<string>();
    for (const res of responses) {
      assert.equal(res.status, 200, await res.clone().text());
      txs.add(decodeHeader<{ transaction: string }>(res.headers.get("payment-response")).transaction);
    }
    assert.equal(txs.size, calls.length, "one distinct settlement per call");
    const after = await Promise.all(addresses.map((a) => balanceOf(a)));
    after.forEach((b, i) => assert.equal(b, before[i]! - 2n * PRICE, `payer #${payers[i]}`));
    assert.equal(await balanceOf(env.payTo), payToBefore + BigInt(calls.length) * PRICE);
    const ledger = await db.query("SELECT count(*)::int AS n FROM payments WHERE tx_hash = ANY($1)", [[...txs]]);
    assert.equal(ledger.rows[0].n, calls.length);
  });
});
