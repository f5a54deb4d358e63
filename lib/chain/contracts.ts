import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Abi, Hex } from "viem";

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

const SOURCE_FILE = "contracts/TestUSDC.sol";

/**
 * Compiles contracts/TestUSDC.sol with solc-js (no native compiler needed), caching the
 * result in DATA_DIR/contracts by the hash of the source and compiler version.
 */
export async function compileTestUsdc(root: string, dataDir: string): Promise<CompiledContract> {
  const source = readFileSync(resolve(root, SOURCE_FILE), "utf8");
  const solc = (await import("solc")).default as { compile(input: string): string; version(): string };
  const key = createHash("sha256").update(solc.version()).update(source).digest("hex").slice(0, 16);
  const cacheDir = resolve(dataDir, "contracts");
  const cacheFile = join(cacheDir, `TestUSDC-${key}.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, "utf8")) as CompiledContract;

  const input = {
    language: "Solidity",
    sources: { "TestUSDC.sol": { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      outputSelection: { "*": { TestUSDC: ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(`TestUSDC.sol failed to compile:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const contract = output.contracts?.["TestUSDC.sol"]?.TestUSDC;
  if (!contract) throw new Error("solc produced no TestUSDC contract");
  const compiled: CompiledContract = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(compiled));
  return compiled;
}
