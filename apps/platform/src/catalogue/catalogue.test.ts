import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  catalogueEntries,
  channelInfoV2Schema,
  channelVideoSchema,
  errorResponseSchema,
  type RouteDef,
  type RouteName,
} from '@onair/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The one place the platform meets the typed client: this test holds the stand-in to the same
// contract the embed calls through. Test-only; the platform's code imports only contracts.
import { createApiClient, type ApiClient } from '@onair/api';
import { createPlatform, type Platform } from '../create-platform.ts';

let platform: Platform;
let baseUrl: string;
let token: string | undefined;
let client: ApiClient;

beforeAll(async () => {
  const embedDir = mkdtempSync(path.join(tmpdir(), 'onair-embed-'));
  writeFileSync(path.join(embedDir, 'index.html'), '<!doctype html><title>embed</title>');
  platform = await createPlatform({ embedDir });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
  client = createApiClient({ baseUrl, fetch, getCookie: () => token });
});
afterAll(() => platform.app.close());

/** Reads the platform answers with data; every other product-server route is an account call. */
const PUBLIC_READS: ReadonlySet<RouteName> = new Set<RouteName>([
  'channels.v2.info',
  'channels.v2.playbackUrl',
  'channels.v2.videos',
  'livestreams.viewers',
  'channels.v1.show',
  'channels.v1.links',
  'channels.v1.followers',
  'channels.v1.liveSearch',
  'channels.v1.leaderboard',
  'videos.show',
  'channels.v2.recentCategories',
  'channels.v2.show',
  'channels.v2.user',
  'channels.v2.leaderboards',
  'channels.v2.goals.list',
  'channels.v2.emoteGoals',
  'channels.checkUsername',
]);
/** Served by the realtime work, not yet by the platform. */
const NOT_YET: ReadonlySet<RouteName> = new Set<RouteName>(['viewers.current']);

const PARAMS: Record<string, string | number> = {
  slug: 'studio-live',
  id: 101,
  user: 'StudioLive',
  goalId: 1,
  name: 'brand-new',
  a: 'a',
  b: 'b',
  role: 'moderator',
  username: 'bob',
};
const PARAM_OVERRIDES: Partial<Record<RouteName, Record<string, number>>> = {
  'livestreams.viewers': { id: 9001 },
  'videos.show': { id: 5001 },
};

/** Sample arguments for any route, in the client's order: params, then body or query. */
function sampleArgs(name: RouteName, route: RouteDef): unknown[] {
  const args: unknown[] = [];
  if (route.params.length > 0) {
    args.push(Object.fromEntries(route.params.map((p) => [p, PARAM_OVERRIDES[name]?.[p] ?? PARAMS[p]])));
  }
  if (route.body === 'form') args.push(new FormData());
  else if (route.body === 'json') args.push(name === 'internal.community.add' ? { username: 'bob' } : {});
  else if (route.query) args.push({});
  return args;
}

/** The client's method for a route name, found by walking the dotted name. */
function methodOf(name: RouteName): (...args: unknown[]) => Promise<unknown> {
  return name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client) as never;
}

