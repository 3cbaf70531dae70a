/**
 * The stand-in cast network's messages (JSON over the platform's websocket at CAST_CONNECT_PATH).
 * No Chromecast exists here, so the platform plays the part of the local network: senders (the
 * stand-in Cast sender framework, sender-framework.ts, inside the embed) and a receiver (the
 * receiver page, playing with our engine) connect to the relay, which pairs them.
 */
export const CAST_CONNECT_PATH = '/cast/v1/connect';

/** The Cast framework's error codes (chrome.cast.ErrorCode's values) the relay can give. */
export type CastErrorCode = 'session_error' | 'receiver_unavailable' | 'load_media_failed' | 'cancel';

export type ReceiverPlayerState = 'IDLE' | 'BUFFERING' | 'PLAYING' | 'PAUSED';

export interface ReceiverStatus {
  playerState: ReceiverPlayerState;
  /** Why the receiver is idle (`FINISHED` when the media ended). */
  idleReason: string | null;
  currentTime: number;
  volume: number;
  muted: boolean;
}

export interface LoadRequestData {
  media: {
    contentId: string;
    contentType: string;
    streamType: string;
    customData?: unknown;
  };
  currentTime: number;
  autoplay: boolean;
}

export type SenderCommand =
  | { command: 'play' }
  | { command: 'pause' }
  | { command: 'setVolume'; volume: number }
  | { command: 'setMuted'; muted: boolean };

/** Sender → relay. */
export type SenderMessage =
  | { type: 'request-session' }
  | { type: 'load'; request: LoadRequestData }
  | ({ type: 'command' } & SenderCommand)
  /** `stop`: the receiver stops playing too (else the sender only leaves). */
  | { type: 'end-session'; stop: boolean };

/** Relay → sender. */
export type ToSender =
  | { type: 'availability'; available: boolean; receiver: string | null }
  | { type: 'session-started'; sessionId: string; receiver: string }
  | { type: 'session-error'; code: CastErrorCode }
  | { type: 'load-result'; ok: boolean; code: CastErrorCode | null }
  | { type: 'status'; status: ReceiverStatus }
  | { type: 'session-ended'; reason: 'stopped' | 'dropped' };

/** Receiver → relay. */
export type ReceiverMessage = { type: 'status'; status: ReceiverStatus } | { type: 'load-result'; ok: boolean };

/** Relay → receiver. */
export type ToReceiver =
  | { type: 'session-started'; sessionId: string }
  | { type: 'load'; request: LoadRequestData }
  | ({ type: 'command' } & SenderCommand)
  | { type: 'session-ended' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A sender's message, or null for anything else (a stranger's bytes are dropped, never trusted). */
export function parseSenderMessage(text: string): SenderMessage | null {
  const message = parse(text);
  if (!message) return null;
  switch (message.type) {
    case 'request-session':
      return { type: 'request-session' };
    case 'end-session':
      return { type: 'end-session', stop: message.stop === true };
    case 'load':
      // Rebuilt from the checked fields: nothing else a sender sent reaches the receiver.
      return isLoadRequest(message.request) ? { type: 'load', request: loadRequestOf(message.request) } : null;
    case 'command':
      return parseCommand(message);
    default:
      return null;
  }
}

export function parseReceiverMessage(text: string): ReceiverMessage | null {
  const message = parse(text);
  if (!message) return null;
  if (message.type === 'load-result') return { type: 'load-result', ok: message.ok === true };
  if (message.type === 'status' && isStatus(message.status)) return { type: 'status', status: message.status };
  return null;
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) && typeof value.type === 'string' ? value : null;
  } catch {
    return null;
  }
}

function parseCommand(message: Record<string, unknown>): SenderMessage | null {
  switch (message.command) {
    case 'play':
    case 'pause':
      return { type: 'command', command: message.command };
    case 'setVolume':
      return typeof message.volume === 'number' && message.volume >= 0 && message.volume <= 1
        ? { type: 'command', command: 'setVolume', volume: message.volume }
        : null;
    case 'setMuted':
      return typeof message.muted === 'boolean' ? { type: 'command', command: 'setMuted', muted: message.muted } : null;
    default:
      return null;
  }
}

function loadRequestOf(request: LoadRequestData): LoadRequestData {
  const { contentId, contentType, streamType, customData } = request.media;
  return {
    media: { contentId, contentType, streamType, ...(customData === undefined ? {} : { customData }) },
    currentTime: request.currentTime,
    autoplay: request.autoplay,
  };
}

function isLoadRequest(value: unknown): value is LoadRequestData {
  if (!isRecord(value) || !isRecord(value.media)) return false;
  const { media } = value;
  return (
    typeof media.contentId === 'string' &&
    /^https?:\/\//.test(media.contentId) &&
    typeof media.contentType === 'string' &&
    typeof media.streamType === 'string' &&
    typeof value.currentTime === 'number' &&
    typeof value.autoplay === 'boolean'
  );
}

const PLAYER_STATES = new Set(['IDLE', 'BUFFERING', 'PLAYING', 'PAUSED']);

function isStatus(value: unknown): value is ReceiverStatus {
  return (
    isRecord(value) &&
    PLAYER_STATES.has(value.playerState as string) &&
    (value.idleReason === null || typeof value.idleReason === 'string') &&
    typeof value.currentTime === 'number' &&
    typeof value.volume === 'number' &&
    typeof value.muted === 'boolean'
  );
}
