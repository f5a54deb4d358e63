import { lookup } from "node:dns/promises";
import { ServiceError } from "../errors";
import { isIpLiteral, isPublicAddress } from "./address-guard";
import { connectToFor } from "./connect-to";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Answers every address of a name; injectable so tests never touch real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface PinnedTarget {
  /** The address we will connect to, checked once and used once (no second lookup). */
  address: string;
  port: number;
  /** True when CONNECT_TO supplied the address. */
  redirected: boolean;
}

/**
 * Resolves a host once and returns the single address to connect to. Every answer must be
 * public: a name that resolves to any private address is refused outright, because a
 * resolver that mixes answers is a rebinding attempt or a misconfiguration.
 */
export async function resolveTarget(hostname: string, port: number, resolver: Resolver = systemResolver): Promise<PinnedTarget> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const mapped = connectToFor(host, port);
  if (mapped) return { address: mapped.address, port: mapped.port, redirected: true };

  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) throw blocked(host);
    return { address: host, port, redirected: false };
  }
  let answers: ResolvedAddress[];
  try {
    answers = await resolver(host);
  } catch (err) {
    throw new ServiceError("TARGET_UNREACHABLE", `The host ${host} could not be resolved (${errorCode(err)}).`);
  }
  if (answers.length === 0) throw new ServiceError("TARGET_UNREACHABLE", `The host ${host} has no addresses.`);
  const privateAnswer = answers.find((a) => !isPublicAddress(a.address));
  if (privateAnswer) throw blocked(host, privateAnswer.address);
  const chosen = answers.find((a) => a.family === 4) ?? answers[0]!;
  return { address: chosen.address, port, redirected: false };
}

function blocked(host: string, address?: string): ServiceError {
  return new ServiceError(
    "PRIVATE_ADDRESS_BLOCKED",
    address ? `The host ${host} resolves to ${address}, which is not a public address.` : `The address ${host} is not a public address.`,
  );
}

function errorCode(err: unknown): string {
  return (err as { code?: string })?.code ?? "lookup failed";
}
