/**
 * The host-page API's messages (issue 15), version 1: what a page that frames the embed may
 * ask of it (commands) and what it is told (events and replies), all over postMessage. Pure and
 * dependency-free: the embed (`@onair/embed-sdk/protocol`) and the host SDK (5 KiB budget) both
 * build on this one file, so the two sides cannot drift apart.
 *
 * Every message is an object `{ onair: 1, ... }`: a page's other messages (analytics, other
 * widgets) are never mistaken for ours, and a later version can be told apart.
 */

export const PROTOCOL_VERSION = 1;

export type Command =
  | { command: 'play' }
  | { command: 'pause' }
  | { command: 'setMuted'; muted: boolean }
  | { command: 'setVolume'; volume: number }
  | { command: 'setQuality'; quality: string }
  | { command: 'goLive' }
  | { command: 'getStats' };

/** A command as the host sends it: `id` pairs it with its reply. */
export type CommandMessage = { onair: 1; type: 'command'; id: string } & Command;

export interface Telemetry {
  /** Seconds behind the live edge; null before the first frame. */
  latency: number | null;
  /** Seconds buffered ahead of the position. */
  buffer: number;
  rebuffers: number;
  /** Seconds spent rebuffering since the player started. */
  rebufferTime: number;
  droppedFrames: number;
  /** The rendition playing (e.g. `720p`); null before the first frame. */
  rendition: string | null;
}

export type EmbedEvent =
  | { event: 'ready'; channel: string }
  | { event: 'play' }
  | { event: 'pause' }
  | { event: 'playing' }
  | { event: 'ended' }
  | { event: 'online' }
  | { event: 'offline' }
  | { event: 'volume'; volume: number; muted: boolean }
  | { event: 'quality'; quality: string; auto: boolean }
  /**
   * `errorType` is the player error's type (`Network`, `NotAvailable`, …; named so, not `type`,
   * which is the envelope's); `message` the copy the viewer reads, never the engine's text.
   */
  | { event: 'error'; errorType: string; message: string }
  | { event: 'playback-blocked' }
  | ({ event: 'telemetry' } & Telemetry);

export type EventMessage = { onair: 1; type: 'event' } & EmbedEvent;

export type Reply = { onair: 1; type: 'reply'; id: string } & (
  { ok: true; value?: Telemetry } | { ok: false; reason: 'unknown-quality' | 'not-playing' | 'refused' }
);

const MAX_ID = 64;
const MAX_QUALITY = 64;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A command from a host page, or null for anything else: another protocol's message, a version
 * this embed does not speak, an unknown command, a malformed argument. Only the fields of the
 * command are kept, so nothing else a page sends travels further.
 */
export function parseCommand(data: unknown): CommandMessage | null {
  if (!isRecord(data) || data.onair !== PROTOCOL_VERSION || data.type !== 'command') return null;
  const { id } = data;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID) return null;
  const base = { onair: 1, type: 'command', id } as const;
  switch (data.command) {
    case 'play':
    case 'pause':
    case 'goLive':
    case 'getStats':
      return { ...base, command: data.command };
    case 'setMuted':
      return typeof data.muted === 'boolean' ? { ...base, command: 'setMuted', muted: data.muted } : null;
    case 'setVolume': {
      const { volume } = data;
      const valid = typeof volume === 'number' && Number.isFinite(volume) && volume >= 0 && volume <= 1;
      return valid ? { ...base, command: 'setVolume', volume } : null;
    }
    case 'setQuality': {
      const { quality } = data;
      const valid = typeof quality === 'string' && quality.length > 0 && quality.length <= MAX_QUALITY;
      return valid ? { ...base, command: 'setQuality', quality } : null;
    }
    default:
      return null;
  }
}

/** The origin of the page that frames the embed, or null when it cannot be known. */
export function framingOrigin(ancestorOrigins: readonly string[] | undefined, referrer: string): string | null {
  const first = ancestorOrigins?.[0];
  if (first) return first === 'null' ? null : first;
  try {
    const origin = new URL(referrer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether the embed takes a message: only from the window that frames it, and only from the
 * origin it was framed by. An embed whose framing origin is unknown answers no one.
 */
export function embedAccepts(
  message: { origin: string; fromParent: boolean },
  framedBy: string | null,
): framedBy is string {
  return framedBy !== null && message.fromParent && message.origin === framedBy;
}
