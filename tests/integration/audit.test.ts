import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { devAccount } from "../../lib/chain/dev-accounts";
import { verifyDocument } from "../../lib/signing/hmac";
import { parseSigningKeys } from "../../lib/signing/keys";
import { balances, payerFetch, stackEnv } from "../support/env";
import type { PageReadiness } from "../../lib/capabilities/agent-readiness/page-summary";

const env = stackEnv();
const balanceOf = balances(env.rpcUrl, env.asset);
const PAYER = 8;
const payer = devAccount(PAYER).address;
const keys = () =>
  parseSigningKeys((JSON.parse(readFileSync(join(process.env.WI_DATA_DIR!, "signing-keys.json"), "utf8")) as { keys: string }).keys);
let db: pg.Client;

before(async () => {
  db = new pg.Client({ connectionString: env.databaseUrl });
  await db.connect();
});
after(() => db.end());

interface Report {
  agent_readiness?: PageReadiness;
  schema_version: string;
  tier: string;
  report_id: string;
  url: string;
  http_status: number;
  timing_ms: { ttfb: number; total: number };
  overall_score: number;
  scores: Record<"performance" | "seo" | "accessibility" | "security", number>;
  security_grade: string;
  website_intelligence_score: number | null;
  website_intelligence: { score: number; dimensions: Record<string, { score: number; max: number }> };
  checks: Record<string, { id: string; pass: boolean; detail: string; fix?: string }[]>;
  issues: string[];
  audited_by: string;
  signature: { kid: string; signed_at: string; value: string };
}

async function audit(url: string) {
  const before = await balanceOf(payer);
  const res = await payerFetch(PAYER)(`${env.baseUrl}/api/audit?url=${encodeURIComponent(url)}`);
  const body = (await res.json()) as Report & { code?: string };
  return { res, body, spent: before - (await balanceOf(payer)) };
}

