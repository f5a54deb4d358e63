"use client";

import { ConnectButton } from "@rainbow-me/rainbowkit";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useAccount, useConfig } from "wagmi";
import { getWalletClient, switchChain } from "wagmi/actions";
import { type BrowserSigner, payAndRepeat, type Quote, readQuote, readSettlement } from "@/lib/web/browser-payment";
import type { CapabilityForm } from "@/lib/web/forms";
import type { WalletSettings } from "@/lib/web/wallet-settings";

type Phase =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "quote"; quote: Quote; request: PreparedRequest }
  | { kind: "paying"; step: string }
  | { kind: "done"; status: number; body: unknown; settlement: ReturnType<typeof readSettlement> }
  | { kind: "error"; message: string; field?: string };

interface PreparedRequest {
  url: string;
  init: RequestInit;
}

const NOTHING_CHARGED = "Nothing was charged.";

/** What the user typed, as the route's request (GET query or POST JSON body). */
function prepare(form: CapabilityForm, values: Record<string, string>): PreparedRequest | { field: string; message: string } {
  const input: Record<string, unknown> = {};
  for (const field of form.fields) {
    const raw = (values[field.name] ?? "").trim();
    if (!raw) {
      if (field.required) return { field: field.name, message: `${field.label} is required.` };
      continue;
    }
    if (field.kind === "json") {
      try {
        input[field.name] = JSON.parse(raw);
      } catch {
        return { field: field.name, message: `${field.label} is not valid JSON.` };
      }
    } else if (field.kind === "lines") input[field.name] = raw.split(/\s+/).filter(Boolean);
    else input[field.name] = raw;
  }
  if (form.method === "GET") {
    const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));
    return { url: `${form.path}?${query}`, init: { method: "GET", headers: { accept: "application/json" } } };
  }
  return {
    url: form.path,
    init: { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(input) },
  };
}

async function errorOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: string; code?: string } | null;
  return `${body?.error ?? `The service answered HTTP ${res.status}.`}${body?.code ? ` (${body.code})` : ""}`;
}

/** A wallet's "the user said no" (EIP-1193 code 4001), anywhere in the error's cause chain. */
const isRejection = (err: unknown): boolean => {
  for (
    let e = err as { name?: string; code?: number; cause?: unknown } | undefined, depth = 0;
    e && depth < 6;
    e = e.cause as typeof e, depth++
  ) {
    if (e.name === "UserRejectedRequestError" || e.code === 4001) return true;
  }
  return false;
};

/** The chain id of a CAIP-2 network ("eip155:8453" → 8453). */
const chainIdOf = (network: string) => Number(network.split(":")[1]);

