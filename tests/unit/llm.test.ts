import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { ServiceError } from "../../lib/errors";
import { forcedToolCall, llmConfigured } from "../../lib/llm/client";
import { readEventStream } from "../../lib/llm/event-stream";
import { type MessagesApi, startMessagesApi } from "../support/messages-api";

let api: MessagesApi;
const saved = {
  key: process.env.ANTHROPIC_API_KEY,
  base: process.env.ANTHROPIC_BASE_URL,
  timeout: process.env.LLM_TIMEOUT_MS,
  stream: process.env.LLM_STREAM,
};
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
  delete process.env.LLM_STREAM;
  api.forceEvents = false;
  api.bareEvents = false;
  api.requests.length = 0;
  api.queue.length = 0;
});
after(async () => {
  for (const [k, v] of [
    ["ANTHROPIC_API_KEY", saved.key],
    ["ANTHROPIC_BASE_URL", saved.base],
    ["LLM_TIMEOUT_MS", saved.timeout],
    ["LLM_STREAM", saved.stream],
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
    assert.equal(result.model, "claude-haiku-5-5");
    assert.ok(result.usage.input_tokens > 0 && result.usage.output_tokens > 0);
    assert.equal(api.requests.length, 1);
    const { body, headers } = api.requests[0]!;
    // SDK 1.x sends a bearer token; the documented header is x-api-key; both carry the key.
    assert.equal(headers.authorization, "Bearer sk-test-key");
    assert.equal(headers["x-api-key"], "sk-test-key");
    assert.ok(headers["anthropic-version"], "the API version header is sent");
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
    process.env.LLM_TIMEOUT_MS = "3000";
    api.queue.push({ status: 500 }, { status: 500 });
    assert.equal(await code(call()), "TARGET_UNREACHABLE");
    assert.equal(api.requests.length, 2, "one call and one retry reached the provider");
    api.requests.length = 0;
    api.queue.push({ status: 400 });
    assert.equal(await code(call()), "TARGET_UNREACHABLE");
    assert.equal(api.requests.length, 1, "a request the provider refuses is not retried");
    process.env.LLM_TIMEOUT_MS = "1000";
    api.queue.push({ delayMs: 3000, toolInput: {} }, { delayMs: 3000, toolInput: {} });
    assert.equal(await code(call()), "AUDIT_TIMEOUT");
  });

  it("reads a streamed answer (server-sent events) when LLM_STREAM asks for one", async () => {
    process.env.LLM_STREAM = "true";
    const input = { title: "Streamed", tags: ["a", "b"], nested: { n: 3, note: 'with "quotes" and é' } };
    api.queue.push({ toolInput: input });
    const result = await call();
    assert.equal(api.requests[0]!.body.stream, true);
    assert.deepEqual(result.input, input);
    assert.equal(result.toolUseId, "toolu_1");
    assert.equal(result.stopReason, "tool_use");
    assert.ok(result.usage.input_tokens > 0 && result.usage.output_tokens > 1, "usage comes from message_start and message_delta");
  });

  it("reads server-sent events a gateway sends to a non-streaming request", async () => {
    api.forceEvents = true;
    api.queue.push({ toolInput: { title: "From a gateway" } });
    const result = await call();
    assert.equal(api.requests[0]!.body.stream, false);
    assert.deepEqual(result.input, { title: "From a gateway" });
  });

  it("reads events without event: lines and a message_delta without usage", async () => {
    api.forceEvents = true;
    api.bareEvents = true;
    api.queue.push({ toolInput: { title: "Bare" } });
    const result = await call();
    assert.deepEqual(result.input, { title: "Bare" });
    assert.equal(result.stopReason, "tool_use");
    assert.ok(result.usage.input_tokens > 0, "input tokens from message_start");
  });

  it("leaves the input null when the tool JSON was cut off mid-stream", async () => {
    const events = [
      {
        type: "message_start",
        message: { id: "m", type: "message", role: "assistant", model: "m", content: [], usage: { input_tokens: 9 } },
      },
      { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t", name: "extract", input: {} } },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"title": "ab' } },
      { type: "message_delta", delta: { stop_reason: "max_tokens" }, usage: { output_tokens: 1024 } },
      { type: "message_stop" },
    ];
    const text = events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join("");
    const message = await readEventStream(new Response(text).body!);
    assert.equal(message.stop_reason, "max_tokens");
    assert.deepEqual(message.usage, { input_tokens: 9, output_tokens: 1024 });
    assert.equal((message.content[0] as { input: unknown }).input, null);
  });

  it("returns a null input when the model answered without calling the tool", async () => {
    api.queue.push({ text: "I would rather not." });
    const result = await call();
    assert.equal(result.input, null);
    assert.equal(result.toolUseId, null);
    assert.equal(result.stopReason, "end_turn");
  });

  it("gives up with 504 at a deadline that has already passed, without calling", async () => {
    const result = await code(
      forcedToolCall({ system: "s", messages: [{ role: "user", content: "x" }], tool: TOOL, maxTokens: 10, deadline: Date.now() - 1 }),
    );
    assert.equal(result, "AUDIT_TIMEOUT");
    assert.equal(api.requests.length, 0);
  });
});
