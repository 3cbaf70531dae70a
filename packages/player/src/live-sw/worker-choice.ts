import type { SinkCapabilities } from '../sinks/sink.ts';
import type { SinkType } from '../sinks/sink-type.ts';
import { AUTO_SINK_ORDER } from '../sinks/select-sink.ts';
import type { ServiceWorkerOptions } from './sw-config.ts';

/**
 * What the player hands the passthrough sink about the live-manifest worker: the page's options
 * as given (the sink checks them, in its own lazily loaded chunk, so a browser with MediaSource
 * never loads the worker's code) and what SPEC §9's defaults depend on.
 */
export interface ServiceWorkerRequest {
  options: ServiceWorkerOptions | undefined;
  mediaSourceSupported: boolean;
}

/**
 * Whether this player asks for the live-manifest worker (SPEC §5: only where media-source
 * playback is unsupported, or when forced via forceActivate). Even a missing config is asked
 * for where MediaSource is missing: the sink then logs that the config is missing, as the spec
 * wants, and native HLS plays alone.
 */
export function requestServiceWorker(
  options: ServiceWorkerOptions | undefined,
  capabilities: SinkCapabilities,
): ServiceWorkerRequest | null {
  if (!capabilities.nativeHls) return null;
  if (capabilities.mediaSource && options?.forceActivate !== true) return null;
  return { options, mediaSourceSupported: capabilities.mediaSource };
}

/** The automatic sink order: passthrough first when the worker is forced on. */
export function sinkOrderFor(request: ServiceWorkerRequest | null): readonly SinkType[] | undefined {
  if (request?.options?.forceActivate !== true) return undefined;
  return ['passthrough', ...AUTO_SINK_ORDER.filter((type) => type !== 'passthrough')];
}