describe("Quick Intelligence Audit through the paid route", () => {
  it("returns a signed, stored report with every required field, charging 0.015", async () => {
    const { res, body, spent } = await audit("http://site.test/article");
    assert.equal(res.status, 200);
    assert.equal(spent, 15000n);
    assert.equal(body.schema_version, "2.1.0");
    assert.equal(body.tier, "paid");
    assert.equal(body.url, "http://site.test/article");
    assert.equal(body.http_status, 200);
    assert.ok(Number.isInteger(body.timing_ms.ttfb) && Number.isInteger(body.timing_ms.total));
    for (const k of ["performance", "seo", "accessibility", "security"] as const) {
      assert.ok(Number.isInteger(body.scores[k]) && body.scores[k] >= 0 && body.scores[k] <= 100, k);
      assert.ok(body.checks[k]!.length > 0, `${k} checks`);
      for (const c of body.checks[k]!) {
        assert.equal(typeof c.pass, "boolean");
        assert.ok(c.detail);
        if (!c.pass) assert.ok(c.fix, `${c.id} has a fix`);
      }
    }
    assert.equal(
      body.overall_score,
      Math.round((body.scores.performance + body.scores.seo + body.scores.accessibility + body.scores.security) / 4),
    );
    const failed = Object.values(body.checks)
      .flat()
      .filter((c) => !c.pass);
    assert.ok(body.issues.length > 0 && body.issues.length <= failed.length);
    assert.match(body.audited_by, /Website Intelligence/);
    assert.equal(body.website_intelligence_score, body.website_intelligence.score);
    assert.deepEqual(Object.keys(body.website_intelligence.dimensions).sort(), [
      "callable",
      "discoverable",
      "trustworthy",
      "understandable",
    ]);
    assert.deepEqual(verifyDocument(body, keys()), { valid: true, kid: body.signature.kid, signed_at: body.signature.signed_at });
    assert.equal(verifyDocument({ ...body, overall_score: body.overall_score + 1 }, keys()).valid, false);
    const row = await db.query("SELECT kind, host, overall_score FROM reports WHERE report_id = $1", [body.report_id]);
    assert.deepEqual(row.rows[0], { kind: "quick-audit", host: "site.test", overall_score: body.overall_score });
  });

  it("scores a well-made page with good security headers clearly above a poor page", async () => {
    const good = (await audit("https://secure.test/well-made")).body;
    const poor = (await audit("http://site.test/poor")).body;
    assert.equal(good.scores.seo, 100, JSON.stringify(good.checks.seo!.filter((c) => !c.pass)));
    assert.equal(good.scores.accessibility, 100, JSON.stringify(good.checks.accessibility!.filter((c) => !c.pass)));
    assert.equal(good.security_grade, "A+");
    assert.ok(good.scores.seo - poor.scores.seo >= 30, `seo ${good.scores.seo} vs ${poor.scores.seo}`);
    assert.ok(
      good.scores.accessibility - poor.scores.accessibility >= 20,
      `a11y ${good.scores.accessibility} vs ${poor.scores.accessibility}`,
    );
    assert.ok(good.scores.security - poor.scores.security >= 50, `security ${good.scores.security} vs ${poor.scores.security}`);
    assert.ok(good.overall_score > poor.overall_score);
    assert.ok(
      good.website_intelligence_score! - poor.website_intelligence_score! >= 30,
      `wi ${good.website_intelligence_score} vs ${poor.website_intelligence_score}`,
    );
  });

  it("summarises what the page alone shows about agent readiness, without extra requests", async () => {
    const { body } = await audit("https://secure.test/well-made");
    const summary = body.agent_readiness!;
    assert.equal(summary.scope, "page");
    assert.ok(["brochure", "docs", "publisher", "saas", "commerce", "api_provider"].includes(summary.classification));
    assert.equal(summary.structured_identity.status, "pass", summary.structured_identity.reason);
    assert.deepEqual(summary.declared, {
      api_catalog: false,
      openapi: false,
      markdown_alternate: false,
      llms_txt_link: false,
      feed: false,
    });
    const poor = (await audit("http://site.test/poor")).body.agent_readiness!;
    assert.equal(poor.structured_identity.status, "fail");
  });

  it("charges nothing on failure, and refuses bad input before payment", async () => {
    const unreachable = await audit("http://down.test/");
    assert.equal(unreachable.res.status, 502);
    assert.equal(unreachable.body.code, "TARGET_UNREACHABLE");
    assert.equal(unreachable.spent, 0n);
    const blocked = await fetch(`${env.baseUrl}/api/audit?url=${encodeURIComponent("http://169.254.169.254/")}`);
    assert.equal(blocked.status, 400);
    assert.equal(blocked.headers.get("payment-required"), null);
  });
});

