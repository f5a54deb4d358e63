import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/**
 * Fixture web sites for tests and benchmarks, served on 127.0.0.1 and reached through
 * CONNECT_TO ("site.test:80:127.0.0.1:PORT"). The paths exercise every fetcher rule.
 */
export const FIXTURE_HOSTS = ["site.test", "www.site.test", "other.test"] as const;

const HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fixture Shop | Site</title>
<meta name="description" content="A fixture page for tests."></head>
<body><h1>Fixture Shop</h1><p>Hand-made fixtures, served locally.</p><a href="/about">About</a></body></html>`;

const BIG = "x".repeat(3 * 1024 * 1024);
const BOMB = gzipSync(Buffer.alloc(6 * 1024 * 1024, 0x61));

function send(res: ServerResponse, status: number, headers: Record<string, string | number>, body?: string | Buffer) {
  res.writeHead(status, headers);
  res.end(body);
}

function route(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "site.test"}`);
  const p = url.pathname;
  if (p === "/" || p === "/about") {
    return send(
      res,
      200,
      {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "max-age=60",
        "x-fixture-host": url.host,
        "set-cookie": "s=1; HttpOnly",
      },
      HTML,
    );
  }
  if (p === "/small") return send(res, 200, { "content-type": "text/plain" }, "ok");
  if (p === "/json") return send(res, 200, { "content-type": "application/json" }, JSON.stringify({ hello: "world" }));
  if (p === "/feed.xml")
    return send(
      res,
      200,
      { "content-type": "application/rss+xml" },
      `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>`,
    );
  if (p === "/echo-headers") return send(res, 200, { "content-type": "application/json" }, JSON.stringify(req.headers));
  if (p.startsWith("/status/"))
    return send(res, Number(p.slice(8)) || 500, { "content-type": "text/html" }, `<h1>status ${p.slice(8)}</h1>`);
  // Redirect chains: /hops/N redirects N times, then serves the page.
  const hops = /^\/hops\/(\d+)$/.exec(p);
  if (hops) {
    const n = Number(hops[1]);
    return n > 0 ? send(res, 302, { location: `/hops/${n - 1}` }) : send(res, 200, { "content-type": "text/html" }, HTML);
  }
  if (p === "/to-other-host") return send(res, 301, { location: "http://other.test/about" });
  if (p === "/to-unmapped") return send(res, 302, { location: "http://rebind.example/" });
  if (p === "/to-loopback") return send(res, 302, { location: "http://127.0.0.1/" });
  if (p === "/to-metadata") return send(res, 302, { location: "http://169.254.169.254/latest/meta-data/" });
  if (p === "/to-decimal-ip") return send(res, 302, { location: "http://2130706433/" });
  if (p === "/to-file") return send(res, 302, { location: "file:///etc/passwd" });
  if (p === "/to-odd-port") return send(res, 302, { location: "http://site.test:8080/" });
  if (p === "/big") return send(res, 200, { "content-type": "text/plain" }, BIG);
  if (p === "/big-chunked") {
    res.writeHead(200, { "content-type": "text/plain" });
    for (let i = 0; i < 48; i++) res.write("y".repeat(64 * 1024));
    return void res.end();
  }
  if (p === "/gzip-bomb") return send(res, 200, { "content-type": "text/plain", "content-encoding": "gzip" }, BOMB);
  if (p === "/gzip") return send(res, 200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" }, gzipSync(HTML));
  if (p === "/image.png") return send(res, 200, { "content-type": "image/png" }, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
  if (p === "/untyped-binary") return send(res, 200, {}, Buffer.from([1, 2, 0, 0, 3, 4]));
  if (p === "/latin1") {
    return send(
      res,
      200,
      { "content-type": "text/html" },
      Buffer.concat([Buffer.from('<meta charset="windows-1252"><p>caf'), Buffer.from([0xe9]), Buffer.from("</p>")]),
    );
  }
  if (p === "/sjis") return send(res, 200, { "content-type": "text/plain; charset=shift_jis" }, Buffer.from([0x93, 0xfa, 0x96, 0x7b]));
  if (p === "/utf16-bom")
    return send(res, 200, { "content-type": "text/plain" }, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("hi", "utf16le")]));
  if (p === "/slow") {
    const timer = setTimeout(() => send(res, 200, { "content-type": "text/plain" }, "late"), 30_000);
    res.on("close", () => clearTimeout(timer));
    return;
  }
  if (p === "/slow-body") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.write("start…");
    const timer = setTimeout(() => res.end("end"), 30_000);
    res.on("close", () => clearTimeout(timer));
    return;
  }
  return send(res, 404, { "content-type": "text/html" }, "<h1>not found</h1>");
}

export interface FixtureSite {
  port: number;
  /** CONNECT_TO entries mapping every fixture host's port 80 here, plus an unreachable host. */
  connectTo: string;
  close(): Promise<void>;
}

export async function startFixtureSite(port = 0): Promise<FixtureSite> {
  const server: Server = createServer(route);
  server.keepAliveTimeout = 5000;
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  const actual = (server.address() as AddressInfo).port;
  const closedPort = await unusedPort();
  const connectTo = [...FIXTURE_HOSTS.map((h) => `${h}:80:127.0.0.1:${actual}`), `down.test:80:127.0.0.1:${closedPort}`].join(",");
  return {
    port: actual,
    connectTo,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** A port nothing listens on (bound, read, released). */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, "127.0.0.1", ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((ok) => probe.close(() => ok()));
  return port;
}
