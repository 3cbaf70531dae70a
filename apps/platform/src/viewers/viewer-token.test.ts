import { describe, expect, it } from 'vitest';
import { issueViewerToken, verifyViewerToken, viewerIdFor } from './viewer-token.ts';

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
  it('are stable per request id and secret, and fresh without a request id', () => {
    expect(viewerIdFor(SECRET, 'req-1')).toBe(viewerIdFor(SECRET, 'req-1'));
    expect(viewerIdFor(SECRET, 'req-1')).not.toBe(viewerIdFor(SECRET, 'req-2'));
    expect(viewerIdFor(SECRET, 'req-1')).not.toBe(viewerIdFor('another-secret', 'req-1'));
    expect(viewerIdFor(SECRET, undefined)).not.toBe(viewerIdFor(SECRET, undefined));
    expect(viewerIdFor(SECRET, 'req-1')).not.toContain('req-1');
  });
});
