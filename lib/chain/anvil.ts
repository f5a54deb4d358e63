import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DEV_MNEMONIC, LOCAL_ACCOUNT_COUNT, LOCAL_CHAIN_ID } from "./dev-accounts";

export interface RunningAnvil {
  rpcUrl: string;
  stop(): Promise<void>;
}

/** The anvil binary shipped inside the @foundry-rs/anvil platform package (no download). */
export function anvilBinary(): string {
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
  const require = createRequire(import.meta.url);
  try {
    return join(dirname(require.resolve(`${platformPackage}/package.json`)), "bin", "anvil");
  } catch {
    throw new Error(`${platformPackage} is not installed: run npm install on a supported platform (linux/darwin x64/arm64)`);
  }
}

/**
 * Starts a local chain on 127.0.0.1 with the standard dev mnemonic, chain id 31337 (never
 * 8453: the local token must not pose as Base USDC). Blocks are mined per transaction and
 * stamped with wall-clock time, which payment verification relies on. Only recent states are
 * kept (--prune-history): a long-running dev chain otherwise slows down block by block.
 */
export async function startAnvil(port: number, onLog: (line: string) => void): Promise<RunningAnvil> {
  const rpcUrl = `http://127.0.0.1:${port}`;
  if (await rpcAnswers(rpcUrl)) {
    throw new Error(`ANVIL_PORT ${port} is already in use by a chain: stop it or choose another ANVIL_PORT`);
  }
  const child = spawn(
    anvilBinary(),
    [
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--chain-id",
      String(LOCAL_CHAIN_ID),
      "--mnemonic",
      DEV_MNEMONIC,
      "--accounts",
      String(LOCAL_ACCOUNT_COUNT),
      "--balance",
      "10000",
      "--prune-history",
      "64",
      "--silent",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines = (data: Buffer) => data.toString().split("\n").filter(Boolean).forEach(onLog);
  child.stdout?.on("data", lines);
  child.stderr?.on("data", lines);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  // Never leave a chain behind if this process dies without a clean shutdown.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.removeListener("exit", killOnExit));

  const deadline = Date.now() + 20_000;
  while (!(await rpcAnswers(rpcUrl))) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode} before it was ready`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("anvil did not start within 20 s");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { rpcUrl, stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(timer);
}

async function rpcAnswers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(500),
    });
    return res.ok;
  } catch {
    return false;
  }
}
