import type { FacilitatorEvmSigner } from "@x402/evm";
import {
  type Abi,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * The facilitator's on-chain signer. Transactions are sent one at a time through a small
 * queue that hands out nonces from a local counter, so concurrent settlements never
 * collide on the facilitator's nonce; the counter re-reads the chain after any send error.
 * Waiting for receipts happens outside the queue.
 */
export function createFacilitatorSigner(chain: Chain, rpcUrl: string, privateKey: Hex, opts: { pollMs: number }): FacilitatorEvmSigner {
  const account = privateKeyToAccount(privateKey);
  const transport = http(rpcUrl, { batch: false });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: opts.pollMs }) as PublicClient;
  const wallet = createWalletClient({ chain, transport, account });
  let nextNonce: number | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const serialized = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  async function send(to: Hex, data: Hex, gas?: bigint): Promise<Hex> {
    const estimatedGas = gas ?? (await publicClient.estimateGas({ account, to, data }));
    const fees = await publicClient.estimateFeesPerGas();
    return serialized(async () => {
      nextNonce ??= await publicClient.getTransactionCount({ address: account.address, blockTag: "pending" });
      const nonce = nextNonce;
      try {
        const hash = await wallet.sendTransaction({
          to,
          data,
          nonce,
          gas: (estimatedGas * 12n) / 10n,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        });
        nextNonce = nonce + 1;
        return hash;
      } catch (err) {
        nextNonce = undefined;
        throw err;
      }
    });
  }

  return {
    getAddresses: () => [account.address],
    readContract: (args) => publicClient.readContract(args as Parameters<PublicClient["readContract"]>[0]),
    verifyTypedData: (args) => publicClient.verifyTypedData(args as Parameters<PublicClient["verifyTypedData"]>[0]),
    writeContract: async (args) => {
      const data = encodeFunctionData({ abi: args.abi as Abi, functionName: args.functionName, args: args.args as unknown[] });
      return send(args.address, args.dataSuffix ? (`${data}${args.dataSuffix.slice(2)}` as Hex) : data, args.gas);
    },
    sendTransaction: (args) => send(args.to, args.data),
    waitForTransactionReceipt: async ({ hash, timeout }) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: timeout ?? 60_000, pollingInterval: opts.pollMs });
      return { status: receipt.status, logs: receipt.logs };
    },
    getCode: ({ address }) => publicClient.getCode({ address }),
  };
}
