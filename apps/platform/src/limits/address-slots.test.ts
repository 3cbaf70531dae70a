import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';
import { AddressSlots } from './address-slots.ts';

describe('AddressSlots', () => {
  it('holds `cap` per key, refuses the next, and takes one again once one is given back', () => {
    const slots = new AddressSlots(2);
    const first = slots.take('192.0.2.1');
    expect(slots.take('192.0.2.1')).toBeDefined();
    expect(slots.take('192.0.2.1')).toBeUndefined();
    // Another key is another count.
    expect(slots.take('192.0.2.2')).toBeDefined();
    first!();
    expect(slots.take('192.0.2.1')).toBeDefined();
  });

  it('gives a slot back once, however often its release is called', () => {
    const slots = new AddressSlots(2);
    const release = slots.take('k')!;
    slots.take('k');
    release();
    release();
    expect(slots.count('k')).toBe(1);
  });

  it('counts IPv6 neighbours of one /64 as one key, by address-key.ts', () => {
    const slots = new AddressSlots(1);
    expect(slots.take(addressKey('2001:db8:1:2::1'))).toBeDefined();
    expect(slots.take(addressKey('2001:db8:1:2:ffff::9'))).toBeUndefined();
    expect(slots.take(addressKey('2001:db8:1:3::1'))).toBeDefined();
  });
});
