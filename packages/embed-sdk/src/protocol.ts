/**
 * The host-page API's messages (issue 15; version 2, issue 35): what a page that frames the
 * embed may ask of it (commands) and what it is told (events and replies), all over
 * postMessage. Pure and dependency-free: the embed (`@onair/embed-sdk/protocol`) and the host
 * SDK (5 KiB budget) both build on this one file, so the two sides cannot drift apart.
 *
 * Every message is an object `{ onair: <version>, ... }`: a page's other messages (analytics,
 * other widgets) are never mistaken for ours, and versions can be told apart.
 *
 * Versions. A page written for version 1 (the first SDK, or its own postMessage code) keeps
 * working unchanged: the embed speaks version 1 until a version-2 command reaches it, answers
 * every command in the command's own version, and takes version-1 commands only from version
 * 1's list. The version-2 SDK says `hello` first, and from then on the embed's events are
 * version 2, with the events version 1 never had (captions, metadata).
 */

export const PROTOCOL_VERSION = 2;
export type ProtocolVersion = 1 | 2;

/** Version 1's commands. */
export type CommandV1 =
  | { command: 'play' }
  | { command: 'pause' }
  | { command: 'setMuted'; muted: boolean }
  | { command: 'setVolume'; volume: number }
  | { command: 'setQuality'; quality: string }
  | { command: 'goLive' }
  | { command: 'getStats' };

/** The consent categories a host page may set (its own consent banner's choice). */
export interface ConsentChoice {
  functional?: boolean;
  performance?: boolean;
  targeting?: boolean;
}

export type Command =
  | CommandV1
  /** Version 2's first word: the embed speaks version 2 to this page from now on. */
  | { command: 'hello' }
  | { command: 'getState' }
  /** A captions track by its id (the `captions` event lists them), or null: captions off. */
  | { command: 'setCaptions'; track: string | null }
  | { command: 'setConsent'; consent: ConsentChoice }
  /**
   * Another channel in the same frame, with no reload: sound and play/pause carried over, an
   * offline channel's offline screen, then `online`/`offline` for the new channel.
   */
  | { command: 'setChannel'; channel: string }
  /**
   * The sound alone (the stream's audio-only rendition where it has one, else its lowest
   * picture), or the picture back, at the live edge.
   */
  | { command: 'setAudioOnly'; audioOnly: boolean };

/** A command as the host sends it: `id` pairs it with its reply. */
export type CommandMessage = { onair: ProtocolVersion; type: 'command'; id: string } & Command;

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

export interface CaptionTrack {
  id: string;
  name: string;
  language: string;
  /** `captions` (in-band CEA-608 or a CC rendition) or `subtitles`. */
  kind: string;
}

/** The player as it is now: `getState`'s answer, what every getter of the SDK reads. */
export interface PlayerSnapshot {
  channel: string;
  /** Whether the channel is live (the player) or offline (its offline screen); null before the embed knows. */
  live: boolean | null;
  /** The player's state (SPEC §3 PlayerState); `Idle` with no player (offline). */
  playback: 'Idle' | 'Ready' | 'Buffering' | 'Playing' | 'Ended';
  paused: boolean;
  volume: number;
  muted: boolean;
  /** The rendition playing (`720p`); null before the first frame. */
  quality: string | null;
  autoQuality: boolean;
  /** The renditions a viewer (or setQuality) may choose, best first. */
  qualities: string[];
  /** Seconds behind the live edge; null before the first frame. */
  latency: number | null;
  captions: { tracks: CaptionTrack[]; selected: string | null };
  /** Whether the sound alone plays (setAudioOnly, the menu, or hidden with audioOnlyWhenHidden). */
  audioOnly: boolean;
}

