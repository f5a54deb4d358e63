import { catalogEntries } from "@/lib/catalog";
import { publicUrl } from "@/lib/config";

export const dynamic = "force-dynamic";
export const metadata = {
  alternates: { canonical: "/api-docs" },
  title: "API — Website Intelligence",
  description: "Every endpoint with curl and client examples, the OpenAPI document and llms.txt. Pay per call with x402 v2 in USDC.",
};

export default function ApiDocs() {
  const base = publicUrl();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">API</h1>
      <p className="mt-3">
        Every route is described in the{" "}
        <a className="underline" href="/openapi.json">
          OpenAPI document
        </a>{" "}
        and in{" "}
        <a className="underline" href="/llms.txt">
          llms.txt
        </a>
        . Call a paid route without payment to get its terms (402, <code>PAYMENT-REQUIRED</code>), sign an EIP-3009 authorisation and repeat
        the call with <code>PAYMENT-SIGNATURE</code>; any x402 v2 client does this for you.
      </p>
      <h2 className="mt-8 text-xl font-semibold">With curl (the 402 and its terms)</h2>
      <pre className="mt-2 overflow-x-auto rounded-md bg-zinc-100 p-3 text-sm dark:bg-zinc-900">{`curl -i "${base}/api/audit?url=example.com"`}</pre>
      <h2 className="mt-8 text-xl font-semibold">With an x402 client (TypeScript)</h2>
      <pre className="mt-2 overflow-x-auto rounded-md bg-zinc-100 p-3 text-sm dark:bg-zinc-900">{`import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";

const client = new x402Client();
registerExactEvmScheme(client, { signer: privateKeyToAccount(process.env.KEY) });
const pay = wrapFetchWithPayment(fetch, client);
const report = await (await pay("${base}/api/audit?url=example.com")).json();`}</pre>
      <h2 className="mt-8 text-xl font-semibold">Endpoints</h2>
      <ul className="mt-3 space-y-4">
        {catalogEntries().map((e) => (
          <li key={e.id}>
            <h3 className="font-mono font-medium">{e.methods.map((m) => `${m} ${e.path}`).join(" · ")}</h3>
            <p className="text-sm">
              {e.title}, {e.priceUsd ? `${e.priceUsd} USDC` : "free"}. {e.description}
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
