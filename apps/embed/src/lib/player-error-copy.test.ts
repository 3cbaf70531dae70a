import { AuthorizationRefusal, DrmFailure, ErrorType, PlaybackRestriction, type PlayerError } from '@onair/player';
import { describe, expect, it } from 'vitest';
import {
  CONCURRENCY_LIMIT_COPY,
  DEFAULT_PLAYER_ERROR_COPY,
  offersRetry,
  PLAYER_ERROR_TITLE,
  playerErrorConsoleDetail,
  playerErrorCopy,
  retriesWhenOnline,
} from './player-error-copy.ts';

/** Engine messages as the engine writes them: developer words, codes and URLs. */
const ENGINE_MESSAGE = 'manifestLoadError (HTTP 404) at https://cdn.example/hls/x/master.m3u8?token=s3cr3t';

const errorOf = (type: ErrorType, message = ENGINE_MESSAGE): PlayerError => ({
  type,
  code: 404,
  source: 'playlist',
  message,
  fatal: true,
});

describe('playerErrorCopy', () => {
  it.each([
    [ErrorType.NotAvailable, "The stream isn't available right now."],
    [ErrorType.Network, 'We lost the connection to the stream. Check your connection and try again.'],
    [ErrorType.NetworkIO, 'We lost the connection to the stream. Check your connection and try again.'],
    [ErrorType.Timeout, 'The stream stopped loading. Try again in a moment.'],
    [ErrorType.NotSupported, "This browser can't play this stream. Try another browser or device."],
    [ErrorType.Authorization, "You don't have access to this stream."],
    [ErrorType.Error, DEFAULT_PLAYER_ERROR_COPY],
  ])('%s reads "%s"', (type, copy) => {
    expect(playerErrorCopy(errorOf(type))).toBe(copy);
  });

  it('has written copy for every engine error type, never the engine message', () => {
    for (const type of Object.values(ErrorType)) {
      const copy = playerErrorCopy(errorOf(type));
      expect(copy, type).toMatch(/^[A-Z].*\.$/);
      expect(copy, type).not.toContain(ENGINE_MESSAGE);
      expect(copy, type).not.toMatch(/manifestLoadError|HTTP|404|token|https?:/);
    }
  });

  it('never echoes the message, whatever the engine put in it', () => {
    for (const type of Object.values(ErrorType)) {
      for (const message of ['bufferStalledError', 'WebAssembly is not supported by the browser.', '']) {
        const copy = playerErrorCopy(errorOf(type, message));
        if (message) expect(copy).not.toContain(message);
        expect(copy).toBe(playerErrorCopy(errorOf(type, 'anything else')));
      }
    }
  });

  it('falls back to the default for a type this build does not know', () => {
    expect(playerErrorCopy({ type: 'SomethingNew' as ErrorType })).toBe(DEFAULT_PLAYER_ERROR_COPY);
    expect(playerErrorCopy({ type: 'toString' as ErrorType })).toBe(DEFAULT_PLAYER_ERROR_COPY);
  });

  it('keeps the title separate from the copy', () => {
    expect(PLAYER_ERROR_TITLE).toBe('This stream could not be played');
  });
});

describe('playerErrorConsoleDetail', () => {
  it('gives developers the type, code, source and message', () => {
    expect(playerErrorConsoleDetail(errorOf(ErrorType.NotAvailable, 'manifestLoadError (HTTP 404)'))).toBe(
      'NotAvailable (code 404, playlist): manifestLoadError (HTTP 404)',
    );
  });

  it('drops the query and fragment of URLs in the message, where signed URLs keep their token', () => {
    const detail = playerErrorConsoleDetail(
      errorOf(
        ErrorType.Authorization,
        'fragLoadError at https://cdn.example/seg-1.m4s?token=s3cr3t&x=1#t=2 (HTTP 403)',
      ),
    );
    expect(detail).toContain('fragLoadError at https://cdn.example/seg-1.m4s (HTTP 403)');
    expect(detail).not.toContain('s3cr3t');
  });
});

describe('retriesWhenOnline', () => {
  it('is true only for the errors a lost connection explains', () => {
    const retried = Object.values(ErrorType).filter((type) => retriesWhenOnline(errorOf(type)));
    expect(retried.sort()).toEqual([ErrorType.Network, ErrorType.NetworkIO, ErrorType.Timeout].sort());
  });
});

