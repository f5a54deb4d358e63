import { z } from "zod";
import { ERROR_STATUS } from "../errors";
import { paymentSettings, usdcToAtomic } from "../payments/settings";
import { SERVICE_VERSION } from "../version";
import { catalogEntries } from "./index";
import type { AnyCatalogEntry, HttpMethod } from "./types";

const errorSchema = {
  type: "object",
  required: ["error", "code"],
  properties: {
    error: { type: "string", description: "Human-readable explanation." },
    code: { type: "string", enum: Object.keys(ERROR_STATUS), description: "Stable machine code." },
    hint: { type: "string", description: "On 402: how to pay." },
  },
} as const;

const ERROR_RESPONSES: Record<string, string> = {
  "400": "Invalid input or a blocked target (INVALID_URL, UNSUPPORTED_SCHEME, PRIVATE_ADDRESS_BLOCKED, INVALID_REQUEST). Never charged.",
  "402": "Payment required: x402 v2 terms in the base64 PAYMENT-REQUIRED header.",
  "414": "URL_TOO_LONG. Never charged.",
  "415": "UNSUPPORTED_CONTENT_TYPE. Never charged.",
  "422": "RESPONSE_TOO_LARGE, TOO_MANY_REDIRECTS or a capability-specific refusal. Never charged.",
  "429": "RATE_LIMITED. Never charged.",
  "502": "TARGET_UNREACHABLE. Never charged.",
  "503": "SERVICE_UNAVAILABLE. Never charged.",
  "504": "AUDIT_TIMEOUT. Never charged.",
};

/** OpenAPI 3.1 for every catalog endpoint, with its x402 price in `x-x402`. */
export function openApiDocument(baseUrl: string) {
  const settings = paymentSettings();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of catalogEntries()) {
    const operations: Record<string, unknown> = {};
    for (const method of entry.methods) operations[method.toLowerCase()] = operation(entry, method, settings);
    paths[entry.path] = operations;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Website Intelligence",
      version: SERVICE_VERSION,
      description:
        "Analyses one public web page per call. Paid inside each HTTP request with x402 version 2 in USDC: call, read the 402's PAYMENT-REQUIRED header, sign an EIP-3009 transferWithAuthorization, repeat with PAYMENT-SIGNATURE. Nothing is charged unless the call succeeds.",
    },
    servers: [{ url: baseUrl }],
    "x-x402": { version: 2, scheme: "exact", network: settings.network, asset: settings.asset, payTo: settings.payTo },
    paths,
    components: { schemas: { Error: errorSchema } },
  };
}

function operation(entry: AnyCatalogEntry, method: HttpMethod, settings: ReturnType<typeof paymentSettings>) {
  const input = z.toJSONSchema(entry.input, { io: "input" }) as { properties?: Record<string, unknown>; required?: string[] };
  const request =
    method === "GET"
      ? {
          parameters: Object.entries(input.properties ?? {}).map(([name, schema]) => ({
            name,
            in: "query",
            required: (input.required ?? []).includes(name),
            schema,
            // The example lets a client (or an agent-readiness check) build a request that
            // passes validation and reaches the payment step.
            ...(example(entry, name) === undefined ? {} : { example: example(entry, name) }),
          })),
        }
      : { requestBody: { required: true, content: { "application/json": { schema: input } } } };
  const successStatus = entry.settlement === "on-accept" ? "201" : "200";
  return {
    operationId: `${entry.id}${method === entry.methods[0] ? "" : method === "GET" ? "Get" : "Post"}`,
    summary: entry.title,
    description: entry.description,
    ...request,
    responses: {
      [successStatus]: {
        description: `Success; the PAYMENT-RESPONSE header carries the settlement.`,
        content: { "application/json": { schema: z.toJSONSchema(entry.output, { io: "output" }), example: entry.outputExample } },
      },
      ...Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, description]) => [
          status,
          { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        ]),
      ),
    },
    ...(entry.priceUsd
      ? {
          "x-x402": {
            price_usdc: entry.priceUsd,
            amount: usdcToAtomic(entry.priceUsd),
            network: settings.network,
            asset: settings.asset,
            settlement: entry.settlement,
          },
        }
      : {}),
  };
}

/** The service's own llms.txt (llmstxt.org format): what it is and how to call it. */
export function llmsTxt(baseUrl: string): string {
  const settings = paymentSettings();
  const lines = [
    "# Website Intelligence",
    "",
    "> Pay-per-call analysis of one public web page per call (safe fetch, page-to-Markdown, feeds, link maps), paid inside each HTTP request with x402 v2 in USDC. No accounts, no API keys; nothing is charged unless the call succeeds.",
    "",
    `Payments: x402 version 2, scheme exact, network ${settings.network}, asset ${settings.asset}. Call an endpoint, decode the base64 PAYMENT-REQUIRED header of the 402, sign an EIP-3009 transferWithAuthorization for the amount, and repeat the request with the PAYMENT-SIGNATURE header.`,
    "",
    "## Endpoints",
    "",
    ...catalogEntries().map(
      (e) =>
        `- [${e.title}](${baseUrl}${e.path}): ${e.methods.join(" or ")} ${e.path}, ${e.priceUsd ? `${e.priceUsd} USDC` : "free"}. ${e.description}`,
    ),
    "",
    "## Reference",
    "",
    `- [OpenAPI 3.1](${baseUrl}/openapi.json): every endpoint, its input and output schemas, errors and price`,
    `- [Version and terms](${baseUrl}/version): versions, network, asset, payTo and prices as JSON`,
    "",
  ];
  return lines.join("\n");
}

const example = (entry: AnyCatalogEntry, name: string): unknown => (entry.inputExample as Record<string, unknown>)[name];
