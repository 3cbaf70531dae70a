import { describe, expect, it } from 'vitest';
import { ErrorType } from '../types/errors.ts';
import { LoadError } from './loader.ts';
import { MediaTargetError } from './media-target.ts';
import { pieceFailure, startSeekPosition } from './piece-failure.ts';

const listed = { hint: false, passedBy: false };
const notFound = new LoadError('https://o.test/part-9.1.m4s', 404, 'HTTP 404');

describe('pieceFailure', () => {
  it('waits for the playlist when the origin refuses a hint with a 4xx, and only then', () => {
    expect(pieceFailure(notFound, { hint: true, passedBy: false })).toEqual({ kind: 'waitForPlaylist' });
    expect(pieceFailure(new LoadError('u', 503, 'HTTP 503'), { hint: true, passedBy: false }).kind).toBe('fail');
    expect(pieceFailure(notFound, listed).kind).toBe('fail');
  });

  it('starts again at the edge for a piece the live window has passed', () => {
    expect(pieceFailure(notFound, { hint: false, passedBy: true })).toEqual({ kind: 'restartAtEdge' });
    expect(pieceFailure(new LoadError('u', 0, 'timeout'), { hint: false, passedBy: true }).kind).toBe('restartAtEdge');
  });

  it('reports any other failed request as the segment’s network error', () => {
    const verdict = pieceFailure(new LoadError('u', 0, 'request failed'), listed);
    expect(verdict).toMatchObject({ kind: 'fail', event: { type: 'error', error: { type: ErrorType.NetworkIO } } });
    expect(pieceFailure(notFound, listed)).toMatchObject({ event: { error: { source: 'segment' } } });
  });

  it('makes room for a full SourceBuffer, stays silent on what the element reports, reports a refused type', () => {
    expect(pieceFailure(new MediaTargetError(3, 'QuotaExceededError', true), listed)).toEqual({ kind: 'makeRoom' });
    expect(pieceFailure(new MediaTargetError(3, 'appendBuffer failed'), listed)).toEqual({ kind: 'stopSilently' });
    expect(pieceFailure(new MediaTargetError(4, 'addSourceBuffer refused'), listed)).toEqual({
      kind: 'fail',
      event: { type: 'mediaError', code: 4, message: 'addSourceBuffer refused' },
    });
  });

  it('lets anything else propagate', () => {
    expect(pieceFailure(new TypeError('a bug'), listed)).toEqual({ kind: 'rethrow' });
  });
});

describe('startSeekPosition', () => {
  const base = { pieceStart: 100, offsetS: 0.6, edgeTime: 101.6, latencyS: 0.6, playlistAgeS: 0, maxAgeS: 0.2 };

  it('aims the distance behind the newest edge, counting the playlist’s age up to a part', () => {
    expect(startSeekPosition(base)).toBeCloseTo(101);
    expect(startSeekPosition({ ...base, playlistAgeS: 0.1 })).toBeCloseTo(101.1);
    expect(startSeekPosition({ ...base, playlistAgeS: 5 })).toBeCloseTo(101.2);
  });

  it('never seeks before the first piece, and uses the cursor’s offset without a timeline', () => {
    expect(startSeekPosition({ ...base, edgeTime: 100.2 })).toBe(100);
    expect(startSeekPosition({ ...base, edgeTime: null })).toBeCloseTo(100.6);
  });
});