describe("POST /v1/verify and GET /v1/badge", () => {
  const verify = (body: unknown, ip: string) =>
    fetch(`${env.baseUrl}/v1/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify(body),
    });

  it("accepts a report as issued and rejects any altered copy", async () => {
    const { body: report } = await audit("http://site.test/about");
    const ip = "192.0.2.10";
    const ok = await verify({ report }, ip);
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { valid: true, report_id: report.report_id, signed_at: report.signature.signed_at });
    for (const altered of [
      { ...report, overall_score: 100 },
      { ...report, scores: { ...report.scores, security: 100 } },
      { ...report, issues: [] },
      { ...report, signature: { ...report.signature, value: report.signature.value.replace(/^./, (c) => (c === "A" ? "B" : "A")) } },
    ]) {
      const res = await verify({ report: altered }, ip);
      const body = (await res.json()) as { valid: boolean; reason?: string };
      assert.equal(body.valid, false);
      assert.ok(body.reason);
    }
    const malformed = await verify({ nothing: true }, ip);
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as { code: string }).code, "INVALID_REQUEST");
  });

  it("allows 30 verifications an hour per address, then 429 RATE_LIMITED", async () => {
    const ip = `192.0.2.${100 + Math.floor(Math.random() * 100)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await verify({ report: { a: 1 } }, ip)).status);
    assert.deepEqual(statuses.slice(0, 30), Array(30).fill(200));
    assert.equal(statuses[30], 429);
    assert.equal((await verify({ report: { a: 1 } }, "192.0.2.250")).status, 200, "other addresses are unaffected");
  });

  it("serves an accessible SVG badge with the latest score, or 'not audited'", async () => {
    const { body: report } = await audit("http://other.test/about");
    const res = await fetch(`${env.baseUrl}/v1/badge?url=${encodeURIComponent("other.test")}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^image\/svg\+xml/);
    assert.match(res.headers.get("cache-control") ?? "", /max-age=\d+/);
    const svg = await res.text();
    assert.match(svg, /role="img"/);
    assert.match(svg, /<title>other\.test: website intelligence score \d+ out of 100<\/title>/);
    assert.ok(svg.includes(`${report.overall_score}/100`));
    const unknown = await (await fetch(`${env.baseUrl}/v1/badge?url=never-audited.test`)).text();
    assert.match(unknown, /not audited/);
    const bad = await fetch(`${env.baseUrl}/v1/badge?url=${encodeURIComponent("http://127.0.0.1/")}`);
    assert.equal(bad.status, 400);
  });
});

describe("POST /api/audit/batch", () => {
  const batch = async (urls: unknown, raw?: string) => {
    const before = await balanceOf(payer);
    const res = await payerFetch(PAYER)(`${env.baseUrl}/api/audit/batch`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: raw ?? JSON.stringify({ urls }),
    });
    const body = (await res.json()) as {
      code?: string;
      tier: string;
      batch_size: number;
      succeeded: number;
      failed: number;
      results: { url: string; ok: boolean; report?: Report; error?: { error: string; code: string } }[];
    };
    return { res, body, spent: before - (await balanceOf(payer)) };
  };

  it("removes duplicates after normalisation, reports per-URL failures, and charges the flat 0.50", async () => {
    const { res, body, spent } = await batch([
      "http://site.test/article",
      "HTTP://SITE.TEST/article#top",
      "http://down.test/",
      "http://10.1.2.3/",
      "http://site.test/links",
    ]);
    assert.equal(res.status, 200);
    assert.equal(spent, 500000n);
    assert.equal(body.tier, "paid");
    assert.equal(body.batch_size, 4);
    assert.deepEqual([body.succeeded, body.failed], [2, 2]);
    const byUrl = new Map(body.results.map((r) => [r.url, r]));
    assert.equal(byUrl.get("http://site.test/article")?.report?.schema_version, "2.1.0");
    assert.equal(byUrl.get("http://down.test/")?.error?.code, "TARGET_UNREACHABLE");
    assert.equal(byUrl.get("http://10.1.2.3/")?.error?.code, "PRIVATE_ADDRESS_BLOCKED");
    assert.deepEqual(verifyDocument(byUrl.get("http://site.test/links")!.report, keys()).valid, true);
  });

  it("answers 502 and charges nothing when every URL fails", async () => {
    const { res, body, spent } = await batch(["http://down.test/", "http://192.168.0.1/"]);
    assert.equal(res.status, 502);
    assert.equal(body.code, "TARGET_UNREACHABLE");
    assert.equal(spent, 0n);
  });

  it("refuses a malformed body, an empty list or more than 50 URLs with 400 before payment", async () => {
    for (const body of [
      JSON.stringify({ urls: [] }),
      JSON.stringify({ urls: Array(51).fill("http://site.test/") }),
      JSON.stringify({ urls: "http://site.test/" }),
      "{bad",
    ]) {
      const res = await fetch(`${env.baseUrl}/api/audit/batch`, { method: "POST", headers: { "content-type": "application/json" }, body });
      assert.equal(res.status, 400, body.slice(0, 40));
      assert.equal(res.headers.get("payment-required"), null);
    }
  });

  it("audits at most eight targets at once", async () => {
    const fixture = `http://127.0.0.1:${process.env.WI_FIXTURE_PORT}`;
    await fetch(`${fixture}/track-stats`);
    const urls = Array.from({ length: 20 }, (_, i) => `http://site.test/track?i=${i}`);
    const { res, body } = await batch(urls);
    assert.equal(res.status, 200);
    assert.equal(body.succeeded, 20);
    const stats = (await (await fetch(`${fixture}/track-stats`)).json()) as { max: number };
    assert.ok(stats.max <= 8 && stats.max >= 2, `max in flight ${stats.max}`);
  });
});
