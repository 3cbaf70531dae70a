import { describe, expect, it } from 'vitest';
import { ChannelStore, seedChannels } from './channels/channel-store.ts';
import { parseChannels } from './channels/channels-file.ts';
import { earlyDataFor, injectEarlyData, pageSlug } from './early-data.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const channels = new ChannelStore(seedChannels());
const sources = {
  channels,
  multivariantText: (slug: string) => `#EXTM3U\n# ${slug}\n`,
  mediaPlaylistsNow: (slug: string) =>
    ['360p', '720p'].map((name) => ({
      uri: `${name}/media.m3u8`,
      playlist: { text: `#EXTM3U\n# ${slug} ${name}\n`, writtenAtMs: 1_000_200 },
    })),
};

describe('the embed page’s early data', () => {
  it('carries the channel’s two answers and its live stream’s multivariant playlist', () => {
    const data = earlyDataFor('studio-live', ORIGIN, sources)!;
    expect(Object.keys(data.answers)).toEqual([
      '/api/v2/channels/studio-live/info',
      '/api/v2/channels/studio-live/playback-url',
    ]);
    expect(data.answers['/api/v2/channels/studio-live/info']).toMatchObject({ slug: 'studio-live' });
    expect(data.answers['/api/v2/channels/studio-live/playback-url']).toEqual({
      data: `${ORIGIN}/hls/studio-live/master.m3u8`,
    });
    expect(data.multivariant).toEqual({
      url: `${ORIGIN}/hls/studio-live/master.m3u8`,
      text: '#EXTM3U\n# studio-live\n',
    });
    // Each picture variant's media playlist, at its absolute URL, with when it was published.
    expect(data.media).toEqual([
      {
        url: `${ORIGIN}/hls/studio-live/360p/media.m3u8`,
        text: '#EXTM3U\n# studio-live 360p\n',
        writtenAtMs: 1_000_200,
      },
      {
        url: `${ORIGIN}/hls/studio-live/720p/media.m3u8`,
        text: '#EXTM3U\n# studio-live 720p\n',
        writtenAtMs: 1_000_200,
      },
    ]);
  });

  it('leaves out what the page must ask for itself', () => {
    // Offline: the answers, no playlist.
    expect(earlyDataFor('night-owl', ORIGIN, sources)?.multivariant).toBeNull();
    expect(earlyDataFor('night-owl', ORIGIN, sources)?.media).toEqual([]);
    // A protected stream's playlists carry key tags the origin adds as it sends them.
    const drm = seedChannels().find((c) => c.protection === 'clearkey')!;
    expect(drm.live).toBeTruthy();
    expect(earlyDataFor(drm.slug, ORIGIN, sources)).toMatchObject({ multivariant: null, media: [] });
    // A private channel's URL carries a token minted per request.
    expect(earlyDataFor('private-room', ORIGIN, sources)).toBeNull();
    expect(earlyDataFor('no-such-channel', ORIGIN, sources)).toBeNull();
  });

  it('carries the kept copies of a stream from elsewhere, and nothing where none is kept', () => {
    const url = 'https://cdn.example/live/master.m3u8';
    const store = new ChannelStore(
      parseChannels('test', { channels: [{ slug: 'elsewhere', live: true, playbackUrl: url }] }),
    );
    const media = [{ url: 'https://cdn.example/live/low.m3u8', text: '#EXTM3U\n', writtenAtMs: 1_000 }];
    const kept = { ...sources, channels: store, externalCopies: () => ({ multivariant: '#EXTM3U\n# kept\n', media }) };
    expect(earlyDataFor('elsewhere', ORIGIN, kept)).toMatchObject({
      answers: { '/api/v2/channels/elsewhere/playback-url': { data: url } },
      multivariant: { url, text: '#EXTM3U\n# kept\n' },
      media,
    });
    const none = { ...sources, channels: store, externalCopies: () => null };
    expect(earlyDataFor('elsewhere', ORIGIN, none)).toMatchObject({ multivariant: null, media: [] });
  });

  it('reads the slug of a page URL only', () => {
    expect(pageSlug('/studio-live?muted=true')).toBe('studio-live');
    expect(pageSlug('/studio-live')).toBe('studio-live');
    expect(pageSlug('/studio-live/offline')).toBeNull();
    expect(pageSlug('/')).toBeNull();
    expect(pageSlug('/%E0%A4%A')).toBeNull();
    expect(pageSlug('/bad%20slug')).toBeNull();
  });

  it('writes the data into the head as a JSON block that cannot close its script', () => {
    const html = injectEarlyData('<html><head><title>x</title></head></html>', {
      answers: { '/api/v2/channels/a/info': { title: '</script><script>alert(1)</script>' } },
      multivariant: null,
      media: [],
    });
    expect(html).toContain('<head>\n    <script id="onair-early-data" type="application/json">');
    expect(html).not.toContain('</script><script>alert(1)');
  });
});
