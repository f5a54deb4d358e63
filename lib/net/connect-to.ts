import { isIP } from "node:net";
import { isLoopbackAddress, isPublicAddress } from "./address-guard";

/**
 * CONNECT_TO works like curl's --connect-to: "name:port:address:port" pairs, comma
 * separated, e.g. "shop.test:80:127.0.0.1:4101,blog.test:443:[::1]:4102". Only the listed
 * name:port pairs are redirected; everything else keeps the full address guard. Targets
 * must be loopback or public addresses, so the setting can never open a path into a
 * private network. It exists for tests and benchmarks and is refused in production.
 */
export interface ConnectTarget {
  address: string;
  port: number;
}

const ENTRY = /^([^:\s]+):(\d+):(\[[0-9a-fA-F:.]+\]|[^:\s]+):(\d+)$/;

export function parseConnectTo(value: string | undefined): Map<string, ConnectTarget> {
  const map = new Map<string, ConnectTarget>();
  if (!value) return map;
  for (const part of value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = ENTRY.exec(part);
    if (!m) throw new Error(`CONNECT_TO: cannot read "${part}" (expected name:port:address:port)`);
    const [, name, fromPort, rawAddress, toPort] = m as unknown as [string, string, string, string, string];
    const address = rawAddress.replace(/^\[|\]$/g, "");
    if (!isIP(address)) throw new Error(`CONNECT_TO: "${rawAddress}" is not an IP address`);
    if (!isLoopbackAddress(address) && !isPublicAddress(address)) {
      throw new Error(`CONNECT_TO: ${address} is neither loopback nor public`);
    }
    map.set(`${name.toLowerCase()}:${Number(fromPort)}`, { address, port: Number(toPort) });
  }
  return map;
}

let cache: { raw: string | undefined; map: Map<string, ConnectTarget> } | undefined;

/** The redirect for host:port from the current CONNECT_TO, if any. */
export function connectToFor(hostname: string, port: number): ConnectTarget | undefined {
  const raw = process.env.CONNECT_TO;
  if (!cache || cache.raw !== raw) cache = { raw, map: parseConnectTo(raw) };
  return cache.map.get(`${hostname.toLowerCase().replace(/\.+$/, "")}:${port}`);
}
