import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { getConfig } from "../config";
import { isServiceError, ServiceError } from "../errors";
import type { PageTaskInput, PageTaskName, PageTaskOutput } from "./tasks";
import type { TaskAnswer, TaskRequest } from "./worker";

export interface PagePoolOptions {
  /** Worker threads at most; tasks beyond them wait their turn. */
  workers: number;
  /** Wall-clock limit of one task; the worker running it is stopped when it is reached. */
  timeoutMs: number;
  /** Heap limit of each worker; a task that needs more ends its worker. */
  memoryMb: number;
  /** The worker's entry file (tests); by default lib/processing/worker-boot.mjs under the working directory. */
  entry?: string;
}

interface Running {
  id: number;
  settle: (answer: TaskAnswer | ServiceError) => void;
}

/** One worker thread, busy with at most one task. */
class PageWorker {
  readonly thread: Worker;
  readonly ready: Promise<void>;
  running: Running | null = null;
  dead = false;

  constructor(entry: string, memoryMb: number, onGone: (w: PageWorker) => void) {
    this.thread = new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
    this.thread.unref();
    this.ready = new Promise((ok, fail) => {
      const early = (err: Error) => fail(new ServiceError("INTERNAL_ERROR", `The page worker failed to start: ${err.message}`));
      this.thread.once("error", early);
      this.thread.once("message", () => {
        this.thread.off("error", early);
        ok();
      });
    });
    this.ready.catch(() => {});
    this.thread.on("message", (answer: TaskAnswer) => {
      if (this.running && "id" in answer && answer.id === this.running.id) this.running.settle(answer);
    });
    this.thread.on("error", (err: Error & { code?: string }) => {
      this.dead = true;
      this.running?.settle(
        err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new ServiceError(
              "RESPONSE_TOO_LARGE",
              `Processing the page needed more than ${memoryMb} MB of memory and was stopped; nothing was charged.`,
            )
          : new ServiceError("INTERNAL_ERROR", `The page worker failed: ${err.message}`),
      );
    });
    this.thread.on("exit", () => {
      this.dead = true;
      this.running?.settle(new ServiceError("INTERNAL_ERROR", "The page worker stopped unexpectedly."));
      onGone(this);
    });
  }
}

/**
 * Runs page tasks (parsing and reading a fetched page) in worker threads, so that no page,
 * however hostile, can block the service or exhaust its memory: each task has a wall-clock
 * limit (504 AUDIT_TIMEOUT) and each worker a heap limit (422 RESPONSE_TOO_LARGE), and a
 * worker that hits either is stopped and replaced. Either failure settles no payment.
 */
export class PagePool {
  private readonly workers = new Set<PageWorker>();
  private readonly idle: PageWorker[] = [];
  private readonly waiting: ((w: PageWorker) => void)[] = [];
  private nextId = 1;
  private readonly entry: string;

  constructor(private readonly options: PagePoolOptions) {
    this.entry = options.entry ?? resolve(process.cwd(), "lib/processing/worker-boot.mjs");
  }

  async run<K extends PageTaskName>(task: K, input: PageTaskInput<K>, limits: { timeoutMs?: number } = {}): Promise<PageTaskOutput<K>> {
    const timeoutMs = limits.timeoutMs ?? this.options.timeoutMs;
    const worker = await this.acquire();
    try {
      await worker.ready;
    } catch (err) {
      this.discard(worker);
      throw err;
    }
    const answer = await new Promise<TaskAnswer | ServiceError>((settle) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        const seconds = timeoutMs / 1000;
        worker.running?.settle(
          new ServiceError("AUDIT_TIMEOUT", `Processing the page took longer than ${seconds} s and was stopped; nothing was charged.`),
        );
        this.discard(worker);
      }, timeoutMs);
      worker.running = {
        id,
        settle: (a) => {
          clearTimeout(timer);
          worker.running = null;
          settle(a);
        },
      };
      worker.thread.ref();
      worker.thread.postMessage({ id, task, input } satisfies TaskRequest);
    });
    worker.thread.unref();
    if (isServiceError(answer)) {
      this.discard(worker);
      throw answer;
    }
    this.release(worker);
    if (answer.ok) return answer.result as PageTaskOutput<K>;
    const { message, code, extra, status } = answer.error;
    if (code) throw new ServiceError(code as ConstructorParameters<typeof ServiceError>[0], message, extra, status);
    throw new Error(`page task ${task} failed: ${message}`);
  }

  /** Worker threads running or starting. */
  get threads(): number {
    return this.workers.size;
  }

  /** Starts every worker now rather than on first use, so no call waits for a thread to start. */
  warm(): void {
    while (this.workers.size < this.options.workers) this.idle.push(this.spawn());
  }

  /** Stops every worker (shutdown, tests). */
  async close(): Promise<void> {
    const all = [...this.workers];
    this.workers.clear();
    this.idle.length = 0;
    await Promise.all(all.map((w) => w.thread.terminate()));
  }

  private acquire(): Promise<PageWorker> {
    const idle = this.idle.pop();
    if (idle) return Promise.resolve(idle);
    if (this.workers.size < this.options.workers) return Promise.resolve(this.spawn());
    return new Promise((ok) => this.waiting.push(ok));
  }

  private spawn(): PageWorker {
    if (!existsSync(this.entry))
      throw new ServiceError("INTERNAL_ERROR", `The page worker's entry ${this.entry} is missing: start the service from its directory.`);
    const worker = new PageWorker(this.entry, this.options.memoryMb, (w) => this.discard(w));
    this.workers.add(worker);
    return worker;
  }

  private release(worker: PageWorker): void {
    if (worker.dead) return this.discard(worker);
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  /** A worker that failed or overran is stopped; whoever waits gets a fresh one. */
  private discard(worker: PageWorker): void {
    if (!this.workers.delete(worker)) return;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    void worker.thread.terminate();
    const next = this.waiting.shift();
    if (next) next(this.spawn());
  }
}

/**
 * The process's one pool, kept on globalThis: the start script and the Next.js bundle each
 * load their own copy of this module, and both must see the same workers.
 */
const SHARED = Symbol.for("website-intelligence.page-pool");
const holder = globalThis as typeof globalThis & { [SHARED]?: PagePool };

/** The service's page pool, sized and limited by PAGE_WORKERS, PAGE_TIMEOUT_MS and PAGE_MEMORY_MB. */
export function pagePool(): PagePool {
  const cfg = getConfig();
  return (holder[SHARED] ??= new PagePool({ workers: cfg.PAGE_WORKERS, timeoutMs: cfg.PAGE_TIMEOUT_MS, memoryMb: cfg.PAGE_MEMORY_MB }));
}

/** Runs one page task in the service's pool. */
export function processPage<K extends PageTaskName>(task: K, input: PageTaskInput<K>): Promise<PageTaskOutput<K>> {
  return pagePool().run(task, input);
}
