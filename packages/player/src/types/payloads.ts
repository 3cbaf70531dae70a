/**
 * Payload types that the player's events and state carry from its adapters (analytics, cast,
 * sinks, the live-manifest worker). They live on the ground floor so that the vocabulary
 * (events.ts, state.ts, environment.ts) never reaches up into the parts that produce them.
 */
import type { APP_PLATFORM } from './constants.ts';

/** An analytics event as the player emits it; the page decides whether (consent) and where to send it. */
export interface AnalyticsEvent {
  name: string;
  properties: Record<string, string | number | boolean | null> & { app_platform: typeof APP_PLATFORM };
}

/** SPEC §4 remote session states (cast/cast-session.ts moves between them). */
export type CastState = 'unavailable' | 'available' | 'connecting' | 'connected';

/** What the page sees of casting: the button shows while `state` is not `unavailable`. */
export interface CastStatus {
  state: CastState;
  /** The receiver's name while connecting or connected. */
  receiver: string | null;
}

/** SPEC §4: the live-manifest worker's host states (the page side). */
export type ServiceWorkerHostState = 'pending' | 'installing' | 'ready' | 'error';
/** SPEC §4: the live-manifest worker's own states. */
export type ServiceWorkerState = 'pending' | 'ready' | 'configuring' | 'active' | 'error';

export interface ServiceWorkerStateChange {
  host: ServiceWorkerHostState;
  worker: ServiceWorkerState;
  /** Why the host is in error. */
  reason?: string;
}

/** What the browser offers, probed once per load (sinks/select-sink.ts decides from it). */
export interface SinkCapabilities {
  /** MediaSource can play H.264/AAC on the main thread. */
  mediaSource: boolean;
  /** MediaSource.canConstructInDedicatedWorker. */
  mediaSourceInWorker: boolean;
  /** The media element plays HLS by itself (canPlayType says "maybe" or "probably"). */
  nativeHls: boolean;
}
