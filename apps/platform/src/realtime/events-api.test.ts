/**
 * The HTTP events API: requests signed by the official SDK (over a real socket, and built with
 * its signer for inject), refused with 401 when the signature or its parts are wrong, with
 * 400/413 for bodies the protocol does not allow, 404 for another app.
 */

import { tmpdir } from 'node:os';
import path from 'node:path';
import PusherServer from 'pusher';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../create-platform.ts';
import { LOCAL_REALTIME_CREDENTIALS } from './realtime-config.ts';
import { listeningPlatform, serverSdk, type Listening } from './test-clients.ts';

const { appId, key, secret } = LOCAL_REALTIME_CREDENTIALS;
const EVENTS = `/apps/${appId}/events`;
const BATCH = `/apps/${appId}/batch_events`;

/** The SDK's own signer, so these requests are signed independently of our code. */
const signer = new PusherServer({ appId, key, secret, host: 'unused.invalid' });

function signed(pathname: string, body: string, signWith: PusherServer = signer): string {
  return `${pathname}?${signWith.createSignedQueryString({ method: 'POST', path: pathname, body })}`;
}

describe('over a real socket with the SDK', () => {
  let server: Listening;
  beforeEach(async () => {
    server = await listeningPlatform();
  });
  afterEach(async () => {
    await server.platform.app.close();
  });

  it('accepts the SDK signature (200 {})', async () => {
    const response = await serverSdk(server.port).trigger('channel.101', 'Ping', { n: 1 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it('answers 401 to a request signed with the wrong secret', async () => {
    const failure = await serverSdk(server.port, 'not-the-secret')
      .trigger('channel.101', 'Ping', {})
      .then(
        () => undefined,
        (error: { status?: number; body?: string }) => error,
      );
    expect(failure?.status).toBe(401);
    expect(failure?.body).toContain('Invalid signature');
  });
});

describe('validation (inject)', () => {
  let platform: Platform;
  beforeEach(async () => {
    platform = await createPlatform({ embedDir: path.join(tmpdir(), 'onair-no-embed') });
  });
  afterEach(async () => {
    await platform.app.close();
  });

  const post = (url: string, payload: string) =>
    platform.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  const event = JSON.stringify({ name: 'E', channels: ['a'], data: '{}' });

  it('accepts a signed event and answers subscription counts when asked', async () => {
    expect((await post(signed(EVENTS, event), event)).json()).toEqual({});
    const withInfo = JSON.stringify({ name: 'E', channel: 'a', data: '{}', info: 'subscription_count' });
    expect((await post(signed(EVENTS, withInfo), withInfo)).json()).toEqual({
      channels: { a: { subscription_count: 0 } },
    });
  });

  it.each([
    ['no signature at all', () => `${EVENTS}?auth_key=${key}`],
    ['another key', () => signed(EVENTS, event, new PusherServer({ appId, key: 'k2', secret, host: 'x.invalid' }))],
    ['a tampered body', () => signed(EVENTS, event.replace('"E"', '"F"'))],
    ['a signature for another path', () => signed(BATCH, event).replace(BATCH, EVENTS)],
    [
      'a stale timestamp',
      () => {
        const url = new URL(signed(EVENTS, event), 'http://x');
        url.searchParams.set('auth_timestamp', String(Math.floor(Date.now() / 1000) - 3600));
        return url.pathname + url.search;
      },
    ],
  ])('answers 401 for %s', async (_what, url) => {
    const response = await post(url(), event);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('answers 404 for another app id and 400 for a repeated parameter', async () => {
    const other = `/apps/someone-else/events`;
    expect((await post(signed(other, event), event)).statusCode).toBe(404);
    expect((await post(`${signed(EVENTS, event)}&auth_key=${key}`, event)).statusCode).toBe(400);
  });

  it.each([
    ['not JSON', '{"name":'],
    ['no name', JSON.stringify({ channels: ['a'], data: '{}' })],
    ['data that is not a string', JSON.stringify({ name: 'E', channels: ['a'], data: { a: 1 } })],
    ['no channel', JSON.stringify({ name: 'E', data: '{}' })],
    ['an invalid channel name', JSON.stringify({ name: 'E', channels: ['has space'], data: '{}' })],
    ['101 channels', JSON.stringify({ name: 'E', channels: Array.from({ length: 101 }, (_, i) => `c${i}`), data: '' })],
    ['a malformed socket_id', JSON.stringify({ name: 'E', channel: 'a', data: '', socket_id: 'x' })],
  ])('answers 400 for %s', async (_what, body) => {
    expect((await post(signed(EVENTS, body), body)).statusCode).toBe(400);
  });

  it('answers 413 for data over 10 KB', async () => {
    const body = JSON.stringify({ name: 'E', channel: 'a', data: 'x'.repeat(10 * 1024 + 1) });
    expect((await post(signed(EVENTS, body), body)).statusCode).toBe(413);
  });

  it('takes batches of up to 10 events', async () => {
    const batch = (n: number) =>
      JSON.stringify({ batch: Array.from({ length: n }, (_, i) => ({ channel: `c${i}`, name: 'E', data: '{}' })) });
    expect((await post(signed(BATCH, batch(10)), batch(10))).json()).toEqual({});
    expect((await post(signed(BATCH, batch(11)), batch(11))).statusCode).toBe(400);
    const counted = JSON.stringify({
      batch: [
        { channel: 'a', name: 'E', data: '', info: 'subscription_count' },
        { channel: 'b', name: 'E', data: '' },
      ],
    });
    expect((await post(signed(BATCH, counted), counted)).json()).toEqual({ batch: [{ subscription_count: 0 }, {}] });
  });
});
