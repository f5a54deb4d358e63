import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { ServiceError } from "../../errors";
import { forcedToolCall, llmConfigured, llmDeadline, type ToolCallResult } from "../../llm/client";
import { dataRule, fencePage } from "../../llm/page-prompt";
import { addCosts, type CapabilityContext } from "../context";
import { readPageText } from "../shared/page-text";
import { pageResultFields, pageWarning, type PageWarning, urlInput } from "../shared/schemas";
import { checkOutput } from "./output-validator";
import { extractionSchemaProblem } from "./schema";

/** The spec's cut of the page text and cap of the model's answer. */
export const STRUCTURED_PAGE_CHARS = 8000;
export const STRUCTURED_MAX_TOKENS = 1024;
export const EXTRACTION_TOOL = "record_extraction";
// A repair attempt is made only when this much of the model budget is left.
const REPAIR_MIN_MS = 3000;

export const structuredInput = z.object({
  url: urlInput("an HTML page").shape.url,
  schema: z
    .unknown()
    .superRefine((schema, ctx) => {
      const problem = extractionSchemaProblem(schema);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .meta({
      type: "object",
      description:
        'The JSON Schema (draft 2020-12) the data must match: "type": "object" at the top, self-contained (no $ref), under 4000 characters serialised.',
    }) as z.ZodType<Record<string, unknown>>,
});
export type StructuredInput = z.infer<typeof structuredInput>;

export const structuredOutput = z.object({
  ...pageResultFields,
  data: z.record(z.string(), z.unknown()).describe("An object that validates against the caller's schema."),
  model: z.string().describe("The model that filled the schema."),
  fetched_at: z.iso.datetime(),
  timing_ms: z.object({ fetch: z.number().int(), llm: z.number().int(), total: z.number().int() }),
  warnings: z.array(pageWarning).optional(),
});
export type StructuredOutput = z.infer<typeof structuredOutput>;

export const structuredExampleInput: StructuredInput = {
  url: "https://example.com/pricing",
  schema: {
    type: "object",
    properties: {
      plans: {
        type: "array",
        items: { type: "object", properties: { name: { type: "string" }, price_usd: { type: ["number", "null"] } }, required: ["name"] },
      },
    },
    required: ["plans"],
  },
};

export const structuredExample: StructuredOutput = {
  schema_version: "1.0.0",
  url: "https://example.com/pricing",
  final_url: "https://example.com/pricing",
  http_status: 200,
  data: { plans: [{ name: "Starter", price_usd: 9 }] },
  model: "claude-haiku-5-5",
  fetched_at: "2026-01-01T00:00:00.000Z",
  timing_ms: { fetch: 120, llm: 1800, total: 1925 },
  warnings: [],
};

/** No model, no structured extraction: said before any payment is asked for. */
export function requireModel(): void {
  if (!llmConfigured()) {
    throw new ServiceError(
      "SERVICE_UNAVAILABLE",
      "Structured Extraction needs a language model, and none is configured here; nothing was charged.",
      {
        hint: "Set ANTHROPIC_API_KEY (and optionally ANTHROPIC_BASE_URL and LLM_MODEL) and restart the service.",
      },
    );
  }
}

const SYSTEM = (tag: string) =>
  [
    `You extract data from one web page into the structure defined by the ${EXTRACTION_TOOL} tool's input schema, and answer only by calling that tool.`,
    dataRule(tag),
    "Use only facts stated in the page. Where the page does not give a value, use null if the schema allows it, leave an optional property out, or use an empty array; never invent values.",
    "Keep values as the page states them (numbers as numbers where the schema asks for numbers).",
  ].join("\n\n");

/**
 * Structured Extraction: the page's Markdown (cut to 8000 characters) given to the model with
 * one tool whose input schema is the caller's, forced by tool_choice. The tool input is
 * validated against the schema; if it fails, the model is shown the errors once; still
 * invalid is 422 STRUCTURED_OUTPUT_INVALID (never charged).
 */
export async function structuredCapability(input: StructuredInput, ctx: CapabilityContext): Promise<StructuredOutput> {
  requireModel();
  const started = performance.now();
  const fetchedAt = ctx.now();
  const page = await readPageText(input.url, ctx);
  const fenced = fencePage({ url: page.page.finalUrl, title: page.title, markdown: page.markdown }, STRUCTURED_PAGE_CHARS);
  const tool = {
    name: EXTRACTION_TOOL,
    description: "Record the data extracted from the page. The input must match the schema exactly.",
    input_schema: input.schema,
  };
  const system = SYSTEM(fenced.tag);
  const messages: Anthropic.MessageParam[] = [
    { role: "user", content: `${fenced.text}\n\nExtract the data from the page above by calling ${EXTRACTION_TOOL}.` },
  ];

  const llmStarted = performance.now();
  const deadline = llmDeadline();
  const ask = async (): Promise<ToolCallResult> => {
    const result = await forcedToolCall({ system, messages, tool, maxTokens: STRUCTURED_MAX_TOKENS, deadline });
    addCosts(ctx, { llm_calls: 1, llm_input_tokens: result.usage.input_tokens, llm_output_tokens: result.usage.output_tokens });
    ctx.log.info({ model: result.model, usage: result.usage, stopReason: result.stopReason }, "model call");
    return result;
  };

  let answer = await ask();
  let check = await checkAnswer(input.schema, answer);
  if (!check.valid && answer.toolUseId && deadline - Date.now() >= REPAIR_MIN_MS) {
    // One repair: the model sees its own call and what was wrong with it.
    messages.push(
      { role: "assistant", content: [{ type: "tool_use", id: answer.toolUseId, name: EXTRACTION_TOOL, input: answer.input ?? {} }] },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: answer.toolUseId,
            is_error: true,
            content: `The input does not match the schema:\n${check.errors.join("\n")}\nCall ${EXTRACTION_TOOL} again with corrected input.`,
          },
        ],
      },
    );
    answer = await ask();
    check = await checkAnswer(input.schema, answer);
  }
  const llmMs = Math.round(performance.now() - llmStarted);
  if (!check.valid) {
    throw new ServiceError("STRUCTURED_OUTPUT_INVALID", "The model's output did not match the schema; nothing was charged.", {
      validation_errors: check.errors,
      model: answer.model,
    });
  }
  const warnings: PageWarning[] = [...page.warnings];
  if (fenced.truncated) {
    warnings.push({
      type: "content_truncated",
      message: `The page's Markdown is ${page.markdown.length} characters; the model read the first ${STRUCTURED_PAGE_CHARS}.`,
    });
  }
  return {
    schema_version: "1.0.0",
    url: page.page.requestedUrl,
    final_url: page.page.finalUrl,
    http_status: page.page.status,
    data: answer.input as Record<string, unknown>,
    model: answer.model,
    fetched_at: fetchedAt.toISOString(),
    timing_ms: { fetch: page.readMs, llm: llmMs, total: Math.round(performance.now() - started) },
    warnings,
  };
}

async function checkAnswer(schema: Record<string, unknown>, answer: ToolCallResult) {
  // A cut-off or refused answer may still parse (even as `{}`), but it is not an answer.
  if (answer.stopReason === "max_tokens") {
    return { valid: false, errors: [`(root): the answer was cut off at the ${STRUCTURED_MAX_TOKENS}-token limit; give a shorter answer`] };
  }
  if (answer.stopReason === "refusal") return { valid: false, errors: ["(root): the model declined to answer"] };
  if (answer.input === null || typeof answer.input !== "object" || Array.isArray(answer.input)) {
    return { valid: false, errors: ["(root): the model did not call the tool with an object"] };
  }
  return checkOutput(schema, answer.input);
}
