import { describe, expect, it } from 'vitest';
import { playbackToken, refreshDelayMs, REFRESH_MIN_MS, tokenExpiryMs } from './playback-token.ts';

const jwt = (payload: object) =>
  `eyJhbGciOiJFUzM4NCJ9.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.c2ln`;

describe('playback tokens in the embed', () => {
  it('reads the token of a private channel’s URL and its expiry', () => {
    const token = jwt({ 'aws:channel-arn': 'arn:onair:ivs:channel/private-room', exp: 1_800_000_000 });
    expect(playbackToken(`https://o.test/hls/private-room/master.m3u8?token=${token}`)).toBe(token);
    expect(tokenExpiryMs(token)).toBe(1_800_000_000_000);
    expect(playbackToken('https://o.test/hls/studio-live/master.m3u8')).toBeNull();
  });

  it('reads no expiry from what is not a JWT with one', () => {
    expect(tokenExpiryMs('opaque')).toBeNull();
    expect(tokenExpiryMs('a.!!!.c')).toBeNull();
    expect(tokenExpiryMs(jwt({ exp: 'soon' }))).toBeNull();
  });

  it('fetches the next token 30 s ahead, or halfway when less is left, never at once', () => {
    expect(refreshDelayMs(120_000, 0)).toBe(90_000);
    expect(refreshDelayMs(60_000, 0)).toBe(30_000);
    expect(refreshDelayMs(40_000, 0)).toBe(20_000);
    expect(refreshDelayMs(12_000, 2_000)).toBe(5_000);
    expect(refreshDelayMs(1_500, 0)).toBe(REFRESH_MIN_MS);
    expect(refreshDelayMs(0, 5_000)).toBe(REFRESH_MIN_MS); // expired already: as soon as may be
  });
});
