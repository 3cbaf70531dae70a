import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { turnsUntil } from '../testing/event-loop.ts';
import { loadFixture } from './fixture.ts';
import { defaultFixtureDir, registerLiveOrigin } from './index.ts';
import { isSyncSample, parseFragment, splitFragments } from './fragment.ts';
import { buildPartAt } from './segment.ts';
import { checkLowLatency, readPlaylist } from './testing/ll-hls-checks.ts';

const fixture = loadFixture(defaultFixtureDir);
const grid = { segmentDurationMs: fixture.segmentDurationMs, fragmentsPerSegment: fixture.fragmentsPerSegment };
// 2026-01-01T00:00:09.250Z, frozen: segment NEWEST (a loop's first) ended
// 250 ms ago and part 0 of NEWEST + 1 50 ms ago; part 1 is the hinted one.
const NOW = Date.UTC(2026, 0, 1, 0, 0, 9, 250);
const NEWEST = 1_767_225_608;
const LIVE = NEWEST + 1;
const PLAYLIST = '/hls/on-air/720p/media.m3u8';
const part = (msn: number, index: number, rendition = '720p') => `/hls/on-air/${rendition}/part-${msn}.${index}.m4s`;

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await registerLiveOrigin(app, { fixture, now: () => NOW, isLive: (slug) => slug === 'on-air' });
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

/**
 * A hold's upper bound, on fake timers (the origin's clock here never moves, so only the bound
 * can end it): still held `limitMs - 1` ms in (its wake-up and its bound both pending), answered
 * at `limitMs`. What a busy machine does to real timers cannot move either side.
 */
async function expectHeldFor(limitMs: number, answered: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const answer = answered();
    await turnsUntil(() => vi.getTimerCount() === 2, 'the hold starts');
    await vi.advanceTimersByTimeAsync(limitMs - 1);
    expect(vi.getTimerCount(), `still held at ${limitMs - 1} ms`).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.getTimerCount(), `ended at ${limitMs} ms, leaving no timer`).toBe(0);
    await answer;
  } finally {
    vi.useRealTimers();
  }
}

async function expectProblem(url: string, status: number, message?: RegExp): Promise<void> {
  const response = await get(url);
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['access-control-allow-origin']).toBe('*');
  const body = response.json();
  expect(body).toMatchObject({ status, data: { message: expect.any(String) } });
  if (message) expect(body.data.message).toMatch(message);
}

describe('LL-HLS media playlist', () => {
  it('serves a legacy request the full window plus the LL tags', async () => {
    const response = await get(PLAYLIST);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(response.headers['cache-control']).toBe('no-cache');
    const read = checkLowLatency(response.body, NOW, grid);
    expect(read.segments).toHaveLength(10);
    expect(read.segments.at(-1)).toBe(NEWEST);
    expect(read.parts.at(-1)).toEqual({ msn: LIVE, index: 0 });
    expect(read.hint).toEqual({ msn: LIVE, index: 1 });
  });

  it('answers a blocking reload for something already published at once, with the same playlist', async () => {
    const plain = (await get(PLAYLIST)).body;
    for (const query of [`_HLS_msn=${NEWEST}`, `_HLS_msn=${LIVE}&_HLS_part=0`, `_HLS_msn=${NEWEST - 5}&_HLS_part=3`]) {
      const response = await get(`${PLAYLIST}?${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.body).toBe(plain);
    }
  });

  it('answers _HLS_skip=YES with a delta update', async () => {
    const response = await get(`${PLAYLIST}?_HLS_msn=${NEWEST}&_HLS_skip=YES`);
    expect(response.statusCode).toBe(200);
    const read = checkLowLatency(response.body, NOW, grid);
    expect(read.playlist.skip).toBe(4);
    expect(read.playlist.mediaSequenceBase).toBe(NEWEST - 9);
  });

  it('lists the same reports as the siblings list parts', async () => {
    const names = fixture.renditions.map((r) => r.name);
    for (const name of names) {
      const { playlist } = readPlaylist((await get(`/hls/on-air/${name}/media.m3u8`)).body);
      expect(playlist.renditionReports.map((r) => r.uri).sort()).toEqual(
        names.filter((n) => n !== name).map((n) => `../${n}/media.m3u8`),
      );
      for (const report of playlist.renditionReports) {
        const sibling = readPlaylist((await get(new URL(report.uri, `http://x/hls/on-air/${name}/`).pathname)).body);
        expect({ msn: report.lastMSN, part: report.lastPart }).toEqual({
          msn: sibling.parts.at(-1)?.msn,
          part: sibling.parts.at(-1)?.index,
        });
      }
    }
  });

  it('refuses _HLS_part without _HLS_msn, malformed directives and requests too far ahead with 400', async () => {
    await expectProblem(`${PLAYLIST}?_HLS_part=1`, 400, /_HLS_msn/);
    await expectProblem(`${PLAYLIST}?_HLS_msn=abc`, 400, /_HLS_msn/);
    await expectProblem(`${PLAYLIST}?_HLS_msn=1&_HLS_msn=2`, 400, /_HLS_msn/);
    await expectProblem(`${PLAYLIST}?_HLS_skip=maybe`, 400, /_HLS_skip/);
    // More than two segments past the newest.
    await expectProblem(`${PLAYLIST}?_HLS_msn=${NEWEST + 3}`, 400, /two segments/);
    // With 1 s segments, the Advance Part Limit (3 s of parts) never binds
    // before the two-segment rule does: part-timeline.test.ts covers it.
  });

  it('gives up on a hold that outlasts three target durations with 503 (the clock here never moves)', async () => {
    // Three 1 s targets and one part (0.2 s): a part's own wake-up always comes before the bound.
    await expectHeldFor(3_200, () =>
      expectProblem(`${PLAYLIST}?_HLS_msn=${LIVE}&_HLS_part=1`, 503, /not published in time/),
    );
  });

  it('still answers 404 for channels off air and renditions never served', async () => {
    await expectProblem('/hls/off-air/720p/media.m3u8?_HLS_msn=1', 404);
    await expectProblem('/hls/on-air/1080p-hevc/media.m3u8?_HLS_msn=1', 404);
  });
});

