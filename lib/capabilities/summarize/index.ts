import { z } from "zod";
import { ServiceError, isServiceError } from "../../errors";
import { forcedToolCall, llmConfigured } from "../../llm/client";
import { dataRule, fencePage } from "../../llm/page-prompt";
import { addCosts, type CapabilityContext } from "../context";
import { readPageText, type PageText } from "../shared/page-text";
import { pageResultFields, pageWarning, type PageWarning, urlInput } from "../shared/schemas";
import { extractiveSummary } from "./extractive";

/** How much of the page's Markdown the model reads, and how long its answer may be. */
export const SUMMARY_PAGE_CHARS = 24_000;
export const SUMMARY_MAX_TOKENS = 1024;
export const SUMMARY_TOOL = "record_summary";
export const MAX_FOCUS_CHARS = 300;
/** The `model` of a summary made without a language model. */
export const EXTRACTIVE_MODEL = "extractive";

export const summarizeInput = z.object({
  url: urlInput("an HTML page").shape.url,
  focus: z
    .string()
    .trim()
    .max(MAX_FOCUS_CHARS)
    .optional()
    .describe(`What the summary should concentrate on (at most ${MAX_FOCUS_CHARS} characters), e.g. "pricing" or "security practices".`),
});
export type SummarizeInput = z.infer<typeof summarizeInput>;

export const summarizeOutput = z.object({
  ...pageResultFields,
  summary: z.string().describe("A few sentences on what the page says; empty when the page has no text."),
  model: z.string().describe(`The model that wrote the summary, or "${EXTRACTIVE_MODEL}" when sentences were selected without one.`),
  title: z.string().nullable().optional(),
  key_facts: z.array(z.string()).optional(),
  entities: z.array(z.string()).optional(),
  word_count: z.number().int().optional().describe("Words of the page's main content."),
  focus: z.string().nullable().optional(),
  fetched_at: z.iso.datetime().optional(),
  timing_ms: z.object({ fetch: z.number().int(), llm: z.number().int(), total: z.number().int() }).optional(),
  warnings: z.array(pageWarning).optional(),
});
export type SummarizeOutput = z.infer<typeof summarizeOutput>;

export const summarizeExample: SummarizeOutput = {
  schema_version: "1.0.0",
  url: "https://example.com/post",
  final_url: "https://example.com/post",
  http_status: 200,
  summary: "Example Coffee opened its first roastery in Lisbon in March 2026. It roasts 400 kg a day and offers weekend tours.",
  model: "claude-haiku-5-5",
  title: "Example Coffee opens a roastery",
  key_facts: ["The roastery opened on 3 March 2026.", "It can roast 400 kg of coffee a day."],
  entities: ["Example Coffee", "Lisbon"],
  word_count: 412,
  focus: null,
  fetched_at: "2026-01-01T00:00:00.000Z",
  timing_ms: { fetch: 110, llm: 2100, total: 2215 },
  warnings: [],
};

const SUMMARY_SCHEMA = {
  type: "object",
  properties: {
    summary: { type: "string", description: "Three to six plain sentences on what the page says, most important first." },
    key_facts: {
      type: "array",
      items: { type: "string" },
      maxItems: 8,
      description: "Up to eight short, self-contained facts from the page (figures, dates, prices, names), each one sentence.",
    },
    entities: {
      type: "array",
      items: { type: "string" },
      maxItems: 15,
      description: "Names of organisations, people, products and places the page is about, most important first.",
    },
  },
  required: ["summary", "key_facts", "entities"],
} as const;

const modelAnswer = z.object({
  summary: z.string().trim().min(1),
  key_facts: z.array(z.unknown()).default([]),
  entities: z.array(z.unknown()).default([]),
});

const oneLine = (text: string) => text.replace(/\s+/g, " ");

const strings = (values: unknown[], max: number) =>
  values
    .filter((v): v is string => typeof v === "string" && v.trim() !== "")
    .map((v) => v.trim())
    .slice(0, max);

/**
 * Summarizer: a structured summary of one HTML page by forced tool use, steered by `focus`;
 * without a model key (or for a page without text) an extractive summary of the page's own
 * sentences, labelled `model: "extractive"`. Non-HTML targets are 422 (the spec's status for
 * this route), never charged.
 */
