import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalAddressRefusal, publicAddressLookup, RefusedEndpointError } from './public-address.ts';

describe('the push sender’s addresses', () => {
  it('are public ones alone', () => {
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.9',
      '100.64.0.1',
      '169.254.169.254',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '::1',
      '::',
      '::7f00:1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2001::1',
      '2001:db8::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      'localhost',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['142.250.74.106', '17.253.144.10', '2a00:1450:4001:80b::200a'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('are checked in the URL when it names an address, and by the lookup when it names a host', async () => {
    expect(literalAddressRefusal('https://[::ffff:7f00:1]/push/1')).toBeInstanceOf(RefusedEndpointError);
    expect(literalAddressRefusal('https://142.250.74.106/push/1')).toBeUndefined();
    expect(literalAddressRefusal('https://fcm.googleapis.com/push/1')).toBeUndefined();
    for (const all of [false, true]) {
      const err = await new Promise((resolve) => publicAddressLookup('localhost', { all }, resolve));
      expect(err).toBeInstanceOf(RefusedEndpointError);
    }
  });
});
