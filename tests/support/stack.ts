import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import { ensureBuild } from "../../lib/platform/build";
import type { RuntimeInfo } from "../../lib/platform/boot";
import { type FixtureSite, startFixtureSite, unusedPort } from "./fixture-site";

const ROOT = resolve(import.meta.dirname, "../..");

export interface Stack {
  baseUrl: string;
  dataDir: string;
  runtime: RuntimeInfo;
  fixture: FixtureSite;
  /** Environment a test process needs to reach this stack. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the real service as `npm start` does (production build, embedded PostgreSQL,
 * anvil, token) on free ports, with a fixture site reached through CONNECT_TO.
 */
export async function startStack(opts: {
  name: string;
  fetchTimeoutMs?: number;
  logLevel?: string;
  extraEnv?: Record<string, string>;
  nodeArgs?: string[];
  /** Serve the service itself as https://self.test (through the fixture's TLS) and make that its public URL. */
  selfTest?: boolean;
}): Promise<Stack> {
  ensureBuild(ROOT, (line) => console.error(line));
  const [port, anvilPort, pgPort] = [await unusedPort(), await unusedPort(), await unusedPort()];
  const fixture = await startFixtureSite(0, { selfPort: opts.selfTest ? port : undefined });
  const dataDir = join(ROOT, ".data", opts.name);
  rmSync(join(dataDir, "runtime.json"), { force: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), "--import", "tsx", join(ROOT, "scripts", "start.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      ANVIL_PORT: String(anvilPort),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      CONNECT_TO: fixture.connectTo,
      FETCH_TIMEOUT_MS: String(opts.fetchTimeoutMs ?? 1500),
      // The suite's own traffic stays under this; the rate-limit test exhausts it for a
      // forwarded address of its own.
      RATE_LIMIT_PER_MINUTE: "1000",
      // Far above what the fixture pages need, far below what /heavy needs.
      PAGE_MEMORY_MB: "128",
      TRUST_PROXY: "true",
      LOG_LEVEL: opts.logLevel ?? "warn",
      ...(opts.selfTest ? { PUBLIC_URL: "https://self.test" } : {}),
      ...opts.extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => {
    output += d.toString();
    if (opts.logLevel === "debug") process.stderr.write(d);
  });
  const exited = new Promise<number | null>((ok) => child.once("exit", ok));

  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      await fixture.close();
      throw new Error(`the service exited with code ${child.exitCode} during start-up:\n${output.slice(-4000)}`);
    }
    if (await answers(`${baseUrl}/version`)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await fixture.close();
      throw new Error(`the service did not become ready within 240 s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const runtime = JSON.parse(readFileSync(join(dataDir, "runtime.json"), "utf8")) as RuntimeInfo;
  // The data directory outlives a run, and so would its rate-limit counters (some hourly):
  // each run starts with none, so a second run within the hour sees the same limits.
  const db = new pg.Client({ connectionString: runtime.databaseUrl });
  await db.connect();
  await db.query("DELETE FROM rate_limits");
  await db.end();
  return {
    baseUrl,
    dataDir,
    runtime,
    fixture,
    env: {
      WI_BASE_URL: baseUrl,
      WI_DATA_DIR: dataDir,
      WI_DATABASE_URL: runtime.databaseUrl,
      WI_RPC_URL: runtime.rpcUrl ?? "",
      WI_ASSET: runtime.asset ?? "",
      WI_NETWORK: runtime.network ?? "",
      WI_PAY_TO: runtime.payTo ?? "",
      WI_FIXTURE_PORT: String(fixture.port),
      WI_CONNECT_TO: fixture.connectTo,
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await fixture.close();
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}
