import { describe, expect, it } from 'vitest';
import { NETWORK_RETRY } from '../../types/constants.ts';
import { ErrorCode, ErrorType, MESSAGES } from '../../types/errors.ts';
import { classifyHlsError, type HlsErrorInput } from './hls-errors.ts';

const at = (networkAttempts: number) => ({ networkAttempts, retry: NETWORK_RETRY });
const fatalNetwork = (details: string, status?: number): HlsErrorInput => ({
  type: 'networkError',
  details,
  fatal: true,
  status,
});

describe('classifyHlsError', () => {
  it('retries a fatal network error with the backoff (1 s, 2 s, 4 s), then fails', () => {
    const input = fatalNetwork('fragLoadError', 503);
    expect([0, 1, 2].map((n) => classifyHlsError(input, at(n)))).toEqual([
      { action: 'retry', delayMs: 1000, reloadManifest: false },
      { action: 'retry', delayMs: 2000, reloadManifest: false },
      { action: 'retry', delayMs: 4000, reloadManifest: false },
    ]);
    expect(classifyHlsError(input, at(3))).toEqual({
      action: 'fail',
      error: {
        type: ErrorType.Network,
        code: 503,
        source: 'segment',
        message: 'fragLoadError (HTTP 503)',
        fatal: true,
      },
    });
  });

  it('reloads the manifest when the manifest itself failed', () => {
    expect(classifyHlsError(fatalNetwork('manifestLoadError', 502), at(0))).toMatchObject({ reloadManifest: true });
  });

  it('takes a 4xx as an answer: no retry', () => {
    expect(classifyHlsError(fatalNetwork('manifestLoadError', 404), at(0))).toMatchObject({
      action: 'fail',
      error: { type: ErrorType.NotAvailable, code: 404, source: 'playlist', fatal: true },
    });
    expect(classifyHlsError(fatalNetwork('levelLoadError', 403), at(0))).toMatchObject({
      error: { type: ErrorType.Authorization, code: 403 },
    });
  });

  it('reads the restriction a refused playlist’s body names', () => {
    const body = JSON.stringify({ status: 403, statusText: 'Forbidden', data: { message: 'no', restriction: 1 } });
    expect(classifyHlsError({ ...fatalNetwork('manifestLoadError', 403), body }, at(0))).toMatchObject({
      action: 'fail',
      error: { type: ErrorType.Authorization, code: 403, restriction: 1 },
    });
    expect(classifyHlsError(fatalNetwork('manifestLoadError', 403), at(0))).not.toHaveProperty('error.restriction');
  });

  it('reads why a private channel refused the token', () => {
    const body = JSON.stringify({
      status: 403,
      statusText: 'Forbidden',
      data: { message: 'no', authorization: 'origin' },
    });
    expect(classifyHlsError({ ...fatalNetwork('manifestLoadError', 403), body }, at(0))).toMatchObject({
      error: { type: ErrorType.Authorization, code: 403, authorization: 'origin' },
    });
    const unknown = JSON.stringify({ data: { message: 'no', authorization: 'moon-phase' } });
    expect(classifyHlsError({ ...fatalNetwork('manifestLoadError', 403), body: unknown }, at(0))).not.toHaveProperty(
      'error.authorization',
    );
  });

  it('gives a request without any status a code of its own, never 0', () => {
    expect(classifyHlsError(fatalNetwork('fragLoadError', 0), at(3))).toMatchObject({
      error: { type: ErrorType.NetworkIO, code: ErrorCode.NetworkUnreachable },
    });
    expect(classifyHlsError(fatalNetwork('levelLoadTimeOut'), at(3))).toMatchObject({
      error: { type: ErrorType.NetworkIO, code: ErrorCode.NetworkTimeout, source: 'playlist' },
    });
  });

  it('reports a playlist it cannot parse as InvalidData', () => {
    expect(classifyHlsError(fatalNetwork('manifestParsingError'), at(3))).toMatchObject({
      action: 'fail',
      error: { type: ErrorType.InvalidData, code: ErrorCode.PlaylistInvalid, source: 'playlist' },
    });
  });

  it('reports non-fatal errors for the logs only', () => {
    const decision = classifyHlsError(
      { type: 'networkError', details: 'fragLoadError', fatal: false, status: 500 },
      at(0),
    );
    expect(decision).toMatchObject({ action: 'report', error: { type: ErrorType.Network, code: 500, fatal: false } });
    expect(classifyHlsError({ type: 'mediaError', details: 'bufferStalledError', fatal: false }, at(0))).toMatchObject({
      action: 'report',
      error: { code: ErrorCode.EngineInternal, fatal: false },
    });
  });

  it('hands a fatal media error to the player policy as a decode error', () => {
    expect(
      classifyHlsError({ type: 'mediaError', details: 'bufferAppendError', fatal: true, message: 'x' }, at(0)),
    ).toEqual({ action: 'media-error', code: 3, message: 'bufferAppendError: x' });
  });

  it('reports MediaSource or SourceBuffer creation failure as code 4 (SPEC §8)', () => {
    for (const details of ['bufferAddCodecError', 'bufferIncompatibleCodecsError', 'attachMediaError']) {
      const decision = classifyHlsError({ type: 'mediaError', details, fatal: true }, at(0));
      expect(decision).toMatchObject({
        action: 'fail',
        error: { type: ErrorType.NotSupported, code: 4, source: 'media', fatal: true },
      });
      expect(decision.action === 'fail' && decision.error.message).toContain(MESSAGES.mediaSourceCreation);
    }
  });

  it('says a playlist with no variant the browser decodes is NotSupported 1003, as our engine does', () => {
    for (const type of ['mediaError', 'networkError']) {
      expect(
        classifyHlsError({ type, details: 'manifestIncompatibleCodecsError', fatal: true, message: 'hvc1' }, at(0)),
      ).toMatchObject({
        action: 'fail',
        error: { type: ErrorType.NotSupported, code: ErrorCode.NoPlayableSink, source: 'playlist', fatal: true },
      });
    }
  });

  it('fails on an engine error it cannot classify, with a code', () => {
    expect(classifyHlsError({ type: 'otherError', details: 'internalException', fatal: true }, at(0))).toMatchObject({
      action: 'fail',
      error: { type: ErrorType.Error, code: ErrorCode.EngineInternal, source: 'sink' },
    });
  });
});
