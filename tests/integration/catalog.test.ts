import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { x402HTTPResourceServer, x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { devPrivateKey } from "../../lib/chain/dev-accounts";
import { catalogEntries } from "../../lib/catalog";
import { routeConfig } from "../../lib/http/paid-route";
import { createFacilitatorClient } from "../../lib/payments/facilitator";
import { paymentSettings, usdcToAtomic } from "../../lib/payments/settings";
import { parseConfig } from "../../lib/config";
import { decodeHeader, stackEnv } from "../support/env";

const env = stackEnv();
const paid = catalogEntries().filter((e) => e.priceUsd);

describe("every paid route of the catalog", () => {
  it("has at least one paid entry", () => assert.ok(paid.length > 0));

  for (const entry of paid) {
    for (const method of entry.methods) {
      // The suite's main stack runs as a fresh install does, without a model key: an entry
      // that needs one says so with 503 before asking for payment (its 402 is tested on the
      // model stack, tests/integration/model.test.ts).
      const unavailable = entry.precondition !== undefined;
      it(`${method} ${entry.path} answers ${unavailable ? "503 without a model" : "402 unpaid with its catalog price"}`, async () => {
        const url = `${env.baseUrl}${entry.path}`;
        const example = entry.inputExample as Record<string, unknown>;
        const input = "url" in example ? { ...example, url: "http://site.test/" } : example;
        const res =
          method === "GET"
            ? await fetch(`${url}?${new URLSearchParams(input as Record<string, string>)}`)
            : await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
        if (unavailable) {
          assert.equal(res.status, 503);
          assert.equal(((await res.json()) as { code: string }).code, "SERVICE_UNAVAILABLE");
          assert.equal(res.headers.get("payment-required"), null);
          return;
        }
        assert.equal(res.status, 402, "an unmatched route pattern would serve this for free");
        const terms = decodeHeader<{ accepts: { amount: string }[] }>(res.headers.get("payment-required"));
        assert.equal(terms.accepts[0]?.amount, usdcToAtomic(entry.priceUsd!));
      });

      it(`${method} ${entry.path} route configuration is accepted by the local facilitator`, async () => {
        const settings = paymentSettings(
          parseConfig({
            PAYMENTS_MODE: "local",
            RPC_URL: env.rpcUrl,
            X402_NETWORK: env.network,
            X402_ASSET: env.asset,
            X402_ASSET_NAME: "Test USD Coin",
            X402_ASSET_VERSION: "2",
            PAY_TO: env.payTo,
            FACILITATOR_PRIVATE_KEY: devPrivateKey(0),
          }),
        );
        const server = new x402ResourceServer(createFacilitatorClient(settings)).register(settings.network, new ExactEvmScheme());
        const http = new x402HTTPResourceServer(server, { [entry.path]: routeConfig(entry, method, settings) });
        await http.initialize(); // throws RouteConfigurationError when the facilitator rejects it
      });
    }
  }
});
