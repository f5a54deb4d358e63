/**
 * `npm run worker`: a job-queue worker without the web server, for scale-out (N web
 * processes with RUN_WORKER=false plus M workers on one PostgreSQL). Needs DATABASE_URL,
 * or an embedded database already started by `npm start` (read from DATA_DIR/runtime.json).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ConfigError, parseConfig } from "../lib/config";
import { closeDb } from "../lib/db/client";
import { startQueue } from "../lib/jobs/boss";
import { log } from "../lib/log";

async function main(): Promise<void> {
  const cfg = parseConfig(process.env);
  let databaseUrl = cfg.DATABASE_URL;
  const runtimeFile = join(resolve(cfg.DATA_DIR), "runtime.json");
  if (!databaseUrl && existsSync(runtimeFile))
    databaseUrl = (JSON.parse(readFileSync(runtimeFile, "utf8")) as { databaseUrl: string }).databaseUrl;
  if (!databaseUrl) throw new ConfigError(["DATABASE_URL: required for a worker (or start the service first with `npm start`)"]);
  process.env.DATABASE_URL = databaseUrl;
  const boss = await startQueue(databaseUrl, { work: true, log: log.child({ component: "worker" }) });
  log.info("worker ready");
  const stop = async () => {
    await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    await closeDb();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
