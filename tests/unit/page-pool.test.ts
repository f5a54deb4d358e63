import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { after, describe, it } from "node:test";
import { isServiceError, ServiceError } from "../../lib/errors";
import { PagePool } from "../../lib/processing/pool";
import { pageTasks } from "../../lib/processing/tasks";
import { ARTICLE_PAGE } from "../support/fixture-site";
import { htmlPage } from "../support/pages";

const article = htmlPage(ARTICLE_PAGE, "https://site.test/blog/post");
/** About 4 MB of ordinary paragraphs: far more than 5 ms of work and 48 MB of heap, far less than a second or a gigabyte. */
const bigPage = htmlPage(
  `<body><main><h1>Big</h1>${"<div><p>Words of an ordinary paragraph, repeated.</p></div>".repeat(70_000)}</main></body>`,
  "https://site.test/big",
);
const feedBody = readFileSync(resolve(import.meta.dirname, "../../../shared/corpus/feeds/feed-extractor--atom-feed-standard.xml"));

describe("page work in worker threads", () => {
  const pools: PagePool[] = [];
  const pool = (options: Partial<ConstructorParameters<typeof PagePool>[0]> = {}) => {
    const p = new PagePool({ workers: 1, timeoutMs: 30_000, memoryMb: 512, ...options });
    pools.push(p);
    return p;
  };
  after(() => Promise.all(pools.map((p) => p.close())));

  it("answers exactly what the task answers in this thread (extraction, links, feeds, the quick audit)", async () => {
    const p = pool();
    assert.deepEqual(await p.run("extract", article), pageTasks.extract(article));
    assert.deepEqual(await p.run("links", article), pageTasks.links(article));
    assert.deepEqual(await p.run("pageText", article), pageTasks.pageText(article));
    const feed = { body: feedBody, contentType: "application/atom+xml", finalUrl: "https://site.test/feed" };
    const parsed = await p.run("feed", feed);
    assert.ok(parsed && parsed.items.length > 0);
    assert.deepEqual(parsed, pageTasks.feed(feed));
    const fetchedAt = new Date("2026-01-01T00:00:00Z");
    const { report_id: _one, ...audit } = await p.run("quickAudit", { page: article, fetchedAt });
    const { report_id: _two, ...here } = pageTasks.quickAudit({ page: article, fetchedAt });
    assert.deepEqual(audit, here);
    assert.ok((audit.checks.seo ?? []).length > 0);
    assert.deepEqual(await p.run("readinessPage", article), pageTasks.readinessPage(article));
  });

  it("brings back a page's JSON-LD that nests deeper than a copy between threads can go, cut below its first levels", async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    const ld = `{"@type":"Organization","name":"Acme","url":"https://acme.test/","logo":{"url":"https://acme.test/l.png"},"deep":${deep}}`;
    const html = `<html><head><title>Acme</title><script type="application/ld+json">${ld}</script></head><body><p>Acme.</p></body></html>`;
    const facts = await pool().run("readinessPage", htmlPage(html, "https://acme.test/"));
    const [org] = facts.classification.jsonLd;
    assert.equal(org?.name, "Acme");
    assert.deepEqual(org?.logo, { url: "https://acme.test/l.png" });
    let depth = 0;
    for (let v: unknown = org?.deep; v && typeof v === "object"; v = (v as { a?: unknown }).a) depth++;
    assert.ok(depth > 10 && depth < 40, `kept ${depth} levels`);
  });

  it("starts its workers ahead of the first call when warmed, and reuses them", async () => {
    const p = pool({ workers: 2 });
    assert.equal(p.threads, 0);
    p.warm();
    assert.equal(p.threads, 2);
    await Promise.all([p.run("links", article), p.run("links", article), p.run("links", article)]);
    assert.equal(p.threads, 2);
  });

  it("runs more tasks than it has workers, each in turn", async () => {
    const p = pool({ workers: 1 });
    const results = await Promise.all([1, 2, 3, 4].map(() => p.run("extract", article)));
    for (const r of results) assert.match(r.content.markdown, /^# /m);
    // Calls in one tick never start more threads than the pool has.
    assert.equal(p.threads, 1);
  });

  it("stops a task past its time limit with 504 AUDIT_TIMEOUT, and the next task gets a fresh worker", async () => {
    const p = pool();
    await assert.rejects(
      p.run("extract", bigPage, { timeoutMs: 5 }),
      (err: unknown) => err instanceof ServiceError && err.code === "AUDIT_TIMEOUT" && err.status === 504,
    );
    const small = htmlPage("<body><main><h1>Small</h1><p>Quick to read.</p></main></body>", "https://site.test/small");
    assert.match((await p.run("extract", small)).content.markdown, /Quick to read/);
  });

  it("stops a task past its memory limit with 422 RESPONSE_TOO_LARGE, and the next task gets a fresh worker", async () => {
    const p = pool({ memoryMb: 48 });
    await assert.rejects(
      p.run("extract", bigPage),
      (err: unknown) => err instanceof ServiceError && err.code === "RESPONSE_TOO_LARGE" && err.status === 422,
    );
    assert.match((await p.run("extract", article)).content.markdown, /^# /m);
  });

  it("recognises its errors whichever copy of the errors module made them (the start script's or the Next.js bundle's)", async () => {
    const copy = await import(`../../lib/errors.ts?copy=${Date.now()}`);
    const foreign = new copy.ServiceError("AUDIT_TIMEOUT", "made by another copy");
    assert.ok(!(foreign instanceof ServiceError), "a second copy of the module is loaded");
    assert.ok(isServiceError(foreign));
    assert.ok(!isServiceError(Object.assign(new Error("x"), { name: "ServiceError", code: "NO_SUCH_CODE", status: 500 })));
    assert.ok(!isServiceError(new Error("plain")));
  });

  it("fails a waiting task, and does not crash, when a stopped worker cannot be replaced", async () => {
    const dir = mkdtempSync(join(tmpdir(), "page-pool-"));
    const entry = join(dir, "entry.mjs");
    writeFileSync(
      entry,
      `await import(${JSON.stringify(pathToFileURL(resolve(import.meta.dirname, "../../lib/processing/worker-boot.mjs")).href)});`,
    );
    const p = pool({ workers: 1, entry });
    await p.run("links", article);
    const overrun = p.run("extract", bigPage, { timeoutMs: 5 });
    const queued = p.run("links", article);
    rmSync(dir, { recursive: true });
    await assert.rejects(overrun, (err: unknown) => isServiceError(err) && err.code === "AUDIT_TIMEOUT");
    await assert.rejects(queued, (err: unknown) => isServiceError(err) && err.code === "INTERNAL_ERROR" && /entry/.test(err.message));
  });

  it("fails running, starting and waiting tasks when closed, and refuses new ones", async () => {
    const closedError = (err: unknown) => isServiceError(err) && err.code === "INTERNAL_ERROR";
    const starting = pool({ workers: 1 });
    const first = assert.rejects(starting.run("links", article), closedError);
    await starting.close();
    await first;
    const busy = pool({ workers: 1 });
    await busy.run("links", article);
    const tasks = [busy.run("extract", bigPage), busy.run("links", article), busy.run("links", article)].map((t) =>
      assert.rejects(t, closedError),
    );
    await busy.close();
    await Promise.all(tasks);
    await assert.rejects(busy.run("links", article), /closed/);
    busy.warm();
    assert.equal(busy.threads, 0);
  });

  it("frees the worker at once when a task's input cannot cross to it", async () => {
    const p = pool({ workers: 1, timeoutMs: 60_000 });
    const uncloneable = { ...article, headers: { a: (() => 1) as unknown as string } };
    await assert.rejects(p.run("links", uncloneable), (err: unknown) => isServiceError(err) && err.code === "INTERNAL_ERROR");
    assert.match((await p.run("extract", article)).content.markdown, /^# /m);
    // The same with a task waiting behind it: the waiting task gets the worker and succeeds.
    const [failed, served] = await Promise.allSettled([p.run("links", uncloneable), p.run("extract", article)]);
    assert.equal(failed.status, "rejected");
    assert.equal(served.status, "fulfilled");
    assert.equal(p.threads, 1);
  });

  it("says so when its worker cannot start", async () => {
    const p = pool({ entry: resolve(import.meta.dirname, "missing-worker.mjs") });
    await assert.rejects(p.run("extract", article), (err: unknown) => err instanceof ServiceError && err.code === "INTERNAL_ERROR");
  });

  it("gives up on a worker that does not start within the time limit, and stops it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "page-pool-"));
    try {
      const entry = join(dir, "silent-worker.mjs");
      // Loads, then never says it is ready.
      writeFileSync(entry, "setInterval(() => {}, 1000);\n");
      const p = pool({ entry, workers: 1, timeoutMs: 300 });
      await assert.rejects(
        p.run("links", article),
        (err: unknown) => isServiceError(err) && err.code === "INTERNAL_ERROR" && /start/.test(err.message),
      );
      await assert.rejects(p.run("links", article), /start/);
      await p.close();
      assert.equal(p.threads, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
