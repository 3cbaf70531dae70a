import { z } from '../zod.ts';

/**
 * Realtime (Pusher protocol) channel and event names the platform and the embed share. The
 * spec shows a private livestream channel prefixed `private-lstm_` and says the stream's end
 * reaches the embed in real time; the names below are our choice.
 */
export const PRIVATE_LIVESTREAM_PREFIX = 'private-lstm_';

/** Public channel of one channel (its live/offline announcements). */
export const channelTopic = (channelId: number) => `channel.${channelId}`;
/** Private channel of one livestream (authorised through the realtime worker endpoint). */
export const livestreamTopic = (livestreamId: number) => `${PRIVATE_LIVESTREAM_PREFIX}${livestreamId}`;

export const RealtimeEvent = {
  /** On the channel topic: a stream started. */
  StreamStarted: 'StreamStarted',
  /** On the channel topic: the stream ended. */
  StreamEnded: 'StreamEnded',
  /**
   * On the channel topic: the live stream's title or categories changed (not in the spec's
   * list; Twitch's channel.update). `at` is when, on the stream's clock (its PDT).
   */
  StreamUpdated: 'StreamUpdated',
  /** On the livestream topic: the viewer count changed. */
  ViewerCountUpdated: 'ViewerCountUpdated',
} as const;
export type RealtimeEvent = (typeof RealtimeEvent)[keyof typeof RealtimeEvent];

export const streamStartedSchema = z.looseObject({
  channel_id: z.number(),
  livestream: z.looseObject({
    id: z.number(),
    is_live: z.literal(true),
    categories: z.array(z.looseObject({ name: z.string(), slug: z.string() })),
    viewer_count: z.int().check(z.nonnegative()),
  }),
});
/**
 * `at` (not in the spec's payload, so optional): when the stream ended on its own clock, the
 * program-date-time of its last moment, so a viewer behind live sees the end when the picture
 * gets there rather than when the event arrives.
 */
export const streamEndedSchema = z.looseObject({
  channel_id: z.number(),
  livestream_id: z.number(),
  at: z.optional(z.number()),
});
export const streamUpdatedSchema = z.looseObject({
  channel_id: z.number(),
  livestream_id: z.number(),
  session_title: z.string(),
  categories: z.array(z.looseObject({ name: z.string(), slug: z.string() })),
  /** Milliseconds since the epoch on the stream's clock (the PDT its playlists carry). */
  at: z.number(),
});
export const viewerCountUpdatedSchema = z.looseObject({
  livestream_id: z.number(),
  viewers: z.int().check(z.nonnegative()),
});

// The realtime worker authorisation body and answer live with the catalogue (schemas/viewers.ts).
