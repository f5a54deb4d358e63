import { Providers } from "@/components/providers";
import { RunForm } from "@/components/run-form";
import { publicUrl } from "@/lib/config";
import { capabilityForms } from "@/lib/web/forms";
import { walletSettings } from "@/lib/web/wallet-settings";

export const dynamic = "force-dynamic";
// The page in Markdown, for agents: the service's llms.txt.
export const metadata = { alternates: { canonical: "/", types: { "text/markdown": "/llms.txt" } } };

export default function Home() {
  const base = publicUrl();
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Website Intelligence",
    url: `${base}/`,
    logo: `${base}/icon.svg`,
    description: "Pay-per-call analysis of public web pages, paid with x402 in USDC.",
  };
  const wallet = walletSettings();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(organization).replace(/</g, "\\u003c") }} />
      <h1 className="text-3xl font-semibold tracking-tight">Audit any public web page, pay per call</h1>
      <p className="mt-3 text-lg text-zinc-700 dark:text-zinc-300">
        Paste a URL, pick a capability, pay its price in USDC from your wallet (x402 v2). No account, no API key; nothing is charged unless
        the call succeeds. Agents call the same routes.
      </p>
      <Providers wallet={wallet}>
        <RunForm forms={capabilityForms()} wallet={wallet} />
      </Providers>
      <p className="mt-10 text-sm text-zinc-700 dark:text-zinc-300">
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
