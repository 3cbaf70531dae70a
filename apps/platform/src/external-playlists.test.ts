import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  externalPlaylists,
  MEDIA_MAX_AGE_MS,
  MULTIVARIANT_MAX_AGE_MS,
  WATCHED_MS,
  type ExternalPlaylists,
} from './external-playlists.ts';

const MASTER = 'http://cdn.example/live/master.m3u8';
const LOW = 'http://cdn.example/live/low/index.m3u8';
const HIGH = 'http://cdn.example/live/high/index.m3u8';
const MULTIVARIANT = `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2400000\nhigh/index.m3u8\n`;
const media = (msn: number) =>
  `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:${msn}\n#EXTINF:2,\nseg_${msn}.ts\n`;

/** When the packager listed its newest segment: every 2 s from 999 950 on the fake clock. */
const listedAt = (now: number) => 999_950 + 2000 * Math.floor((now - 999_950) / 2000);

/** A CDN in front of a classic packager: a new segment every 2 s, with its Last-Modified (whole seconds). */
function cdn() {
  const asked: string[] = [];
  let down = false;
  const fetchFn = vi.fn(async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    if (down) throw new TypeError('fetch failed');
    if (url === MASTER) return new Response(MULTIVARIANT, { status: 200 });
    if (url === LOW || url === HIGH) {
      const listed = listedAt(Date.now());
      const lastModified = new Date(Math.floor(listed / 1000) * 1000).toUTCString();
      return new Response(media((listed - 999_950) / 2000), {
        status: 200,
        headers: { 'last-modified': lastModified },
      });
    }
    return new Response('not found', { status: 404 });
  });
  return { fetch: fetchFn as unknown as typeof fetch, asked, setDown: (value: boolean) => void (down = value) };
}

let keeper: ExternalPlaylists | null = null;
beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => {
  keeper?.destroy();
  keeper = null;
  vi.useRealTimers();
});

describe('copies of a stream’s playlists from elsewhere', () => {
  it('hands out nothing at first, then the multivariant and each variant’s media playlist, young', async () => {
    const net = cdn();
    keeper = externalPlaylists({ fetch: net.fetch });
    expect(keeper.copiesFor(MASTER)).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    const copies = keeper.copiesFor(MASTER)!;
    expect(copies.multivariant).toBe(MULTIVARIANT);
    expect(copies.media.map((m) => m.url)).toEqual([LOW, HIGH]);
    expect(copies.media[0]!.text).toBe(media(0));
    // Last-Modified says 999 000 to 999 999: the middle of that second.
    expect(copies.media[0]!.writtenAtMs).toBe(999_500);
  });

  it('keeps the media playlists fresh while the channel is watched, dated when each changed', async () => {
    const net = cdn();
    vi.setSystemTime(1_000_100);
    keeper = externalPlaylists({ fetch: net.fetch });
    keeper.copiesFor(MASTER);
    // An eighth of the target duration between looks (1 000 100, 1 000 350, ...): the segment
    // listed at 1 001 950 is seen at 1 002 100.
    await vi.advanceTimersByTimeAsync(1_900);
    expect(keeper.copiesFor(MASTER)!.media[0]!.text).toBe(media(0));
    await vi.advanceTimersByTimeAsync(100);
    const copy = keeper.copiesFor(MASTER)!.media.find((m) => m.url === LOW)!;
    expect(copy.text).toBe(media(1));
    // Its Last-Modified alone says 1 001 500; the look at 1 001 850 still saw the old text.
    expect(copy.writtenAtMs).toBe(1_001_850);
  });

  it('stops asking once nobody watched for a while, and hands out no copy too old to start from', async () => {
    const net = cdn();
    keeper = externalPlaylists({ fetch: net.fetch });
    keeper.copiesFor(MASTER);
    await vi.advanceTimersByTimeAsync(WATCHED_MS + 5_000);
    const before = net.asked.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(net.asked.length).toBe(before);
    // The copies are older than the engine starts from: the page asks itself.
    expect(keeper.copiesFor(MASTER)!.media).toEqual([]);
    // Watched again: fresh ones within a look.
    await vi.advanceTimersByTimeAsync(0);
    expect(keeper.copiesFor(MASTER)!.media.every((m) => Date.now() - m.writtenAtMs <= MEDIA_MAX_AGE_MS)).toBe(true);
    expect(keeper.copiesFor(MASTER)!.media).toHaveLength(2);
  });

  it('asks for the multivariant again once it is old, handing out the one it has meanwhile', async () => {
    const net = cdn();
    keeper = externalPlaylists({ fetch: net.fetch });
    keeper.copiesFor(MASTER);
    await vi.advanceTimersByTimeAsync(MULTIVARIANT_MAX_AGE_MS);
    const asked = net.asked.filter((u) => u === MASTER).length;
    expect(keeper.copiesFor(MASTER)?.multivariant).toBe(MULTIVARIANT);
    await vi.advanceTimersByTimeAsync(0);
    expect(net.asked.filter((u) => u === MASTER).length).toBe(asked + 1);
  });

  it('keeps nothing of a failure, a refusal, a redirect or a media playlist as the playback URL', async () => {
    const net = cdn();
    net.setDown(true);
    keeper = externalPlaylists({ fetch: net.fetch });
    keeper.copiesFor(MASTER);
    await vi.advanceTimersByTimeAsync(0);
    expect(keeper.copiesFor(MASTER)).toBeNull();
    // Not asked again at once after a failure.
    expect(net.asked.filter((u) => u === MASTER)).toHaveLength(1);

    const other = externalPlaylists({
      fetch: (async (input: string | URL | Request) =>
        String(input).endsWith('redirect.m3u8')
          ? new Response(null, { status: 302, headers: { location: MASTER } })
          : new Response(media(1), { status: 200 })) as typeof fetch,
    });
    other.copiesFor('http://cdn.example/redirect.m3u8');
    other.copiesFor(LOW);
    await vi.advanceTimersByTimeAsync(0);
    expect(other.copiesFor('http://cdn.example/redirect.m3u8')).toBeNull();
    expect(other.copiesFor(LOW)).toBeNull();
    other.destroy();
  });

  it('asks nothing more once destroyed', async () => {
    const net = cdn();
    keeper = externalPlaylists({ fetch: net.fetch });
    keeper.copiesFor(MASTER);
    await vi.advanceTimersByTimeAsync(0);
    keeper.destroy();
    const before = net.asked.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(net.asked.length).toBe(before);
    expect(keeper.copiesFor(MASTER)).toBeNull();
  });
});
