import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { devAccount } from "../../lib/chain/dev-accounts";
import { balances, decodeHeader, payerFetch, stackEnv } from "../support/env";

/** The model-backed routes on the suite's main stack, which runs without a model key. */
const env = stackEnv();
const balanceOf = balances(env.rpcUrl, env.asset);
const PAYER = 5;
const payer = devAccount(PAYER).address;

async function paid(path: string, body: unknown) {
  const before = await balanceOf(payer);
  const res = await payerFetch(PAYER)(`${env.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as Record<string, unknown>, spent: before - (await balanceOf(payer)) };
}

describe("without a model key (the embedded default)", () => {
  it('the Summarizer answers with an extractive summary labelled model "extractive", and settles 0.033', async () => {
    const { res, body, spent } = await paid("/v1/summarize", { url: "http://site.test/roastery", focus: "tours" });
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(spent, 33000n);
    assert.ok(decodeHeader(res.headers.get("payment-response")).transaction);
    assert.equal(body.model, "extractive");
    assert.equal(body.focus, "tours");
    assert.equal(body.title, "Fixture Coffee opens a roastery");
    const summary = body.summary as string;
    assert.match(summary, /Tours cost 12 euros/, "the focus steers which sentences are chosen");
    assert.ok(!summary.includes("best in Europe"), "hidden text aimed at agents is not summarised");
    assert.ok((body.key_facts as string[]).some((f) => f.includes("400 kg")));
    assert.ok((body.entities as string[]).includes("Fixture Coffee"));
    assert.ok((body.warnings as { type: string }[]).some((w) => w.type === "prompt_injection"));
  });

  it("the Summarizer still answers 422 for non-HTML, not charged", async () => {
    const { res, body, spent } = await paid("/v1/summarize", { url: "http://site.test/json" });
    assert.equal(res.status, 422);
    assert.equal(body.code, "UNSUPPORTED_CONTENT_TYPE");
    assert.equal(spent, 0n);
  });

  it("an empty page gives an empty extractive summary, not invented text", async () => {
    const { res, body } = await paid("/v1/summarize", { url: "http://site.test/empty" });
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.summary, "");
    assert.equal(body.word_count, 0);
    assert.ok((body.warnings as { type: string }[]).some((w) => w.type === "no_content"));
  });

  it("Structured Extraction answers 503 SERVICE_UNAVAILABLE with a hint, before any payment", async () => {
    const schema = { type: "object", properties: { title: { type: "string" } } };
    const { res, body, spent } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema });
    assert.equal(res.status, 503);
    assert.equal(body.code, "SERVICE_UNAVAILABLE");
    assert.match(body.hint as string, /ANTHROPIC_API_KEY/);
    assert.equal(res.headers.get("payment-required"), null);
    assert.equal(spent, 0n);
  });

  it("Structured Extraction checks the schema first: 400 even without a model", async () => {
    const { res, body } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: { type: "array" } });
    assert.equal(res.status, 400);
    assert.equal(body.code, "INVALID_EXTRACTION_SCHEMA");
  });
});
