// Addresses our servers may fetch for a URL someone else typed (webhook targets, photo URLs in
// import files): never our own network (SSRF). The lookup is the connection's own, so the address
// connected to is the address checked (no DNS rebinding between check and use).
import dns from 'node:dns';
import net from 'node:net';

const PRIVATE = new net.BlockList();
for (const [a, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(a, bits, 'ipv4');
for (const [a, bits] of [
  ['::', 127],
  // IPv4-compatible (::127.0.0.1 is written ::7f00:1): deprecated, never a public destination
  ['::', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(a, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  return net.isIPv4(v4) ? PRIVATE.check(v4, 'ipv4') : net.isIPv6(v4) ? PRIVATE.check(v4, 'ipv6') : true;
}

/** A DNS lookup that refuses private addresses, for node:http(s) `lookup`. */
export const publicLookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    if (!addresses.length || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(Object.assign(new Error(`${hostname} is not a public address`), { code: 'EPRIVATE' }));
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}) as unknown as net.LookupFunction;
