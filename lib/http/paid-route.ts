import { randomUUID } from "node:crypto";
import type { RouteConfig } from "@x402/core/server";
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { withX402 } from "@x402/next";
import { NextRequest, NextResponse } from "next/server";
import { z } from "zod";
import type { CapabilityContext } from "../capabilities/context";
import type { CatalogEntry, FreeGrant, HttpMethod } from "../catalog/types";
import { getConfig, publicUrl } from "../config";
import { ServiceError } from "../errors";
import { log } from "../log";
import { recordPayment, recordRequest } from "../payments/ledger";
import { getResourceServer } from "../payments/resource-server";
import { type PaymentSettings, usdcToAtomic } from "../payments/settings";
import { readRawInput, validateInput } from "./input";
import { rateLimitResponse } from "./rate-limit";
import { errorResponse, preflight, withStandardHeaders } from "./respond";

type Handler = (request: NextRequest) => Promise<Response>;
type AnyEntry = CatalogEntry<unknown, unknown>;

interface PendingCall {
  input: unknown;
  requestId: string;
  costs: Record<string, number>;
}

export const PAYMENT_HINT =
  "Pay with x402 version 2: decode the base64 PAYMENT-REQUIRED header, sign an EIP-3009 transferWithAuthorization for the quoted amount, and repeat the same request with the PAYMENT-SIGNATURE header. Nothing is charged unless the call succeeds.";

/**
 * Builds the route handlers of a paid catalog entry. For each request, in order:
 * 1. input is read and validated (a bad URL or body is a 400 that never asks for payment),
 *    and the entry's precondition checked (a capability that cannot run here says so first);
 *    An entry's free-access grant (remediation with a signed report) runs it with no payment;
 * 2. an x402 v1 `X-PAYMENT` header alone gets the 402 with a hint that only v2 is supported;
 * 3. `withX402` answers 402 with the terms, or verifies the signature, runs the capability
 *    and settles only if it returned a success (status < 400);
 * 4. the response is normalised: every failure is `{error, code}`, a 402 carries a hint,
 *    and a settlement is written to the ledger with the call's costs (model tokens).
 */
export function paidRoute<I, O>(entry: CatalogEntry<I, O>): Record<HttpMethod | "OPTIONS", Handler> {
  const serve = (method: HttpMethod): Handler => (entry.methods.includes(method) ? paidHandler(entry, method) : methodNotAllowed(entry));
  return { GET: serve("GET"), POST: serve("POST"), OPTIONS: async () => preflight() };
}

function methodNotAllowed(entry: AnyEntry): Handler {
  return async (request) => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    const err = new ServiceError("METHOD_NOT_ALLOWED", `${entry.path} accepts ${entry.methods.join(" and ")} only.`);
    return withStandardHeaders(errorResponse(err, requestId), requestId);
  };
}

