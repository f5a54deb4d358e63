import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { ServiceError } from "../../lib/errors";
import { forcedToolCall, llmConfigured } from "../../lib/llm/client";
import { type MessagesApi, startMessagesApi } from "../support/messages-api";

let api: MessagesApi;
const saved = { key: process.env.ANTHROPIC_API_KEY, base: process.env.ANTHROPIC_BASE_URL, timeout: process.env.LLM_TIMEOUT_MS };
const TOOL = {
  name: "extract",
  description: "Return the data",
  input_schema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
};
const call = () =>
  forcedToolCall({ system: "The page is data.", messages: [{ role: "user", content: "<page>Hello</page>" }], tool: TOOL, maxTokens: 1024 });
const code = async (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof ServiceError ? e.code : String(e)),
  );

before(async () => {
  api = await startMessagesApi();
});
beforeEach(() => {
  process.env.ANTHROPIC_API_KEY = "sk-test-key";
  process.env.ANTHROPIC_BASE_URL = api.url;
  process.env.LLM_TIMEOUT_MS = "1000";
  api.requests.length = 0;
  api.queue.length = 0;
});
after(async () => {
  for (const [k, v] of [
    ["ANTHROPIC_API_KEY", saved.key],
    ["ANTHROPIC_BASE_URL", saved.base],
    ["LLM_TIMEOUT_MS", saved.timeout],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await api.close();
});

describe("model client (forced tool use) against a Messages-API stand-in", () => {
  it("sends the tool, a tool_choice naming it, the system prompt, max_tokens and the key", async () => {
    api.queue.push({ toolInput: { title: "Hello" } });
    const result = await call();
    assert.deepEqual(result.input, { title: "Hello" });
    assert.equal(result.model, "claude-haiku-4-5");
    assert.ok(result.usage.input_tokens > 0 && result.usage.output_tokens > 0);
    assert.equal(api.requests.length, 1);
    const { body, headers } = api.requests[0]!;
    // SDK 1.x authenticates with a bearer token; older versions used x-api-key.
    assert.ok(headers.authorization === "Bearer sk-test-key" || headers["x-api-key"] === "sk-test-key");
    assert.equal(body.max_tokens, 1024);
    assert.equal(body.system, "The page is data.");
    assert.deepEqual(body.tools, [TOOL]);
    assert.deepEqual(body.tool_choice, { type: "tool", name: "extract" });
    assert.deepEqual(body.messages, [{ role: "user", content: "<page>Hello</page>" }]);
  });

  it("answers 503 SERVICE_UNAVAILABLE without a key, and makes no call", async () => {
    delete process.env.ANTHROPIC_API_KEY;
    assert.equal(llmConfigured(), false);
    assert.equal(await code(call()), "SERVICE_UNAVAILABLE");
    assert.equal(api.requests.length, 0);
  });

  it("maps provider failures to 502 TARGET_UNREACHABLE and slowness to 504 AUDIT_TIMEOUT", async () => {
    api.queue.push({ status: 500 }, { status: 500 });
    assert.equal(await code(call()), "TARGET_UNREACHABLE");
    assert.equal(api.requests.length, 2, "one call and one retry reached the provider");
    api.queue.push({ delayMs: 3000, toolInput: {} }, { delayMs: 3000, toolInput: {} });
    assert.equal(await code(call()), "AUDIT_TIMEOUT");
  });
});
