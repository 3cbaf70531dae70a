import { describe, expect, it } from 'vitest';
import { readEarlyData } from './early-data.ts';

describe('the page’s early data', () => {
  it('reads the API answers by path and the multivariant playlist', () => {
    const text = JSON.stringify({
      answers: { '/api/v2/channels/a/info': { slug: 'a' }, '/api/v2/channels/a/playback-url': { data: 'x' } },
      multivariant: { url: 'http://o.test/hls/a/master.m3u8', text: '#EXTM3U\n' },
    });
    expect(readEarlyData(text)).toEqual({
      answers: { '/api/v2/channels/a/info': { slug: 'a' }, '/api/v2/channels/a/playback-url': { data: 'x' } },
      multivariant: { url: 'http://o.test/hls/a/master.m3u8', text: '#EXTM3U\n' },
    });
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
    ).toEqual({ answers: { '/api/v2/x': 1 }, multivariant: null });
  });
});
