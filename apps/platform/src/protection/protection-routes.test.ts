import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../create-platform.ts';
import { parseFragment } from '../origin/fragment.ts';
import { readBoxes } from '../origin/mp4-boxes.ts';

/** The protected channel over the real routes (Fastify inject). */
let platform: Platform;
const HOST = 'onair.test:8080';

beforeAll(async () => {
  platform = await createPlatform({ embedDir: path.join(tmpdir(), 'onair-no-embed'), origins: [`http://${HOST}`] });
});
afterAll(() => platform.app.close());

const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host: HOST } });
const license = (slug: string, kids: string[]) =>
  platform.app.inject({
    method: 'POST',
    url: `/drm/clearkey/${slug}`,
    headers: { host: HOST, 'content-type': 'application/json' },
    payload: { kids, type: 'temporary' },
  });

describe('a DRM-protected channel', () => {
  it('names the key system and its license server in its playlists', async () => {
    const tag =
      'METHOD=SAMPLE-AES-CTR,URI="http://onair.test:8080/drm/clearkey/protected-room",KEYFORMAT="org.w3.clearkey"';
    expect((await get('/hls/protected-room/master.m3u8')).body).toContain(`#EXT-X-SESSION-KEY:${tag}`);
    const media = (await get('/hls/protected-room/360p/media.m3u8')).body;
    expect(media).toMatch(new RegExp(`#EXT-X-KEY:${tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*\\n#EXT-X-MAP:`));
    expect((await get('/hls/studio-live/360p/media.m3u8')).body).not.toContain('EXT-X-KEY');
  });

  it('serves encrypted media whose key id the license server answers with the key, and nothing else', async () => {
    const init = (await get('/hls/protected-room/360p/init.mp4')).rawPayload;
    const tenc = init.indexOf('tenc');
    expect(tenc).toBeGreaterThan(0);
    const kid = Buffer.from(init.subarray(tenc + 12, tenc + 28)).toString('base64url');
    const playlist = (await get('/hls/protected-room/360p/media.m3u8')).body;
    const segment = playlist.split('\n').find((line) => line.startsWith('seg-'))!;
    const media = (await get(`/hls/protected-room/360p/${segment}`)).rawPayload;
    expect(media.includes('senc')).toBe(true);
    const moof = readBoxes(new Uint8Array(media)).find((b) => b.type === 'moof')!;
    expect(parseFragment(new Uint8Array(media).subarray(moof.start)).tracks.length).toBeGreaterThan(0);

    const answer = await license('protected-room', [kid]);
    expect(answer.statusCode).toBe(200);
    const keys = (answer.json() as { keys: { kty: string; kid: string; k: string }[] }).keys;
    expect(keys).toEqual([{ kty: 'oct', kid, k: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) }]);
    expect((await license('protected-room', ['AAAAAAAAAAAAAAAAAAAAAA'])).statusCode).toBe(404);
    expect((await license('studio-live', [kid])).statusCode).toBe(404);
  });
});
