import type { EmbedEvent, EventMessage, Reply } from './protocol.ts';

export type EventName = EmbedEvent['event'];

/** A record, not a list, so the compiler refuses a protocol event this file forgets. */
const EVENTS: Record<EventName, true> = {
  ready: true,
  play: true,
  pause: true,
  playing: true,
  ended: true,
  online: true,
  offline: true,
  volume: true,
  quality: true,
  error: true,
  'playback-blocked': true,
  telemetry: true,
  captions: true,
  metadata: true,
  'audio-only': true,
  'stream-updated': true,
};

/** Every event the embed sends, for a host that listens to all of them (the builder's log). */
export const EVENT_NAMES = Object.keys(EVENTS) as readonly EventName[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A message of ours from the embed (an event or a reply), or null: anything else a page's
 * other scripts and widgets post is ignored, and so is a protocol version this SDK does not
 * speak. The payload's fields are the embed's (the origin rule below vouches for the sender).
 */
export function parseEmbedMessage(data: unknown): EventMessage | Reply | null {
  if (!isRecord(data) || (data.onair !== 1 && data.onair !== 2)) return null;
  if (data.type === 'event') {
    const known = typeof data.event === 'string' && Object.prototype.hasOwnProperty.call(EVENTS, data.event);
    return known ? (data as EventMessage) : null;
  }
  if (data.type === 'reply') {
    return typeof data.id === 'string' && typeof data.ok === 'boolean' ? (data as Reply) : null;
  }
  return null;
}

/** What the SDK knows of a `message` event: who sent it (a window), from which origin, what. */
export interface InboundMessage {
  source: unknown;
  origin: string;
  data: unknown;
}

/**
 * The origin rule, the host's half of it: a message counts only when it comes from this
 * player's own frame (`source`, so another embed of ours on the page is not mistaken for it)
 * and from the embed's origin (so a frame that navigated elsewhere cannot speak for it).
 */
export function acceptMessage(
  message: InboundMessage,
  frameWindow: unknown,
  embedOrigin: string,
): EventMessage | Reply | null {
  if (frameWindow == null || message.source !== frameWindow || message.origin !== embedOrigin) return null;
  return parseEmbedMessage(message.data);
}
