import { x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { bazaarResourceServerExtension } from "@x402/extensions/bazaar";
import { createFacilitatorClient } from "./facilitator";
import { type PaymentSettings, paymentSettings } from "./settings";

interface ServerHandle {
  key: string;
  settings: PaymentSettings;
  server: x402ResourceServer;
}

// One resource server per process, on globalThis so every route bundle shares it.
const registry = globalThis as unknown as { __wiX402?: ServerHandle };

/** The process's x402 resource server, built on first use from the payment settings. */
export function getResourceServer(): { server: x402ResourceServer; settings: PaymentSettings } {
  const settings = paymentSettings();
  const key = JSON.stringify(settings);
  if (!registry.__wiX402 || registry.__wiX402.key !== key) {
    const server = new x402ResourceServer(createFacilitatorClient(settings)).register(settings.network, new ExactEvmScheme());
    server.registerExtension(bazaarResourceServerExtension);
    registry.__wiX402 = { key, settings, server };
  }
  return { server: registry.__wiX402.server, settings: registry.__wiX402.settings };
}
