import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../create-platform.ts';
import type { ChannelsFileError } from './channels-file.ts';
import { parseChannels, playbackOrigins, readChannelsFile } from './channels-file.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'onair-channels-'));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('CHANNELS_FILE: channels read from a file', () => {
  it('fills in what a "watch this URL" file leaves out', () => {
    const [channel] = parseChannels('f', {
      channels: [{ slug: 'my-stream', live: true, playbackUrl: 'https://cdn.test/live/index.m3u8' }],
    });
    expect(channel).toEqual({
      id: 100_000,
      slug: 'my-stream',
      username: 'my-stream',
      banner: null,
      live: { id: 0, session_title: 'my-stream', categories: [], viewer_count: 0 },
      playback: true,
      playbackUrl: 'https://cdn.test/live/index.m3u8',
      videos: [],
    });
  });

  it('checks past videos: each needs its fields; a source must be http(s), and opens the CSP to its origin', () => {
    const video = { id: 7, title: 'Old', thumbnail: '/t.svg', created_at: '2026-01-01T00:00:00Z', duration: 60_000 };
    const [channel] = parseChannels('f', {
      channels: [{ slug: 'past', videos: [{ ...video, source: 'https://vod.test/7/index.m3u8' }] }],
    });
    expect(channel?.videos).toEqual([{ ...video, source: 'https://vod.test/7/index.m3u8' }]);
    expect(playbackOrigins([channel!])).toEqual(['https://vod.test']);
    const problems = (() => {
      try {
        parseChannels('f', {
          channels: [{ slug: 'bad', videos: [{ ...video, source: 'javascript:alert(1)' }, { id: 'x' }] }],
        });
      } catch (error) {
        return (error as ChannelsFileError).problems;
      }
      return [];
    })();
    expect(problems).toEqual([
      'channels[0].videos[0].source must be an absolute http(s) URL',
      'channels[0].videos[1] needs an integer id, a title, a thumbnail, an ISO created_at and a duration in ms',
    ]);
  });

  it('names every problem: a bad slug, a URL that is not http(s), a slug used twice, a bad live', () => {
    const problems = (() => {
      try {
        parseChannels('f', {
          channels: [
            { slug: 'a b' },
            { slug: 'one', playbackUrl: 'javascript:alert(1)' },
            { slug: 'two', playbackUrl: 'file:///etc/passwd', live: 'yes' },
            { slug: 'Two' },
          ],
        });
      } catch (error) {
        return (error as ChannelsFileError).problems;
      }
      return [];
    })();
    expect(problems).toEqual([
      'channels[0].slug must be a channel slug (letters, digits, - and _)',
      'channels[1].playbackUrl must be an absolute http(s) URL',
      'channels[2].playbackUrl must be an absolute http(s) URL',
      'channels[2].live must be true, null or a live session',
      'the slug "Two" is used twice',
    ]);
  });

  it('refuses a file that cannot be read, is not JSON, or has no channels, saying which', () => {
    expect(() => readChannelsFile(path.join(dir, 'missing.json'))).toThrow(/cannot be read \(ENOENT\)/);
    expect(() => readChannelsFile(write('bad.json', '{'))).toThrow(/is not JSON/);
    expect(() => readChannelsFile(write('empty.json', '{"channels":[]}'))).toThrow(/non-empty "channels" array/);
  });

  it('lists the external origins once each', () => {
    const channels = parseChannels('f', {
      channels: [
        { slug: 'a', playbackUrl: 'https://cdn.test/a.m3u8' },
        { slug: 'b', playbackUrl: 'https://cdn.test:8443/b.m3u8' },
        { slug: 'c', playbackUrl: 'https://cdn.test/c.m3u8' },
        { slug: 'd' },
      ],
    });
    expect(playbackOrigins(channels)).toEqual(['https://cdn.test', 'https://cdn.test:8443']);
  });
});

describe('a platform serving a channels file', () => {
  let platform: Platform;
  const embedDir = mkdtempSync(path.join(tmpdir(), 'onair-embed-'));
  beforeAll(async () => {
    writeFileSync(path.join(embedDir, 'index.html'), '<!doctype html><title>embed</title>');
    mkdirSync(path.join(embedDir, 'assets'));
    writeFileSync(path.join(embedDir, 'assets/engine-worker-x.js'), 'self.onmessage = () => {};');
    const file = write(
      'channels.json',
      JSON.stringify({ channels: [{ slug: 'my-stream', live: true, playbackUrl: 'https://cdn.test:8443/live.m3u8' }] }),
    );
    platform = await createPlatform({
      embedDir,
      channels: readChannelsFile(file),
      origins: ['http://onair.test:8080'],
    });
  });
  afterAll(() => platform.app.close());
  const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host: 'onair.test:8080' } });

  it('answers the external URL as the playback URL, and only its channels exist', async () => {
    expect((await get('/api/v2/channels/my-stream/playback-url')).json()).toEqual({
      data: 'https://cdn.test:8443/live.m3u8',
    });
    expect((await get('/api/v2/channels/studio-live/info')).statusCode).toBe(404);
  });

  it("opens the page's and the workers' connect-src and media-src to that origin", async () => {
    for (const url of ['/my-stream', '/assets/engine-worker-x.js']) {
      const policy = String((await get(url)).headers['content-security-policy']);
      expect(policy, url).toMatch(/connect-src [^;]*https:\/\/cdn\.test:8443/);
      expect(policy, url).toMatch(/media-src [^;]*https:\/\/cdn\.test:8443/);
    }
  });
});
