/**
 * URIs, hosts and ports, generated: whatever a playlist names (any scheme, a host with odd
 * characters, a port out of range, a path with escapes), the parsers either answer with URLs
 * the engine may fetch (absolute, http or https, parsable again to themselves) or throw
 * PlaylistError: never another exception, which once left the engine hanging with no error
 * on screen (a port out of range).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlaylistError, resolveUri } from './m3u8.ts';
import { parseMediaPlaylist } from './media-playlist.ts';
import { parseMultivariant } from './multivariant.ts';

const BASE = 'https://origin.test/hls/ch/720p/media.m3u8';

const scheme = fc.constantFrom('http', 'https', 'HTTP', 'ftp', 'file', 'javascript', 'data', 'blob', 'ws', 'x-y', '');
const host = fc.oneof(
  fc.domain(),
  fc.ipV4(),
  fc.ipV6().map((ip) => `[${ip}]`),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('localhost', '127.0.0.1', '[::1]', '0', '%00', 'a b', 'xn--', '..', 'user:pass@host'),
);
const port = fc.oneof(
  fc.constant(''),
  fc.integer({ min: 0, max: 65535 }).map((p) => `:${p}`),
  fc.integer({ min: 65536, max: 10_000_000 }).map((p) => `:${p}`),
  fc.constantFrom(':-1', ':abc', ':', ':080', ':99999999999999999999'),
);
const path = fc.oneof(fc.webPath(), fc.string({ maxLength: 30 }), fc.constantFrom('/%zz', '/../../x', '/a?b#c', ''));
/** An absolute URI of any scheme, host and port, or a relative one, or any text at all. */
const uri = fc.oneof(
  fc.tuple(scheme, host, port, path).map(([s, h, p, rest]) => `${s}://${h}${p}${rest}`),
  fc.tuple(host, port, path).map(([h, p, rest]) => `//${h}${p}${rest}`),
  path,
  fc.string({ maxLength: 80 }),
);

/** An answer is a URL the engine may fetch: http(s), absolute, and the same once parsed again. */
function fetchable(url: string): void {
  const parsed = new URL(url);
  expect(['http:', 'https:']).toContain(parsed.protocol);
  expect(parsed.href).toBe(url);
}

function answersOrRefuses(run: () => void): boolean {
  try {
    run();
  } catch (error) {
    if (!(error instanceof PlaylistError)) throw error;
  }
  return true;
}

describe('URIs a playlist names, generated', () => {
  it('resolveUri answers a fetchable http(s) URL or throws PlaylistError', () => {
    fc.assert(
      fc.property(uri, (value) => answersOrRefuses(() => fetchable(resolveUri(value, BASE)))),
      { numRuns: 2000 },
    );
  });

  it('refuses every scheme but http(s), and every port out of range', () => {
    fc.assert(
      fc.property(fc.constantFrom('ftp', 'file', 'javascript', 'data', 'blob', 'ws'), fc.domain(), (s, h) => {
        expect(() => resolveUri(`${s}://${h}/x`, BASE)).toThrow(PlaylistError);
        return true;
      }),
    );
    fc.assert(
      fc.property(fc.domain(), fc.integer({ min: 65536, max: 2 ** 40 }), (h, p) => {
        expect(() => resolveUri(`https://${h}:${p}/x.m4s`, BASE)).toThrow(PlaylistError);
        return true;
      }),
    );
  });

  it('a media playlist with generated segment, part, map and hint URIs yields only fetchable URLs', () => {
    fc.assert(
      fc.property(fc.array(uri, { minLength: 4, maxLength: 4 }), ([map, segment, part, hint]) =>
        answersOrRefuses(() => {
          const text = [
            '#EXTM3U',
            '#EXT-X-TARGETDURATION:2',
            '#EXT-X-PART-INF:PART-TARGET=0.5',
            '#EXT-X-MEDIA-SEQUENCE:1',
            `#EXT-X-MAP:URI="${map!.replace(/"/g, '')}"`,
            `#EXT-X-PART:DURATION=0.5,URI="${part!.replace(/"/g, '')}",INDEPENDENT=YES`,
            '#EXTINF:2.0,',
            segment!.replace(/\n/g, '') || 'x.m4s',
            `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${hint!.replace(/"/g, '')}"`,
          ].join('\n');
          const playlist = parseMediaPlaylist(text, BASE);
          const urls = [
            ...playlist.segments.flatMap((s) => [s.url, s.mapUrl ?? null, ...s.parts.map((p) => p.url)]),
            playlist.preloadHint,
          ].filter((u): u is string => typeof u === 'string');
          for (const url of urls) fetchable(url);
        }),
      ),
      { numRuns: 1000 },
    );
  });

  it('a multivariant playlist with generated variant URIs yields only fetchable URLs', () => {
    fc.assert(
      fc.property(fc.array(uri, { minLength: 1, maxLength: 3 }), (uris) =>
        answersOrRefuses(() => {
          const text = [
            '#EXTM3U',
            ...uris.flatMap((u, i) => [
              `#EXT-X-STREAM-INF:BANDWIDTH=${(i + 1) * 100000},CODECS="avc1.64001f,mp4a.40.2"`,
              u.replace(/\n/g, '') || 'v.m3u8',
            ]),
          ].join('\n');
          for (const variant of parseMultivariant(text, BASE).variants) fetchable(variant.url);
        }),
      ),
      { numRuns: 1000 },
    );
  });
});
