import { describe, expect, it } from 'vitest';
import {
  classifyOriginPath,
  consume,
  createFault,
  faultMatches,
  isActive,
  refund,
  selectFault,
  type Fault,
  type OriginRequest,
} from './fault-rules.ts';

describe('classifyOriginPath', () => {
  it.each([
    ['/hls/studio-live/master.m3u8', 'multivariant', undefined],
    ['/hls/studio-live/720p/media.m3u8', 'playlist', '720p'],
    ['/hls/studio-live/720p/media.m3u8?_HLS_msn=12&_HLS_part=2', 'playlist', '720p'],
    ['/hls/studio-live/160p/init.mp4', 'init', '160p'],
    ['/hls/studio-live/480p/seg-1767225608.m4s', 'segment', '480p'],
    ['/hls/studio-live/480p/part-1767225608.3.m4s', 'segment', '480p'],
    ['/hls/studio-live/480p/whatever.txt', 'other', '480p'],
    ['/hls/studio-live/a/b/c.m4s', 'other', undefined],
    ['/hls/studio-live/', 'other', undefined],
  ])('%s is a %s request', (url, kind, rendition) => {
    expect(classifyOriginPath(url)).toEqual({ slug: 'studio-live', kind, rendition, method: 'GET' });
  });

  it('lower-cases and decodes the slug, keeps the method', () => {
    expect(classifyOriginPath('/hls/Studio%2DLive/master.m3u8', 'head')).toMatchObject({
      slug: 'studio-live',
      method: 'HEAD',
    });
  });

  it.each(['/api/v2/channels/x/info', '/hls', '/hls/', '/hls/x', '/hlsx/a/master.m3u8', '/hls/%E0%A4%A/master.m3u8'])(
    'ignores %s',
    (url) => {
      expect(classifyOriginPath(url)).toBeUndefined();
    },
  );
});

const request = (overrides: Partial<OriginRequest> = {}): OriginRequest => ({
  slug: 'studio-live',
  kind: 'segment',
  rendition: '720p',
  method: 'GET',
  ...overrides,
});

describe('faultMatches', () => {
  it('matches by target, with "all" matching every kind', () => {
    const segment = createFault('f1', { target: 'segment', status: 503 });
    expect(faultMatches(segment, request())).toBe(true);
    expect(faultMatches(segment, request({ kind: 'playlist' }))).toBe(false);
    const all = createFault('f2', { target: 'all', status: 503 });
    for (const kind of ['multivariant', 'playlist', 'init', 'segment', 'other'] as const) {
      expect(faultMatches(all, request({ kind }))).toBe(true);
    }
  });

  it('filters by rendition when one is given', () => {
    const fault = createFault('f1', { target: 'all', rendition: '720p', delayMs: 10 });
    expect(faultMatches(fault, request())).toBe(true);
    expect(faultMatches(fault, request({ rendition: '160p' }))).toBe(false);
    expect(faultMatches(fault, request({ kind: 'multivariant', rendition: undefined }))).toBe(false);
  });

  it('leaves HEAD bodies alone but still delays or fails HEAD requests', () => {
    const head = request({ method: 'HEAD' });
    expect(faultMatches(createFault('f1', { target: 'segment', stallMs: 10 }), head)).toBe(false);
    expect(faultMatches(createFault('f2', { target: 'segment', corrupt: 'mdat' }), head)).toBe(false);
    expect(faultMatches(createFault('f3', { target: 'segment', status: 500 }), head)).toBe(true);
    expect(faultMatches(createFault('f4', { target: 'segment', status: 500 }), request({ method: 'POST' }))).toBe(
      false,
    );
  });
});

describe('selectFault and counts', () => {
  it('picks the first matching fault with uses left, in the order added', () => {
    const faults: Fault[] = [
      createFault('f1', { target: 'playlist', status: 500 }),
      { ...createFault('f2', { target: 'segment', status: 404, count: 1 }), remaining: 0, hits: 1 },
      createFault('f3', { target: 'segment', status: 503, count: 2 }),
      createFault('f4', { target: 'segment', status: 500 }),
    ];
    expect(selectFault(faults, request())?.id).toBe('f3');
    expect(selectFault(faults, request({ kind: 'init' }))).toBeUndefined();
  });

  it('counts a limited fault down to zero, then it is spent', () => {
    let fault = createFault('f1', { target: 'segment', status: 503, count: 3 });
    expect(fault).toMatchObject({ remaining: 3, hits: 0 });
    for (let i = 0; i < 3; i++) {
      expect(isActive(fault)).toBe(true);
      fault = consume(fault);
    }
    expect(fault).toMatchObject({ remaining: 0, hits: 3 });
    expect(isActive(fault)).toBe(false);
    expect(selectFault([fault], request())).toBeUndefined();
    expect(consume(fault).remaining).toBe(0);
  });

  it('keeps an unlimited fault active and counts its hits', () => {
    let fault = createFault('f1', { target: 'segment', delayMs: 5 });
    for (let i = 0; i < 5; i++) fault = consume(fault);
    expect(fault).toMatchObject({ remaining: null, hits: 5 });
    expect(isActive(fault)).toBe(true);
  });

  it('gives back a use that had no effect', () => {
    const used = consume(createFault('f1', { target: 'segment', corrupt: 'mdat', count: 1 }));
    expect(isActive(used)).toBe(false);
    expect(refund(used)).toMatchObject({ remaining: 1, hits: 0 });
    expect(refund(consume(createFault('f2', { target: 'segment', stallMs: 1 })))).toMatchObject({
      remaining: null,
      hits: 0,
    });
  });
});
