import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;

interface DbHandle {
  url: string;
  pool: pg.Pool;
  db: Database;
}

// Kept on globalThis: Next's route bundles and the start script load separate module
// copies, and both must share one pool per process.
const registry = globalThis as unknown as { __wiDb?: DbHandle };

/** The process's database (DATABASE_URL, set by the start script for the embedded default). */
export function getDb(): Database {
  return handle().db;
}

export function getPool(): pg.Pool {
  return handle().pool;
}

function handle(): DbHandle {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the service with `npm start`, which provides the embedded database");
  if (!registry.__wiDb || registry.__wiDb.url !== url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on("error", () => undefined); // idle-client errors surface on the next query instead
    registry.__wiDb = { url, pool, db: drizzle(pool, { schema }) };
  }
  return registry.__wiDb;
}

export async function closeDb(): Promise<void> {
  const h = registry.__wiDb;
  registry.__wiDb = undefined;
  await h?.pool.end();
}
