/**
 * `npm run bench:extract`: quality and speed of Content Extraction on
 * ../shared/corpus/extract-dev (256 pages, seven page types), scored by
 * ../shared/bench/score-extract.mjs. Prints word F1 overall and per page type, shingle F1,
 * median and p95 CPU milliseconds per page (parse + extraction + Markdown), peak memory.
 * Options: --per-page (scores of each page), --write FILE (the predictions as JSON).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { extractMainContent } from "../lib/capabilities/extract";
import { parsePage } from "../lib/html/parse";
import { decodeBody } from "../lib/net/charset";
import { htmlPage } from "../tests/support/pages";
import { percentile } from "./stats";

const SHARED = resolve(import.meta.dirname, "../../shared");
const CORPUS = join(SHARED, "corpus/extract-dev");

interface Scores {
  pages: number;
  word: { p: number; r: number; f1: number };
  shingle: { p: number; r: number; f1: number };
  byType: Record<string, { pages: number; f1: number }>;
  rows: { id: string; type: string; f1: number }[];
}

async function main() {
  if (!existsSync(CORPUS)) {
    console.error(`bench:extract needs the corpus at ${CORPUS} (shared/ beside this checkout); nothing measured.`);
    process.exit(2);
  }
  const truth = JSON.parse(readFileSync(join(CORPUS, "truth.json"), "utf8")) as Record<string, { url: string; type: string }>;
  const files = readdirSync(join(CORPUS, "pages")).filter((f) => f.endsWith(".html.gz"));
  const predictions: Record<string, string> = {};
  const cpuMs: number[] = [];
  let peakRss = 0;
  let peakHeap = 0;
  for (const file of files) {
    const id = file.replace(/\.html\.gz$/, "");
    const body = gunzipSync(readFileSync(join(CORPUS, "pages", file)));
    const url = truth[id]?.url || `https://example.com/${id}`;
    const cpu = process.cpuUsage();
    const { text } = decodeBody(body, "text/html");
    const page = htmlPage(text, url, body);
    predictions[id] = extractMainContent(parsePage(page)).markdown;
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    const mem = process.memoryUsage();
    peakRss = Math.max(peakRss, mem.rss);
    peakHeap = Math.max(peakHeap, mem.heapUsed);
  }
  const { score } = (await import(join(SHARED, "bench/score-extract.mjs"))) as {
    score: (dir: string, p: Record<string, string>) => Scores;
  };
  const s = score(CORPUS, predictions);
  const writeAt = process.argv.indexOf("--write");
  if (writeAt > 0) writeFileSync(process.argv[writeAt + 1]!, JSON.stringify(predictions));
  if (process.argv.includes("--per-page")) for (const r of s.rows) console.log(`${r.id}\t${r.type}\t${r.f1.toFixed(3)}`);
  cpuMs.sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(3);
  console.log(`\nbench:extract — ${s.pages} pages of ${CORPUS}\n`);
  for (const [type, v] of Object.entries(s.byType).sort())
    console.log(`  ${type.padEnd(14)} pages ${String(v.pages).padStart(3)}  word F1 ${f(v.f1)}`);
  console.log(
    `\n  overall word F1 ${f(s.word.f1)} (P ${f(s.word.p)} R ${f(s.word.r)})   shingle F1 ${f(s.shingle.f1)} (P ${f(s.shingle.p)} R ${f(s.shingle.r)})`,
  );
  console.log(`  CPU per page: median ${percentile(cpuMs, 50).toFixed(1)} ms, p95 ${percentile(cpuMs, 95).toFixed(1)} ms`);
  console.log(`  peak memory: rss ${(peakRss / 2 ** 20).toFixed(0)} MiB, heap ${(peakHeap / 2 ** 20).toFixed(0)} MiB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
