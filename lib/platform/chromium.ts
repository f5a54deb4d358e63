import { existsSync } from "node:fs";

/**
 * The system Chromium (never a downloaded one): CHROMIUM_PATH, else Debian's or a Chrome
 * install; null when there is none. `.ci/run` installs Debian's `chromium` package when missing.
 */
export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/lib/chromium/chromium",
    "/usr/bin/google-chrome",
    "/usr/bin/chromium-browser",
  ];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

export const CHROMIUM_HINT = "install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH";

/** Launch flags that work here: headless, no sandbox (root), and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
