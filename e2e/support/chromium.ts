import { existsSync } from "node:fs";

/**
 * The system Chromium (never a downloaded one): CHROMIUM_PATH, else Debian's or a Chrome
 * install. `.ci/run` installs Debian's `chromium` package when none is found.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/lib/chromium/chromium",
    "/usr/bin/google-chrome",
    "/usr/bin/chromium-browser",
  ];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error("No Chromium found: set CHROMIUM_PATH, or install it (Debian: apt-get install -y chromium).");
  return found;
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
