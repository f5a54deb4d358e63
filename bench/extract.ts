/**
 * `npm run bench:extract`: quality and speed of Content Extraction on
 * ../shared/corpus/extract-dev (256 pages, seven page types), scored by
 * ../shared/bench/score-extract.mjs. Prints word F1 overall and per page type, shingle F1,
 * median and p95 CPU milliseconds per page (decoding + parse + extraction + Markdown, all of the
 * process's threads) on a first pass of a fresh process and on a second pass, peak memory, and
 * how many pages' titles match the corpus's truth titles (case and spacing aside).
 * Options: --per-page (scores of each page), --write FILE (the predictions as JSON).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { extractMainContent } from "../lib/capabilities/extract";
import { pageMetadata } from "../lib/capabilities/extract/metadata";
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
  const truth = JSON.parse(readFileSync(join(CORPUS, "truth.json"), "utf8")) as Record<
    string,
    { url: string; type: string; title?: string }
  >;
  const files = readdirSync(join(CORPUS, "pages")).filter((f) => f.endsWith(".html.gz"));
  // Two passes over the corpus. The first times a fresh process, whose compiler is still
  // translating the extractor as it goes; the second times what a running worker pays per page.
  // Both passes must write the same Markdown: extraction depends on the page alone.
  const predictions: Record<string, string> = {};
  const cpuMs: Record<"cold" | "warm", number[]> = { cold: [], warm: [] };
  let peakRss = 0;
  let peakHeap = 0;
  let titlesMatched = 0;
  let differing = 0;
  for (const pass of ["cold", "warm"] as const) {
    for (const file of files) {
      const id = file.replace(/\.html\.gz$/, "");
      const body = gunzipSync(readFileSync(join(CORPUS, "pages", file)));
      const url = truth[id]?.url || `https://example.com/${id}`;
      const cpu = process.cpuUsage();
      const { text } = decodeBody(body, "text/html");
      const page = htmlPage(text, url, body);
      const parsed = parsePage(page);
      const markdown = extractMainContent(parsed).markdown;
      const used = process.cpuUsage(cpu);
      cpuMs[pass].push((used.user + used.system) / 1000);
      if (pass === "cold") predictions[id] = markdown;
      else if (predictions[id] !== markdown) differing++;
      // The title is the metadata's, outside the timed work (the production path reads it from the
      // same parse), read in both passes so that they do the same work.
      const title = pageMetadata(parsed).title;
      if (pass === "warm" && sameTitle(title, truth[id]?.title)) titlesMatched++;
      const mem = process.memoryUsage();
      peakRss = Math.max(peakRss, mem.rss);
      peakHeap = Math.max(peakHeap, mem.heapUsed);
    }
  }
  const { score, shingleShares, markdownToText } = (await import(join(SHARED, "bench/score-extract.mjs"))) as {
    score: (dir: string, p: Record<string, string>) => Scores;
    shingleShares: (truth: string, pred: string) => Shares;
    markdownToText: (md: string) => string;
  };
  const s = score(CORPUS, predictions);
  const shingleByType = shingleF1ByType(truth, predictions, shingleShares, markdownToText);
  const writeAt = process.argv.indexOf("--write");
  if (writeAt > 0) writeFileSync(process.argv[writeAt + 1]!, JSON.stringify(predictions));
  if (process.argv.includes("--per-page")) for (const r of s.rows) console.log(`${r.id}\t${r.type}\t${r.f1.toFixed(3)}`);
  for (const list of Object.values(cpuMs)) list.sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(3);
  console.log(`\nbench:extract — ${s.pages} pages of ${CORPUS}\n`);
  for (const [type, v] of Object.entries(s.byType).sort())
    console.log(`  ${type.padEnd(14)} pages ${String(v.pages).padStart(3)}  word F1 ${f(v.f1)}  shingle F1 ${f(shingleByType[type] ?? 0)}`);
  console.log(
    `\n  overall word F1 ${f(s.word.f1)} (P ${f(s.word.p)} R ${f(s.word.r)})   shingle F1 ${f(s.shingle.f1)} (P ${f(s.shingle.p)} R ${f(s.shingle.r)})`,
  );
  const cpuLine = (list: number[]) => `median ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms`;
  console.log(`  CPU per page, warm (second pass, as a running worker): ${cpuLine(cpuMs.warm)}`);
  console.log(`  CPU per page, cold (first pass of a fresh process):    ${cpuLine(cpuMs.cold)}`);
  if (differing) {
    console.log(`  FAILED: ${differing} pages gave different Markdown on the second pass`);
    process.exitCode = 1;
  }
  console.log(`  titles as the truth's: ${titlesMatched} of ${files.length} pages`);
  console.log(`  peak memory: rss ${(peakRss / 2 ** 20).toFixed(0)} MiB, heap ${(peakHeap / 2 ** 20).toFixed(0)} MiB`);
}

interface Shares {
  tp: number;
  fp: number;
  fn: number;
}

/** Shingle F1 per page type, computed as the scorer computes it overall (means of per-page precision and recall). */
function shingleF1ByType(
  truth: Record<string, { type: string; text?: string }>,
  predictions: Record<string, string>,
  shares: (truth: string, pred: string) => Shares,
  toText: (md: string) => string,
): Record<string, number> {
  const byType = new Map<string, Shares[]>();
  for (const [id, t] of Object.entries(truth)) {
    const list = byType.get(t.type) ?? [];
    list.push(shares(t.text ?? "", toText(predictions[id] ?? "")));
    byType.set(t.type, list);
  }
  const ratio = (x: Shares, other: "fp" | "fn") => (x.fp === 0 && x.fn === 0 ? 1 : x.tp / (x.tp + x[other]));
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const out: Record<string, number> = {};
  for (const [type, list] of byType) {
    const p = mean(list.filter((x) => x.tp + x.fp > 0).map((x) => ratio(x, "fp")));
    const r = mean(list.filter((x) => x.tp + x.fn > 0).map((x) => ratio(x, "fn")));
    out[type] = p + r ? (2 * p * r) / (p + r) : 0;
  }
  return out;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/** Titles compared as a reader would: case, spacing and curly quotes aside. */
function sameTitle(ours: string | null, truth: string | undefined): boolean {
  const norm = (t: string) => t.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();
  return truth !== undefined && norm(ours ?? "") === norm(truth);
}