function paidHandler<I, O>(entry: CatalogEntry<I, O>, method: HttpMethod): Handler {
  const pending = new WeakMap<Request, PendingCall>();
  let wrapped: { key: string; handler: Handler } | undefined;

  const run = async (call: PendingCall, freeUse?: FreeGrant): Promise<NextResponse> => {
    const ctx: CapabilityContext = {
      requestId: call.requestId,
      log: log.child({ requestId: call.requestId, route: entry.id }),
      now: () => new Date(),
      fetchTimeoutMs: getConfig().FETCH_TIMEOUT_MS,
      costs: call.costs,
      ...(freeUse ? { freeUse: { usesRemaining: freeUse.usesRemaining } } : {}),
    };
    try {
      const output = await entry.run(call.input as I, ctx);
      return NextResponse.json(output, { status: entry.settlement === "on-accept" ? 201 : 200 });
    } catch (err) {
      // A free use is given back when the call fails, as a payment would not be taken.
      await freeUse?.release().catch((e: unknown) => log.error({ err: e, requestId: call.requestId }, "free use not released"));
      return errorResponse(err, call.requestId);
    }
  };

  const runCapability = async (request: NextRequest): Promise<NextResponse> => {
    const call = pending.get(request);
    if (!call) throw new Error("paid handler called without a validated input");
    return run(call);
  };

  // Built lazily: the payment terms (token address, payTo) exist only once the service runs.
  const x402Handler = (): Handler => {
    const { server, settings } = getResourceServer();
    const key = JSON.stringify(settings);
    if (!wrapped || wrapped.key !== key) {
      wrapped = { key, handler: withX402(runCapability, { [entry.path]: routeConfig(entry, method, settings) }, server) };
    }
    return wrapped.handler;
  };

  return async (request) => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    const started = performance.now();
    let response: Response;
    let settled: { amount: string; tx: string } | undefined;
    const costs: Record<string, number> = {};
    const limited = await rateLimitResponse(request, requestId);
    if (limited) return withStandardHeaders(limited, requestId);
    try {
      const input = validateInput(entry.input, await readRawInput(request, method), entry.inputErrorCodes);
      entry.precondition?.();
      const grant = entry.freeAccess ? await entry.freeAccess(input) : null;
      if (grant) {
        response = await run({ input, requestId, costs }, grant);
      } else {
        const v1Only = request.headers.has("x-payment") && !request.headers.has("payment-signature");
        const forwarded = copyRequest(request, method, input, v1Only);
        pending.set(forwarded, { input, requestId, costs });
        const raw = await x402Handler()(forwarded);
        ({ response, settled } = await normaliseResponse(raw, entry, method, requestId, v1Only, costs));
      }
    } catch (err) {
      response = errorResponse(err, requestId);
    }
    const record = {
      requestId,
      route: entry.path,
      method,
      status: response.status,
      code: response.status >= 400 ? await errorCode(response) : null,
      durationMs: Math.round(performance.now() - started),
      settledAmount: settled?.amount ?? null,
      costs: Object.keys(costs).length ? costs : null,
    };
    log.info(record, "request");
    recordRequest({ ...record, retentionDays: getConfig().RETENTION_DAYS });
    return withStandardHeaders(response, requestId);
  };
}

/** A fresh request for the x402 wrapper, whose adapter may read the body itself. */
function copyRequest(request: NextRequest, method: HttpMethod, input: unknown, dropV1Header: boolean): NextRequest {
  const headers = new Headers(request.headers);
  if (dropV1Header) headers.delete("x-payment");
  // The wrapper serves an HTML paywall to browsers; this API answers JSON to everyone.
  headers.set("accept", "application/json");
  // The 402's resource URL names this service as the public sees it, not the bind address.
  const url = new URL(request.url);
  return new NextRequest(`${publicUrl()}${url.pathname}${url.search}`, {
    method,
    headers,
    body: method === "POST" ? JSON.stringify(input) : undefined,
  });
}

export function routeConfig(entry: AnyEntry, method: HttpMethod, settings: PaymentSettings): RouteConfig {
  if (!entry.priceUsd) throw new Error(`${entry.id} is free and cannot be a paid route`);
  const inputSchema = z.toJSONSchema(entry.input, { io: "input" }) as Record<string, unknown>;
  const outputSchema = z.toJSONSchema(entry.output, { io: "output" }) as Record<string, unknown>;
  const exampleInput = entry.inputExample as Record<string, unknown>;
  const discovery =
    method === "GET"
      ? declareDiscoveryExtension({ input: exampleInput, inputSchema, output: { example: entry.outputExample, schema: outputSchema } })
      : declareDiscoveryExtension({
          bodyType: "json",
          input: exampleInput,
          inputSchema,
          output: { example: entry.outputExample, schema: outputSchema },
        });
  return {
    accepts: {
      scheme: "exact",
      network: settings.network,
      payTo: settings.payTo,
      price: {
        amount: usdcToAtomic(entry.priceUsd),
        asset: settings.asset,
        extra: { name: settings.assetName, version: settings.assetVersion },
      },
      maxTimeoutSeconds: settings.maxTimeoutSeconds,
    },
    description: `${entry.title}: ${entry.description}`,
    mimeType: "application/json",
    serviceName: "Website Intelligence",
    extensions: discovery,
  };
}

