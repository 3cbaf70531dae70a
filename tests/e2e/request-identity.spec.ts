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
  /** Arrival at the origin, ms; `seq` follows the responses, and a blocking reload answers late. */
  time: number;
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
    // In the order the requests arrived: the log's own order is the responses', and a blocking
    // playlist reload asked with the old token answers after requests asked with the new one.
    // Arrivals in the same millisecond cannot be told apart, so those with the old token count
    // as earlier.
    const later = (await originLog(admin, since)).sort(
      (a, b) =>
        a.time - b.time ||
        Number(param(a, 'token') === 'refreshed.token.sig') - Number(param(b, 'token') === 'refreshed.token.sig'),
    );
    const firstRefreshed = later.findIndex((r) => param(r, 'token') === 'refreshed.token.sig');
    expect(later.slice(firstRefreshed).map((r) => `${r.path} ${param(r, 'token')}`)).toEqual(
      later.slice(firstRefreshed).map((r) => `${r.path} refreshed.token.sig`),
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
    // No command refused (InvalidIdentity) and nothing fatal. hls.js's own notices (a start gap
    // skipped: bufferSeekOverHole) are non-fatal errors for the logs, and not this test's concern.
    const errors = await page.evaluate(() =>
      (window as unknown as { labEvents: { type: string; payload?: { code: number; fatal: boolean } }[] }).labEvents
        .filter((e) => e.type === 'error')
        .map((e) => e.payload!),
    );
    expect(errors.filter((e) => e.fatal || e.code === 1017)).toEqual([]);
  });
}
