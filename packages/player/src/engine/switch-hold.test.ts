import { describe, expect, it } from 'vitest';
import { SwitchHold } from './switch-hold.ts';

const bytes = new Uint8Array([1]);

describe('SwitchHold', () => {
  it('holds nothing until a step down', () => {
    const hold = new SwitchHold<string>();
    expect(hold.keep('a', bytes, 1)).toBe(false);
    expect(hold.release()).toEqual([]);
  });

  it('holds the pieces that end before the buffered end, and releases them in order with the one that reaches it', () => {
    const hold = new SwitchHold<string>();
    hold.begin(10.8);
    expect(hold.keep('10.0', bytes, 10.2)).toBe(true);
    expect(hold.keep('10.2', bytes, 10.4)).toBe(true);
    expect(hold.keep('10.6', bytes, 10.795)).toBe(false); // within the tolerance: it reaches the end
    expect(hold.release().map((held) => held.piece)).toEqual(['10.0', '10.2']);
    // The hold is over: the next pieces go in at once.
    expect(hold.keep('10.8', bytes, 11)).toBe(false);
    expect(hold.keep('11.0', bytes, 10.2)).toBe(false);
  });

  it('lets a piece of unknown timing through, and a step down with nothing buffered holds nothing', () => {
    const hold = new SwitchHold<string>();
    hold.begin(10.8);
    expect(hold.keep('x', bytes, null)).toBe(false);
    hold.begin(null);
    expect(hold.keep('10.0', bytes, 10.2)).toBe(false);
  });

  it('hands over what it holds before another init segment, and goes on holding', () => {
    const hold = new SwitchHold<string>();
    hold.begin(10.8);
    hold.keep('10.0', bytes, 10.2);
    expect(hold.takeHeld().map((held) => held.piece)).toEqual(['10.0']);
    expect(hold.keep('10.2', bytes, 10.4)).toBe(true);
    expect(hold.release().map((held) => held.piece)).toEqual(['10.2']);
  });

  it('starts again on a second step down, and clear drops everything', () => {
    const hold = new SwitchHold<string>();
    hold.begin(10.8);
    hold.keep('10.0', bytes, 10.2);
    hold.begin(10.8);
    expect(hold.release()).toEqual([]);
    hold.begin(10.8);
    hold.keep('10.0', bytes, 10.2);
    hold.clear();
    expect(hold.keep('10.2', bytes, 10.4)).toBe(false);
  });
});
