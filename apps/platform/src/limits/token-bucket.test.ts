import { describe, expect, it } from 'vitest';
import { KeyedRateLimit, TokenBucket } from './token-bucket.ts';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TokenBucket', () => {
  it('lets a burst of `capacity` through, then one per refill interval', () => {
    const time = clock();
    const bucket = new TokenBucket(3, 2, time.now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    time.advance(499);
    expect(bucket.take()).toBe(false);
    time.advance(1);
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('never holds more than its capacity, however long it waits', () => {
    const time = clock();
    const bucket = new TokenBucket(2, 10, time.now);
    time.advance(60_000);
    expect(bucket.idle).toBe(true);
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
    expect(bucket.idle).toBe(false);
  });
});

describe('KeyedRateLimit', () => {
  it('keeps one bucket per key', () => {
    const time = clock();
    const limit = new KeyedRateLimit(1, 1, time.now);
    expect([limit.take('a'), limit.take('a'), limit.take('b')]).toEqual([true, false, true]);
  });

  it('never keeps more than maxKeys, forgetting idle keys first', () => {
    const time = clock();
    const limit = new KeyedRateLimit(1, 1, time.now, 3);
    limit.take('a');
    time.advance(1000); // a has filled up again
    limit.take('b');
    limit.take('c');
    limit.take('d'); // full: a (idle) goes, b keeps its empty bucket
    expect(limit.size).toBe(3);
    expect(limit.take('b')).toBe(false);
    for (let i = 0; i < 100; i++) limit.take(`flood-${i}`);
    expect(limit.size).toBe(3);
  });
});
