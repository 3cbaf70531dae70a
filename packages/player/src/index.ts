export { createPlayer, PLAYER_VERSION, type Player, type PlayerConfig } from './player.ts';
export { clampPlaybackRate, clampVolume } from './clamp.ts';
export { selectSink, type SinkSupport } from './sinks/select-sink.ts';
export {
  ErrorType,
  PlayerState,
  type PlayerError,
  type PlayerEventMap,
  type PlayerEventType,
  type PlayerSnapshot,
  type SinkType,
} from './types.ts';
