import { describe, expect, it } from 'vitest';
import { addressViewerId, deviceViewerId, issueViewerToken, verifyViewerToken } from './viewer-token.ts';

const SECRET = 'test-secret';
const NOW = 1_800_000_000_000;

describe('viewer tokens', () => {
  const token = issueViewerToken(SECRET, { viewerId: 'viewer-1', expiresAt: NOW + 60_000 });

  it('verify what they carry until they expire', () => {
    expect(verifyViewerToken(SECRET, token, NOW)).toEqual({
      ok: true,
      claims: { viewerId: 'viewer-1', expiresAt: NOW + 60_000 },
    });
    expect(verifyViewerToken(SECRET, token, NOW + 60_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are refused when missing, malformed, tampered with or signed with another secret', () => {
    const [version, payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ vid: 'viewer-2', exp: NOW + 60_000 })).toString('base64url');
    expect(verifyViewerToken(SECRET, undefined, NOW)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyViewerToken(SECRET, 'a.b', NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyViewerToken(SECRET, `v2.${payload}.${signature}`, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyViewerToken(SECRET, `${version}.${other}.${signature}`, NOW)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyViewerToken('another-secret', token, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuse a well-signed payload that does not carry the claims', () => {
    const signedJunk = issueViewerToken(SECRET, { viewerId: '', expiresAt: NOW + 1 });
    expect(verifyViewerToken(SECRET, signedJunk, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('viewer ids', () => {
  it('are stable per device and secret, and never show the visitorId', () => {
    expect(deviceViewerId(SECRET, 'visitor-1')).toBe(deviceViewerId(SECRET, 'visitor-1'));
    expect(deviceViewerId(SECRET, 'visitor-1')).not.toBe(deviceViewerId(SECRET, 'visitor-2'));
    expect(deviceViewerId(SECRET, 'visitor-1')).not.toBe(deviceViewerId('another-secret', 'visitor-1'));
    expect(deviceViewerId(SECRET, 'visitor-1')).not.toContain('visitor-1');
  });

  it('are one per address key for viewers nobody vouched for, and never show the address', () => {
    expect(addressViewerId(SECRET, '2001:db8:1:2::/64')).toBe(addressViewerId(SECRET, '2001:db8:1:2::/64'));
    expect(addressViewerId(SECRET, '2001:db8:1:2::/64')).not.toBe(addressViewerId(SECRET, '2001:db8:1:3::/64'));
    expect(addressViewerId(SECRET, '192.0.2.1')).not.toContain('192');
    // A device id and an address id never collide, whatever the strings.
    expect(addressViewerId(SECRET, 'x')).not.toBe(deviceViewerId(SECRET, 'x'));
  });
});
