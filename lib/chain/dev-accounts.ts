import { type HDAccount, mnemonicToAccount } from "viem/accounts";

/** The standard development mnemonic of anvil and hardhat: public, never for real funds. */
export const DEV_MNEMONIC = "test test test test test test test test test test test junk";
export const LOCAL_CHAIN_ID = 31337;

/** Account #i of the dev mnemonic: #0 deploys and settles as facilitator, #1 is payTo, #2–#9 pay. */
export function devAccount(index: number): HDAccount {
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
}

export function devPrivateKey(index: number): `0x${string}` {
  const key = devAccount(index).getHdKey().privateKey;
  if (!key) throw new Error(`no private key for dev account ${index}`);
  return `0x${Buffer.from(key).toString("hex")}`;
}

export const PAYER_ACCOUNT_INDEXES = [2, 3, 4, 5, 6, 7, 8, 9] as const;
/** Settlement wallets of the local facilitator: #0 (which also deploys) and #10–#12. */
export const FACILITATOR_ACCOUNT_INDEXES = [0, 10, 11, 12] as const;
/** How many funded accounts the local chain creates. */
export const LOCAL_ACCOUNT_COUNT = 13;
