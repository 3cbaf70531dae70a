import { describe, expect, it } from 'vitest';
import { measureServerOffset, parseServerTime, serverOffsetMs, serverTimeUrl } from './server-clock.ts';

describe('serverOffsetMs', () => {
  it('is zero for clocks in step', () => {
    expect(serverOffsetMs({ sentAtMs: 1000, receivedAtMs: 1100, serverTimeMs: 1050 })).toBe(0);
  });
  it('adds half the round trip to the server time', () => {
    // Server 5 s ahead: it read 6050 half-way through a 100 ms round trip ending at 1100.
    expect(serverOffsetMs({ sentAtMs: 1000, receivedAtMs: 1100, serverTimeMs: 6050 })).toBe(5000);
    expect(serverOffsetMs({ sentAtMs: 1000, receivedAtMs: 1100, serverTimeMs: -1950 })).toBe(-3000);
  });
  it('treats a clock that went backwards as a zero round trip', () => {
    expect(serverOffsetMs({ sentAtMs: 1100, receivedAtMs: 1000, serverTimeMs: 1000 })).toBe(0);
  });
});

describe('parseServerTime', () => {
  it('reads epochMs', () => expect(parseServerTime({ epochMs: 1_763_820_000_000 })).toBe(1_763_820_000_000));
  it('refuses anything else', () => {
    for (const body of [null, 5, 'x', {}, { epochMs: '1' }, { epochMs: Number.NaN }, { epochMs: -1 }]) {
      expect(parseServerTime(body)).toBeNull();
    }
  });
});

describe('serverTimeUrl', () => {
  const master = 'https://cdn.example/hls/live/master.m3u8';
  it('resolves the advertised URI against the playlist', () => {
    expect(serverTimeUrl({ 'com.onair.server-time': { URI: '/hls/time' } }, master)).toBe(
      'https://cdn.example/hls/time',
    );
  });
  it('is null when not advertised or not http(s)', () => {
    expect(serverTimeUrl(null, master)).toBeNull();
    expect(serverTimeUrl({ other: { URI: '/x' } }, master)).toBeNull();
    expect(serverTimeUrl({ 'com.onair.server-time': { URI: 'javascript:alert(1)' } }, master)).toBeNull();
  });
});

describe('measureServerOffset', () => {
  const clock =
    (...values: number[]) =>
    () =>
      values.shift()!;
  const answer = (body: unknown, status = 200) => (async () => Response.json(body, { status })) as typeof fetch;

  it('measures the offset from one round trip', async () => {
    expect(await measureServerOffset('/t', answer({ epochMs: 9020 }), clock(1000, 1040))).toBe(8000);
  });
  it('is null on an error status, a bad body or a network failure', async () => {
    expect(await measureServerOffset('/t', answer({ epochMs: 1 }, 503), clock(0, 1))).toBeNull();
    expect(await measureServerOffset('/t', answer({ nope: 1 }), clock(0, 1))).toBeNull();
    const failing = (async () => {
      throw new TypeError('offline');
    }) as typeof fetch;
    expect(await measureServerOffset('/t', failing, clock(0, 1))).toBeNull();
  });
});
