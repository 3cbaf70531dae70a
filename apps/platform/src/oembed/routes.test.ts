import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorResponseSchema, oembedResponseSchema } from '@onair/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChannels, type ChannelRecord } from '../channels/channel-store.ts';
import { createPlatform, type Platform } from '../create-platform.ts';

const SELF = 'http://onair.test:8080';
const TRICKY: ChannelRecord = {
  id: 999,
  slug: 'tricky',
  username: `Tricky"><script>alert(1)</script>`,
  banner: null,
  live: { id: 1, session_title: `"quoted" <b>bold</b> & 'more'`, categories: [], viewer_count: 0 },
  playback: true,
  videos: [],
};

let platform: Platform;
const embedDir = mkdtempSync(path.join(tmpdir(), 'onair-embed-'));

beforeAll(async () => {
  writeFileSync(path.join(embedDir, 'index.html'), '<!doctype html><html><head><title>embed</title></head></html>');
  platform = await createPlatform({ embedDir, channels: [...seedChannels(), TRICKY], origins: [SELF] });
});
afterAll(() => platform.app.close());

const get = (url: string) => platform.app.inject({ method: 'GET', url, headers: { host: 'onair.test:8080' } });
const oembed = (pageUrl: string, extra = '') => get(`/oembed?url=${encodeURIComponent(pageUrl)}${extra}`);

describe('GET /oembed: answers that parse with the contract', () => {
  it.each([
    ['a live channel', `${SELF}/studio-live`, ''],
    ['an offline channel with an image', `${SELF}/night-owl`, '&format=json'],
    ['an offline channel without one', `${SELF}/quiet-corner`, ''],
    ['a page with options', `${SELF}/studio-live?muted=true&autoplay=false&allowfullscreen=false`, ''],
    ['a maxwidth', `${SELF}/night-owl`, '&maxwidth=480&maxheight='],
    ['a maxheight', `${SELF}/studio-live`, '&maxheight=180'],
    ['a title to escape', `${SELF}/tricky`, ''],
  ])('%s', async (_name, pageUrl, extra) => {
    const response = await oembed(pageUrl, extra);
    expect(response.statusCode).toBe(200);
    expect(oembedResponseSchema.safeParse(response.json()).success).toBe(true);
  });
});

describe('GET /oembed', () => {
  it('answers a live channel with its session title, its author and the 640×360 frame', async () => {
    const response = await oembed(`${SELF}/Studio-Live#t=1`);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json()).toEqual({
      version: '1.0',
      type: 'video',
      provider_name: 'OnAir',
      provider_url: `${SELF}/`,
      title: 'Building a live player, live',
      author_name: 'StudioLive',
      author_url: `${SELF}/studio-live`,
      html:
        `<iframe src="${SELF}/studio-live" width="640" height="360" title="Building a live player, live"` +
        ' frameborder="0" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>',
      width: 640,
      height: 360,
    });
  });

  it('answers an offline channel with its name and its image as the thumbnail', async () => {
    const body = (await oembed(`${SELF}/night-owl`)).json();
    expect(body).toMatchObject({
      title: 'NightOwl',
      thumbnail_url: `${SELF}/images/banner-night-owl.svg`,
      thumbnail_width: 1600,
      thumbnail_height: 400,
    });
  });

  it('sizes the frame to the limits, and leaves out a thumbnail that would not fit', async () => {
    const body = (await oembed(`${SELF}/night-owl`, '&maxwidth=480')).json();
    expect(body).toMatchObject({ width: 480, height: 270 });
    expect(body.html).toContain('width="480" height="270"');
    expect(body).not.toHaveProperty('thumbnail_url');
  });

  it('carries the page’s options into the frame, without fullscreen when it is off', async () => {
    const body = (await oembed(`${SELF}/studio-live?muted=true&allowfullscreen=no&utm=x`)).json();
    expect(body.html).toContain(`src="${SELF}/studio-live?muted=true&amp;allowfullscreen=false"`);
    expect(body.html).toContain('allow="autoplay; picture-in-picture; encrypted-media"');
    expect(body.html).not.toContain('allowfullscreen>');
    expect(body.html).not.toContain('utm');
  });

  it('escapes a title with quotes and markup in the html', async () => {
    const body = (await oembed(`${SELF}/tricky`)).json();
    expect(body.title).toBe(TRICKY.live!.session_title);
    expect(body.html).toContain('title="&quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; &amp; &#39;more&#39;"');
    expect(body.html).not.toContain('<b>');
  });

  it.each([
    ['another origin', 'http://evil.test:8080/studio-live'],
    ['a path that is not a channel page', `${SELF}/studio-live/offline`],
    ['a service path', `${SELF}/oembed`],
    ['the root', `${SELF}/`],
    ['a channel that does not exist', `${SELF}/nobody`],
  ])('is 404 for %s', async (_name, pageUrl) => {
    const response = await oembed(pageUrl);
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(errorResponseSchema.parse(response.json()).statusText).toBe('Not Found');
  });

  it('is 501 for a format other than json', async () => {
    const response = await oembed(`${SELF}/studio-live`, '&format=xml');
    expect(response.statusCode).toBe(501);
    expect(errorResponseSchema.parse(response.json()).statusText).toBe('Not Implemented');
  });

  it.each([
    ['no url', '/oembed'],
    ['a url that is not absolute', '/oembed?url=studio-live'],
    ['a negative maxwidth', `/oembed?url=${encodeURIComponent(`${SELF}/studio-live`)}&maxwidth=-5`],
    ['a non-numeric maxheight', `/oembed?url=${encodeURIComponent(`${SELF}/studio-live`)}&maxheight=big`],
  ])('is 400 for %s', async (_name, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).status).toBe(400);
  });

  it('never reflects the url it was given', async () => {
    const response = await get(`/oembed?url=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script');
  });

  it('carries the security headers of the other JSON services', async () => {
    const response = await oembed(`${SELF}/studio-live`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('oEmbed discovery on the embed page', () => {
  const discoveryHref = (html: string) =>
    /<link rel="alternate" type="application\/json\+oembed" href="([^"]*)" title="([^"]*)">/.exec(html);

  it('links a channel page to its oEmbed answer, which the endpoint serves', async () => {
    const page = await get('/studio-live?muted=true');
    const link = discoveryHref(page.body);
    expect(link?.[2]).toBe('Building a live player, live');
    const href = link![1]!.replaceAll('&amp;', '&');
    expect(href).toBe(`${SELF}/oembed?url=${encodeURIComponent(`${SELF}/studio-live?muted=true`)}&format=json`);
    const answer = await get(new URL(href).pathname + new URL(href).search);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().html).toContain(`src="${SELF}/studio-live?muted=true"`);
  });

  it('escapes the title in the page', async () => {
    const page = await get('/tricky');
    expect(discoveryHref(page.body)?.[2]).toBe('&quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; &amp; &#39;more&#39;');
    expect(page.body).not.toContain('<b>');
  });

  it.each(['/', '/studio-live/offline', '/nobody'])('is not on %s', async (url) => {
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('application/json+oembed');
  });
});
