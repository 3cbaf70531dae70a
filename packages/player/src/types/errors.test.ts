import { describe, expect, it } from 'vitest';
import {
  classifyMediaError,
  ErrorType,
  errorTypeForHttpStatus,
  networkRetryDelay,
  PlaybackRestriction,
} from './errors.ts';

const fresh = { everPlayed: false, isHlsPlaylist: true, decodeReloads: 0 };

describe('media error classification (SPEC §8)', () => {
  it('answers a first decode error with one reload, and reports it on recurrence', () => {
    expect(classifyMediaError(3, 'decode', { ...fresh, everPlayed: true })).toEqual({ action: 'reload' });
    const again = classifyMediaError(3, 'decode', { ...fresh, everPlayed: true, decodeReloads: 1 });
    expect(again).toMatchObject({ action: 'report', error: { type: ErrorType.Error, code: 3, fatal: true } });
  });

  it('reports source-not-supported on a never-played HLS playlist as 404 NotAvailable', () => {
    expect(classifyMediaError(4, '', fresh)).toMatchObject({
      action: 'report',
      error: { type: ErrorType.NotAvailable, code: 404, fatal: true },
    });
  });

  it('reports source-not-supported after playback as NotSupported', () => {
    expect(classifyMediaError(4, 'x', { ...fresh, everPlayed: true })).toMatchObject({
      error: { type: ErrorType.NotSupported, code: 4 },
    });
  });

  it('maps network media errors to NetworkIO', () => {
    expect(classifyMediaError(2, 'x', fresh)).toMatchObject({ error: { type: ErrorType.NetworkIO } });
  });

  it('maps HTTP statuses to error types', () => {
    expect(errorTypeForHttpStatus(403)).toBe(ErrorType.Authorization);
    expect(errorTypeForHttpStatus(404)).toBe(ErrorType.NotAvailable);
    expect(errorTypeForHttpStatus(503)).toBe(ErrorType.Network);
    expect(errorTypeForHttpStatus(0)).toBe(ErrorType.NetworkIO);
  });

  it('backs off 1 s, 2 s, 4 s and then gives up', () => {
    const policy = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 8000 };
    expect([0, 1, 2, 3].map((n) => networkRetryDelay(n, policy))).toEqual([1000, 2000, 4000, null]);
    expect(networkRetryDelay(5, { ...policy, maxRetries: 9 })).toBe(8000);
  });

  it('names the playback restriction codes 1..6', () => {
    expect(Object.values(PlaybackRestriction)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(PlaybackRestriction.Geoblocked).toBe(1);
    expect(PlaybackRestriction.VodRestricted).toBe(6);
  });
});
