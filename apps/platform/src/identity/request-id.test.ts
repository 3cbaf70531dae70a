import { describe, expect, it } from 'vitest';
import { REQUEST_ID_CLOCK_SKEW_MS, REQUEST_ID_MAX_AGE_MS, signRequestId, verifyRequestId } from './request-id.ts';

const SECRET = 'device-secret';
const NOW = 1_800_000_000_000;
const VISITOR = 'Q2xhc3NpY1Zpc2l0b3I_';

describe('signed request ids', () => {
  it('vouch for the device they were issued to, and are unique per call', () => {
    const id = signRequestId(SECRET, { visitorId: VISITOR, issuedAt: NOW });
    expect(id).toMatch(new RegExp(`^${NOW}\\.[\\w-]{6}\\.${VISITOR}\\.[\\w-]{43}$`));
    expect(verifyRequestId(SECRET, id, NOW)).toEqual({ ok: true, visitorId: VISITOR, issuedAt: NOW });
    expect(signRequestId(SECRET, { visitorId: VISITOR, issuedAt: NOW })).not.toBe(id);
  });

  it('vouch for a day, on the verifier clock, and not a millisecond more', () => {
    const id = signRequestId(SECRET, { visitorId: VISITOR, issuedAt: NOW });
    expect(verifyRequestId(SECRET, id, NOW + REQUEST_ID_MAX_AGE_MS - 1)).toMatchObject({ ok: true });
    expect(verifyRequestId(SECRET, id, NOW + REQUEST_ID_MAX_AGE_MS)).toEqual({ ok: false, reason: 'expired' });
    // A shorter policy is the verifier's to choose.
    expect(verifyRequestId(SECRET, id, NOW + 60_000, 60_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse one issued in the future beyond a minute of clock skew', () => {
    const ahead = signRequestId(SECRET, { visitorId: VISITOR, issuedAt: NOW + REQUEST_ID_CLOCK_SKEW_MS });
    expect(verifyRequestId(SECRET, ahead, NOW)).toMatchObject({ ok: true });
    const further = signRequestId(SECRET, { visitorId: VISITOR, issuedAt: NOW + REQUEST_ID_CLOCK_SKEW_MS + 1 });
    expect(verifyRequestId(SECRET, further, NOW)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse any change, another key, and what is not one', () => {
    const id = signRequestId(SECRET, { visitorId: VISITOR, issuedAt: NOW });
    const [issued, nonce, visitor, signature] = id.split('.') as [string, string, string, string];
    const changed = [
      `${Number(issued) + 1}.${nonce}.${visitor}.${signature}`,
      `${issued}.${nonce.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}.${visitor}.${signature}`,
      `${issued}.${nonce}.${'B'.repeat(20)}.${signature}`,
      `${issued}.${nonce}.${visitor}.${signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`,
    ];
    for (const forged of changed) expect(verifyRequestId(SECRET, forged, NOW), forged).toMatchObject({ ok: false });
    expect(verifyRequestId('another-secret', id, NOW)).toEqual({ ok: false, reason: 'signature' });
    for (const junk of ['', '1800000000000.abcdef', `${id}.x`, `${issued}.${nonce}.${visitor}.short`]) {
      expect(verifyRequestId(SECRET, junk, NOW), junk).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
