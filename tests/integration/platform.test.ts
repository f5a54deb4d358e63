import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { catalogEntries } from "../../lib/catalog";
import { usdcToAtomic } from "../../lib/payments/settings";
import { CLEANUP_QUEUE, runRetentionCleanup } from "../../lib/jobs/cleanup";
import * as schema from "../../lib/db/schema";
import { CAPABILITY_VERSIONS } from "../../lib/version";
import { stackEnv } from "../support/env";

const env = stackEnv();
let pool: pg.Pool;

before(() => {
  pool = new pg.Pool({ connectionString: env.databaseUrl, max: 2 });
});
after(() => pool.end());

describe("platform", () => {
  it("publishes /version from the catalog", async () => {
    const res = await fetch(`${env.baseUrl}/version`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as {
      version: string;
      capability_versions: Record<string, string>;
      x402: { version: number; network: string; asset: string };
      endpoints: { path: string; price_usdc: string | null; price_atomic: string | null }[];
    };
    assert.deepEqual(body.capability_versions, CAPABILITY_VERSIONS);
    assert.equal(body.x402.version, 2);
    assert.equal(body.x402.network, env.network);
    assert.equal(body.x402.asset.toLowerCase(), env.asset.toLowerCase());
    assert.deepEqual(
      body.endpoints.map((e) => [e.path, e.price_usdc]),
      catalogEntries().map((e) => [e.path, e.priceUsd]),
    );
    assert.equal(body.endpoints.find((e) => e.path === "/v1/fetch")?.price_atomic, "2000");
  });

  it("publishes a valid OpenAPI 3.1 document generated from the catalog, with prices", async () => {
    const res = await fetch(`${env.baseUrl}/openapi.json`);
    assert.equal(res.status, 200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { "x-x402"?: { amount: string } }>> };
    const { validate } = await import("@readme/openapi-parser");
    const result = await validate(structuredClone(doc) as never);
    assert.equal(result.valid, true, JSON.stringify(result).slice(0, 2000));
    assert.equal(doc.openapi, "3.1.0");
    for (const entry of catalogEntries()) {
      for (const method of entry.methods) {
        const op = doc.paths[entry.path]?.[method.toLowerCase()];
        assert.ok(op, `${method} ${entry.path} documented`);
        assert.equal(op["x-x402"]?.amount, entry.priceUsd ? usdcToAtomic(entry.priceUsd) : undefined);
      }
    }
  });

  it("publishes its own llms.txt listing every endpoint", async () => {
    const res = await fetch(`${env.baseUrl}/llms.txt`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/markdown/);
    const text = await res.text();
    assert.match(text, /^# Website Intelligence\n/);
    for (const entry of catalogEntries()) assert.ok(text.includes(`${env.baseUrl}${entry.path}`), entry.path);
    assert.ok(text.includes("/openapi.json"));
  });

  it("answers CORS preflights for browser wallets", async () => {
    const res = await fetch(`${env.baseUrl}/v1/fetch`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://app.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "payment-signature",
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.match(res.headers.get("access-control-allow-headers") ?? "", /PAYMENT-SIGNATURE/i);
    assert.match(res.headers.get("access-control-expose-headers") ?? "", /PAYMENT-REQUIRED/);
    assert.match(res.headers.get("access-control-expose-headers") ?? "", /PAYMENT-RESPONSE/);
    const unpaid = await fetch(`${env.baseUrl}/v1/fetch?url=http://site.test/`, { headers: { Origin: "https://app.example" } });
    assert.match(unpaid.headers.get("access-control-expose-headers") ?? "", /PAYMENT-REQUIRED/);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    for (const path of ["/v1/nothing-here", "/api/nothing"]) {
      const res = await fetch(`${env.baseUrl}${path}`);
      assert.equal(res.status, 404);
      assert.equal(((await res.json()) as { code: string }).code, "NOT_FOUND");
    }
  });

  it("logs each request with its id, status and code", async () => {
    const requestId = randomUUID();
    const res = await fetch(`${env.baseUrl}/v1/fetch?url=http://10.0.0.1/`, { headers: { "X-Request-Id": requestId } });
    assert.equal(res.headers.get("x-request-id"), requestId);
    let row;
    for (let i = 0; i < 20 && !row; i++) {
      row = (await pool.query("SELECT route, status, code FROM request_log WHERE request_id = $1", [requestId])).rows[0];
      if (!row) await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(row, { route: "/v1/fetch", status: 400, code: "PRIVATE_ADDRESS_BLOCKED" });
  });

  it("limits each client IP across all API routes with 429 RATE_LIMITED and Retry-After, charging nothing", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const headers = { "X-Forwarded-For": ip };
    let limited: Response | undefined;
    let limitedBody: { code?: string } = {};
    let ok = 0;
    for (let batch = 0; batch < 60 && !limited; batch++) {
      const responses = await Promise.all(Array.from({ length: 20 }, () => fetch(`${env.baseUrl}/version`, { headers })));
      for (const r of responses) {
        if (r.status === 429 && !limited) {
          limited = r;
          limitedBody = (await r.json()) as { code?: string };
        } else {
          if (r.status === 200) ok++;
          await r.arrayBuffer();
        }
      }
    }
    assert.ok(limited, "the limit was reached");
    assert.equal(ok, 1000, "exactly RATE_LIMIT_PER_MINUTE requests went through");
    assert.equal(limitedBody.code, "RATE_LIMITED");
    assert.ok(Number(limited.headers.get("retry-after")) >= 1);
    // The limit spans routes (a paid one included) and is per address.
    const paidRoute = await fetch(`${env.baseUrl}/v1/fetch?url=http://site.test/`, { headers });
    assert.equal(paidRoute.status, 429);
    const other = await fetch(`${env.baseUrl}/version`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    assert.equal(other.status, 200);
  });

  it("schedules the retention cleanup on pg-boss, and the cleanup removes expired rows only", async () => {
    const schedule = await pool.query("SELECT name, cron FROM pgboss.schedule WHERE name = $1", [CLEANUP_QUEUE]);
    assert.equal(schedule.rowCount, 1);
    const expired = randomUUID();
    const kept = randomUUID();
    const row = { route: "/v1/fetch", method: "GET", status: 200, durationMs: 1 };
    const db = drizzle(pool, { schema });
    await db.insert(schema.requestLog).values([
      { ...row, requestId: expired, expiresAt: new Date(Date.now() - 60_000) },
      { ...row, requestId: kept, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await pool.query("INSERT INTO rate_limits (key, points, expire) VALUES ($1, 1, $2), ($3, 1, $4)", [
      `t:${expired}`,
      Date.now() - 1000,
      `t:${kept}`,
      Date.now() + 60_000,
    ]);
    const removed = await runRetentionCleanup(db);
    assert.ok(removed.request_log >= 1);
    assert.ok(removed.rate_limits >= 1);
    const windows = await pool.query("SELECT key FROM rate_limits WHERE key = ANY($1)", [[`t:${expired}`, `t:${kept}`]]);
    assert.deepEqual(
      windows.rows.map((r) => r.key),
      [`t:${kept}`],
    );
    const left = await pool.query("SELECT request_id FROM request_log WHERE request_id = ANY($1)", [[expired, kept]]);
    assert.deepEqual(
      left.rows.map((r) => r.request_id),
      [kept],
    );
  });

  it("runs the cleanup job through the queue worker", async () => {
    const { default: PgBoss } = await import("pg-boss");
    const boss = new PgBoss({ connectionString: env.databaseUrl, schema: "pgboss", supervise: false, schedule: false });
    await boss.start();
    try {
      const jobId = await boss.send(CLEANUP_QUEUE, {});
      assert.ok(jobId);
      let state = "";
      for (let i = 0; i < 100 && state !== "completed"; i++) {
        state = (await boss.getJobById(CLEANUP_QUEUE, jobId!))?.state ?? "";
        if (state !== "completed") await new Promise((r) => setTimeout(r, 200));
      }
      assert.equal(state, "completed", "the web process's worker ran the job");
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});
