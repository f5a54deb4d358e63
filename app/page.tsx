import { catalogEntries } from "@/lib/catalog";
import { publicUrl } from "@/lib/config";

export const dynamic = "force-dynamic";

export default function Home() {
  const entries = catalogEntries();
  const base = publicUrl();
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Website Intelligence",
    url: `${base}/`,
    logo: `${base}/icon.svg`,
    description: "Pay-per-call analysis of public web pages, paid with x402 in USDC.",
  };
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(organization).replace(/</g, "\\u003c") }} />
      <h1 className="text-3xl font-semibold tracking-tight">Website Intelligence</h1>
      <p className="mt-3 text-lg text-zinc-700 dark:text-zinc-300">
        One public web page per call, paid inside the HTTP request with x402 v2 in USDC. No accounts, no API keys; nothing is charged unless
        the call succeeds.
      </p>
      <h2 className="mt-10 text-xl font-semibold">Endpoints</h2>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-zinc-300 dark:border-zinc-700">
            <th scope="col" className="py-2 pr-4">
              Capability
            </th>
            <th scope="col" className="py-2 pr-4">
              Request
            </th>
            <th scope="col" className="py-2">
              Price (USDC)
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-zinc-200 dark:border-zinc-800">
              <td className="py-2 pr-4">{e.title}</td>
              <td className="py-2 pr-4 font-mono">{e.methods.map((m) => `${m} ${e.path}`).join(", ")}</td>
              <td className="py-2">{e.priceUsd ?? "free"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="mt-10 text-xl font-semibold">How to pay</h2>
      <ol className="mt-4 list-decimal space-y-2 pl-6">
        <li>
          Call an endpoint; the answer is 402 with the terms in the base64 <code>PAYMENT-REQUIRED</code> header.
        </li>
        <li>
          Sign an EIP-3009 <code>transferWithAuthorization</code> for the quoted amount with your wallet.
        </li>
        <li>
          Repeat the request with the <code>PAYMENT-SIGNATURE</code> header; the answer carries <code>PAYMENT-RESPONSE</code>.
        </li>
      </ol>
      <p className="mt-6">
        Machine-readable:{" "}
        <a className="underline" href="/openapi.json">
          OpenAPI
        </a>
        ,{" "}
        <a className="underline" href="/llms.txt">
          llms.txt
        </a>
        ,{" "}
        <a className="underline" href="/version">
          version and terms
        </a>
        .{" "}
        <a className="underline" href="/security">
          Security contact
        </a>
        .
      </p>
    </main>
  );
}
