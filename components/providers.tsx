"use client";

import "@rainbow-me/rainbowkit/styles.css";
import { connectorsForWallets, RainbowKitProvider } from "@rainbow-me/rainbowkit";
import { injectedWallet, metaMaskWallet, walletConnectWallet } from "@rainbow-me/rainbowkit/wallets";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { defineChain } from "viem";
import { createConfig, http, WagmiProvider } from "wagmi";
import type { WalletSettings } from "@/lib/web/wallet-settings";

/**
 * Wallet plumbing for the dashboard: the payment chain from the server's settings (the local
 * anvil chain or Base), injected wallets found through EIP-6963, and WalletConnect only when
 * the operator set a project id (nothing needs the network otherwise).
 */
export function Providers({ wallet, children }: { wallet: WalletSettings; children: ReactNode }) {
  const [state] = useState(() => {
    const chain = defineChain({
      id: wallet.chainId,
      name: wallet.chainName,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [wallet.rpcUrl] } },
      ...(wallet.explorerTxUrl
        ? { blockExplorers: { default: { name: "Explorer", url: wallet.explorerTxUrl.replace(/\/tx\/$/, "") } } }
        : {}),
    });
    const wallets = wallet.walletConnectProjectId ? [injectedWallet, metaMaskWallet, walletConnectWallet] : [injectedWallet];
    const connectors = connectorsForWallets([{ groupName: "Wallets", wallets }], {
      appName: "Website Intelligence",
      projectId: wallet.walletConnectProjectId ?? "injected-only",
    });
    return {
      config: createConfig({
        chains: [chain],
        transports: { [chain.id]: http(wallet.rpcUrl) },
        connectors,
        multiInjectedProviderDiscovery: true,
        ssr: true,
      }),
      queryClient: new QueryClient(),
    };
  });
  return (
    <WagmiProvider config={state.config}>
      <QueryClientProvider client={state.queryClient}>
        <RainbowKitProvider>{children}</RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
