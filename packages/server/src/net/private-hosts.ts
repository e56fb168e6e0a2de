/**
 * Which hosts the server may connect to for a user-named URL (a CalDAV server, a browser's push
 * endpoint): never a loopback, private, link-local, unspecified, multicast or reserved address,
 * judged on the addresses a name resolves to, and again on the address a connection really uses
 * (`guardedLookup`), so a name cannot resolve to a public address when checked and to a private
 * one when used. Knows no domain: callers choose what they allow.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAll } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** What a caller lets through besides public addresses (tests, a self-hosted install). */
export type PrivateHostsAllowed = 'none' | 'loopback' | 'all';

/** The error code a refused connection fails with (`error.code`). */
export const PRIVATE_ADDRESS_REFUSED = 'EPRIVATE';

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
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the IPv4 address it stands for. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1] ?? '', family: 'ipv4' };
  const family = isIP(address);
  if (family === 4) return { address, family: 'ipv4' };
  if (family === 6) return { address, family: 'ipv6' };
  return undefined;
}

/** True for loopback, private, link-local, unspecified, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const ip = unmapped(address);
  return ip ? blocked.check(ip.address, ip.family) : true;
}

function isLoopbackAddress(address: string): boolean {
  const ip = unmapped(address);
  return ip ? loopback.check(ip.address, ip.family) : false;
}

/** Whether a connection to `address` is refused under `allowed`. */
function isRefusedAddress(address: string, allowed: PrivateHostsAllowed): boolean {
  if (allowed === 'all' || !isPrivateAddress(address)) return false;
  return !(allowed === 'loopback' && isLoopbackAddress(address));
}

/** A URL's host as an address or name: brackets of an IPv6 literal and a final dot removed. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isLocalhostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * Refused by its name alone: `localhost` (and its subdomains) or a private address literal.
 * Other names are judged by what they resolve to (`resolvesToRefused`, `guardedLookup`).
 */
export function isRefusedHostName(host: string, allowed: PrivateHostsAllowed): boolean {
  if (allowed === 'all') return false;
  if (isLocalhostName(host)) return allowed !== 'loopback';
  return isIP(host) !== 0 && isRefusedAddress(host, allowed);
}

/**
 * Whether the host is refused by name or resolves to any refused address. A name that does
 * not resolve now is not refused here: every connection is checked again by `guardedLookup`.
 */
export async function resolvesToRefused(host: string, allowed: PrivateHostsAllowed) {
  if (isRefusedHostName(host, allowed)) return true;
  if (allowed === 'all' || isIP(host) !== 0 || isLocalhostName(host)) return false;
  const addresses = await dnsLookupAll(host, { all: true }).catch(() => []);
  return addresses.some((a) => isRefusedAddress(a.address, allowed));
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `dns.lookup` for node:http(s) requests that refuses to hand over a refused address: the
 * connection fails with `code` PRIVATE_ADDRESS_REFUSED before it is opened.
 */
export function guardedLookup(allowed: PrivateHostsAllowed) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = addresses.find((a) => isRefusedAddress(a.address, allowed));
      if (bad || addresses.length === 0) {
        const refused = Object.assign(new Error(`refused private address for ${hostname}`), {
          code: PRIVATE_ADDRESS_REFUSED,
        });
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}