describe('playerErrorCopy: restricted playback', () => {
  const restricted = (restriction: PlaybackRestriction): PlayerError => ({
    ...errorOf(ErrorType.Authorization),
    code: 403,
    restriction,
  });

  it('has its own copy for each SPEC §8 restriction code, saying what the viewer can do where they can', () => {
    const copies = Object.values(PlaybackRestriction).map((code) => playerErrorCopy(restricted(code)));
    expect(new Set(copies).size).toBe(6);
    for (const copy of copies) expect(copy).toMatch(/^[A-Z].*\.$/);
    expect(playerErrorCopy(restricted(PlaybackRestriction.Geoblocked))).toMatch(/country or region/);
    expect(playerErrorCopy(restricted(PlaybackRestriction.AnonymizerBlocked))).toMatch(/VPN.*Turn it off/);
    expect(playerErrorCopy(restricted(PlaybackRestriction.CellularNetworkProhibited))).toMatch(/Wi-Fi/);
  });

  it('offers Retry only where the viewer can change something (a VPN, a mobile network) or nothing was named', () => {
    expect(offersRetry(restricted(PlaybackRestriction.AnonymizerBlocked))).toBe(true);
    expect(offersRetry(restricted(PlaybackRestriction.CellularNetworkProhibited))).toBe(true);
    for (const code of [1, 2, 5, 6] as const) expect(offersRetry(restricted(code))).toBe(false);
    expect(offersRetry(errorOf(ErrorType.Authorization))).toBe(true);
  });

  it('reads a 429 as the concurrency limit, and an unknown restriction as its type', () => {
    expect(playerErrorCopy({ ...errorOf(ErrorType.Network), code: 429 })).toBe(CONCURRENCY_LIMIT_COPY);
    const unknown = { ...errorOf(ErrorType.Authorization), restriction: 9 as PlaybackRestriction };
    expect(playerErrorCopy(unknown)).toBe("You don't have access to this stream.");
  });
});

describe('playerErrorCopy: a private channel’s refused token', () => {
  const refused = (authorization: AuthorizationRefusal): PlayerError => ({
    ...errorOf(ErrorType.Authorization),
    code: 403,
    authorization,
  });

  it('has its own copy for each refusal, with no word of tokens or HTTP', () => {
    const copies = Object.values(AuthorizationRefusal).map((reason) => playerErrorCopy(refused(reason)));
    expect(new Set(copies).size).toBe(Object.values(AuthorizationRefusal).length);
    for (const copy of copies) {
      expect(copy).toMatch(/^[A-Z].*\.$/);
      expect(copy).not.toMatch(/token|403|HTTP/i);
    }
    expect(playerErrorCopy(refused('expired'))).toMatch(/ran out/);
  });

  it('offers Retry (a fresh token) except for another site and a withdrawn viewer', () => {
    const retried = Object.values(AuthorizationRefusal).filter((reason) => offersRetry(refused(reason)));
    expect(retried.sort()).toEqual(['channel', 'expired', 'invalid', 'missing', 'resolution', 'reused']);
    const unknown = { ...errorOf(ErrorType.Authorization), authorization: 'moon' as AuthorizationRefusal };
    expect(playerErrorCopy(unknown)).toBe("You don't have access to this stream.");
  });
});

describe('playerErrorCopy: a protected stream’s keys', () => {
  const failed = (drm: DrmFailure): PlayerError => ({ ...errorOf(ErrorType.Network), source: 'drm', drm });

  it('has its own copy for each SPEC §8 DRM message, with no word of licenses, CDMs or HTTP', () => {
    const copies = Object.values(DrmFailure).map((drm) => playerErrorCopy(failed(drm)));
    expect(new Set(copies).size).toBe(7);
    for (const copy of copies) {
      expect(copy).toMatch(/^[A-Z].*\.$/);
      expect(copy).not.toMatch(/licen[cs]e|CDM|DRM|HTTP|AuthXML|certificate/i);
    }
  });

  it('offers Retry except where the browser itself is the reason', () => {
    const retried = Object.values(DrmFailure).filter((drm) => offersRetry(failed(drm)));
    expect(retried.sort()).toEqual([
      'auth-xml',
      'certificate',
      'license-request',
      'license-server',
      'license-unavailable',
    ]);
  });
});
