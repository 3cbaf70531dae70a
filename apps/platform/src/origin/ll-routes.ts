/**
 * The LL-HLS routes of the live origin: the media playlist with its delivery
 * directives (blocking reload, delta updates) and the parts. Requests that
 * ask for something not yet published are held until the wall-clock instant
 * it is (hold.ts), and released early, with nothing left running, when the
 * client goes away or the server closes.
 *
 * Status codes (draft-pantos-hls-rfc8216bis §6.2.5.2, §6.2.6):
 * - playlist: 400 for malformed directives, `_HLS_part` without `_HLS_msn`,
 *   or a request more than two segments / the Advance Part Limit ahead; 503
 *   when a hold outlasts three target durations or the server closes.
 * - part: 404 unless published and still in the playlist window, or the
 *   next part (the one the playlists hint), which is held until complete;
 *   503 as above.
 */

import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseDeliveryDirectives } from './delivery-directives.ts';
import { fragmentIsIndependent } from './fixture.ts';
import type { Fixture, Rendition } from './fixture.ts';
import { holdUntil } from './hold.ts';
import type { HoldOutcome } from './hold.ts';
import { renderLowLatencyPlaylist } from './ll-playlist.ts';
import {
  MSN_PATTERN,
  PLAYLIST_CACHE,
  PLAYLIST_TYPE,
  SEGMENT_CACHE,
  SEGMENT_TYPE,
  ok,
  problem,
} from './origin-replies.ts';
import {
  absolutePart,
  decideBlocking,
  latestPublishedPart,
  liveEdge,
  partDurationMs,
  partEndMs,
} from './part-timeline.ts';
import type { PartGrid, PartRef } from './part-timeline.ts';
import { buildPartAt } from './segment.ts';
import { publishedWindow } from './timeline.ts';

export interface RenditionParams {
  slug: string;
  rendition: string;
}
interface PartParams extends RenditionParams {
  msn: string;
  index: string;
}

export interface LowLatencyContext {
  fixture: Fixture;
  now: () => number;
  /** Segments a channel's playlists list (its rewind window, where it keeps one). */
  windowSize: (slug: string) => number;
  /** The rendition of an on-air channel, or undefined once a 404 has been sent. */
  find: (reply: FastifyReply, params: RenditionParams) => Rendition | undefined;
}

/** §6.2.5.2: a blocking reload is held for at most three target durations. */
const BLOCKING_HOLD_TARGETS = 3;
/** A hinted part ends within one part duration; a longer hold means the clock stalled. */
const HINT_HOLD_PARTS = 3;
const PART_INDEX_PATTERN = /^\d{1,3}$/;

/** A media playlist as the origin would answer it now, and when what it lists was published. */
export interface MediaPlaylistNow {
  text: string;
  /** Epoch ms: the end of the newest part it lists (what a Last-Modified would say). */
  writtenAtMs: number;
}

export interface LowLatencyRoutes {
  /** The media playlist of one rendition of an on-air channel, rendered now (no directives). */
  mediaPlaylistNow(slug: string, rendition: string): MediaPlaylistNow;
}

