import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { channelInfoV2Schema, channelVideosSchema, errorResponseSchema, playbackUrlSchema } from '@onair/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from './create-platform.ts';

let platform: Platform;
const embedDir = mkdtempSync(path.join(tmpdir(), 'onair-embed-'));

beforeAll(async () => {
  writeFileSync(path.join(embedDir, 'index.html'), '<!doctype html><title>embed</title>');
  mkdirSync(path.join(embedDir, 'assets'));
  const script = 'console.log("embed");'.repeat(50);
  writeFileSync(path.join(embedDir, 'assets/app.js'), script);
  writeFileSync(path.join(embedDir, 'assets/app.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(embedDir, 'assets/app.js.gz'), gzipSync(script));
  writeFileSync(path.join(embedDir, 'assets/app.js.map'), '{"version":3,"mappings":"AAAA"}');
  writeFileSync(path.join(embedDir, 'live-manifest-sw.js'), 'self.addEventListener("fetch", () => {});');
  mkdirSync(path.join(embedDir, '.vite'));
  writeFileSync(path.join(embedDir, '.vite/manifest.json'), '{"index.html":{"isEntry":true}}');
  platform = await createPlatform({
    embedDir,
    now: () => Date.UTC(2026, 10, 22, 12, 0, 0),
    origins: ['http://onair.test:8080'],
  });
});
afterAll(() => platform.app.close());

const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host: 'onair.test:8080' } });

