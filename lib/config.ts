import { z } from "zod";

/**
 * Every setting of the service, in one place. Each one is named, typed, defaulted and
 * documented in the README's configuration table. A bad value stops start-up with a
 * message that names the setting.
 */

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const privateKeys = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}(,\s*0x[0-9a-fA-F]{64})*$/, "must be one or more comma-separated 0x-prefixed 32-byte hex private keys");
const port = z.coerce.number().int().min(1).max(65535);
const emptyAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());

export const configSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public base URL of this service, used in 402 resource URLs and client hints. */
  PUBLIC_URL: optional(z.url()),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  EMBEDDED_PG_PORT: port.default(54329),
  PAYMENTS_MODE: z.enum(["local", "self-hosted", "remote"]).default("local"),
  X402_NETWORK: optional(z.string().regex(/^eip155:\d+$/, "must be a CAIP-2 EVM network id like eip155:8453")),
  PAY_TO: optional(address),
  X402_ASSET: optional(address),
  X402_ASSET_NAME: optional(z.string().min(1)),
  X402_ASSET_VERSION: optional(z.string().min(1)),
  X402_MAX_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  RPC_URL: optional(z.url()),
  FACILITATOR_URL: optional(z.url()),
  /** One or more settlement wallets, comma separated; settlements are spread across them. */
  FACILITATOR_PRIVATE_KEY: optional(privateKeys),
  ANVIL_PORT: port.default(8545),
  CONNECT_TO: optional(z.string()),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Page work (parsing and reading a fetched page) runs in this many worker threads at most. */
  PAGE_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  /** Wall-clock limit of the work on one page; past it the worker is stopped (504 AUDIT_TIMEOUT). */
  PAGE_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(10_000),
  /** Heap limit of each page worker; a page that needs more fails with 422 RESPONSE_TOO_LARGE. */
  PAGE_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(1024),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Run the pg-boss worker inside the web process (on for the one-command start). */
  RUN_WORKER: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Requests a minute one client IP may make across all API routes (the spec: 240). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(240),
  /** Behind a reverse proxy: take the client IP from the first X-Forwarded-For entry. */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** "kid:base64secret,…" signing reports (first signs, all verify); unset = a key generated once in DATA_DIR. */
  REPORT_SIGNING_KEYS: optional(
    z
      .string()
      .regex(
        /^[^:,\s]+:[A-Za-z0-9+/=]{43,}(,[^:,\s]+:[A-Za-z0-9+/=]{43,})*$/,
        "must be kid:base64secret[,kid:base64secret…] with 32-byte secrets",
      ),
  ),
  /** The model provider's key; unset = no model (structured extraction answers 503, summaries are extractive). */
  ANTHROPIC_API_KEY: optional(z.string().min(1)),
  /** A gateway or proxy in front of the Messages API (the SDK's own setting, honoured). */
  ANTHROPIC_BASE_URL: optional(z.url()),
  LLM_MODEL: z.string().min(1).default("claude-haiku-5-5"),
  /** Budget of one model call, on top of the 15 s fetch budget. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /** Ask the provider for server-sent events instead of one JSON answer (either form is read). */
  LLM_STREAM: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** WalletConnect Cloud project id for the dashboard; unset = injected browser wallets only. */
  WALLETCONNECT_PROJECT_ID: optional(z.string().min(1)),
  /** JSON-RPC URL browsers use for the payment chain; default: the local anvil in local mode, Base's public RPC otherwise. */
  PUBLIC_RPC_URL: optional(z.url()),
  /** security.txt Contact (a mailto:, https: or tel: URI); unset = the service's /security page, which says none is named. */
  SECURITY_CONTACT: optional(z.string().regex(/^(mailto:|https:\/\/|tel:)\S+$/, "must be a mailto:, https: or tel: URI")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses and cross-checks settings; throws ConfigError naming every bad setting. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const cfg = result.data;
  const problems: string[] = [];
  if (cfg.PAYMENTS_MODE === "remote" && !cfg.FACILITATOR_URL) problems.push("FACILITATOR_URL: required when PAYMENTS_MODE=remote");
  if (cfg.PAYMENTS_MODE === "self-hosted") {
    if (!cfg.RPC_URL) problems.push("RPC_URL: required when PAYMENTS_MODE=self-hosted");
    if (!cfg.FACILITATOR_PRIVATE_KEY) problems.push("FACILITATOR_PRIVATE_KEY: required when PAYMENTS_MODE=self-hosted");
  }
  if (cfg.PAYMENTS_MODE !== "local" && !cfg.PAY_TO) problems.push(`PAY_TO: required when PAYMENTS_MODE=${cfg.PAYMENTS_MODE}`);
  if (problems.length) throw new ConfigError(problems);
  return cfg;
}

/**
 * Start-up only: CONNECT_TO redirects target hosts and exists for tests, so production
 * refuses it. (Inside Next's bundles NODE_ENV is always "production", hence a separate check
 * run by the start script on the real environment.)
 */
export function checkStartupEnvironment(cfg: Config, nodeEnv: string | undefined): void {
  if (cfg.CONNECT_TO && nodeEnv === "production") {
    throw new ConfigError(["CONNECT_TO: refused when NODE_ENV=production (it redirects target hosts; tests only)"]);
  }
}

let cached: { env: string; config: Config } | undefined;

/** The process's configuration, re-parsed only when the environment changes. */
export function getConfig(): Config {
  const key = JSON.stringify(Object.keys(configSchema.shape).map((k) => process.env[k]));
  if (!cached || cached.env !== key) cached = { env: key, config: parseConfig(process.env) };
  return cached.config;
}

export function publicUrl(cfg: Config = getConfig()): string {
  return (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, "");
}
