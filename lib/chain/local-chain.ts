import { type Address, createPublicClient, createWalletClient, defineChain, http } from "viem";
import { type CompiledContract } from "./contracts";
import { devAccount, LOCAL_CHAIN_ID, PAYER_ACCOUNT_INDEXES } from "./dev-accounts";

export const TEST_TOKEN_NAME = "Test USD Coin";
export const TEST_TOKEN_VERSION = "2";
/** 1,000 test USDC (6 decimals) for each dev payer. */
export const PAYER_FUNDING = 1_000_000_000n;

export function localChain(rpcUrl: string) {
  return defineChain({
    id: LOCAL_CHAIN_ID,
    name: "Local anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export interface LocalToken {
  address: Address;
  name: string;
  version: string;
}

/**
 * Deploys the EIP-3009 test token from account #0 and funds accounts #2–#9 with 1,000 test
 * USDC each, so any x402 v2 client holding one of those keys can pay.
 */
export async function deployLocalToken(rpcUrl: string, contract: CompiledContract): Promise<LocalToken> {
  const chain = localChain(rpcUrl);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const deployer = createWalletClient({ chain, transport, account: devAccount(0) });

  const deployHash = await deployer.deployContract({
    abi: contract.abi,
    bytecode: contract.bytecode,
    args: [TEST_TOKEN_NAME, TEST_TOKEN_VERSION],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 50 });
  if (!receipt.contractAddress) throw new Error("the test token was not deployed");
  const address = receipt.contractAddress;

  const hashes: `0x${string}`[] = [];
  for (const index of PAYER_ACCOUNT_INDEXES) {
    hashes.push(
      (await deployer.writeContract({
        address,
        abi: contract.abi,
        functionName: "mint",
        args: [devAccount(index).address, PAYER_FUNDING],
      })) as `0x${string}`,
    );
  }
  for (const hash of hashes) await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return { address, name: TEST_TOKEN_NAME, version: TEST_TOKEN_VERSION };
}
