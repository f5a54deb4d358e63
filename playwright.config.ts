import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./e2e/support/chromium";

// End-to-end tests of the dashboard in the system Chromium, against the real service
// (started by the tests themselves, as `npm test` does). `npm run test:e2e`.
export default defineConfig({
  testDir: "e2e",
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  outputDir: ".data/e2e-results",
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    viewport: { width: 1366, height: 900 },
  },
});
