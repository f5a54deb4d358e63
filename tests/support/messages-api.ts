import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the model provider that speaks the Messages API wire format
 * (POST /v1/messages, JSON in and out), records every request, and answers as the test
 * says: a tool call with a given input, an error status, or nothing for a while.
 */
export interface MessagesRequest {
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    max_tokens: number;
    system?: string;
    messages: { role: string; content: unknown }[];
    tools?: { name: string; description?: string; input_schema: Record<string, unknown> }[];
    tool_choice?: { type: string; name?: string };
  };
}

export type Answer = { toolInput: unknown } | { status: number } | { delayMs: number; toolInput: unknown };

export interface MessagesApi {
  url: string;
  requests: MessagesRequest[];
  /** Answers for the next calls, in order; when empty, `fallback` answers. */
  queue: Answer[];
  fallback: (req: MessagesRequest) => Answer;
  close(): Promise<void>;
}

export async function startMessagesApi(): Promise<MessagesApi> {
  const api: MessagesApi = {
    url: "",
    requests: [],
    queue: [],
    fallback: () => ({ toolInput: {} }),
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
      const answer = api.queue.shift() ?? api.fallback(request);
      const reply = () => {
        if ("status" in answer) {
          res
            .writeHead(answer.status, { "content-type": "application/json" })
            .end(JSON.stringify({ type: "error", error: { type: "api_error", message: "stand-in failure" } }));
          return;
        }
        const name = request.body.tool_choice?.name ?? request.body.tools?.[0]?.name ?? "tool";
        res.writeHead(200, { "content-type": "application/json", "request-id": `req_${api.requests.length}` }).end(
          JSON.stringify({
            id: `msg_${api.requests.length}`,
            type: "message",
            role: "assistant",
            model: request.body.model,
            content: [{ type: "tool_use", id: `toolu_${api.requests.length}`, name, input: answer.toolInput }],
            stop_reason: "tool_use",
            stop_sequence: null,
            usage: { input_tokens: Math.ceil(raw.length / 4), output_tokens: Math.ceil(JSON.stringify(answer.toolInput).length / 4) },
          }),
        );
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