describe('LL-HLS parts', () => {
  it('serves a published part as buildPartAt builds it, cacheable for good', async () => {
    for (const [msn, index] of [
      [LIVE, 0],
      [NEWEST, 0],
      [NEWEST, 3],
      [NEWEST - 9, 4],
    ] as const) {
      const response = await get(part(msn, index));
      expect(response.statusCode, `${msn}.${index}`).toBe(200);
      expect(response.headers['content-type']).toBe('video/iso.segment');
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+, immutable$/);
      const expected = buildPartAt(fixture, fixture.renditions[3]!, msn * 5 + index);
      expect(response.rawPayload.equals(expected)).toBe(true);
    }
  });

  it("lists a part INDEPENDENT exactly where the part it serves opens on a keyframe: every one of 160p's", async () => {
    for (const rendition of fixture.renditions) {
      const { playlist } = readPlaylist((await get(`/hls/on-air/${rendition.name}/media.m3u8`)).body);
      const listed = playlist.segments.flatMap((s) => s.parts.filter((p) => !p.hint));
      expect(listed.length).toBeGreaterThan(5);
      const flags: boolean[] = [];
      for (const p of listed) {
        const [, msn, index] = /part-(\d+)\.(\d+)\.m4s$/.exec(p.uri)!;
        const bytes = new Uint8Array((await get(part(Number(msn), Number(index), rendition.name))).rawPayload);
        // The part's first fragment (timed metadata may come before its moof).
        const [first] = splitFragments(bytes);
        const { tracks } = parseFragment(bytes.subarray(first!.start, first!.end));
        const video = tracks.find((t) => t.trackId === rendition.tracks[0]!.trackId);
        const keyframe = video?.samples[0] !== undefined && isSyncSample(video.samples[0].flags);
        expect(p.independent ?? false, `${rendition.name} ${p.uri}`).toBe(keyframe);
        flags.push(keyframe);
      }
      // The step-down rendition (scripts/make-fixture.sh) has a keyframe in every part.
      expect(flags.every(Boolean)).toBe(rendition.name === '160p');
    }
  });

  it('answers 404 for parts past the hinted one, parts out of the window and indexes that do not exist', async () => {
    await expectProblem(part(LIVE, 2), 404, /not available yet/);
    await expectProblem(part(LIVE + 1, 0), 404, /not available yet/);
    await expectProblem(part(NEWEST - 10, 4), 404, /no longer available/);
    await expectProblem(part(NEWEST, 5), 404, /does not exist/);
    await expectProblem(part(NEWEST, 0, '1080p-hevc'), 404);
  });

  it.each(['abc.1', '1.x', '1.2.3', '-1.0', '1.1234'])('answers 400 for part-%s.m4s', async (name) => {
    await expectProblem(`/hls/on-air/720p/part-${name}.m4s`, 400, /Invalid part/);
  });

  it('holds the hinted part, and answers 503 when its end never comes (the clock here never moves)', async () => {
    // Three part durations.
    await expectHeldFor(600, () => expectProblem(part(LIVE, 1), 503, /not published in time/));
  });
});
