import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { devAccount } from "../../lib/chain/dev-accounts";
import { balances, payerFetch, stackEnv } from "../support/env";

const env = stackEnv();
const balanceOf = balances(env.rpcUrl, env.asset);
const fetchUrl = (url: string) => `${env.baseUrl}/v1/fetch?url=${encodeURIComponent(url)}`;

/**
 * Every failure answers `{error, code}` with its status and settles nothing, whether the
 * caller paid or not. Input errors come before the 402, so no signature is ever asked for.
 */
describe("Safe Fetch errors cost nothing", () => {
  const inputErrors: [string, string, number, string][] = [
    ["blocked loopback", fetchUrl("http://127.0.0.1/"), 400, "PRIVATE_ADDRESS_BLOCKED"],
    ["blocked metadata (decimal)", fetchUrl("http://2852039166/latest"), 400, "PRIVATE_ADDRESS_BLOCKED"],
    ["blocked localhost", fetchUrl("localhost"), 400, "PRIVATE_ADDRESS_BLOCKED"],
    ["unsupported scheme", fetchUrl("ftp://site.test/"), 400, "UNSUPPORTED_SCHEME"],
    ["other port", fetchUrl("http://site.test:8080/"), 400, "INVALID_URL"],
    ["missing url", `${env.baseUrl}/v1/fetch`, 400, "INVALID_URL"],
    ["url too long", fetchUrl(`http://site.test/${"a".repeat(2100)}`), 414, "URL_TOO_LONG"],
  ];
  for (const [label, url, status, code] of inputErrors) {
    it(`${label}: ${status} ${code} before any payment`, async () => {
      const res = await fetch(url);
      assert.equal(res.status, status);
      assert.equal(res.headers.get("payment-required"), null, "no payment is asked for");
      const body = (await res.json()) as { error: string; code: string };
      assert.equal(body.code, code);
      assert.ok(body.error.length > 0);
    });
  }

  it("refuses a malformed POST body with 400 and no payment", async () => {
    for (const body of ["{not json", "[1,2]", '"just a string"']) {
      const res = await fetch(`${env.baseUrl}/v1/fetch`, { method: "POST", headers: { "content-type": "application/json" }, body });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { code: string }).code, "INVALID_REQUEST");
    }
    const res = await fetch(`${env.baseUrl}/v1/fetch`, { method: "POST", body: JSON.stringify({ url: 42 }) });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { code: string }).code, "INVALID_URL");
  });

  // Failures found only by fetching: the payment is verified, the capability fails, and
  // the wrapper cancels settlement.
  const fetchErrors: [string, string, number, string][] = [
    ["unreachable target", "http://down.test/", 502, "TARGET_UNREACHABLE"],
    ["timeout", "http://site.test/slow", 504, "AUDIT_TIMEOUT"],
    ["response too large", "http://site.test/big", 422, "RESPONSE_TOO_LARGE"],
    ["gzip bomb", "http://site.test/gzip-bomb", 422, "RESPONSE_TOO_LARGE"],
    ["binary content", "http://site.test/image.png", 415, "UNSUPPORTED_CONTENT_TYPE"],
    ["too many redirects", "http://site.test/hops/6", 422, "TOO_MANY_REDIRECTS"],
    ["redirect to loopback", "http://site.test/to-loopback", 400, "PRIVATE_ADDRESS_BLOCKED"],
    ["redirect to metadata", "http://site.test/to-metadata", 400, "PRIVATE_ADDRESS_BLOCKED"],
  ];
  for (const [label, url, status, code] of fetchErrors) {
    it(`${label}: paid attempt answers ${status} ${code} and moves no tokens`, async () => {
      const payer = devAccount(6).address;
      const [payerBefore, payToBefore] = [await balanceOf(payer), await balanceOf(env.payTo)];
      const unpaid = await fetch(fetchUrl(url));
      assert.equal(unpaid.status, 402, "the URL passes the input rules, so payment is asked for");
      const res = await payerFetch(6)(fetchUrl(url));
      assert.equal(res.status, status);
      assert.equal(((await res.json()) as { code: string }).code, code);
      assert.equal(res.headers.get("payment-response"), null);
      assert.equal(await balanceOf(payer), payerBefore);
      assert.equal(await balanceOf(env.payTo), payToBefore);
    });
  }
});
