import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerSdk, SDK_PATH } from './sdk-static.ts';

let dir: string;
let file: string;
let app: FastifyInstance;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'onair-sdk-'));
  file = path.join(dir, 'onair-embed.js');
  app = Fastify();
  registerSdk(app, file);
  await app.ready();
});
afterEach(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const build = (text: string, mtime = Date.now() / 1000) => {
  writeFileSync(file, text);
  utimesSync(file, mtime, mtime);
};
const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: SDK_PATH, headers });

describe(`GET ${SDK_PATH}`, () => {
  it('answers 404 with the platform error shape while the SDK is not built', async () => {
    const response = await get();
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      status: 404,
      statusText: 'Not Found',
      data: { message: expect.stringContaining('not built') },
    });
  });

  it('serves the build as public JavaScript that is always revalidated', async () => {
    build('var OnAir={};');
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('var OnAir={};');
    expect(response.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
    });
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers a revalidation of the same build with 304 and no body', async () => {
    build('var OnAir={};');
    const { etag } = (await get()).headers;
    const response = await get({ 'if-none-match': `W/"other", ${String(etag)}` });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
  });

  it('serves a rebuild without a restart, with a new ETag', async () => {
    build('var OnAir={v:1};', 1_000_000);
    const first = await get();
    build('var OnAir={v:2};', 1_000_100);
    const second = await get({ 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe('var OnAir={v:2};');
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers HEAD with the headers', async () => {
    build('var OnAir={};');
    const response = await app.inject({ method: 'HEAD', url: SDK_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });
});
