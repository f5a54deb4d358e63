import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import { publicUrl } from "@/lib/config";
import "./globals.css";

// Metadata at request time: absolute URLs (canonical, og:image) use the public URL of this deployment.
export async function generateMetadata(): Promise<Metadata> {
  return {
    metadataBase: new URL(`${publicUrl()}/`),
    title: "Website Intelligence — pay-per-call page analysis",
    description:
      "Analyse one public web page per call: safe fetch, Markdown extraction, audits. Paid inside each HTTP request with x402 v2 in USDC; no accounts, no API keys.",
    openGraph: {
      siteName: "Website Intelligence",
      title: "Website Intelligence — pay-per-call page analysis",
      description: "One public web page per call, paid inside the HTTP request with x402 v2 in USDC.",
      images: [{ url: "/icon.svg", width: 64, height: 64, alt: "Website Intelligence" }],
    },
  };
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2 focus:text-zinc-900"
        >
          Skip to content
        </a>
        <SiteHeader />
        {children}
      </body>
    </html>
  );
}
