import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Website Intelligence — pay-per-call page analysis",
  description:
    "Analyse one public web page per call: safe fetch, Markdown extraction, audits. Paid inside each HTTP request with x402 v2 in USDC; no accounts, no API keys.",
  openGraph: {
    title: "Website Intelligence — pay-per-call page analysis",
    description: "One public web page per call, paid inside the HTTP request with x402 v2 in USDC.",
  },
  // The page in Markdown, for agents: the service's llms.txt.
  alternates: { types: { "text/markdown": "/llms.txt" } },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">{children}</body>
    </html>
  );
}
