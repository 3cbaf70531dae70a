/**
 * Payload types that the player's events and state carry from its adapters (analytics, cast,
 * sinks, the live-manifest worker). They live on the ground floor so that the vocabulary
 * (events.ts, state.ts, environment.ts) never reaches up into the parts that produce them.
 */
import type { APP_PLATFORM } from './constants.ts';
import type { PlayerState } from './state.ts';

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

/** A receiver's playback in the player's terms (cast/cast-session.ts playerStateForRemote). */
export interface RemotePlayback {
  state: PlayerState;
  paused: boolean;
  volume: number;
  muted: boolean;
}

/** What player_stats carries of the worker's manifest loads (SPEC §7 manifestLoadAnalytics). */
export interface ManifestLoadSummary {
  /** Playlists the worker answered the native player with. */
  loads: number;
  /** Multivariant answers from the worker's copy (cacheMultivariant). */
  fromCache: number;
  /** Mean time from the native player's request to the answer (ms), holds included. */
  avgTotalMs: number;
  /** Mean time media playlists were held waiting for a newer segment (ms). */
  avgHeldMs: number;
  /** Segments answered from the worker's own parts (useLocalSegment). */
  segmentsFromParts: number;
  /**
   * Segments listed in the first media playlist answered: where the native player starts. The
   * worker's start window (low latency) makes it one whole segment (and a prefetch one) where
   * the origin lists many; null before a media playlist was answered.
   */
  firstMediaSegments: number | null;
}
