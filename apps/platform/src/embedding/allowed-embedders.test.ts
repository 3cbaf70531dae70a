import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChannels } from '../channels/channel-store.ts';
import { createPlatform, type Platform } from '../create-platform.ts';

/** A channel's allowed embedders over the real page route (Fastify inject). */
let platform: Platform;
const HOST = 'onair.test:8080';
const embedDir = mkdtempSync(path.join(tmpdir(), 'onair-embed-'));

beforeAll(async () => {
  writeFileSync(path.join(embedDir, 'index.html'), '<!doctype html><title>embed</title>');
  const seed = seedChannels();
  const sneaky = {
    ...seed.find((c) => c.slug === 'private-room')!,
    id: 999,
    slug: 'sneaky',
    username: '<b>Sneaky</b>',
  };
  platform = await createPlatform({ embedDir, origins: [`http://${HOST}`], channels: [...seed, sneaky] });
});
afterAll(() => platform.app.close());

const page = (url: string, headers: Record<string, string>) =>
  platform.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
const framed = (referer?: string) => ({ 'sec-fetch-dest': 'iframe', ...(referer && { referer }) });

describe('allowed embedders', () => {
  it('answers a stranger’s frame with a page that says so, and a way to watch', async () => {
    const response = await page('/private-room?muted=true', framed('https://stranger.example/post'));
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain("This channel can't be played on this site");
    expect(response.body).toContain('href="http://onair.test:8080/private-room"');
    expect(response.body).toContain('target="_blank" rel="noopener noreferrer"');
    expect(response.body).not.toMatch(/<script/i);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(response.headers['cache-control']).toBe('no-store');
    // Its videos too, and a frame whose site sends no Referer cannot be shown to be allowed.
    expect((await page('/private-room/videos/1', framed('https://stranger.example/'))).statusCode).toBe(403);
    expect((await page('/private-room', framed())).statusCode).toBe(403);
  });

  it('serves the embed to the sites it lists, to the platform’s own pages and to a visit of the page', async () => {
    for (const response of [
      await page('/private-room', framed('https://members.example/watch')),
      await page('/private-room', framed('http://onair.test:8080/builder')),
      await page('/private-room', { 'sec-fetch-dest': 'document', referer: 'https://stranger.example/' }),
      await page('/studio-live', framed('https://stranger.example/post')),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>embed</title>');
    }
  });

  it('writes the channel’s name as text', async () => {
    const response = await page('/sneaky', framed('https://stranger.example/'));
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('&lt;b&gt;Sneaky&lt;/b&gt;');
    expect(response.body).not.toContain('<b>Sneaky</b>');
  });
});
