/**
 * The MPEG-TS channel's origin: a plain live HLS stream (version 3, no parts, no init segment)
 * of 1 s MPEG-TS segments, looped on the wall clock like the fMP4 ladder: a classic packager's
 * stream, which our engine remuxes to fMP4 in its worker (packages/player/src/engine/ts).
 * Each pass of the loop is shifted by the loop's length (ts-timestamps.ts), so the timeline is
 * continuous, as a live encoder's is: no EXT-X-DISCONTINUITY.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { formatProgramDateTime } from './playlist.ts';
import { MSN_PATTERN, PLAYLIST_CACHE, PLAYLIST_TYPE, SEGMENT_CACHE, ok, problem } from './origin-replies.ts';
import { isAvailable, publishedWindow, segmentStartMs } from './timeline.ts';
import { shiftTimestamps, TS_CLOCK_HZ } from './ts-timestamps.ts';

export const TS_SEGMENT_TYPE = 'video/mp2t';
/** The rendition the TS channel carries, and its segment length. */
export const TS_RENDITION = '160p';
const SEGMENT_MS = 1000;
const WINDOW = 6;

export interface TsFixture {
  /** One loop's segments, in order. */
  segments: Uint8Array[];
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
}

/** Reads `<dir>/160p/seg-N.ts` for N = 0, 1, … until one is missing. */
export function loadTsFixture(dir: string, media: Omit<TsFixture, 'segments'>): TsFixture {
  const segments: Uint8Array[] = [];
  for (let n = 0; existsSync(join(dir, TS_RENDITION, `seg-${n}.ts`)); n++) {
    segments.push(new Uint8Array(readFileSync(join(dir, TS_RENDITION, `seg-${n}.ts`))));
  }
  if (segments.length === 0) throw new Error(`no MPEG-TS fixture in ${dir}`);
  return { ...media, segments };
}

export function renderTsMultivariant(fixture: Omit<TsFixture, 'segments'>): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-STREAM-INF:BANDWIDTH=${fixture.bandwidth},CODECS="${fixture.codecs}",RESOLUTION=${fixture.width}x${fixture.height}`,
    'media.m3u8',
    '',
  ].join('\n');
}

/** The bytes of segment `msn`: the loop's segment, its clock moved on by the passes before it. */
export function tsSegment(fixture: Pick<TsFixture, 'segments'>, msn: number): Uint8Array {
  const length = fixture.segments.length;
  const pass = Math.floor(msn / length);
  return shiftTimestamps(fixture.segments[msn % length]!, pass * length * (SEGMENT_MS / 1000) * TS_CLOCK_HZ);
}

/** The live window at `nowMs`: the last WINDOW published segments. */
export function renderTsPlaylist(nowMs: number): string {
  const { first, last } = publishedWindow(nowMs, SEGMENT_MS, WINDOW);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${first}`];
  for (let msn = first; msn <= last; msn++) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${formatProgramDateTime(segmentStartMs(msn, SEGMENT_MS))}`);
    lines.push('#EXTINF:1.000,', `seg-${msn}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

interface Options {
  fixture: TsFixture;
  now: () => number;
  isLive: (slug: string) => boolean;
}

export function registerTsOrigin(app: FastifyInstance, { fixture, now, isLive }: Options): void {
  const multivariant = renderTsMultivariant(fixture);
  const onAir = (slug: string) => isLive(slug);

  app.get<{ Params: { slug: string } }>('/hls-ts/:slug/master.m3u8', async (request, reply) => {
    if (!onAir(request.params.slug)) return problem(reply, 404, `Channel ${request.params.slug} is not live`);
    return ok(reply, PLAYLIST_TYPE, 'no-cache', multivariant);
  });
  app.get<{ Params: { slug: string } }>('/hls-ts/:slug/media.m3u8', async (request, reply) => {
    if (!onAir(request.params.slug)) return problem(reply, 404, `Channel ${request.params.slug} is not live`);
    return ok(reply, PLAYLIST_TYPE, PLAYLIST_CACHE, renderTsPlaylist(now()));
  });
  app.get<{ Params: { slug: string; msn: string } }>('/hls-ts/:slug/seg-:msn.ts', async (request, reply) => {
    if (!onAir(request.params.slug)) return problem(reply, 404, `Channel ${request.params.slug} is not live`);
    const raw = request.params.msn;
    if (!MSN_PATTERN.test(raw)) return problem(reply, 400, `Invalid media sequence number ${JSON.stringify(raw)}`);
    const msn = Number(raw);
    if (!isAvailable(msn, now(), SEGMENT_MS, 60_000)) return problem(reply, 404, `Segment ${msn} is not available`);
    return ok(reply, TS_SEGMENT_TYPE, SEGMENT_CACHE, tsSegment(fixture, msn));
  });
}
