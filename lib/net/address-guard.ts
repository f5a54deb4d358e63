import ipaddr from "ipaddr.js";

/**
 * Which addresses the service may connect to: public unicast only.
 *
 * IPv4 must be in ipaddr.js's `unicast` range (so not loopback, private, link-local,
 * CGNAT, multicast, broadcast, reserved, benchmarking, documentation, as112, amt, 0/8).
 * IPv6 must be global unicast (2000::/3) and `unicast` to ipaddr.js, which refuses the
 * transition forms (6to4, NAT64 64:ff9b::/96, Teredo, SIIT) together with loopback,
 * link-local, unique-local (this covers fd00:ec2::254), site-local and multicast.
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(stripZone(address));
  } catch {
    return false;
  }
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicIPv4(v6.toIPv4Address());
    return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
  }
  return isPublicIPv4(parsed as ipaddr.IPv4);
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

function isPublicIPv4(v4: ipaddr.IPv4): boolean {
  return v4.range() === "unicast";
}

function stripZone(address: string): string {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  return bare.replace(/%.*$/, "");
}

/** True when the string is an IP literal (v4 dotted quad or v6, with or without brackets). */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(stripZone(host)) && (host.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(host));
}

export function isLoopbackAddress(address: string): boolean {
  try {
    const parsed = ipaddr.process(stripZone(address));
    return parsed.range() === "loopback";
  } catch {
    return false;
  }
}

/**
 * Host names that name the machine itself, the local network or a cloud metadata service.
 * These are refused before any DNS lookup, whatever they would resolve to.
 */
const BLOCKED_NAMES = new Set([
  "localhost",
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
  "kubernetes.default",
]);
const BLOCKED_SUFFIXES = [
  ".localhost",
  ".local",
  ".localdomain",
  ".internal",
  ".intranet",
  ".lan",
  ".home",
  ".corp",
  ".home.arpa",
  ".arpa",
  ".svc",
  ".cluster.local",
];

export function isBlockedHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, "");
  if (BLOCKED_NAMES.has(name)) return true;
  if (BLOCKED_SUFFIXES.some((s) => name.endsWith(s))) return true;
  // Single-label names resolve through local search domains, never to the public web.
  return !name.includes(".");
}