export function RunForm({ forms, wallet }: { forms: CapabilityForm[]; wallet: WalletSettings }) {
  const [selected, setSelected] = useState(forms[0]?.id ?? "");
  const [values, setValues] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const { address, chainId, isConnected } = useAccount();
  const config = useConfig();
  const resultRef = useRef<HTMLElement>(null);
  const form = forms.find((f) => f.id === selected) ?? forms[0]!;
  const ids = useId();
  const busy = phase.kind === "checking" || phase.kind === "paying";
  // Keyboard and screen-reader users land on the outcome: a quote, a result or an error.
  useEffect(() => {
    if (phase.kind === "quote" || phase.kind === "done" || phase.kind === "error") resultRef.current?.focus();
  }, [phase.kind]);

  async function check(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const request = prepare(form, values);
    if ("message" in request) return setPhase({ kind: "error", message: `${request.message} ${NOTHING_CHARGED}`, field: request.field });
    setPhase({ kind: "checking" });
    try {
      const res = await fetch(request.url, request.init);
      if (res.status === 402) {
        const quote = readQuote(res);
        return setPhase(
          quote ? { kind: "quote", quote, request } : { kind: "error", message: `The payment terms could not be read. ${NOTHING_CHARGED}` },
        );
      }
      if (!res.ok) return setPhase({ kind: "error", message: `${await errorOf(res)} ${NOTHING_CHARGED}` });
      setPhase({ kind: "done", status: res.status, body: await res.json(), settlement: null });
    } catch {
      setPhase({ kind: "error", message: `The service could not be reached. ${NOTHING_CHARGED}` });
    }
  }

  async function pay(quote: Quote, request: PreparedRequest) {
    if (!address) return setPhase({ kind: "error", message: `Connect a wallet first. ${NOTHING_CHARGED}` });
    const target = chainIdOf(quote.network);
    let sent = false;
    try {
      if (chainId !== target) {
        setPhase({ kind: "paying", step: `Switching your wallet to ${wallet.chainName}…` });
        await switchChain(config, { chainId: target });
      }
      // Asked for after any switch, for the quote's chain (a client bound to another chain would refuse).
      const walletClient = await getWalletClient(config, { chainId: target, account: address });
      const signTypedData: BrowserSigner["signTypedData"] = async (message) => {
        setPhase({ kind: "paying", step: "Waiting for your signature in the wallet…" });
        // The x402 client builds the EIP-712 message; viem's types are stricter than its shape.
        const signature = await walletClient.signTypedData({ account: address, ...message } as Parameters<
          typeof walletClient.signTypedData
        >[0]);
        setPhase({ kind: "paying", step: "Signed. Running the call and settling the payment…" });
        sent = true;
        return signature;
      };
      const res = await payAndRepeat(request.url, request.init, quote, { address, signTypedData });
      const settlement = readSettlement(res);
      if (!res.ok) return setPhase({ kind: "error", message: `${await errorOf(res)} ${NOTHING_CHARGED}` });
      setPhase({ kind: "done", status: res.status, body: await res.json(), settlement });
    } catch (err) {
      if (isRejection(err))
        return setPhase({ kind: "error", message: `You rejected the ${sent ? "request" : "signature"}. ${NOTHING_CHARGED}` });
      setPhase({
        kind: "error",
        message: sent
          ? `The answer did not arrive (${(err as Error).message}). A payment settles only with a successful answer; check your wallet's history before retrying.`
          : `The payment was not made (${(err as Error).message}). ${NOTHING_CHARGED}`,
      });
    }
  }

  return (
    <div className="mt-8">
      <form onSubmit={check} className="space-y-4" noValidate>
        <div>
          <label htmlFor={`${ids}-capability`} className="block text-sm font-medium">
            Capability
          </label>
          <select
            id={`${ids}-capability`}
            value={selected}
            onChange={(e) => {
              setSelected(e.target.value);
              setPhase({ kind: "idle" });
            }}
            className="mt-1 w-full rounded-md border border-zinc-400 bg-white px-3 py-2 dark:border-zinc-600 dark:bg-zinc-900"
          >
            {forms.map((f) => (
              <option key={f.id} value={f.id}>
                {f.title} — {f.priceUsd} USDC
              </option>
            ))}
          </select>
        </div>
        {form.fields.map((field) => (
          <div key={`${form.id}-${field.name}`}>
            <label htmlFor={`${ids}-${field.name}`} className="block text-sm font-medium">
              {field.label}
              {field.required ? "" : " (optional)"}
            </label>
            {field.kind === "text" ? (
              <input
                id={`${ids}-${field.name}`}
                name={field.name}
                type="text"
                inputMode={field.name === "url" ? "url" : "text"}
                autoComplete={field.name === "url" ? "url" : "off"}
                placeholder={field.placeholder}
                aria-invalid={phase.kind === "error" && phase.field === field.name ? true : undefined}
                value={values[field.name] ?? ""}
                onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                className="mt-1 w-full rounded-md border border-zinc-400 bg-white px-3 py-2 dark:border-zinc-600 dark:bg-zinc-900"
              />
            ) : (
              <textarea
                id={`${ids}-${field.name}`}
                name={field.name}
                rows={4}
                placeholder={field.placeholder}
                aria-invalid={phase.kind === "error" && phase.field === field.name ? true : undefined}
                value={values[field.name] ?? ""}
                onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                className="mt-1 w-full rounded-md border border-zinc-400 bg-white px-3 py-2 font-mono text-sm dark:border-zinc-600 dark:bg-zinc-900"
              />
            )}
            {field.hint ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{field.hint}</p> : null}
          </div>
        ))}
        <button
          type="submit"
          aria-disabled={busy}
          className="rounded-md bg-zinc-900 px-4 py-2 font-medium text-white hover:bg-zinc-700 aria-disabled:opacity-60 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
        >
          Get the price
        </button>
      </form>

      <section
        ref={resultRef}
        tabIndex={-1}
        aria-live="polite"
        aria-label="Result"
        className="mt-8 min-h-56 rounded-lg border border-zinc-300 p-4 break-words dark:border-zinc-700"
      >
        {phase.kind === "idle" ? (
          <p className="text-zinc-600 dark:text-zinc-400">
            Enter a URL and get the price; nothing is asked of your wallet until you choose to pay.
          </p>
        ) : null}
        {phase.kind === "checking" ? <p role="status">Checking the request…</p> : null}
        {phase.kind === "paying" ? <p role="status">{phase.step}</p> : null}
        {phase.kind === "error" ? (
          <p role="alert" className="text-red-800 dark:text-red-300">
            {phase.message}
          </p>
        ) : null}
        {phase.kind === "quote" ? (
          <div>
            <p>
              <strong>{form.title}</strong> costs <strong>{phase.quote.usdc} USDC</strong> ({wallet.assetName}) on{" "}
              <strong>{wallet.chainName}</strong> ({phase.quote.network}), paid to <code className="break-all">{phase.quote.payTo}</code>.
              Nothing is charged unless the call succeeds.
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              {isConnected ? (
                <button
                  type="button"
                  onClick={() => pay(phase.quote, phase.request)}
                  className="rounded-md bg-lime-700 px-4 py-2 font-medium text-white hover:bg-lime-800"
                >
                  Pay {phase.quote.usdc} USDC and run
                </button>
              ) : (
                <p>Connect a wallet to pay:</p>
              )}
              <ConnectButton showBalance={false} />
            </div>
          </div>
        ) : null}
        {phase.kind === "done" ? <Result phase={phase} wallet={wallet} /> : null}
      </section>
    </div>
  );
}

