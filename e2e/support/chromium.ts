import { CHROMIUM_ARGS, CHROMIUM_HINT, findChromium } from "../../lib/platform/chromium";

export { CHROMIUM_ARGS };

/** The browser the end-to-end tests drive, or a clear error saying how to get one. */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(`No Chromium found: ${CHROMIUM_HINT}.`);
  return found;
}
