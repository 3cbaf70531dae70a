import { describe, expect, it, vi } from 'vitest';
import { cacheKeyFor, createIdentityCache } from './identity-cache.ts';
import { createMemoryStorage } from './memory-storage.ts';

const KEY = cacheKeyFor('k');

function cacheAt(time: { now: number }, storage = createMemoryStorage()) {
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const cache = createIdentityCache({ storage, apiKey: 'k', cacheSeconds: 86_400, now: () => time.now, logger });
  return { cache, storage, logger };
}

describe('identity cache', () => {
  it('misses, then hits, then expires exactly at the lifetime', () => {
    const time = { now: 1_000 };
    const { cache } = cacheAt(time);
    expect(cache.read()).toBeNull();
    cache.write({ requestId: 'r', visitorId: 'v' });
    time.now += 86_400_000 - 1;
    expect(cache.read()).toEqual({ requestId: 'r', visitorId: 'v' });
    time.now += 1;
    expect(cache.read()).toBeNull();
  });

  it('reads an entry stored "in the future" (clock set back) as a miss', () => {
    const time = { now: 5_000 };
    const { cache } = cacheAt(time);
    cache.write({ requestId: 'r', visitorId: 'v' });
    time.now = 4_000;
    expect(cache.read()).toBeNull();
  });

  it.each([
    'not json',
    'null',
    '{"v":2,"requestId":"r","visitorId":"v","storedAt":0}',
    '{"v":1,"requestId":"","visitorId":"v","storedAt":0}',
    '{"v":1,"requestId":"r","storedAt":0}',
    '{"v":1,"requestId":"r","visitorId":"v","storedAt":"yesterday"}',
  ])('treats a malformed entry %s as a miss', (text) => {
    const { cache } = cacheAt({ now: 10 }, createMemoryStorage({ [KEY]: text }));
    expect(cache.read()).toBeNull();
  });

  it('stores no fields beyond the identification and its time', () => {
    const { cache, storage } = cacheAt({ now: 42 });
    cache.write({ requestId: 'r', visitorId: 'v' });
    expect(JSON.parse(storage.getItem(KEY) ?? '')).toEqual({ v: 1, requestId: 'r', visitorId: 'v', storedAt: 42 });
  });
});
