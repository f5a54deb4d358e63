import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import type { Address } from "viem";
import { devAccount } from "../lib/chain/dev-accounts";
import { balances } from "../tests/support/env";
import { type Stack, startStack } from "../tests/support/stack";
import { injectedWalletScript } from "./support/wallet";

/**
 * The dashboard in Chromium, on the real service: a wallet injected into the page pays from
 * dev account #3 on the local anvil chain; fixture sites are reached through CONNECT_TO.
 */
const PAYER = devAccount(3).address;
const SCREENSHOTS = join(import.meta.dirname, "..", ".data", "screenshots");
let stack: Stack;
let balanceOf: (holder: Address) => Promise<bigint>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  stack = await startStack({ name: "e2e" });
  balanceOf = balances(stack.env.WI_RPC_URL!, stack.env.WI_ASSET as Address);
  mkdirSync(SCREENSHOTS, { recursive: true });
});
test.afterAll(async () => {
  await stack?.stop();
});

async function openHome(page: Page, startChainId?: number) {
  await page.addInitScript(injectedWalletScript(stack.env.WI_RPC_URL!, PAYER, startChainId));
  await page.goto(`${stack.baseUrl}/`);
}

async function connect(page: Page) {
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  await page.getByRole("button", { name: "Test Wallet" }).click();
  await expect(page.getByRole("button", { name: /Pay .* USDC and run/ })).toBeVisible();
}

/** The result panel (Next.js has its own role=alert route announcer elsewhere on the page). */
const result = (page: Page) => page.getByRole("region", { name: "Result" });

const walletCalls = (page: Page) => page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls);

test("connect, pay for a quick audit, read the report, open the permalink, copy the badge", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openHome(page);
  await expect(page.getByLabel("Capability")).toHaveValue("quick-audit");
  await page.getByLabel("Page URL").fill("https://secure.test/well-made");
  await page.getByRole("button", { name: "Get the price" }).click();
  await expect(page.getByText(/costs\s+0\.015 USDC/)).toBeVisible();
  await connect(page);
  const before = await balanceOf(PAYER);
  await page.getByRole("button", { name: "Pay 0.015 USDC and run" }).click();
  await expect(page.getByText(/Done \(HTTP 200\)/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Paid: transaction/)).toBeVisible();
  expect(before - (await balanceOf(PAYER))).toBe(15000n);
  expect(await walletCalls(page)).toContain("eth_signTypedData_v4");

  await page.getByRole("link", { name: "Open the report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("https://secure.test/well-made");
  await expect(page.getByRole("img", { name: /^Overall: \d+ out of 100/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Accessibility: \d+ out of 100/ })).toBeVisible();
  await expect(page.getByText("✓ Verified: signed by this service, unaltered")).toBeVisible();
  const permalink = page.url();
  await page.goto(permalink);
  await expect(page.getByRole("heading", { name: /Share and embed/ })).toBeVisible();
  await page.getByRole("button", { name: "Copy Badge in Markdown" }).click();
  await expect(page.getByText("Badge in Markdown copied.")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^\[!\[Website Intelligence score\]\(.*\/v1\/badge\?url=secure\.test\)\]\(.*\/reports\/qa_[0-9a-f]{24}\)$/);
  await page.screenshot({ path: join(SCREENSHOTS, "report-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(SCREENSHOTS, "report-mobile.png"), fullPage: true });
});

test("a blocked URL shows its error before any price or signature is asked for", async ({ page }) => {
  await openHome(page);
  await page.getByLabel("Page URL").fill("http://10.0.0.1/");
  await page.getByRole("button", { name: "Get the price" }).click();
  await expect(result(page).getByRole("alert")).toContainText("Nothing was charged.");
  await expect(result(page).getByRole("alert")).toContainText(/PRIVATE_ADDRESS_BLOCKED|INVALID_URL/);
  await expect(page.getByText(/costs .* USDC/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Pay .* USDC and run/ })).toHaveCount(0);
  expect(await walletCalls(page)).not.toContain("eth_signTypedData_v4");
});

test("a wallet on another chain is switched to the payment chain before it signs", async ({ page }) => {
  await openHome(page, 1);
  await page.getByLabel("Page URL").fill("http://site.test/");
  await page.getByRole("button", { name: "Get the price" }).click();
  await connect(page);
  const before = await balanceOf(PAYER);
  await page.getByRole("button", { name: "Pay 0.015 USDC and run" }).click();
  await expect(page.getByText(/Done \(HTTP 200\)/)).toBeVisible({ timeout: 60_000 });
  const calls = await walletCalls(page);
  expect(calls.indexOf("wallet_switchEthereumChain")).toBeGreaterThan(-1);
  expect(calls.indexOf("wallet_switchEthereumChain")).toBeLessThan(calls.indexOf("eth_signTypedData_v4"));
  expect(before - (await balanceOf(PAYER))).toBe(15000n);
});

test("a rejected signature says so and charges nothing", async ({ page }) => {
  await openHome(page);
  await page.getByLabel("Page URL").fill("http://site.test/");
  await page.getByRole("button", { name: "Get the price" }).click();
  await connect(page);
  await page.evaluate(() => ((window as unknown as { __rejectSignatures: boolean }).__rejectSignatures = true));
  const before = await balanceOf(PAYER);
  await page.getByRole("button", { name: "Pay 0.015 USDC and run" }).click();
  await expect(result(page).getByRole("alert")).toHaveText("You rejected the signature. Nothing was charged.");
  expect(await balanceOf(PAYER)).toBe(before);
});

test("main pages at mobile and desktop sizes (screenshots for review)", async ({ page }) => {
  for (const [name, path] of [
    ["home", "/"],
    ["pricing", "/pricing"],
    ["api", "/api-docs"],
    ["badges", "/badges"],
  ] as const) {
    for (const [size, viewport] of [
      ["desktop", { width: 1366, height: 900 }],
      ["mobile", { width: 360, height: 780 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${stack.baseUrl}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Nothing wider than the screen: no horizontal scrolling at 360 px.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${size}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size}.png`), fullPage: true });
    }
  }
});
