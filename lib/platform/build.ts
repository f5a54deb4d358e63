import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const SOURCES = ["app", "lib", "public", "next.config.ts", "package.json", "package-lock.json", "tsconfig.json", "postcss.config.mjs"];
const FINGERPRINT_FILE = ".next/source-fingerprint";

/** A hash of everything the production build depends on. */
export function sourceFingerprint(root: string): string {
  const hash = createHash("sha256");
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else {
      hash.update(relative(root, path)).update("\0").update(readFileSync(path)).update("\0");
    }
  };
  for (const s of SOURCES) visit(join(root, s));
  return hash.digest("hex");
}

/** True when .next holds a production build of the current sources. */
export function buildIsCurrent(root: string): boolean {
  const file = join(root, FINGERPRINT_FILE);
  if (!existsSync(join(root, ".next", "BUILD_ID")) || !existsSync(file)) return false;
  return readFileSync(file, "utf8").trim() === sourceFingerprint(root);
}

/** Runs `next build` when there is no current build (so `npm start` works on a fresh clone). */
export function ensureBuild(root: string, say: (line: string) => void): void {
  if (buildIsCurrent(root)) return;
  say("No current production build: running `next build` (about a minute on two cores)…");
  const started = Date.now();
  const result = spawnSync(process.execPath, [join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`);
  writeFileSync(join(root, FINGERPRINT_FILE), sourceFingerprint(root));
  say(`Build done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
