import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a webhook must not reach unless WEBHOOKS_ALLOW_PRIVATE=true: "this" network, loopback,
 * private (RFC 1918, unique local), carrier-grade NAT, link-local (cloud metadata lives there),
 * multicast, reserved and broadcast. IPv4-mapped IPv6 addresses are checked as the IPv4 they carry.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address`);
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });
}

/**
 * Why `url` may not receive webhooks, or null when it may: it must resolve, and unless private
 * addresses are allowed, every address it resolves to must be public.
 */
export async function refusalOf(url: string, allowPrivate: boolean): Promise<string | null> {
  const parsed = new URL(url);
  const host = hostOf(parsed);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolveAll(host)).map((a) => a.address);
    } catch {
      return `the host ${host} could not be found`;
    }
  }
  if (allowPrivate) return null;
  const bad = addresses.find((a) => !isPublicAddress(a));
  return bad ? `must not point to a private, loopback or link-local address (${host} is ${bad})` : null;
}

/**
 * A DNS lookup for outgoing requests that refuses private addresses at connection time, so a name
 * that resolved to a public address when the webhook was saved cannot be re-pointed inside.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(new BlockedAddressError(hostname, bad.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** Refuses an IP-literal host before connecting (a lookup is not made for those). */
export function literalRefusal(url: URL, allowPrivate: boolean): BlockedAddressError | null {
  const host = hostOf(url);
  if (allowPrivate || !isIP(host) || isPublicAddress(host)) return null;
  return new BlockedAddressError(host, host);
}
