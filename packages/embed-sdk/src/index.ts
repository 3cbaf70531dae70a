/**
 * The host-page SDK (`@onair/embed-sdk`, and the `OnAir` global of the script build
 * `/sdk/onair-embed.js`): `new OnAir.OnAirPlayer('player', { channel: 'studio-live' })`.
 */
export { OnAirPlayer, COMMAND_TIMEOUT_MS, READY_TIMEOUT_MS, type PlayerOptions } from './onair-player.ts';
export { OnAirCommandError, type FailureReason } from './command-error.ts';
export { DEFAULT_PARAMS, embedUrl, frameAttributes, type EmbedParams, type FrameOptions } from './embed-frame.ts';
export { EVENT_NAMES, type EventName } from './inbound.ts';
export type { EventOf, Listener } from './listeners.ts';
export type { FrameHandle, HostEnvironment } from './host-environment.ts';
export {
  PROTOCOL_VERSION,
  type CaptionTrack,
  type ConsentChoice,
  type EmbedEvent,
  type PlayerSnapshot,
  type Telemetry,
} from './protocol.ts';
