import { getConfig } from "../config";
import { paymentSettings } from "../payments/settings";

/** What the dashboard's wallet needs to know about the payment chain (sent to the browser). */
export interface WalletSettings {
  chainId: number;
  chainName: string;
  network: string;
  rpcUrl: string;
  asset: string;
  assetName: string;
  /** A block explorer's transaction URL prefix, or null (the local chain has none). */
  explorerTxUrl: string | null;
  walletConnectProjectId: string | null;
}

const CHAINS: Record<number, { name: string; rpc: string; explorer: string | null }> = {
  8453: { name: "Base", rpc: "https://mainnet.base.org", explorer: "https://basescan.org/tx/" },
  84532: { name: "Base Sepolia", rpc: "https://sepolia.base.org", explorer: "https://sepolia.basescan.org/tx/" },
  31337: { name: "Local anvil", rpc: "http://127.0.0.1:8545", explorer: null },
};

export function walletSettings(): WalletSettings {
  const cfg = getConfig();
  const settings = paymentSettings(cfg);
  const chainId = Number(settings.network.split(":")[1]);
  const known = CHAINS[chainId];
  return {
    chainId,
    chainName: known?.name ?? `Chain ${chainId}`,
    network: settings.network,
    rpcUrl:
      cfg.PUBLIC_RPC_URL ?? (settings.mode === "local" ? (settings.rpcUrl ?? known?.rpc ?? "") : (known?.rpc ?? settings.rpcUrl ?? "")),
    asset: settings.asset,
    assetName: settings.assetName,
    explorerTxUrl: known?.explorer ?? null,
    walletConnectProjectId: cfg.WALLETCONNECT_PROJECT_ID ?? null,
  };
}
