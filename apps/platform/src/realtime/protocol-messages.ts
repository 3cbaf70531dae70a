/**
 * Pusher protocol 7 messages as typed data, both ways, and the close codes we use.
 *
 * On the wire every message is `{"event", "channel"?, "data"}`. The server sends `data` as a
 * JSON *string* (pusher-js parses it a second time), except `pusher:error`, whose data is an
 * object in the protocol. Clients send `data` as an object; some send a string, so both parse.
 */

/**
 * Close codes. pusher-js reads the range, not the number (its `Protocol.getCloseAction`):
 * 4000–4099 stop reconnecting for good, 4100–4199 reconnect after a back-off, 4200–4299
 * reconnect at once, and 1000–1001 are clean closes it reconnects from after 1 s. So 40xx is
 * kept for what retrying cannot fix, and nothing else ever stops a client for good.
 */
export const CloseCode = {
  /**
   * Shutdown (WebSocket "going away"). Not 4200: a client told to come back at once reaches
   * a server that is still closing, or not yet back, and pusher-js then sits out its 15 s
   * transport timeout; after 1001 it retries after 1 s, when a restarting platform is usually
   * listening again. pusher-js also does not report 1001 as an error.
   */
  ServerShutdown: 1001,
  /** The app key in the URL is not ours. */
  AppKeyUnknown: 4001,
  /** The `protocol` query parameter names a version we do not speak. */
  UnsupportedProtocol: 4007,
  /** Code of the `pusher:error` sent with a refused private subscription (the socket stays open). */
  Unauthorized: 4009,
  /** We pinged after the client's silence and no answer came in time. */
  PongNotReceived: 4201,
  /**
   * The protocol's "over capacity": too many messages (a flood), or too many sockets from one
   * address (socket-server.ts). 41xx, so pusher-js comes back after its back-off rather than at
   * once, and a well-behaved client recovers: a tab past the address's cap gets in once another
   * closes. Not 4004 (the protocol's "over connection quota"): 40xx would stop it for good.
   */
  OverCapacity: 4100,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

/** Protocol versions whose framing is the one implemented here (pusher-js 8 sends 7). */
export const SUPPORTED_PROTOCOLS: ReadonlySet<number> = new Set([5, 6, 7]);

// ---- server → client -------------------------------------------------------------------

export type ServerMessage =
  | { event: 'pusher:connection_established'; data: string }
  | { event: 'pusher:error'; data: { code: number | null; message: string } }
  | { event: 'pusher:ping'; data: string }
  | { event: 'pusher:pong'; data: string }
  | { event: 'pusher_internal:subscription_succeeded'; channel: string; data: string }
  | { event: 'pusher:subscription_error'; channel: string; data: string }
  | { event: 'app'; name: string; channel: string; data: string };

export const connectionEstablished = (socketId: string, activityTimeoutS: number): ServerMessage => ({
  event: 'pusher:connection_established',
  data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutS }),
});

export const protocolError = (code: number | null, message: string): ServerMessage => ({
  event: 'pusher:error',
  data: { code, message },
});

export const subscriptionSucceeded = (channel: string): ServerMessage => ({
  event: 'pusher_internal:subscription_succeeded',
  channel,
  data: '{}',
});

/** Shaped like pusher-js's own client-side refusal (`{type, error, status}`), so one handler fits both. */
export const subscriptionError = (channel: string, message: string, status: number): ServerMessage => ({
  event: 'pusher:subscription_error',
  channel,
  data: JSON.stringify({ type: 'AuthError', error: message, status }),
});

/** An application event; `data` is passed through exactly as the publisher sent it. */
export const appEvent = (channel: string, name: string, data: string): ServerMessage => ({
  event: 'app',
  name,
  channel,
  data,
});

export function encodeServerMessage(message: ServerMessage): string {
  if (message.event === 'app') {
    return JSON.stringify({ event: message.name, channel: message.channel, data: message.data });
  }
  return JSON.stringify(message);
}

// ---- client → server -------------------------------------------------------------------

export type ClientMessage =
  | { type: 'ping' }
  | { type: 'pong' }
  | { type: 'subscribe'; channel: string; auth: unknown; channelData: string | undefined }
  | { type: 'unsubscribe'; channel: string }
  | { type: 'client-event'; event: string; channel: string | undefined }
  | { type: 'unsupported'; event: string }
  | { type: 'invalid'; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function dataObject(data: unknown): Record<string, unknown> | undefined {
  if (isRecord(data)) return data;
  if (typeof data !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function parseClientMessage(text: string): ClientMessage {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { type: 'invalid', reason: 'Message is not JSON' };
  }
  if (!isRecord(message) || typeof message.event !== 'string') {
    return { type: 'invalid', reason: 'Message has no event name' };
  }
  const { event } = message;
  switch (event) {
    case 'pusher:ping':
      return { type: 'ping' };
    case 'pusher:pong':
      return { type: 'pong' };
    case 'pusher:subscribe':
    case 'pusher:unsubscribe': {
      const data = dataObject(message.data);
      const channel = data?.channel;
      if (typeof channel !== 'string') return { type: 'invalid', reason: `${event} without a channel` };
      if (event === 'pusher:unsubscribe') return { type: 'unsubscribe', channel };
      const channelData = typeof data?.channel_data === 'string' ? data.channel_data : undefined;
      return { type: 'subscribe', channel, auth: data?.auth, channelData };
    }
  }
  if (event.startsWith('client-')) {
    return { type: 'client-event', event, channel: typeof message.channel === 'string' ? message.channel : undefined };
  }
  return { type: 'unsupported', event };
}
