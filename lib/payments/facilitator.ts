import type { FacilitatorClient } from "@x402/core/server";
import { HTTPFacilitatorClient } from "@x402/core/server";
import { x402Facilitator } from "@x402/core/facilitator";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { type Chain, defineChain } from "viem";
import { base } from "viem/chains";
import { createFacilitatorSigner } from "./evm-signer";
import type { PaymentSettings } from "./settings";

/**
 * The facilitator that verifies and settles payments, in one of three modes:
 * - local: in-process, against the local anvil chain and its test token (the default);
 * - self-hosted: in-process, against RPC_URL with FACILITATOR_PRIVATE_KEY paying gas (e.g. Base mainnet);
 * - remote: an HTTP facilitator at FACILITATOR_URL.
 */
export function createFacilitatorClient(settings: PaymentSettings): FacilitatorClient {
  if (settings.mode === "remote") {
    if (!settings.facilitatorUrl) throw new Error("FACILITATOR_URL is required when PAYMENTS_MODE=remote");
    return new HTTPFacilitatorClient({ url: settings.facilitatorUrl });
  }
  if (!settings.rpcUrl) throw new Error("RPC_URL is required for an in-process facilitator");
  if (!settings.facilitatorPrivateKeys.length) throw new Error("FACILITATOR_PRIVATE_KEY is required for an in-process facilitator");
  const local = settings.mode === "local";
  const signer = createFacilitatorSigner(chainFor(settings), settings.rpcUrl, settings.facilitatorPrivateKeys, {
    pollMs: local ? 20 : 500,
  });
  const facilitator = new x402Facilitator().register(settings.network, new ExactEvmScheme(signer));
  return {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    // The facilitator reports networks as plain strings; they are the CAIP-2 ids we registered.
    getSupported: async () => facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
  };
}

function chainFor(settings: PaymentSettings): Chain {
  if (settings.chainId === base.id) return base;
  return defineChain({
    id: settings.chainId,
    name: `eip155:${settings.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcUrl ?? ""] } },
  });
}
