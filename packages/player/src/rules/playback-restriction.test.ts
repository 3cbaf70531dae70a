import { describe, expect, it } from 'vitest';
import { PlaybackRestriction } from '../types/errors.ts';
import { restrictionOf, RESTRICTION_BODY_MAX, retryAfterMs } from './playback-restriction.ts';

const refusal = (restriction: unknown) =>
  JSON.stringify({ status: 403, statusText: 'Forbidden', data: { message: 'Playback restricted', restriction } });

describe('restrictionOf', () => {
  it('reads each SPEC §8 code from a 403 in the platform’s error shape', () => {
    for (const code of Object.values(PlaybackRestriction)) expect(restrictionOf(403, refusal(code))).toBe(code);
  });

  it('finds none in another status, a body that is not JSON, another shape, or an unknown code', () => {
    expect(restrictionOf(401, refusal(1))).toBeNull();
    expect(restrictionOf(404, refusal(1))).toBeNull();
    expect(restrictionOf(403, '<html>Forbidden</html>')).toBeNull();
    expect(restrictionOf(403, '')).toBeNull();
    expect(restrictionOf(403, 'null')).toBeNull();
    expect(restrictionOf(403, JSON.stringify({ restriction: 1 }))).toBeNull();
    expect(restrictionOf(403, refusal(7))).toBeNull();
    expect(restrictionOf(403, refusal('1'))).toBeNull();
    expect(restrictionOf(403, refusal(1.5))).toBeNull();
  });

  it('reads no body larger than an error body is', () => {
    const padded = JSON.stringify({ data: { restriction: 1, pad: 'x'.repeat(RESTRICTION_BODY_MAX) } });
    expect(restrictionOf(403, padded)).toBeNull();
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('60', now)).toBe(60_000);
    expect(retryAfterMs(' 2 ', now)).toBe(2_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('says nothing for an absent or unreadable header', () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
});
