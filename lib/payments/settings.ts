import type { Address } from "viem";
import { type Config, getConfig } from "../config";

/** Circle's USDC on Base mainnet, and the EIP-712 domain it signs with. */
export const BASE_USDC = { address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as Address, name: "USD Coin", version: "2" };
export const BASE_NETWORK = "eip155:8453";

export interface PaymentSettings {
  mode: Config["PAYMENTS_MODE"];
  network: `eip155:${number}`;
  chainId: number;
  asset: Address;
  assetName: string;
  assetVersion: string;
  payTo: Address;
  rpcUrl?: string;
  facilitatorUrl?: string;
  facilitatorPrivateKeys: `0x${string}`[];
  maxTimeoutSeconds: number;
}

/**
 * The payment terms of this process. In local mode the start script deploys the test token
 * and exports its address, the dev payTo and facilitator key into the environment first.
 */
export function paymentSettings(cfg: Config = getConfig()): PaymentSettings {
  const local = cfg.PAYMENTS_MODE === "local";
  const network = (cfg.X402_NETWORK ?? (local ? "eip155:31337" : BASE_NETWORK)) as `eip155:${number}`;
  const asset = cfg.X402_ASSET ?? (local ? undefined : BASE_USDC.address);
  if (!asset) throw new Error("X402_ASSET is not set: in local mode `npm start` deploys the test token and sets it");
  if (!cfg.PAY_TO) throw new Error("PAY_TO is not set");
  return {
    mode: cfg.PAYMENTS_MODE,
    network,
    chainId: Number(network.split(":")[1]),
    asset: asset as Address,
    assetName: cfg.X402_ASSET_NAME ?? BASE_USDC.name,
    assetVersion: cfg.X402_ASSET_VERSION ?? BASE_USDC.version,
    payTo: cfg.PAY_TO as Address,
    rpcUrl: cfg.RPC_URL,
    facilitatorUrl: cfg.FACILITATOR_URL,
    facilitatorPrivateKeys: (cfg.FACILITATOR_PRIVATE_KEY ?? "")
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean) as `0x${string}`[],
    maxTimeoutSeconds: cfg.X402_MAX_TIMEOUT_SECONDS,
  };
}

/** Formats atomic USDC ("2000") as dollars ("0.002"). */
export function formatUsdc(atomic: string | bigint): string {
  const n = BigInt(atomic);
  const whole = n / 1_000_000n;
  const frac = (n % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** Parses a dollar price ("0.002") into atomic USDC ("2000"). */
export function usdcToAtomic(usd: string): string {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(usd);
  if (!m) throw new Error(`not a USDC amount: ${usd}`);
  return (BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? "").padEnd(6, "0"))).toString();
}
