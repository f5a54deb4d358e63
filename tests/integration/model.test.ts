import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import pg from "pg";
import type { Address, Hex } from "viem";
import { devAccount, devPrivateKey } from "../../lib/chain/dev-accounts";
import { createPayingFetch } from "../../lib/client/paying-fetch";
import { balances, decodeHeader } from "../support/env";
import { type MessagesApi, type MessagesRequest, startMessagesApi } from "../support/messages-api";
import { type Stack, startStack } from "../support/stack";

/**
 * Summarizer and Structured Extraction on a stack of their own whose model provider is a
 * local Messages API stand-in (the suite's main stack has no model key, as a fresh install).
 */
let api: MessagesApi;
let stack: Stack;
let payingFetch: typeof fetch;
let balanceOf: (holder: Address) => Promise<bigint>;
let db: pg.Client;
const PAYER = 6;
const payer = devAccount(PAYER).address;

before(async () => {
  api = await startMessagesApi();
  stack = await startStack({
    name: "model",
    extraEnv: { ANTHROPIC_API_KEY: "sk-stand-in", ANTHROPIC_BASE_URL: api.url, LLM_MODEL: "claude-sonnet-5-5", LLM_TIMEOUT_MS: "5000" },
  });
  payingFetch = createPayingFetch({
    privateKey: devPrivateKey(PAYER) as Hex,
    allowedAssets: [{ network: stack.env.WI_NETWORK!, asset: stack.env.WI_ASSET! }],
  });
  balanceOf = balances(stack.env.WI_RPC_URL!, stack.env.WI_ASSET as Address);
  db = new pg.Client({ connectionString: stack.runtime.databaseUrl });
  await db.connect();
});

after(async () => {
  await db?.end();
  await stack?.stop();
  await api?.close();
});

beforeEach(() => {
  api.requests.length = 0;
  api.queue.length = 0;
  api.forceEvents = false;
  api.fallback = () => ({ toolInput: {} });
  stack.fixture.requests.length = 0;
});

const SCHEMA = {
  type: "object",
  properties: {
    company: { type: "string" },
    city: { type: "string" },
    daily_capacity_kg: { type: "integer" },
  },
  required: ["company", "city", "daily_capacity_kg"],
  additionalProperties: false,
};
const GOOD = { company: "Fixture Coffee", city: "Lisbon", daily_capacity_kg: 400 };

