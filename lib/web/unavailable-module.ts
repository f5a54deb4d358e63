/**
 * Stands in for optional modules that wallet libraries import on code paths this app never
 * takes (Coinbase CDP's Solana x402 signing, reached through wagmi's Base Account connector).
 * Using anything from it is a bug, and says so.
 */
const unavailable = new Proxy(
  {},
  {
    get(_target, name) {
      throw new Error(`${String(name)} comes from an optional module that is not installed in this app`);
    },
  },
);
export default unavailable;
