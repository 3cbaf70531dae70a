import type { ServiceWorkerHostState, ServiceWorkerState } from '../types/payloads.ts';
import type { ServiceWorkerConfig } from './sw-config.ts';
import type { RequestIdentity } from '../rules/request-identity.ts';

/**
 * SPEC §7 "Player engine messages", service worker: what the page (the passthrough sink's
 * host, sw-host.ts) and the live-manifest worker (worker.ts) say to each other. Every message
 * carries `channel`, so the two ignore whatever else travels between a page and its worker.
 */
export const SW_CHANNEL = 'onair-live-manifest';

/** SPEC §9: the page sends a heartbeat every 10 000 ms; the worker answers with its state. */
export const SW_HEARTBEAT_INTERVAL_MS = 10_000;
/** A heartbeat not answered within this is a worker that stopped answering (sw-host.ts). */
export const SW_HEARTBEAT_TIMEOUT_MS = 5_000;
/**
 * The worker forgets a page it has not heard from for three heartbeats: a page whose messages no
 * longer arrive (or that went away without `destroy`) gets plain, unrewritten playlists again.
 */
export const SW_CLIENT_LEASE_MS = 3 * SW_HEARTBEAT_INTERVAL_MS;

/** SPEC §4 host and worker states (types/payloads.ts), re-exported for the worker's runtime. */
export type { ServiceWorkerHostState, ServiceWorkerState };

export type HostToWorker =
  | { type: 'heartbeat' }
  /**
   * `source`: the multivariant playlist this page plays; the worker touches only it and the
   * media playlists it names. `resume`: the same playback as before (a worker that was
   * restarted and lost the page), so its first answer must not move the start.
   */
  | { type: 'configure'; config: ServiceWorkerConfig; source: string; resume: boolean; identity?: RequestIdentity }
  /**
   * Not in the spec's list: who is watching changed (SPEC §7 setAuthToken … on the page): the
   * worker's requests upstream carry the new token, ids and credentials mode from the next on.
   */
  | { type: 'setIdentity'; identity: RequestIdentity }
  | { type: 'setLogConfig'; debug: boolean }
  | { type: 'debug'; delayNextMediaManifest: { delayInMs: number } }
  | { type: 'destroy' };

/** One playlist the worker answered the native player with (SPEC §7 manifestLoadAnalytics). */
export interface ManifestLoadAnalytics {
  url: string;
  kind: 'multivariant' | 'media';
  /** Served from the worker's copy (cacheMultivariant). */
  fromCache: boolean;
  /** From the native player's request to the answer (ms), holds and delays included. */
  totalMs: number;
  /** Of that, waiting for a newer segment (a held reload). */
  heldMs: number;
  /** Of that, the debug delay (delayNextMediaManifest). */
  delayedMs: number;
  /** Segments listed in the answer (media playlists; 0 for a multivariant). */
  segments: number;
  /**
   * Segments this page's native player has been answered from the worker's own parts so far
   * (useLocalSegment), with no second trip to the origin.
   */
  segmentsFromParts: number;
}

/** A segment the native player was given (SPEC §7 availableSegments). */
export interface AvailableSegment {
  msn: number;
  /** EXT-X-PROGRAM-DATE-TIME of its start (epoch ms), null where the playlist has none. */
  programDateTime: number | null;
  duration: number;
  /** The native player has asked for it. */
  requested: boolean;
}

export type WorkerToHost =
  | { type: 'stateChanged'; state: ServiceWorkerState; message?: string }
  | { type: 'manifestLoadAnalytics'; analytics: ManifestLoadAnalytics }
  | { type: 'availableSegments'; segments: AvailableSegment[]; targetDuration: number };

export type Envelope<M> = M & { channel: typeof SW_CHANNEL };

const TO_WORKER = new Set<string>(['heartbeat', 'configure', 'setIdentity', 'setLogConfig', 'debug', 'destroy']);
const TO_HOST = new Set<string>(['stateChanged', 'manifestLoadAnalytics', 'availableSegments']);

const onChannel = (data: unknown): data is { channel: string; type: string } =>
  typeof data === 'object' &&
  data !== null &&
  (data as { channel?: unknown }).channel === SW_CHANNEL &&
  typeof (data as { type?: unknown }).type === 'string';

/** A message for the worker, by its envelope and type; the worker still checks a config it is given. */
export function isHostMessage(data: unknown): data is Envelope<HostToWorker> {
  return onChannel(data) && TO_WORKER.has(data.type);
}

export function isWorkerMessage(data: unknown): data is Envelope<WorkerToHost> {
  return onChannel(data) && TO_HOST.has(data.type);
}

export function envelope<M extends HostToWorker | WorkerToHost>(message: M): Envelope<M> {
  return { ...message, channel: SW_CHANNEL };
}