const post = (path: string, body: unknown, f: typeof fetch = fetch) =>
  f(`${stack.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

async function paid(path: string, body?: unknown) {
  const before = await balanceOf(payer);
  const res = body === undefined ? await payingFetch(`${stack.baseUrl}${path}`) : await post(path, body, payingFetch);
  const json = (await res.json()) as Record<string, unknown>;
  return { res, body: json, spent: before - (await balanceOf(payer)) };
}

/** The page text the service put between its fence tags in the request's first user message. */
function fencedText(request: MessagesRequest): { tag: string; inside: string } {
  const content = request.body.messages[0]!.content as string;
  const match = /<(page_[0-9a-f]+)[^>]*>\n([\s\S]*)\n<\/\1>/.exec(content);
  assert.ok(match, "the page is fenced in a tag");
  return { tag: match[1]!, inside: match[2]! };
}

const ledgerCosts = async (tx: string) =>
  (await db.query<{ costs: Record<string, number> | null }>("SELECT costs FROM payments WHERE tx_hash = $1", [tx])).rows[0]?.costs;

describe("Structured Extraction (POST /v1/extract/structured)", () => {
  it("answers 402 with its price before payment, after a valid schema", async () => {
    const res = await post("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(res.status, 402);
    const terms = decodeHeader<{ accepts: { amount: string }[] }>(res.headers.get("payment-required"));
    assert.equal(terms.accepts[0]?.amount, "80000");
    assert.equal(api.requests.length, 0);
  });

  const badSchemas: [string, unknown][] = [
    ["missing", undefined],
    ["not an object", "type: object"],
    ["an array schema", { type: "array", items: { type: "string" } }],
    ["no type", { properties: { a: { type: "string" } } }],
    ["a $ref deep inside", { type: "object", properties: { a: { type: "array", items: { anyOf: [{ $ref: "#/$defs/x" }] } } } }],
    ["4000 characters or more", { type: "object", description: "x".repeat(4000) }],
    ["not compilable", { type: "object", properties: { a: { type: "strnig" } } }],
    ["another draft", { $schema: "http://json-schema.org/draft-04/schema#", type: "object" }],
  ];
  for (const [name, schema] of badSchemas) {
    it(`refuses a schema that is ${name} with 400 INVALID_EXTRACTION_SCHEMA: no fetch, no model call, no charge`, async () => {
      const before = await balanceOf(payer);
      const res = await post("/v1/extract/structured", { url: "http://site.test/roastery", schema }, payingFetch);
      const body = (await res.json()) as { code: string; error: string };
      assert.equal(res.status, 400);
      assert.equal(body.code, "INVALID_EXTRACTION_SCHEMA");
      assert.match(body.error, /schema/);
      assert.equal(res.headers.get("payment-required"), null);
      assert.equal(api.requests.length, 0);
      assert.deepEqual(stack.fixture.requests, []);
      assert.equal(await balanceOf(payer), before);
    });
  }

  it("refuses a blocked URL with 400 before any fetch or model call", async () => {
    for (const url of ["http://10.0.0.1/", "http://localhost/", "file:///etc/passwd"]) {
      const res = await post("/v1/extract/structured", { url, schema: SCHEMA }, payingFetch);
      assert.equal(res.status, 400, url);
      assert.ok(
        ["INVALID_URL", "UNSUPPORTED_SCHEME", "PRIVATE_ADDRESS_BLOCKED", "AUDIT_FAILED"].includes(
          ((await res.json()) as { code: string }).code,
        ),
      );
    }
    assert.equal(api.requests.length, 0);
  });

  it("has no GET variant", async () => {
    const res = await fetch(`${stack.baseUrl}/v1/extract/structured?url=http://site.test/roastery`);
    assert.equal(res.status, 405);
    assert.equal(((await res.json()) as { code: string }).code, "METHOD_NOT_ALLOWED");
  });

  it("fills the schema by forced tool use, validates, settles 0.08 and records the tokens in the ledger", async () => {
    api.queue.push({ toolInput: GOOD });
    const { res, body, spent } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(spent, 80000n);
    assert.equal(body.schema_version, "1.0.0");
    assert.equal(body.url, "http://site.test/roastery");
    assert.equal(body.final_url, "http://site.test/roastery");
    assert.equal(body.http_status, 200);
    assert.deepEqual(body.data, GOOD);
    assert.equal(body.model, "claude-sonnet-5-5");
    assert.ok(!Number.isNaN(Date.parse(body.fetched_at as string)));
    const timing = body.timing_ms as Record<string, number>;
    for (const k of ["fetch", "llm", "total"]) assert.ok(Number.isInteger(timing[k]), k);
    assert.ok(timing.total! >= timing.fetch! && timing.total! >= timing.llm!);

    assert.equal(api.requests.length, 1);
    const request = api.requests[0]!;
    assert.equal(request.body.model, "claude-sonnet-5-5");
    assert.equal(request.body.max_tokens, 1024);
    assert.equal(request.body.tools?.length, 1);
    const tool = request.body.tools![0]!;
    assert.deepEqual(tool.input_schema, SCHEMA, "the caller's schema is the tool's input schema, unchanged");
    assert.deepEqual(request.body.tool_choice, { type: "tool", name: tool.name });
    const { tag, inside } = fencedText(request);
    assert.match(request.body.system ?? "", new RegExp(`<${tag}>.*untrusted data`, "s"), "the system prompt says the fenced page is data");
    assert.match(inside, /400 kg of coffee a day/);

    const tx = decodeHeader<{ transaction: string }>(res.headers.get("payment-response")).transaction;
    const costs = await ledgerCosts(tx);
    assert.equal(costs?.llm_calls, 1);
    assert.ok((costs?.llm_input_tokens ?? 0) > 0 && (costs?.llm_output_tokens ?? 0) > 0, JSON.stringify(costs));
  });

  it("gives the model at most 8000 characters of the page and says so in warnings", async () => {
    api.queue.push({ toolInput: { title: "The long read" } });
    const { res, body } = await paid("/v1/extract/structured", {
      url: "http://site.test/long",
      schema: { type: "object", properties: { title: { type: "string" } } },
    });
    assert.equal(res.status, 200, JSON.stringify(body));
    const { inside } = fencedText(api.requests[0]!);
    assert.equal(inside.length, 8000);
    assert.match(inside, /^# The long read/);
    assert.ok(!inside.includes("FINAL-PARAGRAPH-MARKER"));
    const warnings = body.warnings as { type: string }[];
    assert.ok(warnings.some((w) => w.type === "content_truncated"));
  });

  it("repairs once: the model sees its invalid call and the errors, and the valid retry settles", async () => {
    api.queue.push({ toolInput: { company: "Fixture Coffee", city: "Lisbon", daily_capacity_kg: "400 kg" } }, { toolInput: GOOD });
    const { res, body, spent } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.deepEqual(body.data, GOOD);
    assert.equal(spent, 80000n);
    assert.equal(api.requests.length, 2);
    const retry = api.requests[1]!.body;
    assert.deepEqual(retry.tool_choice, api.requests[0]!.body.tool_choice);
    const [, assistant, result] = retry.messages as {
      role: string;
      content: { type: string; is_error?: boolean; content?: string; tool_use_id?: string; id?: string }[];
    }[];
    assert.equal(assistant!.role, "assistant");
    assert.equal(assistant!.content[0]!.type, "tool_use");
    assert.equal(result!.content[0]!.type, "tool_result");
    assert.equal(result!.content[0]!.tool_use_id, assistant!.content[0]!.id);
    assert.equal(result!.content[0]!.is_error, true);
    assert.match(result!.content[0]!.content ?? "", /daily_capacity_kg: must be integer/);
  });

  it("answers 422 STRUCTURED_OUTPUT_INVALID when the repaired answer still fails, and charges nothing", async () => {
    api.fallback = () => ({ toolInput: { company: "Fixture Coffee", extra: true } });
    const { res, body, spent } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(res.status, 422);
    assert.equal(body.code, "STRUCTURED_OUTPUT_INVALID");
    assert.ok(Array.isArray(body.validation_errors) && (body.validation_errors as string[]).length > 0);
    assert.equal(res.headers.get("payment-response"), null);
    assert.equal(spent, 0n);
    assert.equal(api.requests.length, 2, "one call and one repair attempt");
  });

  it("answers 502 when the model provider fails, and charges nothing", async () => {
    api.fallback = () => ({ status: 529 });
    const { res, body, spent } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(res.status, 502);
    assert.equal(body.code, "TARGET_UNREACHABLE");
    assert.match(body.error as string, /language model/);
    assert.equal(spent, 0n);
  });

  it("reads a provider answer sent as server-sent events", async () => {
    api.forceEvents = true;
    api.queue.push({ toolInput: GOOD });
    const { res, body } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.deepEqual(body.data, GOOD);
  });

  it("answers 504 when the model does not answer within the budget, and charges nothing", async () => {
    api.queue.push({ delayMs: 7000, toolInput: GOOD });
    const { res, body, spent } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(res.status, 504);
    assert.equal(body.code, "AUDIT_TIMEOUT");
    assert.equal(spent, 0n);
  });

  it("retries an overloaded provider once when its Retry-After fits the budget, and not when it does not", async () => {
    api.queue.push({ status: 529, retryAfter: 0 }, { toolInput: GOOD });
    const retried = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(retried.res.status, 200, JSON.stringify(retried.body));
    assert.equal(api.requests.length, 2);
    api.requests.length = 0;
    api.queue.push({ status: 529, retryAfter: 30 });
    const gaveUp = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(gaveUp.res.status, 502, "a wait beyond the budget is a provider failure now, not a timeout later");
    assert.equal(gaveUp.body.code, "TARGET_UNREACHABLE");
    assert.equal(api.requests.length, 1);
    assert.equal(gaveUp.spent, 0n);
  });

  it("treats an answer cut off at max_tokens as invalid, even when it parses: repair, then 422", async () => {
    api.fallback = () => ({ toolInput: {}, stopReason: "max_tokens" });
    const schema = { type: "object", properties: { title: { type: "string" } } };
    const { res, body, spent } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema });
    assert.equal(res.status, 422);
    assert.equal(body.code, "STRUCTURED_OUTPUT_INVALID");
    assert.match((body.validation_errors as string[])[0]!, /cut off/);
    assert.equal(api.requests.length, 2);
    assert.equal(spent, 0n);
  });

  it("keeps the tokens of an unsettled call in the request log", async () => {
    api.fallback = () => ({ toolInput: { company: 1 } });
    const { res } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(res.status, 422);
    const requestId = res.headers.get("x-request-id");
    let costs: Record<string, number> | null | undefined;
    for (let i = 0; i < 20 && !costs; i++) {
      await new Promise((r) => setTimeout(r, 100)); // the request log is written in batches
      costs = (await db.query<{ costs: Record<string, number> | null }>("SELECT costs FROM request_log WHERE request_id = $1", [requestId]))
        .rows[0]?.costs;
    }
    assert.equal(costs?.llm_calls, 2);
    assert.ok((costs?.llm_input_tokens ?? 0) > 0);
  });

  it("reports text aimed at AI agents as a warning and keeps it out of the instructions", async () => {
    api.queue.push({ toolInput: GOOD });
    const { res, body } = await paid("/v1/extract/structured", { url: "http://site.test/roastery", schema: SCHEMA });
    assert.equal(res.status, 200);
    const warnings = body.warnings as { type: string; location?: string; excerpt?: string }[];
    const injection = warnings.find((w) => w.type === "prompt_injection");
    assert.equal(injection?.location, "hidden");
    assert.match(injection?.excerpt ?? "", /ignore all previous instructions/);
    assert.ok(!(api.requests[0]!.body.system ?? "").includes("best in Europe"));
  });

  it("refuses a page that is not HTML with 415 before any model call, and charges nothing", async () => {
    const { res, body, spent } = await paid("/v1/extract/structured", { url: "http://site.test/json", schema: SCHEMA });
    assert.equal(res.status, 415);
    assert.equal(body.code, "UNSUPPORTED_CONTENT_TYPE");
    assert.equal(spent, 0n);
    assert.equal(api.requests.length, 0);
  });
});

