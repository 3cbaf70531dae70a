// The embed page of a channel that plays from elsewhere (CHANNELS_FILE) carries the platform's
// copies of that stream's playlists: a real platform, asked over real HTTP by a real client,
// keeping copies from a real server standing in for the channel's CDN.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseChannels } from './channels/channels-file.ts';
import { createPlatform, type Platform } from './create-platform.ts';

const MULTIVARIANT = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\nlow/index.m3u8\n';
const MEDIA = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:3\n#EXTINF:2,\nseg_3.ts\n';

let cdn: Server;
let platform: Platform;
let base: string;
let master: string;
const asked: string[] = [];

beforeAll(async () => {
  cdn = createServer((request, response) => {
    asked.push(request.url ?? '');
    const body =
      request.url === '/live/master.m3u8' ? MULTIVARIANT : request.url === '/live/low/index.m3u8' ? MEDIA : null;
    response.writeHead(body ? 200 : 404, { 'last-modified': new Date().toUTCString() });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  master = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/live/master.m3u8`;
  const embedDir = mkdtempSync(path.join(tmpdir(), 'onair-embed-'));
  writeFileSync(path.join(embedDir, 'index.html'), '<!doctype html><html><head><title>embed</title></head></html>');
  const channels = parseChannels('test', {
    channels: [{ slug: 'from-elsewhere', live: true, playbackUrl: master }],
  });
  platform = await createPlatform({ embedDir, channels });
  base = await platform.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await platform.app.close();
  await new Promise((resolve) => cdn.close(resolve));
});

/** The early data written into the page `/{slug}`, asked for as a browser would. */
async function earlyData(slug: string) {
  const html = await (await fetch(`${base}/${slug}`)).text();
  const json = /<script id="onair-early-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? JSON.parse(json) : null;
}

describe('the page of a channel that plays from elsewhere', () => {
  it('carries the platform’s copies of the stream’s multivariant and media playlists, dated', async () => {
    // Asked for as the platform starts; the page waits for nothing, so look until they are in.
    await vi.waitFor(async () => expect((await earlyData('from-elsewhere'))?.media).toHaveLength(1), {
      timeout: 10_000,
    });
    const data = await earlyData('from-elsewhere');
    expect(data.answers['/api/v2/channels/from-elsewhere/playback-url']).toEqual({ data: master });
    expect(data.multivariant).toEqual({ url: master, text: MULTIVARIANT });
    expect(data.media[0]).toMatchObject({ url: master.replace('master.m3u8', 'low/index.m3u8'), text: MEDIA });
    expect(Math.abs(Date.now() - data.media[0].writtenAtMs)).toBeLessThan(3000);
    // Only what the operator's URL names, on its origin.
    expect(new Set(asked)).toEqual(new Set(['/live/master.m3u8', '/live/low/index.m3u8']));
  });
});
