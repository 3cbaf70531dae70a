import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, initialChannel, renderBuilderPage } from './builder-page.ts';
import { BUILDER_CSP } from './builder-routes.ts';
import { createPlatform, type Platform } from './create-platform.ts';

const CHANNELS = [
  { slug: 'night-owl', username: 'NightOwl', live: false },
  { slug: 'studio-live', username: 'StudioLive', live: true },
];

describe('renderBuilderPage', () => {
  const page = renderBuilderPage({ channels: CHANNELS, origin: 'http://127.0.0.1:8080' });

  it('lists every channel, starting on the first live one', () => {
    expect(page).toContain('<option value="night-owl">NightOwl (night-owl), offline</option>');
    expect(page).toContain('<option value="studio-live" selected>StudioLive (studio-live), live</option>');
    expect(initialChannel(CHANNELS.filter((c) => !c.live))).toBe('night-owl');
    expect(initialChannel([])).toBeUndefined();
  });

  it('has a language, a title, and no inline script or style (its scripts are files from self)', () => {
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toMatch(/<title>[^<]+<\/title>/);
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1]!.match(/src="([^"]+)"/)?.[1])).toEqual([
      '/sdk/onair-embed.js',
      '/builder/builder.js',
    ]);
    expect(scripts.every((m) => m[2] === '')).toBe(true);
    expect(page).not.toMatch(/<style|style=|\son[a-z]+=/i);
  });

  it('writes names and the origin as text, never as markup', () => {
    const hostile = renderBuilderPage({
      channels: [{ slug: 'x"><script>alert(1)</script>', username: '<img src=x onerror=alert(1)>', live: true }],
      origin: 'http://a.test" onload="alert(1)',
    });
    expect(hostile).not.toContain('<script>alert');
    expect(hostile).not.toContain('<img');
    expect(hostile).not.toContain('" onload="');
    expect(hostile).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('escapes every character that could end text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('the builder on the platform', () => {
  let platform: Platform;
  const embedDir = mkdtempSync(path.join(tmpdir(), 'onair-embed-'));
  beforeAll(async () => {
    writeFileSync(path.join(embedDir, 'index.html'), '<!doctype html><title>embed</title>');
    platform = await createPlatform({ embedDir, origins: ['http://onair.test:8080'] });
  });
  afterAll(() => platform.app.close());
  const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host: 'onair.test:8080' } });

  it('serves the page with its own strict policy: scripts from self only, frames of self only, never framed', async () => {
    const response = await get('/builder');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(BUILDER_CSP);
    const policy = Object.fromEntries(BUILDER_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(policy).toMatchObject({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'frame-src': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('data-origin="http://onair.test:8080"');
    expect(response.body).toContain('<option value="studio-live" selected>');
  });

  it('serves its script and styles, and nothing else from its folder', async () => {
    const script = await get('/builder/builder.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(script.headers['cache-control']).toBe('no-cache');
    expect(script.body).toContain('OnAirPlayer');
    expect((await get('/builder/builder.css')).headers['content-type']).toMatch(/^text\/css/);
    for (const url of ['/builder/missing.js', '/builder/', '/builder/.gitignore']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ status: 404, statusText: 'Not Found' });
    }
  });

  it('answers the SDK URL itself (the built script or a 404 body), never the embed page', async () => {
    const response = await get('/sdk/onair-embed.js');
    expect(response.headers['content-type']).not.toMatch(/html/);
    expect([200, 404]).toContain(response.statusCode);
  });
});
