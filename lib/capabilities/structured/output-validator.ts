import { createRequire } from "node:module";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { AJV_OPTIONS } from "./schema";

/**
 * Checks model output against the caller's schema in a worker thread with a time limit.
 * The schema is the caller's, `pattern` included, and the text matched against it comes
 * from a page the caller may also control: a pattern that backtracks without end would
 * stall the whole service if run on the main thread.
 *
 * Checks run one at a time in the worker, in order, and only the check being run is timed:
 * one that overruns is answered as invalid, the worker is ended, and the checks queued
 * behind it are handed to a fresh worker untouched.
 */
export interface OutputCheck {
  valid: boolean;
  /** Short "path: problem" lines, for the caller and for the model's repair attempt. */
  errors: string[];
}

export const VALIDATION_TIMEOUT_MS = 1000;

// Plain CommonJS evaluated by the worker: nothing here is bundled, so ajv is loaded by path.
// Each schema gets a fresh ajv instance (its $ids stay its own); validators are cached.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { Ajv2020 } = require(workerData.ajvPath);
const compiled = new Map();
parentPort.on("message", ({ id, schema, data }) => {
  try {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = new Ajv2020(workerData.options).compile(schema);
      if (compiled.size >= 100) compiled.delete(compiled.keys().next().value);
      compiled.set(key, validate);
    }
    const valid = validate(data);
    const errors = (validate.errors || []).slice(0, 10).map((e) =>
      (e.instancePath || "(root)") + ": " + (e.message || e.keyword) +
      (e.keyword === "additionalProperties" ? " (" + e.params.additionalProperty + ")" : ""));
    parentPort.postMessage({ id, valid, errors });
  } catch (err) {
    parentPort.postMessage({ id, valid: false, errors: ["(schema): " + err.message] });
  }
});
`;

interface Job {
  id: number;
  schema: Record<string, unknown>;
  data: unknown;
  timeoutMs: number;
  resolve: (check: OutputCheck) => void;
}

interface ValidatorWorker {
  thread: Worker;
  /** Jobs posted to the thread, in the order it runs them; the first is running. */
  queue: Job[];
  timer?: NodeJS.Timeout;
}

let current: ValidatorWorker | undefined;
let nextId = 1;

function startWorker(jobs: Job[] = []): ValidatorWorker {
  // Resolved from the service's root, where node_modules is (the bundler cannot see this path).
  const ajvPath = createRequire(join(process.cwd(), "package.json")).resolve("ajv/dist/2020");
  const thread = new Worker(WORKER_SOURCE, { eval: true, workerData: { ajvPath, options: AJV_OPTIONS } });
  const worker: ValidatorWorker = { thread, queue: [] };
  thread.on("message", (m: { id: number; valid: boolean; errors: string[] }) => {
    const head = worker.queue[0];
    if (!head || head.id !== m.id) return;
    clearTimeout(worker.timer);
    worker.timer = undefined;
    worker.queue.shift();
    head.resolve({ valid: m.valid, errors: m.errors });
    armTimer(worker);
  });
  const failAll = (reason: string) => {
    if (current === worker) current = undefined;
    clearTimeout(worker.timer);
    for (const job of worker.queue.splice(0)) job.resolve({ valid: false, errors: [reason] });
  };
  thread.on("error", (err) => failAll(`(validator): ${err.message}`));
  thread.on("exit", () => failAll("(validator): stopped"));
  // After the listeners (adding one refs the thread again): an idle validator keeps no process alive.
  thread.unref();
  for (const job of jobs) post(worker, job);
  return worker;
}

function post(worker: ValidatorWorker, job: Job) {
  worker.queue.push(job);
  worker.thread.postMessage({ id: job.id, schema: job.schema, data: job.data });
  armTimer(worker);
}

/** Times the job the worker is running (the head of its queue). */
function armTimer(worker: ValidatorWorker) {
  const head = worker.queue[0];
  if (!head || worker.timer) return;
  worker.timer = setTimeout(() => {
    worker.timer = undefined;
    const [culprit, ...waiting] = worker.queue.splice(0);
    culprit!.resolve({
      valid: false,
      errors: [
        `(schema): checking the output took longer than ${culprit!.timeoutMs} ms (a pattern in the schema backtracks); simplify the schema's patterns`,
      ],
    });
    // The thread is stuck in that pattern: end it; the jobs behind it move to a fresh one.
    if (current === worker) current = undefined;
    void worker.thread.terminate();
    current = startWorker(waiting);
  }, head.timeoutMs);
}

/** Validates `data` against `schema` (already accepted by extractionSchemaProblem). */
export function checkOutput(schema: Record<string, unknown>, data: unknown, timeoutMs = VALIDATION_TIMEOUT_MS): Promise<OutputCheck> {
  const worker = (current ??= startWorker());
  return new Promise<OutputCheck>((resolve) => post(worker, { id: nextId++, schema, data, timeoutMs, resolve }));
}
