import { createServer, type IncomingHttpHeaders, type ServerResponse, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the model provider that speaks the Messages API wire format
 * (POST /v1/messages; a JSON message, or server-sent events when the request asks to
 * stream or the test forces them), records every request, and answers as the test says:
 * a tool call with a given input, plain text without a tool call, an error status, or
 * nothing for a while.
 */
export interface MessagesRequest {
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    max_tokens: number;
    stream?: boolean;
    system?: string;
    messages: { role: string; content: unknown }[];
    tools?: { name: string; description?: string; input_schema: Record<string, unknown> }[];
    tool_choice?: { type: string; name?: string };
  };
}

export type Answer =
  | { toolInput: unknown; stopReason?: "tool_use" | "max_tokens" | "refusal" }
  | { text: string }
  | { status: number; retryAfter?: number }
  | { delayMs: number; toolInput: unknown };

export interface MessagesApi {
  url: string;
  requests: MessagesRequest[];
  /** Answers for the next calls, in order; when empty, `fallback` answers. */
  queue: Answer[];
  fallback: (req: MessagesRequest) => Answer;
  /** Answer with server-sent events even when the request did not ask to stream. */
  forceEvents: boolean;
  /** Leave out the `event:` lines (the type is then only in each event's data), and usage from message_delta. */
  bareEvents: boolean;
  close(): Promise<void>;
}

type Block = { type: "tool_use"; id: string; name: string; input: unknown } | { type: "text"; text: string };

export async function startMessagesApi(): Promise<MessagesApi> {
  const api: MessagesApi = {
    url: "",
    requests: [],
    queue: [],
    fallback: () => ({ toolInput: {} }),
    forceEvents: false,
    bareEvents: false,
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.startsWith("/v1/messages")) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "not found" } }));
        return;
      }
      const request: MessagesRequest = { headers: req.headers, body: JSON.parse(raw) };
      api.requests.push(request);
      const n = api.requests.length;
      const answer = api.queue.shift() ?? api.fallback(request);
      const reply = () => {
        if ("status" in answer) {
          res
            .writeHead(answer.status, {
              "content-type": "application/json",
              ...(answer.retryAfter === undefined ? {} : { "retry-after": String(answer.retryAfter) }),
            })
            .end(JSON.stringify({ type: "error", error: { type: "api_error", message: "stand-in failure" } }));
          return;
        }
        const name = request.body.tool_choice?.name ?? request.body.tools?.[0]?.name ?? "tool";
        const block: Block =
          "text" in answer ? { type: "text", text: answer.text } : { type: "tool_use", id: `toolu_${n}`, name, input: answer.toolInput };
        const message = {
          id: `msg_${n}`,
          type: "message",
          role: "assistant",
          model: request.body.model,
          content: [block],
          stop_reason:
            "stopReason" in answer && answer.stopReason ? answer.stopReason : block.type === "tool_use" ? "tool_use" : "end_turn",
          stop_sequence: null,
          usage: { input_tokens: Math.ceil(raw.length / 4), output_tokens: Math.ceil(JSON.stringify(block).length / 4) },
        };
        if (request.body.stream || api.forceEvents) sendEvents(res, message, block, message.stop_reason, api.bareEvents);
        else res.writeHead(200, { "content-type": "application/json", "request-id": `req_${n}` }).end(JSON.stringify(message));
      };
      if ("delayMs" in answer) {
        const timer = setTimeout(reply, answer.delayMs);
        res.on("close", () => clearTimeout(timer));
      } else reply();
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return api;
}

/** The streaming form of one message: start, the block in pieces, delta, stop. */
function sendEvents(
  res: ServerResponse,
  message: { content: Block[]; usage: { input_tokens: number; output_tokens: number } },
  block: Block,
  stopReason: string,
  bare: boolean,
) {
  const event = (type: string, data: Record<string, unknown>) =>
    res.write(`${bare ? "" : `event: ${type}\n`}data: ${JSON.stringify({ type, ...data })}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  event("message_start", { message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } } });
  event("ping", {});
  if (block.type === "tool_use") {
    event("content_block_start", { index: 0, content_block: { ...block, input: {} } });
    const json = JSON.stringify(block.input);
    // Partial JSON in uneven pieces, as the provider streams it.
    for (let i = 0; i < json.length; i += 7)
      event("content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: json.slice(i, i + 7) } });
  } else {
    event("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    event("content_block_delta", { index: 0, delta: { type: "text_delta", text: block.text } });
  }
  event("content_block_stop", { index: 0 });
  event("message_delta", {
    delta: { stop_reason: stopReason, stop_sequence: null },
    ...(bare ? {} : { usage: { output_tokens: message.usage.output_tokens } }),
  });
  event("message_stop", {});
  res.end();
}
