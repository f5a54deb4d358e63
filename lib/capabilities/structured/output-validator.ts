import { createRequire } from "node:module";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { AJV_OPTIONS } from "./schema";

/**
 * Checks model output against the caller's schema in a worker thread with a time limit.
 * The schema is the caller's, `pattern` included, and the text matched against it comes
 * from a page the caller may also control: a pattern that backtracks without end would
 * stall the whole service if run on the main thread. A validation that overruns ends the
 * worker (a fresh one starts for the next call) and counts as invalid output.
 */
export interface OutputCheck {
  valid: boolean;
  /** Short "path: problem" lines, for the caller and for the model's repair attempt. */
  errors: string[];
}

export const VALIDATION_TIMEOUT_MS = 1000;

// Plain CommonJS evaluated by the worker: nothing here is bundled, so ajv is loaded by path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { Ajv2020 } = require(workerData.ajvPath);
const ajv = new Ajv2020(workerData.options);
const compiled = new Map();
parentPort.on("message", ({ id, schema, data }) => {
  try {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      ajv.removeSchema(schema);
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

interface Pending {
  resolve: (check: OutputCheck) => void;
  timer: NodeJS.Timeout;
}

interface ValidatorWorker {
  thread: Worker;
  pending: Map<number, Pending>;
}

let worker: ValidatorWorker | undefined;
let nextId = 1;

function startWorker(): ValidatorWorker {
  // Resolved from the service's root, where node_modules is (the bundler cannot see this path).
  const ajvPath = createRequire(join(process.cwd(), "package.json")).resolve("ajv/dist/2020");
  const thread = new Worker(WORKER_SOURCE, { eval: true, workerData: { ajvPath, options: AJV_OPTIONS } });
  const started: ValidatorWorker = { thread, pending: new Map() };
  const { pending } = started;
  thread.on("message", (m: { id: number; valid: boolean; errors: string[] }) => {
    const call = pending.get(m.id);
    if (!call) return;
    pending.delete(m.id);
    clearTimeout(call.timer);
    call.resolve({ valid: m.valid, errors: m.errors });
  });
  const fail = (reason: string) => {
    if (worker === started) worker = undefined;
    for (const [id, call] of pending) {
      clearTimeout(call.timer);
      call.resolve({ valid: false, errors: [reason] });
      pending.delete(id);
    }
  };
  thread.on("error", (err) => fail(`(validator): ${err.message}`));
  thread.on("exit", () => fail("(validator): stopped"));
  // After the listeners (adding one refs the thread again): an idle validator keeps no process alive.
  thread.unref();
  return started;
}

/** Validates `data` against `schema` (already accepted by extractionSchemaProblem). */
export function checkOutput(schema: Record<string, unknown>, data: unknown, timeoutMs = VALIDATION_TIMEOUT_MS): Promise<OutputCheck> {
  const current = (worker ??= startWorker());
  const id = nextId++;
  return new Promise<OutputCheck>((resolve) => {
    const timer = setTimeout(() => {
      current.pending.delete(id);
      resolve({
        valid: false,
        errors: [
          `(schema): checking the output took longer than ${timeoutMs} ms (a pattern in the schema backtracks); simplify the schema's patterns`,
        ],
      });
      // The worker is stuck in that pattern: end it; the next call starts a fresh one.
      if (worker === current) worker = undefined;
      void current.thread.terminate();
    }, timeoutMs);
    current.pending.set(id, { resolve, timer });
    current.thread.postMessage({ id, schema, data });
  });
}
