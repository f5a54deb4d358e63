import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { getConfig } from "../config";
import { ERROR_STATUS, type ErrorCode, isServiceError, ServiceError } from "../errors";
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

/** A task waiting for a worker: given one, or failed when none can be had. */
interface Waiter {
  ok: (w: PageWorker) => void;
  fail: (err: unknown) => void;
}

/** One worker thread, busy with at most one task. */
class PageWorker {
  readonly thread: Worker;
  readonly ready: Promise<void>;
  running: Running | null = null;
  /** Failed, terminated or exited: never given a task again. */
  dead = false;

  constructor(entry: string, memoryMb: number, onExit: (w: PageWorker) => void) {
    this.thread = new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
    this.thread.unref();
    let failStart: (err: ServiceError) => void = () => {};
    this.ready = new Promise((ok, fail) => {
      failStart = fail;
      this.thread.once("message", () => ok());
    });
    this.ready.catch(() => {});
    // The first message says the worker is ready; the others answer tasks.
    this.thread.on("message", (answer: TaskAnswer | { ready: true }) => {
      if (this.running && "id" in answer && answer.id === this.running.id) this.running.settle(answer);
    });
    this.thread.on("error", (err: Error & { code?: string }) => {
      this.dead = true;
      failStart(new ServiceError("INTERNAL_ERROR", `The page worker failed to start: ${err.message}`));
      this.running?.settle(
        err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new ServiceError(
              "RESPONSE_TOO_LARGE",
              `Processing the page needed more than ${memoryMb} MB of memory and was stopped; nothing was charged.`,
            )
          : new ServiceError("INTERNAL_ERROR", `The page worker failed: ${err.message || err.name || "unknown error"}`),
      );
    });
    // An answer that cannot be read back is the worker's failure, not a timeout.
    this.thread.on("messageerror", (err: Error) => {
      this.running?.settle(new ServiceError("INTERNAL_ERROR", `The page worker's answer could not be read: ${err.message}`));
    });
    this.thread.on("exit", () => {
      this.dead = true;
      failStart(new ServiceError("INTERNAL_ERROR", "The page worker stopped before it started."));
      this.running?.settle(new ServiceError("INTERNAL_ERROR", "The page worker stopped unexpectedly."));
      onExit(this);
    });
  }
}

