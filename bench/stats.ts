/** Latency and throughput of a batch of timed calls. */
export interface RunStats {
  calls: number;
  errors: number;
  p50: number;
  p99: number;
  rps: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Runs `total` calls with `concurrency` in flight; `call` returns true on success. */
export async function measure(total: number, concurrency: number, call: (i: number) => Promise<boolean>): Promise<RunStats> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    for (let i = next++; i < total; i = next++) {
      const t = performance.now();
      const ok = await call(i).catch(() => false);
      latencies.push(performance.now() - t);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { calls: total, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: total / elapsed };
}

export function row(label: string, s: RunStats): string {
  return `${label.padEnd(44)} ${String(s.calls).padStart(6)} ${String(s.errors).padStart(6)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${s.rps.toFixed(1).padStart(8)}`;
}

export const HEADER = `${"run".padEnd(44)} ${"calls".padStart(6)} ${"errors".padStart(6)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"req/s".padStart(8)}`;