export async function registerLowLatencyRoutes(
  app: FastifyInstance,
  context: LowLatencyContext,
): Promise<LowLatencyRoutes> {
  const { fixture, now, windowSize, find } = context;
  const grid: PartGrid = {
    segmentDurationMs: fixture.segmentDurationMs,
    fragmentsPerSegment: fixture.fragmentsPerSegment,
  };
  const partMs = partDurationMs(grid);
  // decideBlocking lets no wait through that is longer than three target
  // durations (two segments ahead, or the Advance Part Limit), so the bound
  // sits one part past that: a part's own wake-up always comes first.
  const blockingLimitMs = BLOCKING_HOLD_TARGETS * Math.ceil(fixture.segmentDurationMs / 1000) * 1000 + partMs;
  const hintLimitMs = HINT_HOLD_PARTS * partMs;
  const siblings = new Map(
    fixture.renditions.map((r) => [
      r.name,
      fixture.renditions.filter((s) => s.name !== r.name).map((s) => `../${s.name}/media.m3u8`),
    ]),
  );
  const closing = new AbortController();
  const independentParts =
    (rendition: Rendition) =>
    (part: PartRef): boolean =>
      fragmentIsIndependent(rendition, absolutePart(part, grid));

  app.addHook('preClose', async () => {
    closing.abort();
  });

  /** Holds the reply until `untilMs` on the origin's clock. */
  async function hold(untilMs: number, limitMs: number, reply: FastifyReply): Promise<HoldOutcome> {
    const stop = new AbortController();
    const onStop = (): void => stop.abort();
    reply.raw.once('close', onStop);
    closing.signal.addEventListener('abort', onStop, { once: true });
    if (closing.signal.aborted || reply.raw.destroyed) stop.abort();
    try {
      return await holdUntil(untilMs, { now, limitMs, signal: stop.signal });
    } finally {
      reply.raw.off('close', onStop);
      closing.signal.removeEventListener('abort', onStop);
    }
  }

  /** The answer to a hold that did not end with the resource published. */
  function unheld(reply: FastifyReply, outcome: Exclude<HoldOutcome, 'ready'>, what: string): FastifyReply {
    if (outcome === 'timeout') return problem(reply, 503, `${what} was not published in time`);
    // Closing: tell the client not to reuse the connection, so the server
    // need not wait for it to go idle. A client that left reads nothing.
    return problem(reply.header('connection', 'close'), 503, 'The origin is shutting down');
  }

  app.get<{ Params: RenditionParams; Querystring: Record<string, unknown> }>(
    '/hls/:slug/:rendition/media.m3u8',
    async (request, reply) => {
      const rendition = find(reply, request.params);
      if (!rendition) return reply;
      const parsed = parseDeliveryDirectives(request.query);
      if (!parsed.ok) return problem(reply, 400, parsed.message);
      const { msn, part, skip } = parsed.directives;
      if (msn !== undefined) {
        const decision = decideBlocking(msn, part, now(), grid);
        if (decision.kind === 'too-far') return problem(reply, 400, decision.message);
        if (decision.kind === 'wait') {
          const outcome = await hold(decision.untilMs, blockingLimitMs, reply);
          if (outcome !== 'ready')
            return unheld(reply, outcome, `Segment ${msn}${part === undefined ? '' : ` part ${part}`}`);
        }
      }
      // Rendered after the hold, so the playlist lists what the request waited for.
      const body = renderLowLatencyPlaylist(now(), {
        ...grid,
        windowSize: windowSize(request.params.slug),
        siblings: siblings.get(rendition.name) ?? [],
        skip,
        partIndependent: independentParts(rendition),
      });
      return ok(reply, PLAYLIST_TYPE, PLAYLIST_CACHE, body);
    },
  );

  app.get<{ Params: PartParams }>('/hls/:slug/:rendition/part-:msn.:index.m4s', async (request, reply) => {
    const rendition = find(reply, request.params);
    if (!rendition) return reply;
    const { msn: rawMsn, index: rawIndex } = request.params;
    if (!MSN_PATTERN.test(rawMsn) || !PART_INDEX_PATTERN.test(rawIndex)) {
      return problem(reply, 400, `Invalid part name ${JSON.stringify(`${rawMsn}.${rawIndex}`)}`);
    }
    const msn = Number(rawMsn);
    const index = Number(rawIndex);
    const name = `Part ${msn}.${index}`;
    if (index >= fixture.fragmentsPerSegment) return problem(reply, 404, `${name} does not exist`);
    const part = absolutePart({ msn, index }, grid);
    const next = liveEdge(now(), grid).lastPart + 1;
    // Only the next part is ever hinted (§6.2.6: anything else not yet there is Not Found).
    if (part > next) return problem(reply, 404, `${name} is not available yet`);
    if (part === next) {
      const outcome = await hold(partEndMs(part, grid), hintLimitMs, reply);
      if (outcome !== 'ready') return unheld(reply, outcome, name);
    }
    if (msn < publishedWindow(now(), fixture.segmentDurationMs, windowSize(request.params.slug)).first) {
      return problem(reply, 404, `${name} is no longer available`);
    }
    return ok(reply, SEGMENT_TYPE, SEGMENT_CACHE, buildPartAt(fixture, rendition, part));
  });

  return {
    mediaPlaylistNow(slug, rendition) {
      const at = now();
      const media = fixture.renditions.find((r) => r.name === rendition);
      const text = renderLowLatencyPlaylist(at, {
        ...grid,
        windowSize: windowSize(slug),
        siblings: siblings.get(rendition) ?? [],
        ...(media && { partIndependent: independentParts(media) }),
      });
      return { text, writtenAtMs: partEndMs(latestPublishedPart(at, grid), grid) };
    },
  };
}