describe('channel API (SPEC §3, §7)', () => {
  it('answers channel info v2 for a live channel with the spec fields', async () => {
    const response = await get('/api/v2/channels/studio-live/info');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(channelInfoV2Schema.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      slug: 'studio-live',
      user: { username: 'StudioLive' },
      banner_image: null,
      livestream: { is_live: true, viewer_count: 1234, viewers: 1234 },
    });
    expect(body.livestream.categories).toHaveLength(2);
    expect(body.livestream.categories[0]).toEqual({ name: 'Software Development', slug: 'software-development' });
  });

  it('answers livestream null and an absolute banner URL for an offline channel', async () => {
    const body = (await get('/api/v2/channels/night-owl/info')).json();
    expect(body.livestream).toBeNull();
    expect(body.banner_image.src).toBe('http://onair.test:8080/images/banner-night-owl.svg');
  });

  it('finds slugs case-insensitively', async () => {
    expect((await get('/api/v2/channels/Studio-Live/info')).json().slug).toBe('studio-live');
  });

  it('answers the playback URL on the same origin, or data null when the channel has none', async () => {
    const live = playbackUrlSchema.parse((await get('/api/v2/channels/studio-live/playback-url')).json());
    expect(live.data).toBe('http://onair.test:8080/hls/studio-live/master.m3u8');
    const missing = playbackUrlSchema.parse((await get('/api/v2/channels/no-playback/playback-url')).json());
    expect(missing.data).toBeNull();
  });

  it('lists videos newest first with an absolute thumbnail', async () => {
    const videos = channelVideosSchema.parse((await get('/api/v2/channels/night-owl/videos')).json());
    expect(videos[0]?.thumbnail?.src).toBe('http://onair.test:8080/images/thumb-night-owl-5001.svg');
    expect(channelVideosSchema.parse((await get('/api/v2/channels/quiet-corner/videos')).json())).toEqual([]);
  });

  it.each(['/api/v2/channels/nobody/info', '/api/v2/channels/nobody/playback-url', '/api/v2/channels/a.b/videos'])(
    '%s answers 404 with the error shape',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(errorResponseSchema.parse(response.json())).toEqual({
        status: 404,
        statusText: 'Not Found',
        data: { message: 'Channel not found' },
      });
    },
  );

  it('serves the platform images', async () => {
    const response = await get('/images/banner-night-owl.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('embed hosting', () => {
  it.each(['/studio-live', '/night-owl/offline', '/a/b/c', '/'])('serves the SPA for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>embed</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the SPA for an embed path the router cannot decode, so the embed shows its error screen', async () => {
    const response = await get('/%ZZ');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>embed</title>');
  });

  it('keeps an undecodable service path a JSON 400', async () => {
    const response = await get('/api/v2/channels/%ZZ/info');
    expect(response.statusCode).toBe(400);
    expect(response.json().data.message).toMatch(/%ZZ/);
  });

  it('sends the precompressed asset the browser accepts, and the plain one to others', async () => {
    const asset = (encoding: string) =>
      platform.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': encoding } });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(200);
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("embed");'.repeat(50));
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets any origin read the built assets (a sandboxed frame has an opaque one), and nothing else', async () => {
    for (const encoding of ['br', 'identity']) {
      const asset = await platform.app.inject({
        method: 'GET',
        url: '/assets/app.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(asset.headers['access-control-allow-origin']).toBe('*');
    }
    for (const url of ['/studio-live', '/api/v2/channels/studio-live/info']) {
      expect((await get(url)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('keeps unknown service paths as JSON 404s, not the SPA', async () => {
    const response = await get('/api/v9/whatever');
    expect(response.statusCode).toBe(404);
    expect(response.json().data.message).toBe('Not found');
  });

  it('explains how to build the embed when it is missing', async () => {
    const bare = await createPlatform({ embedDir: path.join(embedDir, 'missing') });
    const response = await bare.app.inject({ method: 'GET', url: '/studio-live' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    await bare.app.close();
  });
});

describe('built assets', () => {
  it('serves the live-manifest service worker at the root, revalidated on every registration check', async () => {
    const response = await get('/live-manifest-sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    // A stale worker would keep rewriting playlists with old code: never cached without a check.
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('addEventListener("fetch"');
  });

  it('answers 404, not the SPA, for a worker script that was not built', async () => {
    const bare = await createPlatform({ embedDir: path.join(embedDir, 'assets'), origins: ['http://onair.test:8080'] });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/live-manifest-sw.js' });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.app.close();
    }
  });

  it('answers 404, not the SPA, for a missing built file', async () => {
    const response = await get('/assets/index-missing.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe('public configuration in the page', () => {
  it('carries PUBLIC_* settings and this server as the local services, never server-only secrets', async () => {
    process.env.PUBLIC_REALTIME_CLUSTER = 'eu</script><script>alert(1)';
    process.env.REALTIME_APP_SECRET = 'must-not-leak';
    try {
      const html = (await get('/studio-live')).body;
      const json = /<script id="onair-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      expect(json).toBeDefined();
      const config = JSON.parse(json!);
      expect(config.PUBLIC_MAIN_SITE_URL).toBe('http://onair.test:8080');
      expect(config.PUBLIC_API_URL).toBe('http://onair.test:8080');
      expect(config.PUBLIC_REALTIME_CLUSTER).toBe('eu</script><script>alert(1)');
      expect(json).not.toContain('</script>');
      expect(html).not.toContain('must-not-leak');
    } finally {
      delete process.env.PUBLIC_REALTIME_CLUSTER;
      delete process.env.REALTIME_APP_SECRET;
    }
  });

  it("reads a value with replacement patterns ($', $&, $`) back exactly", async () => {
    const value = "a$'b$&c$`d$$e";
    process.env.PUBLIC_REALTIME_CLUSTER = value;
    try {
      const html = (await get('/studio-live')).body;
      const json = /<script id="onair-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(json!).PUBLIC_REALTIME_CLUSTER).toBe(value);
      expect(html.match(/<title>embed<\/title>/g)).toHaveLength(1);
    } finally {
      delete process.env.PUBLIC_REALTIME_CLUSTER;
    }
  });

  it('builds its service URLs on its own origin, never on a forged Host header', async () => {
    const forged = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
    const html = (await forged('/studio-live')).body;
    const json = /<script id="onair-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!).PUBLIC_API_URL).toBe('http://onair.test:8080');
    expect((await forged('/api/v2/channels/studio-live/playback-url')).json().data).toBe(
      'http://onair.test:8080/hls/studio-live/master.m3u8',
    );
    expect(JSON.stringify((await forged('/api/v2/channels/night-owl/info')).json())).not.toContain('evil.example');
  });
});

describe('security headers', () => {
  it('lets any site frame the embed page, under its policy, and nothing else', async () => {
    const page = await get('/studio-live');
    expect(page.headers['content-security-policy']).toMatch(/(^|; )frame-ancestors \*(;|$)/);
    expect(page.headers['content-security-policy']).toMatch(/(^|; )object-src 'none'(;|$)/);
    expect(page.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/api/v2/channels/studio-live/info', '/assets/app.js', '/api/v9/whatever']) {
      const response = await get(url);
      // A built script also carries the worker policy (below), with the same frame-ancestors.
      expect(response.headers['content-security-policy'], url).toMatch(/(^|; )frame-ancestors 'none'$/);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('says nosniff on every response', async () => {
    for (const url of ['/studio-live', '/api/v2/channels/studio-live/info', '/assets/app.js', '/nothing/here']) {
      expect((await get(url)).headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('serves neither a source map, the build manifest nor a bare page by any spelling of the path', async () => {
    // Each was judged before decoding once: `/assets/..%2findex.html` passed as an asset and
    // sent index.html from disk, without the page's policy or configuration.
    const spellings = [
      '/assets/app.js.ma%70',
      '/assets/app.js%2emap',
      '/assets/app.js%2Emap',
      '/assets/app.js.MAP',
      '/assets/app.js.map.br',
      '/assets/./app.js.map',
      '/assets/.%2fapp.js.map',
      '/assets/..%2findex.html',
      '/assets%2f..%2findex.html',
      '/assets/%2e%2e/index.html',
      '/assets/.%2e/index.html',
      '/assets/%2e%2e%2f.vite/manifest.json',
      '/assets/..%2f.vite%2fmanifest.json',
      '/assets/%252e%252e%252findex.html',
      '/assets/..%5cindex.html',
      '/live-manifest-sw.js/..%2findex.html',
    ];
    for (const url of spellings) {
      const response = await get(url);
      expect(response.body, url).not.toContain('mappings');
      expect(response.body, url).not.toContain('"isEntry"');
      // Whatever page comes back is the embed page with its policy, never the file on disk.
      if (response.body.includes('<title>embed</title>')) {
        expect(response.headers['content-security-policy'], url).toMatch(/script-src/);
        expect(response.body, url).toContain('onair-config');
      }
    }
  });

  it('gives every script that can run as a worker the page’s reach, and nothing more', async () => {
    const page = (await get('/studio-live')).headers['content-security-policy'] as string;
    const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));
    for (const url of ['/assets/app.js', '/live-manifest-sw.js']) {
      const policy = (await get(url)).headers['content-security-policy'] as string;
      expect(policy, url).toMatch(/^default-src 'none'/);
      // data: included, which reaches no host (the live-manifest worker's answers are made so).
      expect(directive(policy, 'connect-src'), url).toBe(directive(page, 'connect-src'));
      expect(directive(policy, 'media-src'), url).toBe(directive(page, 'media-src'));
    }
  });

  it('serves neither source maps nor the build manifest', async () => {
    const map = await get('/assets/app.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('mappings');
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.body).not.toContain('"isEntry"');
  });
});
