import { z } from '../zod.ts';

/**
 * Viewer websocket messages (SPEC §7: `{type, data}`; a ping has type 'ping'). The handshake
 * and disconnect carry the channel being watched (SPEC §4 "Channel realtime presence").
 */
export const ViewerMessageType = {
  Ping: 'ping',
  Pong: 'pong',
  ChannelHandshake: 'channel_handshake',
  ChannelDisconnect: 'channel_disconnect',
} as const;

const channelRef = z.object({ message: z.object({ channelId: z.union([z.number(), z.string()]) }) });

export const viewerClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), data: z.optional(z.unknown()) }),
  z.object({ type: z.literal('channel_handshake'), data: channelRef }),
  z.object({ type: z.literal('channel_disconnect'), data: channelRef }),
]);
export type ViewerClientMessage = z.infer<typeof viewerClientMessageSchema>;

export const viewerServerMessageSchema = z.looseObject({ type: z.string(), data: z.optional(z.unknown()) });
export type ViewerServerMessage = z.infer<typeof viewerServerMessageSchema>;
