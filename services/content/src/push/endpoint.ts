import { BlockList, isIP } from 'node:net';

/** Addresses no push service has: loopback, private, link-local, shared and unspecified ranges. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/**
 * Why an endpoint is refused, or undefined when the site may send to it: it must be https and,
 * unless private endpoints are allowed (tests' local push service), not name a loopback, private
 * or local host, so a subscription cannot make the worker call into the site's own network.
 */
export function endpointRefusal(endpoint: string, allowPrivate: boolean): string | undefined {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'The push endpoint must be an https URL';
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
  const address = mapped ?? host;
  const family = isIP(address);
  const local =
    family !== 0
      ? PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6')
      : host === 'localhost' || /\.(localhost|local|internal|home|lan)$/.test(host) || !host.includes('.');
  return local ? 'The push endpoint must be a public push service' : undefined;
}
