import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "@anthropic-ai/sdk";
import { getConfig } from "../config";
import { isServiceError, ServiceError } from "../errors";
import { readEventStream } from "./event-stream";

export interface Tool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface ToolCallResult {
  /** The tool input the model produced (not yet validated); null when it did not call the tool. */
  input: unknown;
  /** The id of the tool_use block, for a follow-up tool_result. */
  toolUseId: string | null;
  model: string;
  usage: TokenUsage;
  stopReason: string | null;
}

export interface ToolCallRequest {
  system: string;
  messages: Anthropic.MessageParam[];
  tool: Tool;
  maxTokens: number;
  /** Epoch milliseconds by which the answer must be complete; default now + LLM_TIMEOUT_MS. */
  deadline?: number;
}

/** Whether a model is configured (ANTHROPIC_API_KEY). */
export function llmConfigured(): boolean {
  return !!getConfig().ANTHROPIC_API_KEY;
}

/** When a model call started now would have to be finished. */
export const llmDeadline = (): number => Date.now() + getConfig().LLM_TIMEOUT_MS;

let cached: { key: string; client: Anthropic } | undefined;

function client(): Anthropic {
  const cfg = getConfig();
  if (!cfg.ANTHROPIC_API_KEY) {
    throw new ServiceError("SERVICE_UNAVAILABLE", "No language model is configured on this service; nothing was charged.", {
      hint: "The operator sets ANTHROPIC_API_KEY (and optionally ANTHROPIC_BASE_URL and LLM_MODEL).",
    });
  }
  const key = JSON.stringify([cfg.ANTHROPIC_API_KEY, cfg.ANTHROPIC_BASE_URL]);
  if (!cached || cached.key !== key) {
    cached = {
      key,
      client: new Anthropic({
        apiKey: cfg.ANTHROPIC_API_KEY,
        baseURL: cfg.ANTHROPIC_BASE_URL,
        // Retries are ours (see forcedToolCall): the SDK's would wait out any Retry-After,
        // however long, and turn a quick 502 into a 504 at the end of the budget.
        maxRetries: 0,
        // The SDK sends the key as a bearer token; the Messages API documents `x-api-key`,
        // and some gateways read only that, so both carry it.
        defaultHeaders: { "x-api-key": cfg.ANTHROPIC_API_KEY },
      }),
    };
  }
  return cached.client;
}

/**
 * One call with forced tool use: the model must answer by calling `tool`, whose input schema
 * shapes the answer. The reply is read as JSON or as server-sent events, whichever the
 * provider (or a gateway) sends. Provider errors become 502 (the spec lists 502 for these
 * routes and its table's only 502 code is TARGET_UNREACHABLE, so the message names the
 * model) and a missed deadline 504 AUDIT_TIMEOUT; neither is charged (the paid wrapper
 * settles only successes).
 */
export async function forcedToolCall(req: ToolCallRequest): Promise<ToolCallResult> {
  const cfg = getConfig();
  const anthropic = client();
  const deadline = req.deadline ?? llmDeadline();
  let message: Anthropic.Message | undefined;
  for (let attempt = 1; !message; attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw timeoutError();
    const signal = AbortSignal.timeout(remaining);
    try {
      const response = await anthropic.messages
        .create(
          {
            model: cfg.LLM_MODEL,
            max_tokens: req.maxTokens,
            system: req.system,
            messages: req.messages,
            tools: [req.tool as Anthropic.Tool],
            tool_choice: { type: "tool", name: req.tool.name },
            stream: cfg.LLM_STREAM,
          },
          { signal, timeout: remaining },
        )
        .asResponse();
      message = await readMessage(response);
    } catch (err) {
      if (isServiceError(err)) throw err;
      if (signal.aborted || err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError) throw timeoutError();
      const wait = attempt === 1 ? retryDelayMs(err) : null;
      // One retry, only when the wait and a reasonable answer time fit in the budget.
      if (wait !== null && Date.now() + wait + MIN_ANSWER_MS < deadline) {
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      const status = err instanceof APIError ? err.status : undefined;
      throw new ServiceError(
        "TARGET_UNREACHABLE",
        `The language model behind this service failed${status ? ` (HTTP ${status})` : ""}; the page itself was fine. Nothing was charged.`,
      );
    }
  }
  const call = message.content?.find((b): b is Anthropic.ToolUseBlock => b.type === "tool_use" && b.name === req.tool.name);
  return {
    input: call ? call.input : null,
    toolUseId: call?.id ?? null,
    model: message.model ?? cfg.LLM_MODEL,
    usage: { input_tokens: message.usage?.input_tokens ?? 0, output_tokens: message.usage?.output_tokens ?? 0 },
    stopReason: message.stop_reason ?? null,
  };
}

const MIN_ANSWER_MS = 2000;
const RETRYABLE = new Set([408, 409, 429, 500, 502, 503, 504, 529]);

/** How long to wait before retrying a failed call, or null when it is not worth retrying. */
function retryDelayMs(err: unknown): number | null {
  if (err instanceof APIError && err.status !== undefined) {
    if (!RETRYABLE.has(err.status)) return null;
    const header = (err.headers as Headers | undefined)?.get?.("retry-after");
    const seconds = header ? Number(header) : NaN;
    return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 500;
  }
  return err instanceof APIConnectionError ? 500 : null;
}

/** The assistant message of a response: one JSON document, or read from its event stream. */
async function readMessage(response: Response): Promise<Anthropic.Message> {
  if ((response.headers.get("content-type") ?? "").includes("text/event-stream") && response.body) return readEventStream(response.body);
  return (await response.json()) as Anthropic.Message;
}

const timeoutError = () => new ServiceError("AUDIT_TIMEOUT", "The language model did not answer in time; nothing was charged.");
