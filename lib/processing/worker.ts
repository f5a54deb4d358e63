import { parentPort } from "node:worker_threads";
import { isServiceError } from "../errors";
import { type PageTaskName, pageTasks } from "./tasks";

/** A request to a page worker, and its answer. */
export interface TaskRequest {
  id: number;
  task: PageTaskName;
  input: unknown;
}
export type TaskAnswer =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; code?: string; extra?: Record<string, unknown>; status?: number } };

/** Buffers cross a thread as plain Uint8Arrays; the readers expect Buffers (a page's body, also inside `{ page }`). */
function asBuffers(input: unknown): unknown {
  if (!input || typeof input !== "object") return input;
  if ("body" in input && input.body instanceof Uint8Array && !Buffer.isBuffer(input.body))
    return { ...input, body: Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength) };
  if ("page" in input) return { ...input, page: asBuffers(input.page) };
  return input;
}

function answer(request: TaskRequest): TaskAnswer {
  try {
    // The task table is typed per task; the request was built from the same table by the pool.
    const run = pageTasks[request.task] as (input: unknown) => unknown;
    return { id: request.id, ok: true, result: run(asBuffers(request.input)) };
  } catch (err) {
    if (isServiceError(err))
      return { id: request.id, ok: false, error: { message: err.message, code: err.code, extra: err.extra, status: err.status } };
    return { id: request.id, ok: false, error: { message: err instanceof Error ? (err.stack ?? err.message) : String(err) } };
  }
}

parentPort?.on("message", (request: TaskRequest) => parentPort?.postMessage(answer(request)));
parentPort?.postMessage({ ready: true });
