import { PlayerEventType, type PlayerEventMap } from '@onair/player';

/** One line of the playground's event log: when (ms after Load), which event, what it said. */
export interface LogEntry {
  id: number;
  atMs: number;
  type: keyof PlayerEventMap;
  detail: string;
}

/** Enough to read a start-up and a few minutes of play; older lines fall off the end. */
export const EVENT_LOG_LIMIT = 100;

/** Every event the player has, so that a new one shows up in the log without a change here. */
export const LOGGED_EVENTS: readonly (keyof PlayerEventMap)[] = Object.values(PlayerEventType);

/**
 * A short summary of each payload. An error is named by its type, code and source, never by
 * its message: that is the engine's text for developers (the console has it), and a signed
 * URL in it would be pasted along with the log.
 */
export function describeEvent<K extends keyof PlayerEventMap>(type: K, payload: PlayerEventMap[K]): string {
  const p = payload as PlayerEventMap[keyof PlayerEventMap];
  switch (type) {
    case 'state-changed':
      return (p as PlayerEventMap['state-changed']).state;
    case 'error': {
      const error = p as PlayerEventMap['error'];
      return `${error.type} (code ${error.code}, ${error.source})${error.fatal ? ', fatal' : ''}`;
    }
    case 'quality-changed': {
      const quality = p as PlayerEventMap['quality-changed'];
      return `${quality.name} ${quality.width}×${quality.height}`;
    }
    case 'loaded': {
      const { qualities } = p as PlayerEventMap['loaded'];
      return `${qualities.length} ${qualities.length === 1 ? 'quality' : 'qualities'}`;
    }
    case 'volume-changed':
      return String((p as PlayerEventMap['volume-changed']).volume);
    case 'muted-changed':
      return (p as PlayerEventMap['muted-changed']).muted ? 'muted' : 'unmuted';
    case 'playback-rate-changed':
      return `${(p as PlayerEventMap['playback-rate-changed']).playbackRate}×`;
    case 'seek-completed':
      return `${(p as PlayerEventMap['seek-completed']).position.toFixed(2)} s`;
    case 'drift-correction':
      return `to ${(p as PlayerEventMap['drift-correction']).playlistPosition.toFixed(2)} s`;
    case 'text-cue':
    case 'text-metadata-cue':
      return (p as PlayerEventMap['text-cue']).text.slice(0, 80);
    case 'analytics':
      return (p as PlayerEventMap['analytics']).name;
    case 'gpu-state-changed': {
      const gpu = p as PlayerEventMap['gpu-state-changed'];
      return `${gpu.mode}, ${gpu.status}`;
    }
    case 'cast-state-changed':
      return (p as PlayerEventMap['cast-state-changed']).state;
    default:
      return '';
  }
}

/** The log with `entry` first, at most EVENT_LOG_LIMIT long: a new array, for React state. */
export function prependEntry(log: readonly LogEntry[], entry: LogEntry, limit = EVENT_LOG_LIMIT): LogEntry[] {
  return [entry, ...log.slice(0, limit - 1)];
}
