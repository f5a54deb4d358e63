import type { FacilitatorEvmSigner } from "@x402/evm";
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  isAddressEqual,
  type PrivateKeyAccount,
  type PublicClient,
  recoverTypedDataAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** How long code and fee look-ups are reused: under one Base block (2 s). */
const CACHE_MS = 1500;
/** How long a recovered signature is remembered (verify, then settle, re-check the same one). */
const RECOVERY_CACHE_MS = 60_000;

/**
 * Gas ceiling for an EOA-signed transferWithAuthorization, used instead of an estimate:
 * verification has just simulated the same call on chain, it uses 60–110k gas on USDC
 * and the test token, and EIP-1559 charges only the gas used. Estimating each settlement
 * costs a second EVM execution on the node, which halves local-chain throughput.
 */
export const TRANSFER_WITH_AUTHORIZATION_GAS = 200_000n;

type TypedDataArgs = Parameters<FacilitatorEvmSigner["verifyTypedData"]>[0];

/** One settlement wallet: its own nonce counter and its own send queue. */
interface Lane {
  account: PrivateKeyAccount;
  nextNonce?: number;
  queue: Promise<unknown>;
  pending: number;
}

/**
 * The facilitator's on-chain signer, over one or more settlement wallets ("lanes").
 * - Each lane sends one transaction at a time, handing out nonces from a local counter, so
 *   concurrent settlements never collide on a nonce; the counter re-reads the chain after a
 *   send error. A settlement goes to the lane with the fewest transactions waiting, so
 *   throughput grows with the number of wallets, as production facilitators do it.
 * - Signatures are first checked by local ECDSA recovery (remembered for a minute); anything
 *   else (smart wallets: ERC-1271, ERC-6492) is checked on chain. Verification also simulates
 *   the transfer on chain, so the on-chain rules always have the last word.
 * - Contract code and fee estimates are reused for up to 1.5 s.
 */
export function createFacilitatorSigner(chain: Chain, rpcUrl: string, privateKeys: Hex[], opts: { pollMs: number }): FacilitatorEvmSigner {
  if (privateKeys.length === 0) throw new Error("the facilitator needs at least one private key");
  const lanes: Lane[] = privateKeys.map((key) => ({ account: privateKeyToAccount(key), queue: Promise.resolve(), pending: 0 }));
  const publicClient = createPublicClient({
    chain,
    transport: http(rpcUrl, { batch: false }),
    pollingInterval: opts.pollMs,
  }) as PublicClient;
  const codeCache = new Map<string, { at: number; code: Promise<Hex | undefined> }>();
  const recoveries = new Map<string, { at: number; address: Address }>();
  let feeCache: { at: number; fees: Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> } | undefined;

  const getCode = (address: Address): Promise<Hex | undefined> => {
    const key = address.toLowerCase();
    const hit = codeCache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.code;
    const code = publicClient.getCode({ address });
    codeCache.set(key, { at: Date.now(), code });
    code.catch(() => codeCache.delete(key));
    if (codeCache.size > 10_000) codeCache.clear();
    return code;
  };

  const fees = () => {
    if (!feeCache || Date.now() - feeCache.at >= CACHE_MS) {
      const pending = publicClient.estimateFeesPerGas();
      feeCache = { at: Date.now(), fees: pending };
      pending.catch(() => (feeCache = undefined));
    }
    return feeCache.fees;
  };

  const inLane = <T>(lane: Lane, fn: () => Promise<T>): Promise<T> => {
    lane.pending++;
    const run = lane.queue.then(fn, fn).finally(() => lane.pending--);
    lane.queue = run.catch(() => undefined);
    return run;
  };

  async function send(to: Address, data: Hex, gas?: bigint): Promise<Hex> {
    const lane = lanes.reduce((best, l) => (l.pending < best.pending ? l : best));
    const [estimatedGas, fee] = await Promise.all([gas ?? publicClient.estimateGas({ account: lane.account.address, to, data }), fees()]);
    return inLane(lane, async () => {
      lane.nextNonce ??= await publicClient.getTransactionCount({ address: lane.account.address, blockTag: "pending" });
      const nonce = lane.nextNonce;
      try {
        const raw = await lane.account.signTransaction({
          type: "eip1559",
          chainId: chain.id,
          to,
          data,
          nonce,
          gas: gas ?? (estimatedGas * 12n) / 10n,
          maxFeePerGas: fee.maxFeePerGas,
          maxPriorityFeePerGas: fee.maxPriorityFeePerGas,
        });
        const hash = await publicClient.sendRawTransaction({ serializedTransaction: raw });
        lane.nextNonce = nonce + 1;
        return hash;
      } catch (err) {
        lane.nextNonce = undefined;
        throw err;
      }
    });
  }

  async function recover(args: TypedDataArgs): Promise<Address | undefined> {
    const key = `${args.signature}|${JSON.stringify(args.domain, bigints)}|${JSON.stringify(args.message, bigints)}`;
    const hit = recoveries.get(key);
    if (hit && Date.now() - hit.at < RECOVERY_CACHE_MS) return hit.address;
    const address = await recoverTypedDataAddress(args as Parameters<typeof recoverTypedDataAddress>[0]).catch(() => undefined);
    if (address) {
      if (recoveries.size > 10_000) recoveries.clear();
      recoveries.set(key, { at: Date.now(), address });
    }
    return address;
  }

  async function verifyTypedData(args: TypedDataArgs): Promise<boolean> {
    if (args.signature.length === 132) {
      const recovered = await recover(args);
      if (recovered && isAddressEqual(recovered, args.address)) return true;
    }
    return publicClient.verifyTypedData(args as Parameters<PublicClient["verifyTypedData"]>[0]);
  }

  return {
    getAddresses: () => lanes.map((l) => l.account.address),
    readContract: (args) => publicClient.readContract(args as Parameters<PublicClient["readContract"]>[0]),
    verifyTypedData,
    writeContract: async (args) => {
      const data = encodeFunctionData({ abi: args.abi as Abi, functionName: args.functionName, args: args.args as unknown[] });
      let gas = args.gas;
      if (gas === undefined && args.functionName === "transferWithAuthorization") {
        const payer = args.args[0] as Address;
        const code = await getCode(payer);
        if (!code || code === "0x") gas = TRANSFER_WITH_AUTHORIZATION_GAS;
      }
      return send(args.address, args.dataSuffix ? (`${data}${args.dataSuffix.slice(2)}` as Hex) : data, gas);
    },
    // Used for smart-wallet (ERC-6492) deployments, which change some address's code.
    sendTransaction: async (args) => {
      const hash = await send(args.to, args.data);
      codeCache.clear();
      return hash;
    },
    // Asks for the receipt at once (chains that mine on send have it), then polls.
    waitForTransactionReceipt: async ({ hash, timeout }) => {
      const deadline = Date.now() + (timeout ?? 60_000);
      for (;;) {
        const receipt = await publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
        if (receipt) return { status: receipt.status, logs: receipt.logs };
        if (Date.now() > deadline) throw new Error(`no receipt for ${hash} within ${timeout ?? 60_000} ms`);
        await new Promise((r) => setTimeout(r, opts.pollMs));
      }
    },
    getCode: ({ address }) => getCode(address),
  };
}

function bigints(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}
