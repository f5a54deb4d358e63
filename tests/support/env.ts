import { type Address, createPublicClient, erc20Abi, http, type Hex } from "viem";
import { devPrivateKey } from "../../lib/chain/dev-accounts";
import { localChain } from "../../lib/chain/local-chain";
import { createPayingFetch } from "../../lib/client/paying-fetch";

/** What the test runner (scripts/test.ts) tells integration tests about the running stack. */
export function stackEnv() {
  const need = (name: string) => {
    const v = process.env[name];
    if (!v) throw new Error(`${name} is not set: run integration tests through \`npm test\``);
    return v;
  };
  return {
    baseUrl: need("WI_BASE_URL"),
    databaseUrl: need("WI_DATABASE_URL"),
    rpcUrl: need("WI_RPC_URL"),
    asset: need("WI_ASSET") as Address,
    network: need("WI_NETWORK"),
    payTo: need("WI_PAY_TO") as Address,
  };
}

export function balances(rpcUrl: string, asset: Address) {
  const client = createPublicClient({ chain: localChain(rpcUrl), transport: http(rpcUrl) });
  return (holder: Address) => client.readContract({ address: asset, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
}

/** A fetch that pays from dev account #index (2–9) in the stack's test token. */
export function payerFetch(index: number): typeof fetch {
  const env = stackEnv();
  return createPayingFetch({ privateKey: devPrivateKey(index) as Hex, allowedAssets: [{ network: env.network, asset: env.asset }] });
}

export function decodeHeader<T = Record<string, unknown>>(value: string | null): T {
  assert(value, "expected a base64 JSON header");
  return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as T;
}

function assert(cond: unknown, msg: string): asserts cond {
  if (!cond) throw new Error(msg);
}