export type EmbedEvent =
  /** Said once the embed's route has settled: a command now reaches its player, or it has none. */
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
  | ({ event: 'telemetry' } & Telemetry)
  /** Version 2: the stream's captions tracks and the one shown, whenever either changes. */
  | { event: 'captions'; tracks: CaptionTrack[]; selected: string | null }
  /**
   * Version 2: timed metadata in the stream (SPEC §3 TextMetadataCue: an ID3 TXXX/PRIV, a
   * poll, a score), sent as the frame it belongs to is shown; `startTime` is the cue's time on
   * the player's media timeline (the shown frame's `mediaTime` reached it).
   */
  | { event: 'metadata'; text: string; description: string; owner: string; startTime: number }
  /**
   * Version 2: audio-only began or ended: setAudioOnly, the viewer's menu, or the embed itself
   * with `audioOnlyWhenHidden` (out of sight for 30 s, then back in sight).
   */
  | { event: 'audio-only'; audioOnly: boolean }
  /**
   * Version 2: the live stream's title or categories changed, heard when this viewer's
   * picture reaches the moment of the change (not when the broadcaster made it).
   */
  | { event: 'stream-updated'; title: string; categories: string[] };

/** The events version 1 never had: a version-1 page is not sent them. */
export const V2_EVENTS: ReadonlySet<EmbedEvent['event']> = new Set([
  'captions',
  'metadata',
  'audio-only',
  'stream-updated',
]);

export type EventMessage = { onair: ProtocolVersion; type: 'event' } & EmbedEvent;

export type RefusalReason = 'unknown-quality' | 'unknown-track' | 'not-playing' | 'refused';

/** What a reply may carry: getStats's telemetry, getState's snapshot. */
export type ReplyValue = Telemetry | PlayerSnapshot;

export type Reply = { onair: ProtocolVersion; type: 'reply'; id: string } & (
  { ok: true; value?: ReplyValue } | { ok: false; reason: RefusalReason }
);

const MAX_ID = 64;
const MAX_QUALITY = 64;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A command from a host page, or null for anything else: another protocol's message, a version
 * this embed does not speak, a command its version does not have, a malformed argument. Only
 * the fields of the command are kept, so nothing else a page sends travels further.
 */
export function parseCommand(data: unknown): CommandMessage | null {
  if (!isRecord(data) || (data.onair !== 1 && data.onair !== 2) || data.type !== 'command') return null;
  const { id } = data;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID) return null;
  const base = { onair: data.onair, type: 'command', id } as const;
  const command = commandOf(data);
  if (!command || (data.onair === 1 && !V1_COMMANDS.has(command.command))) return null;
  return { ...base, ...command };
}

const V1_COMMANDS: ReadonlySet<Command['command']> = new Set([
  'play',
  'pause',
  'setMuted',
  'setVolume',
  'setQuality',
  'goLive',
  'getStats',
]);

/** The platform's slug rule (SPEC §5; @onair/contracts has it too, this file depends on nothing). */
const SLUG = /^[A-Za-z0-9_-]+$/;

const isName = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_QUALITY;

function commandOf(data: Record<string, unknown>): Command | null {
  switch (data.command) {
    case 'play':
    case 'pause':
    case 'goLive':
    case 'getStats':
    case 'hello':
    case 'getState':
      return { command: data.command };
    case 'setMuted':
      return typeof data.muted === 'boolean' ? { command: 'setMuted', muted: data.muted } : null;
    case 'setVolume': {
      const { volume } = data;
      const valid = typeof volume === 'number' && Number.isFinite(volume) && volume >= 0 && volume <= 1;
      return valid ? { command: 'setVolume', volume } : null;
    }
    case 'setQuality':
      return isName(data.quality) ? { command: 'setQuality', quality: data.quality } : null;
    case 'setCaptions': {
      const { track } = data;
      return track === null || isName(track) ? { command: 'setCaptions', track } : null;
    }
    case 'setConsent':
      return consentOf(data.consent);
    case 'setChannel': {
      const { channel } = data;
      return isName(channel) && SLUG.test(channel) ? { command: 'setChannel', channel } : null;
    }
    case 'setAudioOnly':
      return typeof data.audioOnly === 'boolean' ? { command: 'setAudioOnly', audioOnly: data.audioOnly } : null;
    default:
      return null;
  }
}

/** At least one category, each a boolean; nothing else kept. */
function consentOf(value: unknown): Command | null {
  if (!isRecord(value)) return null;
  const consent: ConsentChoice = {};
  for (const name of ['functional', 'performance', 'targeting'] as const) {
    if (value[name] === undefined) continue;
    if (typeof value[name] !== 'boolean') return null;
    consent[name] = value[name];
  }
  return Object.keys(consent).length > 0 ? { command: 'setConsent', consent } : null;
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