const siteRoutes = catalogueEntries().filter(([name, route]) => route.origin === 'site' && !NOT_YET.has(name));
const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('the platform answers the catalogue (typed client over real HTTP)', () => {
  it.each(siteRoutes.filter(([name]) => PUBLIC_READS.has(name)))(
    '%s answers seed data valid against its schema',
    async (name, route) => {
      expect(route.method).toBe('GET');
      expect(await settle(methodOf(name)(...sampleArgs(name, route)))).not.toHaveProperty('error');
    },
  );

  it.each(siteRoutes.filter(([name]) => !PUBLIC_READS.has(name)))(
    '%s answers the error shape: 401 anonymous, 501 with a token',
    async (name, route) => {
      token = undefined;
      const anonymous = await settle(methodOf(name)(...sampleArgs(name, route)));
      expect(anonymous).toEqual({
        error: { status: 401, statusText: 'Unauthorized', data: { message: 'Unauthenticated.' } },
      });
      token = 'viewer-token';
      const signedIn = await settle(methodOf(name)(...sampleArgs(name, route)));
      token = undefined;
      expect(signedIn).toEqual({
        error: {
          status: 501,
          statusText: 'Not Implemented',
          data: { message: 'Not implemented by the local platform' },
        },
      });
    },
  );

  it('answers the error envelope itself on the wire', async () => {
    const response = await fetch(`${baseUrl}/api/v2/channels/studio-live/follow`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(errorResponseSchema.parse(await response.json()).data.message).toBe('Unauthenticated.');
  });
});

describe('seed data behind the public reads', () => {
  it('shows a channel in the channel-info shape on v1 and v2', async () => {
    for (const show of [client.channels.v1.show, client.channels.v2.show]) {
      const channel = channelInfoV2Schema.parse(await show({ slug: 'Night-Owl' }));
      expect(channel).toMatchObject({ slug: 'night-owl', livestream: null });
      expect(channel.banner_image?.src).toBe(`${baseUrl}/images/banner-night-owl.svg`);
    }
  });

  it('answers 404 Channel not found for an unknown or invalid slug', async () => {
    for (const slug of ['nobody', 'a.b']) {
      expect(await settle(client.channels.v2.recentCategories({ slug }))).toEqual({
        error: { status: 404, statusText: 'Not Found', data: { message: 'Channel not found' } },
      });
    }
  });

  it('finds a video by id with an absolute thumbnail, and 404s an unknown one', async () => {
    const video = channelVideoSchema.parse(await client.videos.show({ id: 5001 }));
    expect(video.thumbnail?.src).toBe(`${baseUrl}/images/thumb-night-owl-5001.svg`);
    expect(await settle(client.videos.show({ id: 1 }))).toMatchObject({
      error: { data: { message: 'Video not found' } },
    });
  });

  it('counts a livestream’s viewers by livestream id', async () => {
    expect(await client.livestreams.viewers({ id: 9001 })).toEqual([{ viewers: 1234 }]);
    expect(await settle(client.livestreams.viewers({ id: 101 }))).toMatchObject({ error: { status: 404 } });
  });

  it('lists a live channel’s categories, none for an offline one', async () => {
    expect(await client.channels.v2.recentCategories({ slug: 'studio-live' })).toHaveLength(2);
    expect(await client.channels.v2.recentCategories({ slug: 'quiet-corner' })).toEqual([]);
  });

  it('knows each channel’s owner as its only user', async () => {
    expect(await client.channels.v2.user({ slug: 'studio-live', user: 'studiolive' })).toEqual({
      username: 'StudioLive',
    });
    expect(await settle(client.channels.v2.user({ slug: 'studio-live', user: 'NightOwl' }))).toMatchObject({
      error: { status: 404, data: { message: 'User not found' } },
    });
  });

  it('finds live channels by name, and checks whether a name is taken', async () => {
    const found = await client.channels.v1.liveSearch({ slug: 'studio' });
    expect(Array.isArray(found) && found.map((c) => channelInfoV2Schema.parse(c).slug)).toEqual(['studio-live']);
    expect(await client.channels.v1.liveSearch({ slug: 'night' })).toEqual([]); // offline
    expect(await client.channels.checkUsername({ name: 'NightOwl' })).toEqual({ available: false });
    expect(await client.channels.checkUsername({ name: 'brand-new' })).toEqual({ available: true });
  });

  it('serves the embed’s own calls through the same client', async () => {
    expect((await client.channels.v2.info({ slug: 'studio-live' }))?.livestream?.viewer_count).toBe(1234);
    expect((await client.channels.v2.playbackUrl({ slug: 'no-playback' }))?.data).toBeNull();
    expect((await client.channels.v2.videos({ slug: 'night-owl' }))[0]?.id).toBe(5001);
  });
});
