import { z } from './zod.ts';

/**
 * Wire schemas of SPEC §3 for the calls the embed makes. Objects are loose (unknown keys are
 * kept, not rejected): the platform may add fields without breaking deployed embeds.
 */
export const categorySchema = z.looseObject({
  name: z.string(),
  slug: z.string(),
});

export const livestreamSchema = z.looseObject({
  id: z.number(),
  is_live: z.boolean(),
  categories: z.array(categorySchema),
  viewer_count: z.int().check(z.nonnegative()),
  viewers: z.optional(z.int().check(z.nonnegative())),
});

export const channelInfoV2Schema = z.looseObject({
  id: z.number(),
  slug: z.string(),
  user: z.looseObject({ username: z.string() }),
  banner_image: z.optional(z.nullable(z.looseObject({ src: z.string() }))),
  livestream: z.nullable(livestreamSchema),
});
export type ChannelInfoV2 = z.infer<typeof channelInfoV2Schema>;
export type Livestream = z.infer<typeof livestreamSchema>;
export type Category = z.infer<typeof categorySchema>;

/** `{ data: url }`; data null means the channel has no playback URL. */
export const playbackUrlSchema = z.looseObject({
  data: z.nullable(z.string()),
});
export type PlaybackUrlResponse = z.infer<typeof playbackUrlSchema>;

export const channelVideoSchema = z.looseObject({
  id: z.number(),
  thumbnail: z.nullable(z.looseObject({ src: z.string() })),
  /** Its playback URL (an on-demand HLS stream), where the platform gives one. */
  source: z.optional(z.nullable(z.string())),
  title: z.optional(z.string()),
  duration: z.optional(z.number()),
});
export const channelVideosSchema = z.array(channelVideoSchema);
export type ChannelVideo = z.infer<typeof channelVideoSchema>;

/** SPEC §3 "Error response shape expected". */
export const errorResponseSchema = z.looseObject({
  status: z.number(),
  statusText: z.string(),
  data: z.looseObject({ message: z.string() }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export { isValidSlug, SLUG_PATTERN } from './channel-paths.ts';
