import { z } from '../zod.ts';
import { CHANNEL_INFO_PATH, CHANNEL_PLAYBACK_URL_PATH } from '../channel-paths.ts';
import { channelInfoV2Schema, channelVideosSchema, playbackUrlSchema } from '../channel.ts';
import { defineRoute } from '../route.ts';
import {
  currentViewersSchema,
  realtimeAuthBodySchema,
  realtimeAuthResponseSchema,
  viewersResponseSchema,
  viewerTokenHeadersSchema,
  viewerTokenSchema,
} from '../schemas/viewers.ts';

/**
 * SPEC §7 "Used by the embed": the HTTP calls of the embed page. Websocket connections and
 * the realtime service itself are not HTTP calls of ours (the libraries own them); the realtime
 * library's default form-encoded authorisation endpoint is left out for the same reason.
 */
export const embedRoutes = {
  /** 'Channel not found' on failure or null (SPEC §8), hence nullable. */
  'channels.v2.info': defineRoute({
    method: 'GET',
    path: CHANNEL_INFO_PATH,
    response: z.nullable(channelInfoV2Schema),
  }),
  /** 'Playback URL not found' on failure or null (SPEC §8). */
  'channels.v2.playbackUrl': defineRoute({
    method: 'GET',
    path: CHANNEL_PLAYBACK_URL_PATH,
    response: z.nullable(playbackUrlSchema),
  }),
  'channels.v2.videos': defineRoute({
    method: 'GET',
    path: '/api/v2/channels/:slug/videos',
    response: channelVideosSchema,
  }),
  /** Refetched every 60 s (SPEC §9); sent as `?ids[]=1&ids[]=2`. */
  'viewers.current': defineRoute({
    method: 'GET',
    path: '/current-viewers',
    query: z.object({ ids: z.array(z.int()) }),
    response: currentViewersSchema,
  }),
  /**
   * "Viewer counts for a livestream id": the path is not shown. Ours sits beside the other
   * v2 calls and names the livestream, whose id is `livestream.id` of channel info.
   */
  'livestreams.viewers': defineRoute({
    method: 'GET',
    path: '/api/v2/livestreams/:id/viewers',
    response: viewersResponseSchema,
  }),
  'viewer.token': defineRoute({
    method: 'GET',
    path: '/viewer/v1/token',
    origin: 'websocket',
    headers: viewerTokenHeadersSchema,
    response: viewerTokenSchema,
  }),
  /**
   * Realtime worker authorisation for `private-lstm_` channels. Host and path are not shown;
   * the path is ours and the host is configured apart (origin `realtime`).
   */
  'realtime.workerAuth': defineRoute({
    method: 'POST',
    path: '/realtime/auth',
    origin: 'realtime',
    body: 'json',
    bodySchema: realtimeAuthBodySchema,
    response: realtimeAuthResponseSchema,
  }),
} as const;
