/**
 * On-demand renderings of the channels' past videos (SPEC §1: the engine "plays live and
 * on-demand video"): each past video is the fixture's ladder from media time 0 for the video's
 * duration, as a VOD playlist (EXT-X-PLAYLIST-TYPE:VOD, EXT-X-ENDLIST) of whole segments. What
 * a VOD packager writes: no parts, no blocking reload, no program date time. The bytes of a
 * segment are the live origin's for the same sequence number (media only: a past video carries
 * no timed metadata), so a player's media times run 0 → duration.
 */

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Fixture, Rendition } from './fixture.ts';
import {
  INIT_CACHE,
  INIT_TYPE,
  MSN_PATTERN,
  PLAYLIST_TYPE,
  SEGMENT_CACHE,
  SEGMENT_TYPE,
  ok,
  problem,
} from './origin-replies.ts';
import { PLAYLIST_VERSION, quoted, renderMultivariantPlaylist, uriLine } from './playlist.ts';
import { buildSegment } from './segment.ts';

/** Where a past video's VOD rendering is served: its multivariant playlist. */
export function vodPath(videoId: number): string {
  return `/vod/${videoId}/master.m3u8`;
}

/** A VOD is immutable: its playlists may be cached like its segments. */
const VOD_PLAYLIST_CACHE = 'public, max-age=600';

export interface VodOriginOptions {
  fixture: Fixture;
  /** The past video's duration in ms, or undefined when no channel has a video of that id. */
  videoDuration: (videoId: number) => number | undefined;
}

/** How many segments a video of `durationMs` lists: its duration rounded up to whole segments. */
export function vodSegmentCount(durationMs: number, segmentDurationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / segmentDurationMs));
}

/** The VOD media playlist of a video of `durationMs`, segments `seg-0.m4s` … in order. */
export function renderVodMediaPlaylist(durationMs: number, segmentDurationMs: number): string {
  const count = vodSegmentCount(durationMs, segmentDurationMs);
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${PLAYLIST_VERSION}`,
    `#EXT-X-TARGETDURATION:${Math.ceil(segmentDurationMs / 1000)}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI=${quoted('init.mp4')}`,
  ];
  // Every segment is whole: the fixture's media is cut on segment boundaries, and a last
  // segment shorter than the rest would need media the fixture does not have.
  const duration = `#EXTINF:${(segmentDurationMs / 1000).toFixed(3)},`;
  for (let msn = 0; msn < count; msn++) lines.push(duration, uriLine(`seg-${msn}.m4s`));
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

interface VideoParams {
  videoId: string;
}
interface RenditionParams extends VideoParams {
  rendition: string;
}
interface SegmentParams extends RenditionParams {
  msn: string;
}

export function registerVodOrigin(app: FastifyInstance, options: VodOriginOptions): void {
  const { fixture } = options;
  const renditions = new Map<string, Rendition>(fixture.renditions.map((r) => [r.name, r]));
  const multivariant = renderMultivariantPlaylist(
    fixture.renditions.map((r) => ({
      uri: `${r.name}/media.m3u8`,
      bandwidth: r.bandwidth,
      averageBandwidth: r.averageBandwidth,
      codecs: r.codecs,
      width: r.width,
      height: r.height,
      frameRate: r.frameRate,
    })),
  );

  /** The video's duration, or a 404 answered (and undefined). */
  function durationOf(reply: FastifyReply, raw: string): number | undefined {
    const id = MSN_PATTERN.test(raw) ? Number(raw) : NaN;
    const duration = Number.isSafeInteger(id) ? options.videoDuration(id) : undefined;
    if (duration === undefined || !(duration > 0)) problem(reply, 404, `No video ${JSON.stringify(raw)}`);
    return duration;
  }

  function renditionOf(reply: FastifyReply, params: RenditionParams): Rendition | undefined {
    if (durationOf(reply, params.videoId) === undefined) return undefined;
    const rendition = renditions.get(params.rendition);
    if (!rendition) problem(reply, 404, `Unknown rendition ${params.rendition}`);
    return rendition;
  }

  app.get<{ Params: VideoParams }>('/vod/:videoId/master.m3u8', async (request, reply) => {
    if (durationOf(reply, request.params.videoId) === undefined) return reply;
    return ok(reply, PLAYLIST_TYPE, VOD_PLAYLIST_CACHE, multivariant);
  });

  app.get<{ Params: RenditionParams }>('/vod/:videoId/:rendition/media.m3u8', async (request, reply) => {
    const duration = durationOf(reply, request.params.videoId);
    if (duration === undefined) return reply;
    if (!renditions.has(request.params.rendition))
      return problem(reply, 404, `Unknown rendition ${request.params.rendition}`);
    return ok(reply, PLAYLIST_TYPE, VOD_PLAYLIST_CACHE, renderVodMediaPlaylist(duration, fixture.segmentDurationMs));
  });

  app.get<{ Params: RenditionParams }>('/vod/:videoId/:rendition/init.mp4', async (request, reply) => {
    const rendition = renditionOf(reply, request.params);
    if (!rendition) return reply;
    return ok(reply, INIT_TYPE, INIT_CACHE, rendition.init);
  });

  app.get<{ Params: SegmentParams }>('/vod/:videoId/:rendition/seg-:msn.m4s', async (request, reply) => {
    const duration = durationOf(reply, request.params.videoId);
    if (duration === undefined) return reply;
    const rendition = renditions.get(request.params.rendition);
    if (!rendition) return problem(reply, 404, `Unknown rendition ${request.params.rendition}`);
    const { msn: raw } = request.params;
    const msn = MSN_PATTERN.test(raw) ? Number(raw) : NaN;
    if (!(msn >= 0 && msn < vodSegmentCount(duration, fixture.segmentDurationMs))) {
      return problem(reply, 404, `Segment ${JSON.stringify(raw)} is not part of this video`);
    }
    return ok(reply, SEGMENT_TYPE, SEGMENT_CACHE, buildSegment(fixture, rendition, msn));
  });

  app.get('/vod/*', async (_request, reply) => problem(reply, 404, 'Not found'));
}
