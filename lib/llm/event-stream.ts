import type Anthropic from "@anthropic-ai/sdk";

/**
 * Reads a Messages API answer sent as server-sent events into the message it describes.
 * Tolerant where the wire allows variation: the event type is taken from the `event:` line or,
 * when a server omits it, from the data's own `type`; usage may be missing from any event; a
 * tool's input arrives as partial JSON pieces (an unfinished one leaves the input null, which
 * the caller treats as invalid output).
 */
export class StreamError extends Error {}

interface BlockState {
  block: Record<string, unknown>;
  json: string;
}

export async function readEventStream(body: ReadableStream<Uint8Array>): Promise<Anthropic.Message> {
  const decoder = new TextDecoder();
  let buffer = "";
  let message: Record<string, unknown> | null = null;
  const blocks: BlockState[] = [];
  const usage = { input_tokens: 0, output_tokens: 0 };

  const handle = (eventName: string | null, data: string) => {
    if (!data) return;
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(data) as Record<string, unknown>;
    } catch {
      throw new StreamError("the model's event stream carried an event that is not JSON");
    }
    const type = eventName ?? (typeof payload.type === "string" ? payload.type : null);
    const index = typeof payload.index === "number" ? payload.index : 0;
    switch (type) {
      case "error": {
        const error = payload.error as { message?: string } | undefined;
        throw new StreamError(`the model's stream reported an error: ${error?.message ?? "unknown"}`);
      }
      case "message_start": {
        message = { ...(payload.message as Record<string, unknown>), content: [] };
        const u = (payload.message as { usage?: Partial<typeof usage> } | undefined)?.usage;
        usage.input_tokens = u?.input_tokens ?? 0;
        usage.output_tokens = u?.output_tokens ?? 0;
        return;
      }
      case "content_block_start":
        blocks[index] = { block: { ...(payload.content_block as Record<string, unknown>) }, json: "" };
        return;
      case "content_block_delta": {
        const state = blocks[index];
        const delta = payload.delta as { type?: string; text?: string; partial_json?: string } | undefined;
        if (!state || !delta) return;
        if (delta.type === "text_delta") state.block.text = `${(state.block.text as string | undefined) ?? ""}${delta.text ?? ""}`;
        if (delta.type === "input_json_delta") state.json += delta.partial_json ?? "";
        return;
      }
      case "message_delta": {
        const delta = payload.delta as { stop_reason?: string | null; stop_sequence?: string | null } | undefined;
        if (message && delta)
          Object.assign(message, { stop_reason: delta.stop_reason ?? null, stop_sequence: delta.stop_sequence ?? null });
        const u = payload.usage as Partial<typeof usage> | undefined;
        if (u?.output_tokens !== undefined) usage.output_tokens = u.output_tokens;
        if (u?.input_tokens !== undefined) usage.input_tokens = u.input_tokens;
        return;
      }
      default:
        return; // ping, content_block_stop, message_stop and anything newer
    }
  };

  const flushEvents = (final: boolean) => {
    const parts = buffer.split(/\r?\n\r?\n/);
    buffer = final ? "" : (parts.pop() ?? "");
    for (const part of parts) {
      let eventName: string | null = null;
      const data: string[] = [];
      for (const line of part.split(/\r?\n/)) {
        if (line.startsWith("event:")) eventName = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      handle(eventName, data.join("\n"));
    }
  };

  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    flushEvents(false);
  }
  buffer += decoder.decode();
  flushEvents(true);

  if (!message) throw new StreamError("the model's event stream ended without a message");
  const content = blocks.filter(Boolean).map(({ block, json }) => {
    if (block.type !== "tool_use") return block;
    if (!json) return block;
    try {
      return { ...block, input: JSON.parse(json) as unknown };
    } catch {
      return { ...block, input: null };
    }
  });
  return { ...(message as Record<string, unknown>), content, usage } as unknown as Anthropic.Message;
}