function Result({ phase, wallet }: { phase: Extract<Phase, { kind: "done" }>; wallet: WalletSettings }) {
  const body = phase.body as { report_id?: string; overall_score?: number; score?: number };
  const json = JSON.stringify(phase.body, null, 2);
  return (
    <div>
      <p className="font-medium">Done (HTTP {phase.status}).</p>
      {phase.settlement ? (
        <p className="mt-2">
          Paid: transaction{" "}
          {wallet.explorerTxUrl ? (
            <a className="break-all underline" href={`${wallet.explorerTxUrl}${phase.settlement.transaction}`}>
              {phase.settlement.transaction}
            </a>
          ) : (
            <code className="break-all">{phase.settlement.transaction}</code>
          )}
          .
        </p>
      ) : null}
      {body.report_id ? (
        <p className="mt-2">
          Score {body.overall_score ?? body.score}/100.{" "}
          <a className="font-medium underline" href={`/reports/${body.report_id}`}>
            Open the report
          </a>
        </p>
      ) : null}
      <details className="mt-3">
        <summary className="cursor-pointer">The JSON answer</summary>
        <pre className="mt-2 max-h-96 overflow-auto text-xs">{json}</pre>
      </details>
      <a
        className="mt-2 inline-block underline"
        download="result.json"
        href={`data:application/json;charset=utf-8,${encodeURIComponent(json)}`}
      >
        Download JSON
      </a>
    </div>
  );
}
