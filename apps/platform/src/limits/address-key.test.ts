import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ADDRESS_KEY, addressKey } from './address-key.ts';

describe('addressKey', () => {
  it('keys IPv4 by the address', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.2')).toBe('192.0.2.2');
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('keys IPv4-mapped IPv6 by the IPv4 client it stands for, in every spelling', () => {
    for (const mapped of ['::ffff:192.0.2.1', '::FFFF:192.0.2.1', '::ffff:c000:201', '0:0:0:0:0:ffff:c000:0201']) {
      expect(addressKey(mapped), mapped).toBe('192.0.2.1');
    }
    expect(addressKey('[::ffff:127.0.0.1]')).toBe('127.0.0.1');
  });

  it('keys IPv6 by its /64, compressed or full, any case, with or without a zone', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:a:b:c:d',
      '[2001:db8:1:2::99]',
      '2001:db8:1:2::1.2.3.4',
    ]) {
      expect(addressKey(address), address).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe(addressKey('fe80::2%lo'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
    expect(addressKey('1:2:3:4:5:6:7::')).toBe('1:2:3:4::/64');
  });

  it('keys what is not an address (or none) as one unknown client', () => {
    for (const junk of [undefined, '', 'localhost', '1::2::3', '256.1.1.1', '010.0.0.1', '2001:db8:1:2::1:2:3:4:5']) {
      expect(addressKey(junk), String(junk)).toBe(UNKNOWN_ADDRESS_KEY);
    }
  });

  it('gives every address of one /64 the same key and neighbouring /64s different ones (generated)', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const groups = (n: number) => fc.array(group, { minLength: n, maxLength: n });
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (prefix, a, b) => {
        // ::/64 holds ::ffff:0:0/96, the IPv4-mapped addresses, keyed by their IPv4 client instead.
        fc.pre(prefix.some((g) => g !== 0));
        const hex = (list: number[]) => list.map((g) => g.toString(16)).join(':');
        const first = addressKey(`${hex(prefix)}:${hex(a)}`);
        expect(first).toBe(addressKey(`${hex(prefix)}:${hex(b)}`));
        // The zero-padded full form is the same client as the shortest.
        const full = [...prefix, ...a].map((g) => g.toString(16).padStart(4, '0')).join(':');
        expect(addressKey(full)).toBe(first);
        const neighbour = [...prefix.slice(0, 3), (prefix[3]! + 1) & 0xffff];
        fc.pre(neighbour.some((g) => g !== 0));
        expect(addressKey(`${hex(neighbour)}:${hex(a)}`)).not.toBe(first);
      }),
      { numRuns: 500 },
    );
  });
});
