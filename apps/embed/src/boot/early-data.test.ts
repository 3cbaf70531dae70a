import { describe, expect, it } from 'vitest';
import { readEarlyData } from './early-data.ts';

describe('the page’s early data', () => {
  const media = { url: 'http://o.test/hls/a/720p/media.m3u8', text: '#EXTM3U\n', writtenAtMs: 1000 };

  it('reads the API answers by path, the multivariant playlist and the media playlists', () => {
    const text = JSON.stringify({
      answers: { '/api/v2/channels/a/info': { slug: 'a' }, '/api/v2/channels/a/playback-url': { data: 'x' } },
      multivariant: { url: 'http://o.test/hls/a/master.m3u8', text: '#EXTM3U\n' },
      media: [media],
    });
    expect(readEarlyData(text)).toEqual({
      answers: { '/api/v2/channels/a/info': { slug: 'a' }, '/api/v2/channels/a/playback-url': { data: 'x' } },
      multivariant: { url: 'http://o.test/hls/a/master.m3u8', text: '#EXTM3U\n' },
      media: [media],
    });
  });

  it('keeps media playlists only of the right shape, and only with their multivariant', () => {
    const multivariant = { url: 'http://o.test/hls/a/master.m3u8', text: '#EXTM3U\n' };
    const read = (value: unknown, withMultivariant = true) =>
      readEarlyData(JSON.stringify({ answers: {}, ...(withMultivariant ? { multivariant } : {}), media: value }))
        ?.media;
    expect(read([media, { ...media, url: 'javascript:alert(1)' }, { ...media, text: '<html>' }])).toEqual([media]);
    expect(read([{ ...media, writtenAtMs: '1000' }, null, 7])).toEqual([]);
    expect(read({ 0: media })).toEqual([]);
    expect(read([media], false)).toEqual([]);
  });

  it('ignores what a host did not inject, or injected wrong', () => {
    expect(readEarlyData(null)).toBeNull();
    expect(readEarlyData('')).toBeNull();
    expect(readEarlyData('{not json')).toBeNull();
    expect(readEarlyData('[]')).toBeNull();
    expect(readEarlyData('{"answers":[]}')).toBeNull();
    // Not our API's paths, and a playlist that is not one: dropped, the rest kept.
    expect(
      readEarlyData(
        JSON.stringify({
          answers: { 'https://evil.test/x': {}, '/api/v2/x': 1 },
          multivariant: { url: 'u', text: '<html>' },
        }),
      ),
    ).toEqual({ answers: { '/api/v2/x': 1 }, multivariant: null, media: [] });
  });
});
