import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from './create-platform.ts';
import { isEmbedPath } from './embed-static.ts';
import { isPlaygroundPath } from './playground-page.ts';
import { playgroundContentSecurityPolicy } from './security-headers.ts';

const PLAYGROUND =
  '<!doctype html><title>playground</title><script type="module" src="/assets/playground/p.js"></script>';

describe('the playground on the platform', () => {
  let platform: Platform;
  const embedDir = mkdtempSync(path.join(tmpdir(), 'onair-embed-'));
  beforeAll(async () => {
    writeFileSync(path.join(embedDir, 'index.html'), '<!doctype html><title>embed</title>');
    writeFileSync(path.join(embedDir, 'playground.html'), PLAYGROUND);
    platform = await createPlatform({ embedDir, origins: ['http://onair.test:8080'] });
  });
  afterAll(() => platform.app.close());
  const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host: 'onair.test:8080' } });

  it('serves the built page under its own policy, never framed', async () => {
    const response = await get('/playground');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(PLAYGROUND);
    expect(response.headers['content-security-policy']).toBe(playgroundContentSecurityPolicy(PLAYGROUND));
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // With a query too (a bookmarked URL with one).
    expect((await get('/playground?x=1')).body).toBe(PLAYGROUND);
  });

  it("is not a channel page: nothing below it falls back to the embed's 404", async () => {
    for (const url of ['/playground/', '/playground/x']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ status: 404 });
    }
    // A channel whose slug merely starts with the word is still the embed's.
    expect((await get('/playgrounds')).body).toContain('<title>embed</title>');
  });

  it('says so when the playground is not built', async () => {
    const bare = await createPlatform({ embedDir: mkdtempSync(path.join(tmpdir(), 'onair-embed-')) });
    const response = await bare.app.inject({ method: 'GET', url: '/playground' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/npm run build/);
    await bare.app.close();
  });
});

describe('isPlaygroundPath', () => {
  it('is the path and what is below it, not a slug that starts with the word', () => {
    expect(isPlaygroundPath('/playground')).toBe(true);
    expect(isPlaygroundPath('/playground/a')).toBe(true);
    expect(isPlaygroundPath('/playgrounds')).toBe(false);
    expect(isEmbedPath('/playground?x=1')).toBe(false);
    expect(isEmbedPath('/playgrounds')).toBe(true);
  });
});
