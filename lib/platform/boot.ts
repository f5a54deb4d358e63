import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type PgBoss from "pg-boss";
import type { Logger } from "pino";
import { startAnvil } from "../chain/anvil";
import { compileTestUsdc } from "../chain/contracts";
import { devAccount, devPrivateKey, FACILITATOR_ACCOUNT_INDEXES, LOCAL_CHAIN_ID, PAYER_ACCOUNT_INDEXES } from "../chain/dev-accounts";
import { deployLocalToken } from "../chain/local-chain";
import type { Config } from "../config";
import { closeDb } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";
import { applyMigrations } from "../db/migrate";
import { startQueue } from "../jobs/boss";
import { flushRequestLog } from "../payments/ledger";
import { formatSigningKeys, loadOrCreateSigningKeys } from "../signing/keys";

export interface RuntimeInfo {
  databaseUrl: string;
  embeddedDatabase: boolean;
  paymentsMode: Config["PAYMENTS_MODE"];
  network?: string;
  rpcUrl?: string;
  asset?: string;
  payTo?: string;
  devPayers?: { index: number; address: string; privateKey: string }[];
}

export interface Platform {
  info: RuntimeInfo;
  stop(): Promise<void>;
}

/**
 * Starts what the web process stands on, and exports the derived settings into the
 * environment the route handlers read: the database (embedded PostgreSQL unless
 * DATABASE_URL is set) with migrations applied, in local payments mode the anvil chain with
 * the test token deployed and funded, and the job queue.
 */
export async function startPlatform(root: string, cfg: Config, log: Logger): Promise<Platform> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => log.warn({ err }, "shutdown step failed"));
  };
  try {
    const dataDir = resolve(root, cfg.DATA_DIR);
    mkdirSync(dataDir, { recursive: true });

    let databaseUrl = cfg.DATABASE_URL;
    if (!databaseUrl) {
      const pgLog = log.child({ component: "postgres" });
      const embedded = await startEmbeddedPostgres(dataDir, cfg.EMBEDDED_PG_PORT, (line) => pgLog.debug(line));
      stops.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    process.env.DATABASE_URL = databaseUrl;
    stops.push(() => closeDb());
    stops.push(() => flushRequestLog());
    await applyMigrations(root);

    const info: RuntimeInfo = { databaseUrl, embeddedDatabase: !cfg.DATABASE_URL, paymentsMode: cfg.PAYMENTS_MODE };
    if (cfg.PAYMENTS_MODE === "local") {
      const chainLog = log.child({ component: "anvil" });
      const anvil = await startAnvil(cfg.ANVIL_PORT, (line) => chainLog.debug(line));
      stops.push(() => anvil.stop());
      const token = await deployLocalToken(anvil.rpcUrl, await compileTestUsdc(root, dataDir));
      const derived: Record<string, string> = {
        RPC_URL: anvil.rpcUrl,
        X402_NETWORK: `eip155:${LOCAL_CHAIN_ID}`,
        X402_ASSET: token.address,
        X402_ASSET_NAME: token.name,
        X402_ASSET_VERSION: token.version,
        FACILITATOR_PRIVATE_KEY: FACILITATOR_ACCOUNT_INDEXES.map(devPrivateKey).join(","),
        PAY_TO: cfg.PAY_TO ?? devAccount(1).address,
      };
      Object.assign(process.env, derived);
      Object.assign(info, {
        network: derived.X402_NETWORK,
        rpcUrl: anvil.rpcUrl,
        asset: token.address,
        payTo: derived.PAY_TO,
        devPayers: PAYER_ACCOUNT_INDEXES.map((index) => ({ index, address: devAccount(index).address, privateKey: devPrivateKey(index) })),
      });
    }

    if (!cfg.REPORT_SIGNING_KEYS) process.env.REPORT_SIGNING_KEYS = formatSigningKeys(loadOrCreateSigningKeys(dataDir));

    const boss: PgBoss = await startQueue(databaseUrl, { work: cfg.RUN_WORKER, log: log.child({ component: "jobs" }) });
    stops.push(() => boss.stop({ graceful: true, timeout: 5000, wait: true }));

    writeFileSync(join(dataDir, "runtime.json"), JSON.stringify(info, null, 2));
    return { info, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
