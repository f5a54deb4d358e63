import Anthropic, { APIConnectionTimeoutError, APIError } from "@anthropic-ai/sdk";
import { getConfig } from "../config";
import { ServiceError } from "../errors";

export interface Tool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface ToolCallResult {
  /** The tool input the model produced (not yet validated). */
  input: unknown;
  model: string;
  usage: { input_tokens: number; output_tokens: number };
  stopReason: string | null;
}

export interface ToolCallRequest {
  system: string;
  messages: Anthropic.MessageParam[];
  tool: Tool;
  maxTokens: number;
}

/** Whether a model is configured (ANTHROPIC_API_KEY). */
export function llmConfigured(): boolean {
  return !!getConfig().ANTHROPIC_API_KEY;
}

let cached: { key: string; client: Anthropic } | undefined;

function client(): Anthropic {
  const cfg = getConfig();
  if (!cfg.ANTHROPIC_API_KEY) {
    throw new ServiceError("SERVICE_UNAVAILABLE", "No language model is configured on this service; nothing was charged.", {
      hint: "The operator sets ANTHROPIC_API_KEY (and optionally ANTHROPIC_BASE_URL and LLM_MODEL).",
    });
  }
  const key = JSON.stringify([cfg.ANTHROPIC_API_KEY, cfg.ANTHROPIC_BASE_URL, cfg.LLM_TIMEOUT_MS]);
  if (!cached || cached.key !== key) {
    cached = {
      key,
      client: new Anthropic({ apiKey: cfg.ANTHROPIC_API_KEY, baseURL: cfg.ANTHROPIC_BASE_URL, timeout: cfg.LLM_TIMEOUT_MS, maxRetries: 1 }),
    };
  }
  return cached.client;
}

/**
 * One call with forced tool use: the model must answer by calling `tool`, whose input schema
 * shapes the answer. Provider errors become 502 (the spec lists 502 for these routes and its
 * table's only 502 code is TARGET_UNREACHABLE, so the message names the model) and timeouts
 * 504 AUDIT_TIMEOUT; neither is charged (the paid wrapper settles only successes).
 */
export async function forcedToolCall(req: ToolCallRequest): Promise<ToolCallResult> {
  const model = getConfig().LLM_MODEL;
  let message: Anthropic.Message;
  try {
    message = await client().messages.create({
      model,
      max_tokens: req.maxTokens,
      system: req.system,
      messages: req.messages,
      tools: [req.tool as Anthropic.Tool],
      tool_choice: { type: "tool", name: req.tool.name },
    });
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    if (err instanceof APIConnectionTimeoutError)
      throw new ServiceError("AUDIT_TIMEOUT", "The language model did not answer in time; nothing was charged.");
    const status = err instanceof APIError ? err.status : undefined;
    throw new ServiceError(
      "TARGET_UNREACHABLE",
      `The language model behind this service failed${status ? ` (HTTP ${status})` : ""}; the page itself was fine. Nothing was charged.`,
    );
  }
  const call = message.content.find((b): b is Anthropic.ToolUseBlock => b.type === "tool_use" && b.name === req.tool.name);
  return {
    input: call ? call.input : null,
    model: message.model,
    usage: { input_tokens: message.usage.input_tokens, output_tokens: message.usage.output_tokens },
    stopReason: message.stop_reason,
  };
}
