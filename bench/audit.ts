/**
 * `npm run bench:audit`:
 * 1. audit processing time per page, excluding the fetch (artifacts, every check, the
 *    security grade, the report and its signature), over ../shared/corpus/extract-dev;
 * 2. wall time of a paid batch of 50 fixture URLs against the real service, next to
 *    ceil(50/8) times one paid single audit.
 * Options: --no-batch (part 1 only).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { assembleQuickAudit } from "../lib/capabilities/quick-audit";
import { decodeBody } from "../lib/net/charset";
import { signDocument } from "../lib/signing/hmac";
import { payerFetch } from "../tests/support/env";
import { htmlPage } from "../tests/support/pages";
import { startStack } from "../tests/support/stack";
import { percentile } from "./stats";

const CORPUS = resolve(import.meta.dirname, "../../shared/corpus/extract-dev");

async function processing() {
  if (!existsSync(CORPUS)) {
    console.log(`(corpus not found at ${CORPUS}: processing time not measured)`);
    return;
  }
  const truth = JSON.parse(readFileSync(join(CORPUS, "truth.json"), "utf8")) as Record<string, { url: string }>;
  const key = { id: "bench", secret: randomBytes(32) };
  const times: number[] = [];
  for (const file of readdirSync(join(CORPUS, "pages"))) {
    const id = file.replace(/\.html\.gz$/, "");
    const body = gunzipSync(readFileSync(join(CORPUS, "pages", file)));
    const page = htmlPage(decodeBody(body, "text/html").text, truth[id]?.url || "https://example.com/", body);
    const cpu = process.cpuUsage();
    signDocument(assembleQuickAudit(page, new Date()), key);
    const used = process.cpuUsage(cpu);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  console.log(
    `audit processing (no fetch), ${times.length} pages: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms CPU per page`,
  );
}

async function batchWallTime() {
  const stack = await startStack({ name: "bench", logLevel: "error", extraEnv: { LOG_LEVEL: "error", RATE_LIMIT_PER_MINUTE: "1000000" } });
  try {
    Object.assign(process.env, stack.env);
    const pay = payerFetch(2);
    const single = async (url: string) => {
      const t = performance.now();
      const res = await pay(`${stack.baseUrl}/api/audit?url=${encodeURIComponent(url)}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`single audit ${res.status}`);
      return performance.now() - t;
    };
    await single("http://site.test/article");
    const singles: number[] = [];
    for (let i = 0; i < 10; i++) singles.push(await single(`http://site.test/article?s=${i}`));
    singles.sort((a, b) => a - b);
    const one = percentile(singles, 50);
    const urls = Array.from({ length: 50 }, (_, i) => `http://site.test/article?b=${i}`);
    const t = performance.now();
    const res = await pay(`${stack.baseUrl}/api/audit/batch`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ urls }),
    });
    const body = (await res.json()) as { succeeded: number };
    const wall = performance.now() - t;
    console.log(`single paid audit: median ${one.toFixed(0)} ms over 10`);
    console.log(
      `batch of 50 (status ${res.status}, ${body.succeeded} succeeded): ${wall.toFixed(0)} ms wall; ceil(50/8) × single = ${(Math.ceil(50 / 8) * one).toFixed(0)} ms`,
    );
  } finally {
    await stack.stop();
  }
}

async function main() {
  console.log("\nbench:audit\n");
  await processing();
  if (!process.argv.includes("--no-batch")) await batchWallTime();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
