/**
 * What the platform's per-address limits count by: one key per client a stranger cannot
 * multiply for free.
 *
 * - IPv4 `a.b.c.d`: the address itself (one address is what a machine or a NAT has).
 * - IPv6: the /64 prefix, `2001:db8:1:2::/64`. A /64 is one subnet, the smallest block a
 *   provider hands a customer (RFC 6177), and a single machine may take any of its 2^64
 *   addresses (privacy addresses, or simply binding a new one per request): keyed by the full
 *   address, an IPv6 client would have no limit at all.
 * - IPv4-mapped IPv6 (`::ffff:192.0.2.1`, `::ffff:c000:201`), which a dual-stack server sees
 *   for IPv4 clients: the IPv4 address, so one client is one key however the server listens.
 * - A zone (`fe80::1%eth0`) is dropped; case and compression do not matter.
 *
 * The address is the socket's peer address: the platform trusts no `X-Forwarded-For` or other
 * header (a stranger writes those). A deployment behind its own reverse proxy gives the viewer
 * service a `clientAddress` that reads what that proxy passes on, and only that.
 */

import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/** How the client's address is read from a request (HTTP or websocket upgrade). */
export type ClientAddressOf = (request: IncomingMessage) => string | undefined;

/** The default: the TCP peer, never a header. */
export const peerAddress: ClientAddressOf = (request) => request.socket.remoteAddress;

/** The key for an address the socket no longer knows (closed before it was read): all such share one. */
export const UNKNOWN_ADDRESS_KEY = 'unknown';

/** The limit key of `address` (see above); anything that is not an IP address shares UNKNOWN_ADDRESS_KEY. */
export function addressKey(address: string | undefined): string {
  if (address === undefined) return UNKNOWN_ADDRESS_KEY;
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  // isIPv4 refuses leading zeros (`010.0.0.1`), so an IPv4 address has one spelling.
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return UNKNOWN_ADDRESS_KEY;
  const groups = ipv6Groups(bare.replace(/%.*$/, '').toLowerCase());
  if (!groups) return UNKNOWN_ADDRESS_KEY;
  // ::ffff:0:0/96, IPv4-mapped: the IPv4 client it stands for.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (compressed, full, or with a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0 || head === undefined) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const front = parse(head);
  if (tail === undefined) return front.length === 8 ? front : undefined;
  const back = parse(tail);
  const missing = 8 - front.length - back.length;
  if (missing < 1) return undefined;
  return [...front, ...new Array<number>(missing).fill(0), ...back];
}
