/**
 * `npm test`: unit tests, then the integration tests against the real service (production
 * build, embedded PostgreSQL, anvil with the test token, fixture sites via CONNECT_TO).
 * `npm test -- --unit` runs the unit tests alone. Uses Node's own test runner.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { startStack } from "../tests/support/stack";

const root = resolve(import.meta.dirname, "..");
const unitOnly = process.argv.includes("--unit");

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts"))
    .sort()
    .map((f) => join(dir, f));
}

function runNodeTests(files: string[], env: Record<string, string>): Promise<number> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=1", "--test-reporter=spec", ...files], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: "inherit",
    });
    child.once("exit", (code) => ok(code ?? 1));
  });
}

async function main(): Promise<number> {
  const files = testFiles("tests/unit");
  if (unitOnly) return runNodeTests(files, {});
  const stack = await startStack({ name: "test" });
  try {
    return await runNodeTests([...files, ...testFiles("tests/integration")], stack.env);
  } finally {
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