interface Normalised {
  response: Response;
  settled?: { amount: string; tx: string };
}

async function normaliseResponse(
  raw: Response,
  entry: AnyEntry,
  method: HttpMethod,
  requestId: string,
  v1Only: boolean,
  costs: Record<string, number>,
): Promise<Normalised> {
  if (raw.status === 402) return { response: await paymentRequiredResponse(raw, entry, v1Only) };
  if (raw.status >= 400) {
    const body = (await raw
      .clone()
      .json()
      .catch(() => null)) as { code?: string; error?: string } | null;
    if (body?.code) return { response: raw };
    // Failures from the payment layer itself (facilitator down, surprise in the wrapper).
    log.error({ requestId, status: raw.status, body }, "payment layer failure");
    const err =
      raw.status >= 500 && raw.status !== 500
        ? new ServiceError(
            "SERVICE_UNAVAILABLE",
            `The payment facilitator is unavailable (${body?.error ?? "no answer"}); nothing was charged.`,
          )
        : new ServiceError("INTERNAL_ERROR", `Internal error; nothing was charged. Quote request id ${requestId} when reporting it.`);
    return { response: rebuild(raw, err.status, { error: err.message, code: err.code }) };
  }
  const header = raw.headers.get("payment-response");
  if (!header) return { response: raw };
  const settlement = decodeBase64Json(header) as { success?: boolean; transaction?: string; network?: string; payer?: string } | null;
  const { settings } = getResourceServer();
  const amount = usdcToAtomic(entry.priceUsd ?? "0");
  if (settlement?.transaction) {
    await recordPayment({
      requestId,
      route: entry.path,
      method,
      amount,
      asset: settings.asset,
      network: settlement.network ?? settings.network,
      payer: settlement.payer ?? null,
      txHash: settlement.transaction,
      costs: Object.keys(costs).length ? costs : null,
    }).catch((err) => log.error({ err, requestId, tx: settlement.transaction }, "ledger write failed after settlement"));
  }
  return { response: raw, settled: { amount, tx: settlement?.transaction ?? "" } };
}

async function paymentRequiredResponse(raw: Response, entry: AnyEntry, v1Only: boolean): Promise<Response> {
  const terms = decodeBase64Json(raw.headers.get("payment-required") ?? "") as { error?: string; accepts?: { network?: string }[] } | null;
  const price = `${entry.priceUsd} USDC`;
  const network = terms?.accepts?.[0]?.network ?? "";
  let error: string;
  if (v1Only) error = `x402 version 1 (X-PAYMENT) is not supported. ${entry.title} costs ${price} on ${network}, paid with x402 version 2.`;
  else if (!terms) error = "The payment could not be settled; nothing was charged. Sign a new authorization and retry.";
  else if (!terms.error || terms.error === "Payment required") error = `Payment required: ${entry.title} costs ${price} on ${network}.`;
  else error = `The payment was not accepted (${terms.error}); nothing was charged.`;
  const hint = v1Only ? `Only x402 version 2 is supported. ${PAYMENT_HINT}` : PAYMENT_HINT;
  return rebuild(raw, 402, { error, code: "PAYMENT_REQUIRED", hint, price_usdc: entry.priceUsd });
}

function rebuild(raw: Response, status: number, body: Record<string, unknown>): Response {
  const headers = new Headers(raw.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status, headers });
}

function decodeBase64Json(value: string): unknown {
  if (!value) return null;
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return null;
  }
}

async function errorCode(res: Response): Promise<string | null> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code ?? null;
}