export async function summarizeCapability(input: SummarizeInput, ctx: CapabilityContext): Promise<SummarizeOutput> {
  const started = performance.now();
  const fetchedAt = ctx.now();
  const focus = input.focus || null;
  const page = await readPageText(input.url, ctx).catch((err: unknown) => {
    if (isServiceError(err) && err.code === "UNSUPPORTED_CONTENT_TYPE") {
      throw new ServiceError(
        "UNSUPPORTED_CONTENT_TYPE",
        "The Summarizer reads HTML pages only, and the target is not HTML; nothing was charged.",
        err.extra,
        422,
      );
    }
    throw err;
  });
  const base = {
    schema_version: "1.0.0" as const,
    url: page.page.requestedUrl,
    final_url: page.page.finalUrl,
    http_status: page.page.status,
    title: page.title,
    word_count: page.wordCount,
    focus,
    fetched_at: fetchedAt.toISOString(),
  };
  const warnings: PageWarning[] = [...page.warnings];
  if (!llmConfigured() || page.wordCount === 0) {
    const extractive = extractiveSummary(page.markdown, focus);
    const total = Math.round(performance.now() - started);
    return { ...base, ...extractive, model: EXTRACTIVE_MODEL, timing_ms: { fetch: page.readMs, llm: 0, total }, warnings };
  }
  const llmStarted = performance.now();
  const answer = await askModel(page, focus, ctx);
  if (answer.truncated) {
    warnings.push({
      type: "content_truncated",
      message: `The page's Markdown is ${page.markdown.length} characters; the model read the first ${SUMMARY_PAGE_CHARS}.`,
    });
  }
  const llm = Math.round(performance.now() - llmStarted);
  return {
    ...base,
    summary: answer.summary,
    key_facts: answer.key_facts,
    entities: answer.entities,
    model: answer.model,
    timing_ms: { fetch: page.readMs, llm, total: Math.round(performance.now() - started) },
    warnings,
  };
}

async function askModel(page: PageText, focus: string | null, ctx: CapabilityContext) {
  const url = page.page.finalUrl;
  const fenced = fencePage({ url, title: page.title, markdown: page.markdown }, SUMMARY_PAGE_CHARS);
  const system = [
    `You summarise one web page for a reader who has not seen it, and answer only by calling the ${SUMMARY_TOOL} tool.`,
    dataRule(fenced.tag),
    "Use only what the page states; do not add outside knowledge or opinions. Write in the page's language.",
    focus
      ? `The reader wants the summary to focus on: "${oneLine(focus)}". Cover what the page says about that first, and choose key facts about it; if the page says nothing about it, say so in the first sentence, then summarise the page.`
      : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  const result = await forcedToolCall({
    system,
    messages: [
      {
        role: "user",
        content: `${fenced.text}\n\nSummarise the page above by calling ${SUMMARY_TOOL}${focus ? `, focusing on "${oneLine(focus)}"` : ""}.`,
      },
    ],
    tool: { name: SUMMARY_TOOL, description: "Record the summary of the page.", input_schema: SUMMARY_SCHEMA },
    maxTokens: SUMMARY_MAX_TOKENS,
  });
  addCosts(ctx, { llm_calls: 1, llm_input_tokens: result.usage.input_tokens, llm_output_tokens: result.usage.output_tokens });
  ctx.log.info({ model: result.model, usage: result.usage, stopReason: result.stopReason }, "model call");
  const parsed = modelAnswer.safeParse(result.input);
  // A cut-off or refused answer may still parse, but it is not a summary.
  if (!parsed.success || result.stopReason === "max_tokens" || result.stopReason === "refusal") {
    throw new ServiceError("TARGET_UNREACHABLE", "The language model returned an unusable summary; nothing was charged. Retry the call.", {
      model: result.model,
    });
  }
  return {
    summary: parsed.data.summary,
    key_facts: strings(parsed.data.key_facts, 8),
    entities: strings(parsed.data.entities, 15),
    model: result.model,
    truncated: fenced.truncated,
  };
}
