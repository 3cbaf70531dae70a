/**
 * Fastify routes of the live HLS origin. Every response is a pure function
 * of the injected clock and the fixture, so any number of processes serve
 * identical bytes for the same URL.
 */

import type { FastifyInstance, FastifyReply } from 'fastify';
import { ADVERTISED_ONLY, chooseAdvertised } from './advertised-variants.ts';
import { AUDIO_ONLY_RENDITION, audioOnlyRendition } from './audio-rendition.ts';
import type { Fixture, Rendition } from './fixture.ts';
import { registerLowLatencyRoutes } from './ll-routes.ts';
import type { MediaPlaylistNow, RenditionParams } from './ll-routes.ts';
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
import { renderMultivariantPlaylist } from './playlist.ts';
import type { VariantStream } from './playlist.ts';
import { buildSegmentWithMetadata } from './segment.ts';
import { registerServerTime, SERVER_TIME_SESSION_DATA } from './server-time.ts';
import {
  isSubtitleLanguage,
  renderSubtitleMedia,
  renderSubtitlePlaylist,
  renderSubtitleSegment,
  SUBTITLES_GROUP,
} from './subtitles.ts';
import { isAvailable } from './timeline.ts';

export interface LiveOriginOptions {
  fixture: Fixture;
  /** Wall clock in ms since the epoch. */
  now: () => number;
  /** Whether a channel is on air; anything else is answered with 404. */
  isLive: (slug: string) => boolean;
  /** Segments listed in a media playlist (default 10). */
  windowSize?: number;
  /** How long a published segment stays downloadable, in ms (default 60 s). */
  retentionMs?: number;
  /**
   * A channel that keeps a rewind window (DVR): how many segments its playlists list instead
   * of `windowSize`, or undefined. Its segments stay downloadable as long as they are listed.
   */
  dvrWindowSize?: (slug: string) => number | undefined;
  /** Whether a channel's stream carries the audio-only rendition (audio-rendition.ts). */
  audioOnly?: (slug: string) => boolean;
  /** A channel's subtitle languages (subtitles.ts), or undefined: none. */
  subtitles?: (slug: string) => readonly string[] | undefined;
}

interface SlugParams {
  slug: string;
}
interface SubtitleParams {
  slug: string;
  language: string;
}
interface SegmentParams extends RenditionParams {
  msn: string;
}
interface MultivariantQuery {
  /** A string, or an array when repeated: checked by chooseAdvertised. */
  advertise?: unknown;
}

function variantOf(r: Rendition): VariantStream {
  return {
    uri: `${r.name}/media.m3u8`,
    bandwidth: r.bandwidth,
    averageBandwidth: r.averageBandwidth,
    codecs: r.codecs,
    width: r.width,
    height: r.height,
    frameRate: r.frameRate,
  };
}

/** What the live origin tells the rest of the platform. */
export interface LiveOrigin {
  /** The multivariant playlist `/hls/{slug}/master.m3u8` answers now, or null while the channel is off air. */
  multivariantText(slug: string): string | null;
  /**
   * The media playlists of the channel's picture renditions as they would be answered now, by
   * the URI the multivariant lists them at (`720p/media.m3u8`); empty while off air.
   */
  mediaPlaylistsNow(slug: string): { uri: string; playlist: MediaPlaylistNow }[];
}

