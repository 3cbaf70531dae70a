import { describe, expect, it } from 'vitest';
import { effectsOf, parseFaultSpec } from './fault-spec.ts';

function message(body: unknown): string {
  const result = parseFaultSpec(body);
  if (result.ok) throw new Error(`expected ${JSON.stringify(body)} to be rejected`);
  return result.message;
}

describe('parseFaultSpec', () => {
  it.each([
    { target: 'segment', status: 503, count: 3 },
    { target: 'segment', corrupt: 'mdat', count: 1, rendition: '720p' },
    { target: 'playlist', delayMs: 1500 },
    { target: 'segment', stallMs: 10000 },
    { target: 'segment', stallMs: null, stallBytes: 512 },
    { target: 'init', corrupt: 'truncate' },
    { target: 'multivariant', corrupt: 'garbage', count: 1 },
    { target: 'all', delayMs: 0, status: 404 },
    { target: 'segment', delayMs: 200, corrupt: 'mdat', stallMs: 100 },
  ])('accepts %j as given', (body) => {
    expect(parseFaultSpec(body)).toEqual({ ok: true, spec: body });
  });

  it('takes a restriction as a 403 that names it, and a Retry-After beside a status', () => {
    expect(parseFaultSpec({ target: 'multivariant', restriction: 1 })).toEqual({
      ok: true,
      spec: { target: 'multivariant', status: 403, restriction: 1 },
    });
    expect(parseFaultSpec({ target: 'all', status: 429, retryAfterS: 60 })).toEqual({
      ok: true,
      spec: { target: 'all', status: 429, retryAfterS: 60 },
    });
  });

  it.each<[unknown, RegExp]>([
    [null, /JSON object/],
    [[{ target: 'segment' }], /JSON object/],
    ['segment', /JSON object/],
    [{ target: 'segment', status: 503, colour: 'red' }, /Unknown field "colour"/],
    [{ status: 503 }, /"target" is required/],
    [{ target: 'segments', status: 503 }, /"target" must be one of multivariant, playlist, init, segment, all/],
    [{ target: 'segment', status: '503' }, /"status" must be an integer from 400 to 599 \(got "503"\)/],
    [{ target: 'segment', status: 200 }, /"status" must be an integer from 400 to 599 \(got 200\)/],
    [{ target: 'segment', status: 600 }, /"status"/],
    [{ target: 'segment', status: 503.5 }, /"status"/],
    [{ target: 'segment', delayMs: -1 }, /"delayMs" must be an integer from 0/],
    [{ target: 'segment', delayMs: 600_001 }, /"delayMs"/],
    [{ target: 'segment', stallMs: -5 }, /"stallMs"/],
    [{ target: 'segment', stallMs: '10s' }, /"stallMs"/],
    [{ target: 'segment', status: 503, count: 0 }, /"count" must be an integer from 1/],
    [{ target: 'segment', status: 503, count: -2 }, /"count"/],
    [{ target: 'segment', status: 503, count: true }, /"count"/],
    [{ target: 'segment', corrupt: 'bits' }, /"corrupt" must be one of mdat, truncate, garbage/],
    [{ target: 'playlist', corrupt: 'mdat' }, /applies to target "segment" only/],
    [{ target: 'all', corrupt: 'mdat' }, /applies to target "segment" only/],
    [{ target: 'segment', stallBytes: 10 }, /"stallBytes" needs "stallMs"/],
    [{ target: 'segment' }, /at least one of/],
    [{ target: 'segment', count: 2 }, /at least one of/],
    [{ target: 'segment', status: 503, corrupt: 'mdat' }, /cannot be combined/],
    [{ target: 'segment', status: 503, stallMs: 10 }, /cannot be combined/],
    [{ target: 'multivariant', rendition: '720p', status: 503 }, /"rendition" does not apply/],
    [{ target: 'segment', rendition: '', status: 503 }, /"rendition" must be a rendition name/],
    [{ target: 'segment', rendition: '../x', status: 503 }, /"rendition"/],
    [{ target: 'segment', rendition: 720, status: 503 }, /"rendition"/],
    [{ target: 'all', restriction: 0 }, /"restriction" must be an integer from 1 to 6/],
    [{ target: 'all', restriction: 7 }, /"restriction"/],
    [{ target: 'all', restriction: 1, status: 404 }, /answers 403/],
    [{ target: 'all', retryAfterS: 60 }, /"retryAfterS" needs "status"/],
    [{ target: 'all', status: 429, retryAfterS: -1 }, /"retryAfterS"/],
  ])('rejects %j', (body, expected) => {
    expect(message(body)).toMatch(expected);
  });
});

describe('effectsOf', () => {
  it('lists the effects in the order they act', () => {
    expect(effectsOf({ target: 'segment', stallMs: 1, corrupt: 'mdat', delayMs: 2 })).toEqual([
      'delay',
      'corrupt',
      'stall',
    ]);
    expect(effectsOf({ target: 'segment', stallMs: null })).toEqual(['stall']);
    expect(effectsOf({ target: 'all', status: 500 })).toEqual(['status']);
  });
});