/** A worker that has not said it is ready within the pool's time limit will not serve the task (a hung start). */
function startedWithin(worker: PageWorker, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new ServiceError("INTERNAL_ERROR", `The page worker did not start within ${timeoutMs / 1000} s; nothing was charged.`)),
      timeoutMs,
    );
  });
  return Promise.race([worker.ready, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs page tasks (parsing and reading a fetched page) in worker threads, so that no page,
 * however hostile, can block the service or exhaust its memory: each task has a wall-clock
 * limit (504 AUDIT_TIMEOUT) and each worker a heap limit (422 RESPONSE_TOO_LARGE), and a
 * worker that hits either is stopped and replaced. Either failure settles no payment.
 * A stopped worker counts until its thread has exited, so no more than `workers` threads
 * ever run; tasks that wait are served in order when a worker is free or replaced.
 */
export class PagePool {
  private readonly workers = new Set<PageWorker>();
  private readonly idle: PageWorker[] = [];
  private readonly waiting: Waiter[] = [];
  private nextId = 1;
  private closed = false;
  private readonly entry: string;

  constructor(private readonly options: PagePoolOptions) {
    this.entry = options.entry ?? resolve(process.cwd(), "lib/processing/worker-boot.mjs");
  }

  async run<K extends PageTaskName>(task: K, input: PageTaskInput<K>, limits: { timeoutMs?: number } = {}): Promise<PageTaskOutput<K>> {
    const timeoutMs = limits.timeoutMs ?? this.options.timeoutMs;
    const worker = await this.acquire();
    try {
      // The pool's own limit: a call's shorter one is for its work, not the thread's start.
      await startedWithin(worker, this.options.timeoutMs);
    } catch (err) {
      this.stop(worker);
      throw err;
    }
    const id = this.nextId++;
    try {
      worker.thread.postMessage({ id, task, input } satisfies TaskRequest);
    } catch (err) {
      // Input that cannot cross a thread: the worker never saw it and is free for the next task.
      this.release(worker);
      throw new ServiceError(
        "INTERNAL_ERROR",
        `The page could not be handed to a worker: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const answer = await new Promise<TaskAnswer | ServiceError>((settle) => {
      const timer = setTimeout(() => {
        const seconds = timeoutMs / 1000;
        worker.running?.settle(
          new ServiceError("AUDIT_TIMEOUT", `Processing the page took longer than ${seconds} s and was stopped; nothing was charged.`),
        );
        this.stop(worker);
      }, timeoutMs);
      worker.running = {
        id,
        settle: (a) => {
          clearTimeout(timer);
          worker.running = null;
          worker.thread.unref();
          settle(a);
        },
      };
      worker.thread.ref();
    });
    if (isServiceError(answer)) {
      this.stop(worker);
      throw answer;
    }
    this.release(worker);
    if (answer.ok) return answer.result as PageTaskOutput<K>;
    const { message, code, extra, status } = answer.error;
    if (code && Object.hasOwn(ERROR_STATUS, code)) throw new ServiceError(code as ErrorCode, message, extra, status);
    throw new Error(`page task ${task} failed: ${message}`);
  }

  /** Worker threads running, starting or stopping. */
  get threads(): number {
    return this.workers.size;
  }

  /** Starts every worker now rather than on first use, so no call waits for a thread to start. */
  warm(): void {
    while (!this.closed && this.workers.size < this.options.workers) this.idle.push(this.spawn());
  }

  /** Stops every worker and fails every waiting task (shutdown, tests). */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.fail(new ServiceError("INTERNAL_ERROR", "The page pool is closed."));
    const all = [...this.workers];
    this.idle.length = 0;
    await Promise.all(all.map((w) => ((w.dead = true), w.thread.terminate())));
  }

  private acquire(): Promise<PageWorker> {
    if (this.closed) return Promise.reject(new ServiceError("INTERNAL_ERROR", "The page pool is closed."));
    let idle = this.idle.pop();
    while (idle?.dead) idle = this.idle.pop();
    if (idle) return Promise.resolve(idle);
    // Started at once, so calls in the same tick count it: never more than `workers` threads.
    if (this.workers.size < this.options.workers) {
      try {
        return Promise.resolve(this.spawn());
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return new Promise((ok, fail) => this.waiting.push({ ok, fail }));
  }

  private spawn(): PageWorker {
    if (this.closed) throw new ServiceError("INTERNAL_ERROR", "The page pool is closed.");
    if (!existsSync(this.entry))
      throw new ServiceError("INTERNAL_ERROR", `The page worker's entry ${this.entry} is missing: start the service from its directory.`);
    const worker = new PageWorker(this.entry, this.options.memoryMb, (w) => this.exited(w));
    this.workers.add(worker);
    return worker;
  }

  private release(worker: PageWorker): void {
    if (worker.dead || this.closed) return this.stop(worker);
    const next = this.waiting.shift();
    if (next) next.ok(worker);
    else this.idle.push(worker);
  }

  /** A worker that failed or overran is terminated; it is replaced once its thread has exited. */
  private stop(worker: PageWorker): void {
    worker.dead = true;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    void worker.thread.terminate();
  }

  /** A thread has exited: its place goes to the first waiting task, in a fresh worker. */
  private exited(worker: PageWorker): void {
    if (!this.workers.delete(worker) || this.closed) return;
    const next = this.waiting.shift();
    if (!next) return;
    try {
      next.ok(this.spawn());
    } catch (err) {
      next.fail(err);
    }
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
  if (!holder[SHARED]) {
    const cfg = getConfig();
    holder[SHARED] = new PagePool({ workers: cfg.PAGE_WORKERS, timeoutMs: cfg.PAGE_TIMEOUT_MS, memoryMb: cfg.PAGE_MEMORY_MB });
  }
  return holder[SHARED];
}

/** Runs one page task in the service's pool. */
export function processPage<K extends PageTaskName>(task: K, input: PageTaskInput<K>): Promise<PageTaskOutput<K>> {
  return pagePool().run(task, input);
}