export async function registerLiveOrigin(app: FastifyInstance, options: LiveOriginOptions): Promise<LiveOrigin> {
  const { fixture, now, isLive } = options;
  const windowSize = options.windowSize ?? 10;
  const retentionMs = options.retentionMs ?? 60_000;
  if (!Number.isInteger(windowSize) || windowSize < 1) throw new RangeError(`windowSize must be >= 1: ${windowSize}`);
  if (retentionMs < windowSize * fixture.segmentDurationMs) {
    throw new RangeError('retentionMs must cover at least the playlist window');
  }
  const renditions = new Map<string, Rendition>(fixture.renditions.map((r) => [r.name, r]));
  // Any rendition of the ladder will do: they all carry the same audio.
  const audioOnly = fixture.renditions[0] ? audioOnlyRendition(fixture.renditions[0]) : null;
  const hasAudioOnly = (slug: string): boolean => audioOnly !== null && options.audioOnly?.(slug) === true;
  const windowFor = (slug: string): number => {
    const dvr = options.dvrWindowSize?.(slug);
    return dvr !== undefined && Number.isInteger(dvr) && dvr > windowSize ? dvr : windowSize;
  };
  const retentionFor = (slug: string): number =>
    Math.max(retentionMs, retentionMs + (windowFor(slug) - windowSize) * fixture.segmentDurationMs);

  const served: VariantStream[] = fixture.renditions.map(variantOf);
  for (const name of ADVERTISED_ONLY) {
    if (renditions.has(name)) throw new RangeError(`rendition ${name} is reserved for advertised-only variants`);
  }
  // The source quality is the top of the ladder the origin carries (the
  // fixture's renditions ascend by bandwidth): an advertised-only variant may
  // rank higher but is never served, and marking it would leave a player that
  // filters it out without a source quality.
  const multivariantOptions = { sessionData: [SERVER_TIME_SESSION_DATA], sourceUri: served.at(-1)?.uri };
  const multivariant = renderMultivariantPlaylist(served, multivariantOptions);

  /** Answers 404 (and returns false) unless the channel is on air. */
  function onAir(reply: FastifyReply, slug: string): boolean {
    if (isLive(slug)) return true;
    problem(reply, 404, `Channel ${slug} is not live`);
    return false;
  }

  /** Answers 404 unless the channel is on air and the rendition exists. */
  function find(reply: FastifyReply, params: RenditionParams): Rendition | undefined {
    if (!onAir(reply, params.slug)) return undefined;
    const rendition = renditions.get(params.rendition);
    if (rendition) return rendition;
    if (params.rendition === AUDIO_ONLY_RENDITION && audioOnly && hasAudioOnly(params.slug)) return audioOnly;
    const message = ADVERTISED_ONLY.has(params.rendition)
      ? `Rendition ${params.rendition} is advertised for codec-filtering tests and never served`
      : `Unknown rendition ${params.rendition}`;
    problem(reply, 404, message);
    return undefined;
  }

  // `?advertise=hevc` adds a variant the origin never serves, so player tests
  // can prove unplayable codecs are filtered out (advertised-variants.ts).
  /** The channel's multivariant playlist, with the advertised-only variants asked for. */
  const multivariantFor = (slug: string, advertised: readonly VariantStream[] = []): string => {
    const languages = options.subtitles?.(slug) ?? [];
    const extra = [...advertised, ...(audioOnly && hasAudioOnly(slug) ? [variantOf(audioOnly)] : [])];
    if (extra.length === 0 && languages.length === 0) return multivariant;
    return renderMultivariantPlaylist([...served, ...extra], {
      ...multivariantOptions,
      subtitles: { groupId: SUBTITLES_GROUP, media: renderSubtitleMedia(languages) },
    });
  };
  app.get<{ Params: SlugParams; Querystring: MultivariantQuery }>('/hls/:slug/master.m3u8', async (request, reply) => {
    if (!onAir(reply, request.params.slug)) return reply;
    const choice = chooseAdvertised(request.query.advertise);
    if (!choice.ok) return problem(reply, 400, choice.message);
    return ok(reply, PLAYLIST_TYPE, 'no-cache', multivariantFor(request.params.slug, choice.extra));
  });

  registerServerTime(app, now);

  // The media playlists and the parts, with LL-HLS's blocking requests.
  const lowLatency = await registerLowLatencyRoutes(app, { fixture, now, windowSize: windowFor, find });

  app.get<{ Params: RenditionParams }>('/hls/:slug/:rendition/init.mp4', async (request, reply) => {
    const rendition = find(reply, request.params);
    if (!rendition) return reply;
    return ok(reply, INIT_TYPE, INIT_CACHE, rendition.init);
  });

  app.get<{ Params: SegmentParams }>('/hls/:slug/:rendition/seg-:msn.m4s', async (request, reply) => {
    const rendition = find(reply, request.params);
    if (!rendition) return reply;
    const { msn: raw } = request.params;
    if (!MSN_PATTERN.test(raw)) return problem(reply, 400, `Invalid media sequence number ${JSON.stringify(raw)}`);
    const msn = Number(raw);
    if (!isAvailable(msn, now(), fixture.segmentDurationMs, retentionFor(request.params.slug))) {
      return problem(reply, 404, `Segment ${msn} is not available`);
    }
    return ok(reply, SEGMENT_TYPE, SEGMENT_CACHE, buildSegmentWithMetadata(fixture, rendition, msn));
  });

  // WebVTT subtitles (subtitles.ts), for a channel that has them in that language.
  const subtitleLanguage = (reply: FastifyReply, params: SubtitleParams): boolean => {
    if (!onAir(reply, params.slug)) return false;
    if ((options.subtitles?.(params.slug) ?? []).includes(params.language) && isSubtitleLanguage(params.language)) {
      return true;
    }
    problem(reply, 404, `No ${params.language} subtitles`);
    return false;
  };
  app.get<{ Params: SubtitleParams }>('/hls/:slug/subs/:language/media.m3u8', async (request, reply) => {
    if (!subtitleLanguage(reply, request.params)) return reply;
    const body = renderSubtitlePlaylist(now(), fixture.segmentDurationMs, windowFor(request.params.slug));
    return ok(reply, PLAYLIST_TYPE, 'no-cache', body);
  });
  app.get<{ Params: SubtitleParams & { msn: string } }>(
    '/hls/:slug/subs/:language/sub-:msn.vtt',
    async (request, reply) => {
      if (!subtitleLanguage(reply, request.params)) return reply;
      const { msn: raw } = request.params;
      if (!MSN_PATTERN.test(raw)) return problem(reply, 400, `Invalid media sequence number ${JSON.stringify(raw)}`);
      const msn = Number(raw);
      if (!isAvailable(msn, now(), fixture.segmentDurationMs, retentionFor(request.params.slug))) {
        return problem(reply, 404, `Segment ${msn} is not available`);
      }
      const body = renderSubtitleSegment(request.params.language, msn, fixture.segmentDurationMs);
      return ok(reply, 'text/vtt; charset=utf-8', SEGMENT_CACHE, body);
    },
  );

  // Anything else under /hls gets the same 404 shape as a missing channel.
  app.get('/hls/*', async (_request, reply) => problem(reply, 404, 'Not found'));
  return {
    multivariantText: (slug) => (isLive(slug) ? multivariantFor(slug) : null),
    mediaPlaylistsNow: (slug) =>
      isLive(slug)
        ? fixture.renditions.map((r) => ({
            uri: variantOf(r).uri,
            playlist: lowLatency.mediaPlaylistNow(slug, r.name),
          }))
        : [],
  };
}