describe("Summarizer with a model (POST and GET /v1/summarize)", () => {
  const SUMMARY = {
    summary: "Fixture Coffee opened a roastery in Lisbon in March 2026.",
    key_facts: ["It roasts 400 kg a day.", "Tours cost 12 euros."],
    entities: ["Fixture Coffee", "Lisbon", "Ada Lovelace"],
  };

  it("asks for a forced summary tool call steered by the focus, and settles 0.033", async () => {
    api.queue.push({ toolInput: SUMMARY });
    const { res, body, spent } = await paid("/v1/summarize", { url: "http://site.test/roastery", focus: "visitor tours" });
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(spent, 33000n);
    assert.equal(body.schema_version, "1.0.0");
    assert.equal(body.summary, SUMMARY.summary);
    assert.deepEqual(body.key_facts, SUMMARY.key_facts);
    assert.deepEqual(body.entities, SUMMARY.entities);
    assert.equal(body.model, "claude-sonnet-5-5");
    assert.equal(body.focus, "visitor tours");
    assert.equal(body.title, "Fixture Coffee opens a roastery");
    assert.ok((body.word_count as number) > 50);

    const request = api.requests[0]!.body;
    const tool = request.tools![0]!;
    assert.deepEqual(request.tool_choice, { type: "tool", name: tool.name });
    assert.deepEqual((tool.input_schema as { required: string[] }).required, ["summary", "key_facts", "entities"]);
    assert.equal(request.max_tokens, 1024);
    assert.match(request.system ?? "", /"visitor tours"/);
    assert.match(request.messages[0]!.content as string, /focusing on "visitor tours"/);
    assert.match(fencedText(api.requests[0]!).inside, /Tours cost 12 euros/);
    const tx = decodeHeader<{ transaction: string }>(res.headers.get("payment-response")).transaction;
    assert.equal((await ledgerCosts(tx))?.llm_calls, 1);
  });

  it("serves the GET variant with ?url=&focus=, and no focus gives focus null", async () => {
    api.queue.push({ toolInput: SUMMARY }, { toolInput: SUMMARY });
    const withFocus = await paid(`/v1/summarize?url=${encodeURIComponent("http://site.test/roastery")}&focus=prices`);
    assert.equal(withFocus.res.status, 200);
    assert.equal(withFocus.body.focus, "prices");
    assert.match(api.requests[0]!.body.system ?? "", /"prices"/);
    const without = await paid(`/v1/summarize?url=${encodeURIComponent("http://site.test/roastery")}`);
    assert.equal(without.body.focus, null);
    assert.ok(!/focus on/.test(api.requests[1]!.body.system ?? ""));
  });

  it("answers 422 for a target that is not HTML, with no model call and no charge", async () => {
    for (const path of ["/json", "/small", "/image.png"]) {
      const { res, body, spent } = await paid("/v1/summarize", { url: `http://site.test${path}` });
      assert.equal(res.status, 422, path);
      assert.equal(body.code, "UNSUPPORTED_CONTENT_TYPE");
      assert.equal(spent, 0n);
    }
    assert.equal(api.requests.length, 0);
  });

  it("answers 502 for an unusable model answer, and charges nothing", async () => {
    api.queue.push({ toolInput: { key_facts: [] } });
    const { res, body, spent } = await paid("/v1/summarize", { url: "http://site.test/roastery" });
    assert.equal(res.status, 502);
    assert.equal(body.code, "TARGET_UNREACHABLE");
    assert.equal(spent, 0n);
  });

  it("reads a summary streamed as server-sent events", async () => {
    api.forceEvents = true;
    api.queue.push({ toolInput: SUMMARY });
    const { res, body } = await paid("/v1/summarize", { url: "http://site.test/roastery" });
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.deepEqual(body.key_facts, SUMMARY.key_facts);
  });

  it("answers 502 for a summary cut off at max_tokens, and charges nothing", async () => {
    api.queue.push({ toolInput: SUMMARY, stopReason: "max_tokens" });
    const { res, spent } = await paid("/v1/summarize", { url: "http://site.test/roastery" });
    assert.equal(res.status, 502);
    assert.equal(spent, 0n);
  });

  it("refuses a focus over 300 characters with 400 before payment", async () => {
    const res = await post("/v1/summarize", { url: "http://site.test/roastery", focus: "x".repeat(301) });
    assert.equal(res.status, 400);
    assert.equal(api.requests.length, 0);
  });
});
