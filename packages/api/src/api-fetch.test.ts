import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, type FetchEnvironment } from './api-fetch.ts';
import { closedPortUrl, startRecordingServer, type RecordingServer } from './testing/recording-server.ts';

let server: RecordingServer;
const ERROR_ENVELOPE = { status: 401, statusText: 'Unauthorized', data: { message: 'Unauthenticated.' } };

beforeAll(async () => {
  server = await startRecordingServer({
    'GET /ok': { json: { hello: 'world' } },
    'POST /ok': { json: { saved: true } },
    'PUT /upload': { status: 204 },
    'GET /envelope': { status: 401, statusText: 'Unauthorized', json: ERROR_ENVELOPE },
    'GET /plain-json': { status: 422, statusText: 'Unprocessable Entity', json: { errors: { name: ['taken'] } } },
    'GET /html': { status: 502, statusText: 'Bad Gateway', text: '<h1>Bad Gateway</h1>' },
    'GET /empty': { status: 500, statusText: 'Internal Server Error', text: '' },
  });
});
afterAll(() => server.close());

const anonymous = (): FetchEnvironment => ({ baseUrl: server.url, getCookie: () => undefined });

describe('apiFetch request (SPEC §7 "Common fetch behaviour")', () => {
  it('asks for JSON, declares no type without a body, and revalidates every time', async () => {
    await expect(apiFetch(anonymous(), '/ok')).resolves.toEqual({ hello: 'world' });
    const { method, headers } = server.last();
    expect(method).toBe('GET');
    expect(headers.accept).toBe('application/json');
    expect(headers['content-type']).toBeUndefined();
    expect(headers['cache-control']).toBe('max-age=0'); // how fetch sends cache: 'no-cache'
  });

  it('passes credentials, no-cache and the referrer policy to fetch', async () => {
    const inits: RequestInit[] = [];
    const spy: typeof fetch = (input, init) => {
      if (init) inits.push(init);
      return fetch(input, init);
    };
    await apiFetch({ ...anonymous(), fetch: spy }, '/ok');
    expect(inits[0]).toMatchObject({
      credentials: 'include',
      cache: 'no-cache',
      referrerPolicy: 'strict-origin-when-cross-origin',
    });
  });

  it('sends the given Referer through fetch’s referrer option', async () => {
    const referrer = `${server.url}/studio-live?muted=true`;
    await apiFetch({ ...anonymous(), referrer }, '/ok');
    expect(server.last().headers.referer).toBe(referrer);
  });

  it('sends a bearer token only when the session cookie exists, read under the configured name', async () => {
    const names: string[] = [];
    const getCookie = (name: string) => {
      names.push(name);
      return name === 'onair_session' ? 'tok|42' : undefined;
    };
    await apiFetch({ baseUrl: server.url, getCookie }, '/ok');
    expect(names).toEqual(['session_token']);
    expect(server.last().headers.authorization).toBeUndefined();

    await apiFetch({ baseUrl: server.url, getCookie, sessionCookie: 'onair_session' }, '/ok');
    expect(server.last().headers.authorization).toBe('Bearer tok|42');

    await apiFetch({ baseUrl: server.url, getCookie: () => '' }, '/ok');
    expect(server.last().headers.authorization).toBeUndefined();
  });

  it('serialises a JSON body', async () => {
    await expect(apiFetch(anonymous(), '/ok', { method: 'POST', body: { username: 'bob' } })).resolves.toEqual({
      saved: true,
    });
    expect(server.last()).toMatchObject({ method: 'POST', body: '{"username":"bob"}' });
    expect(server.last().headers['content-type']).toBe('application/json');
  });

  it('leaves the Content-Type of form data to fetch, which adds the multipart boundary', async () => {
    const form = new FormData();
    form.append('username', 'NightOwl');
    await expect(apiFetch(anonymous(), '/upload', { method: 'PUT', body: form })).resolves.toBeNull();
    const { headers, body } = server.last();
    expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(body).toContain('name="username"');
    expect(body).toContain('NightOwl');
  });

  it('lets a call add headers and trims a trailing slash off the base', async () => {
    await apiFetch({ ...anonymous(), baseUrl: `${server.url}/` }, '/ok', { headers: { 'x-client-token': 'c' } });
    expect(server.last()).toMatchObject({ url: '/ok', headers: { 'x-client-token': 'c' } });
  });
});

describe('apiFetch failures (SPEC §8 "Non-OK HTTP response")', () => {
  const thrown = (path: string) =>
    apiFetch(anonymous(), path).then(
      () => 'resolved',
      (error: unknown) => error,
    );

  it('throws { data, status, statusText }, unwrapping the platform’s error envelope', async () => {
    expect(await thrown('/envelope')).toEqual({
      data: { message: 'Unauthenticated.' },
      status: 401,
      statusText: 'Unauthorized',
    });
  });

  it('keeps any other JSON body, a text body, or null for an empty one, as data', async () => {
    expect(await thrown('/plain-json')).toEqual({
      data: { errors: { name: ['taken'] } },
      status: 422,
      statusText: 'Unprocessable Entity',
    });
    expect(await thrown('/html')).toEqual({ data: '<h1>Bad Gateway</h1>', status: 502, statusText: 'Bad Gateway' });
    expect(await thrown('/empty')).toEqual({ data: null, status: 500, statusText: 'Internal Server Error' });
  });

  it('rejects with fetch’s TypeError when nothing answers', async () => {
    const error = await apiFetch({ baseUrl: await closedPortUrl(), getCookie: () => undefined }, '/ok').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
  });
});
