import { z } from '../zod.ts';

/**
 * Viewer-side shapes of SPEC §3 and §7: viewer counts, the viewer token and the realtime
 * worker authorisation. Objects are loose, as in channel.ts: new fields never break a client.
 */

/** SPEC §3 "Viewers response": a list whose first item has `viewers` (livestream viewer counts). */
export const viewerCountSchema = z.looseObject({ viewers: z.int().check(z.nonnegative()) });
export const viewersResponseSchema = z.array(viewerCountSchema);
export type ViewersResponse = z.infer<typeof viewersResponseSchema>;

/**
 * `/current-viewers?ids[]=…` — the spec does not show this shape. Our choice: the "Viewers
 * response" list again, one item per requested channel, tagged with its `channel_id`, so one
 * call serves several channels and an unknown id is simply absent.
 */
export const currentViewersSchema = z.array(
  z.looseObject({ channel_id: z.int(), viewers: z.int().check(z.nonnegative()) }),
);
export type CurrentViewers = z.infer<typeof currentViewersSchema>;

/**
 * SPEC §3 "Viewer token response": `data.token`. The token may be missing so that the caller
 * raises SPEC §8's 'No token received from query' rather than a generic shape error.
 */
export const viewerTokenSchema = z.looseObject({
  data: z.looseObject({ token: z.nullish(z.string()) }),
});
export type ViewerTokenResponse = z.infer<typeof viewerTokenSchema>;

/**
 * Headers of the token call (SPEC §7: "a client token and an optional request id"). Their
 * names are not shown; these are ours, and the platform's token service must read the same.
 * `x-request-id` is the requestId device identification answered, as it came: the platform
 * signs it and counts the device it names as one viewer; without one it still issues a token.
 */
export const viewerTokenHeadersSchema = z.object({
  'x-client-token': z.string().check(z.minLength(1)),
  'x-request-id': z.optional(z.string().check(z.minLength(1))),
});

/** SPEC §7: the realtime worker authorisation payload (socketId, channelName, requestId). */
export const realtimeAuthBodySchema = z.object({
  socketId: z.string().check(z.minLength(1)),
  channelName: z.string().check(z.startsWith('private-lstm_')),
  requestId: z.string().check(z.minLength(1)),
});
export type RealtimeAuthBody = z.infer<typeof realtimeAuthBodySchema>;

/** "Response read for an auth field, given back to the realtime client." */
export const realtimeAuthResponseSchema = z.looseObject({ auth: z.string() });
export type RealtimeAuthResponse = z.infer<typeof realtimeAuthResponseSchema>;
