/**
 * `npm start`: builds when there is no current build, starts the platform (embedded
 * PostgreSQL, local chain and token, job queue) and serves the Next.js app on PORT.
 * `npm run dev` does the same with Next's development server.
 */
import { createServer } from "node:http";
import { resolve } from "node:path";
import next from "next";
import { checkStartupEnvironment, ConfigError, parseConfig, publicUrl } from "../lib/config";
import { CLIENT_IP_HEADER } from "../lib/http/client-ip";
import { log } from "../lib/log";
import { CHROMIUM_HINT, findChromium } from "../lib/platform/chromium";
import { ensureBuild } from "../lib/platform/build";
import { startPlatform } from "../lib/platform/boot";
import { pagePool } from "../lib/processing/pool";
import { formatUsdc } from "../lib/payments/settings";

const root = resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");

async function main(): Promise<void> {
  const started = performance.now();
  let cfg;
  try {
    cfg = parseConfig(process.env);
    checkStartupEnvironment(cfg, process.env.NODE_ENV);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (cfg.CONNECT_TO) log.warn({ CONNECT_TO: cfg.CONNECT_TO }, "CONNECT_TO is set: listed target hosts are redirected (tests only)");
  if (!dev) ensureBuild(root, (line) => console.log(line));

  const platform = await startPlatform(root, cfg, log);
  // Page workers start alongside Next.js, so the first calls do not wait for a thread.
  pagePool().warm();
  const app = next({ dev, dir: root, hostname: cfg.HOST, port: cfg.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => {
    // The rate limiter keys on this; a client cannot set it (it is overwritten here).
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "";
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(cfg.PORT, cfg.HOST, ok);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    server.close();
    server.closeAllConnections();
    await platform.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const base = publicUrl(cfg);
  const readyMs = Math.round(performance.now() - started);
  log.info({ url: base, readyMs, paymentsMode: cfg.PAYMENTS_MODE, network: platform.info.network }, "ready");
  const payer = platform.info.devPayers?.[0];
  console.log(
    [
      "",
      `Website Intelligence is ready on ${base} (${readyMs} ms)`,
      `  database: ${platform.info.embeddedDatabase ? "embedded PostgreSQL in " + cfg.DATA_DIR + "/postgres" : "DATABASE_URL"}`,
      `  payments: ${cfg.PAYMENTS_MODE}${platform.info.network ? ` on ${platform.info.network}` : ""}${platform.info.asset ? `, token ${platform.info.asset}` : ""}`,
      `  dashboard: ${base}/ (pay from a browser wallet${platform.info.rpcUrl ? ` on the local chain ${platform.info.rpcUrl}` : ""})`,
      `  chromium: ${findChromium() ?? `not found — the dashboard's end-to-end tests need it: ${CHROMIUM_HINT}`}`,
      ...(payer
        ? [
            `  dev payers: accounts #2–#9 of the test mnemonic hold 1,000 test USDC each`,
            "",
            "Pay for a Safe Fetch (0.002 USDC) from another terminal:",
            `  WALLET_PRIVATE_KEY=${payer.privateKey} npm run client -- GET "/v1/fetch?url=example.com"`,
            `  (prices: ${formatUsdc(2000n)} USDC and up; see ${base}/version)`,
          ]
        : []),
      "",
    ].join("\n"),
  );
}

main().catch((err) => {
  log.fatal({ err }, "start-up failed");
  console.error(`Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
