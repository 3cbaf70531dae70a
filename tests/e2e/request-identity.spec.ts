import type { APIRequestContext } from '@playwright/test';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { callPlayer, openLab, startPlayer } from './support/player-lab.ts';

/**
 * SPEC §7's identity commands on the real origin: what the player's requests carry, read from
 * the stand-in's own request log (the origin is the only honest witness of a worker's requests).
 * The playback token travels as `token` on every request of the playback URL's origin; the
 * ids go with one playlist request after they change; a refreshed token is on every request
 * from then on, and playback goes on across it.
 */
const SLUG = 'studio-live';
const LIVE = `/hls/${SLUG}/master.m3u8`;

interface Logged {
  seq: number;
  path: string;
  query: string;
  kind: string;
}

async function originLog(admin: APIRequestContext, since = 0): Promise<Logged[]> {
  const body = (await (await admin.get(`/admin/channels/${SLUG}/requests?since=${since}`)).json()) as {
    requests: Logged[];
  };
  return body.requests;
}

const param = (entry: Logged, name: string) => new URLSearchParams(entry.query).get(name);

for (const sink of ['mse-worker', 'mse'] as const) {
  test(`the ${sink} sink carries the token on every request, the ids once, and a refreshed token from then on`, async ({
    page,
    admin,
  }) => {
    await admin.delete(`/admin/channels/${SLUG}/requests`);
    await openLab(page);
    // A private channel's playback URL carries its token, as IVS's do.
    await startPlayer(page, `${LIVE}?token=first.token.sig`, { config: { sink }, muted: true });
    await waitForPlayback(page);
    const started = await originLog(admin);
    expect(started.length).toBeGreaterThan(3);
    expect(started.map((r) => param(r, 'token'))).toEqual(started.map(() => 'first.token.sig'));

    await callPlayer(page, 'setClientId', 'lab-client');
    await callPlayer(page, 'setPlayerType', 'lab');
    await callPlayer(page, 'setPlatformName', 'web');
    await callPlayer(page, 'setAuthToken', 'refreshed.token.sig');
    const since = started.at(-1)!.seq;
    await expectPlaybackAdvances(page, { frames: 10, seconds: 1 });
    // Requests in flight when the token changed still carry the old one; a few later, all the new.
    await expect
      .poll(
        async () => (await originLog(admin, since)).filter((r) => param(r, 'token') === 'refreshed.token.sig').length,
      )
      .toBeGreaterThan(5);
    const later = await originLog(admin, since);
    const firstRefreshed = later.findIndex((r) => param(r, 'token') === 'refreshed.token.sig');
    expect(later.slice(firstRefreshed).map((r) => param(r, 'token'))).toEqual(
      later.slice(firstRefreshed).map(() => 'refreshed.token.sig'),
    );
    expect(later.every((r) => param(r, 'token') !== null)).toBe(true);
    // Three commands, each a change: at most one playlist request after each, none on media.
    const identified = later.filter((r) => param(r, 'client_id') !== null);
    expect(identified.length).toBeGreaterThanOrEqual(1);
    expect(identified.length).toBeLessThanOrEqual(3);
    for (const entry of identified) expect(entry.path).toMatch(/\.m3u8$/);
    expect(Object.fromEntries(new URLSearchParams(identified.at(-1)!.query))).toMatchObject({
      client_id: 'lab-client',
      player_type: 'lab',
      platform: 'web',
    });
    expect(
      await page.evaluate(() =>
        (window as unknown as { labEvents: { type: string }[] }).labEvents.filter((e) => e.type === 'error'),
      ),
    ).toEqual([]);
  });
}
