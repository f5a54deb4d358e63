/**
 * An EIP-1193 wallet injected into the page, announced through EIP-6963 and set as
 * `window.ethereum`, so wagmi and RainbowKit find it. It forwards JSON-RPC to the local anvil chain, which signs typed data
 * for its unlocked dev accounts. `window.__rejectSignatures = true` makes it refuse to sign
 * (error 4001, as a user pressing "Reject"); `window.__walletCalls` lists the methods called.
 */
export function injectedWalletScript(rpcUrl: string, account: string, startChainId?: number): string {
  return `(() => {
  const rpc = ${JSON.stringify(rpcUrl)};
  const account = ${JSON.stringify(account)};
  window.__walletCalls = [];
  // Like a real wallet, it shares the account only once the page asked for it (eth_requestAccounts).
  let connected = false;
  // The chain the wallet is on: another one at first when the test says so, until the page asks to switch.
  let chainId = ${startChainId === undefined ? "null" : JSON.stringify(`0x${startChainId.toString(16)}`)};
  const listeners = {};
  const emit = (event, value) => (listeners[event] || []).forEach((fn) => fn(value));
  async function call(method, params) {
    const res = await fetch(rpc, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: Date.now(), method, params }) });
    const json = await res.json();
    if (json.error) throw Object.assign(new Error(json.error.message), { code: json.error.code });
    return json.result;
  }
  const provider = {
    async request({ method, params }) {
      window.__walletCalls.push(method);
      switch (method) {
        case "eth_requestAccounts":
        {
          connected = true;
          emit("connect", { chainId: chainId ?? (await call("eth_chainId", [])) });
          return [account];
        }
        case "eth_chainId":
          return chainId ?? call("eth_chainId", []);
        case "eth_accounts":
          return connected ? [account] : [];
        case "wallet_requestPermissions":
          connected = true;
          return [{ parentCapability: "eth_accounts" }];
        case "wallet_getPermissions":
          return connected ? [{ parentCapability: "eth_accounts" }] : [];
        case "wallet_switchEthereumChain": {
          const anvil = await call("eth_chainId", []);
          if (Number(params[0].chainId) !== Number(anvil)) throw Object.assign(new Error("Unrecognized chain."), { code: 4902 });
          chainId = null;
          emit("chainChanged", anvil);
          return null;
        }
        case "wallet_addEthereumChain":
          return null;
        case "eth_signTypedData_v4":
          if (window.__rejectSignatures) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
          return call(method, params);
        default:
          return call(method, params ?? []);
      }
    },
    on(event, fn) { (listeners[event] ||= []).push(fn); },
    removeListener(event, fn) { listeners[event] = (listeners[event] || []).filter((f) => f !== fn); },
  };
  const info = { uuid: "7f0c3c1e-0000-4000-8000-000000000001", name: "Test Wallet", rdns: "test.wallet", icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' fill='%2365a30d'/%3E%3C/svg%3E" };
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
  // Also the legacy global, as real wallets keep it (RainbowKit's "Browser Wallet" uses it).
  window.ethereum = provider;
})();`;
}
