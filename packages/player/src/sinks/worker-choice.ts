import type { ServiceWorkerRequest, SinkCapabilities } from './sink.ts';
import type { SinkType } from '../types/sink-type.ts';
import { AUTO_SINK_ORDER } from './select-sink.ts';
import type { ServiceWorkerOptions } from '../live-sw/sw-config.ts';

export type { ServiceWorkerRequest };

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
