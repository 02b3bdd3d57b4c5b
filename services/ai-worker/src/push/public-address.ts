import { lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Global unicast IPv6 (2000::/3); everything else is local, special or not yet assigned. */
const GLOBAL_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is on the public internet: not loopback, private, link-local, CGNAT,
 * multicast, broadcast, reserved or documentation, nor an IPv6 form that carries an IPv4 address
 * (mapped, NAT64, 6to4, Teredo), which could lead back to any of those.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_IPV6);
}

/** An endpoint the site does not send to: a refusal for good, never retried. */
export class RefusedEndpointError extends Error {}

const refusedAddress = (host: string, address: string) =>
  new RefusedEndpointError(`The push endpoint's host ${host} is at ${address}, not a public address`);

/** Why the site does not send to an endpoint whose host is an address literal (no lookup sees it). */
export function literalAddressRefusal(endpoint: string): RefusedEndpointError | undefined {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  return isIP(host) && !isPublicAddress(host) ? refusedAddress(host, host) : undefined;
}

/**
 * A connection's lookup that resolves the name itself and hands the connection only addresses it
 * checked, all public: a name that resolves to this host or its network, at once or later by
 * rebinding, is never connected to.
 */
export const publicAddressLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0)
      return callback(refusedAddress(hostname, refused?.address ?? 'no address'), '');
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
