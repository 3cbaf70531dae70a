import { mseSinkFactory } from './mse/mse-factory.ts';
import { passthroughSinkFactory } from './passthrough/passthrough-factory.ts';
import type { SinkCapabilities, SinkFactory } from './sink.ts';
import type { SinkType } from '../types/sink-type.ts';

/** H.264 and AAC, what every HLS stream offers at least (hls.js's own support probe). */
const BASELINE_TYPE = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

function mediaSourceSupported(): boolean {
  const ms = globalThis.MediaSource as typeof MediaSource | undefined;
  const sourceBuffer = globalThis.SourceBuffer as typeof SourceBuffer | undefined;
  return (
    typeof ms?.isTypeSupported === 'function' &&
    ms.isTypeSupported(BASELINE_TYPE) &&
    typeof sourceBuffer?.prototype.appendBuffer === 'function' &&
    typeof sourceBuffer.prototype.remove === 'function'
  );
}

/** The sinks this build can create; the player config may add or replace entries by type. */
export type SinkFactories = Partial<Record<SinkType, SinkFactory>>;

/**
 * The sinks every web page can have without help. The page adds the worker engine's two
 * (`mse-worker`, `default-media-source`: the worker's URL is its bundler's business,
 * worker/worker-engine-factories.ts); the player adds `chromecast` around its own cast link
 * (sinks/chromecast/); `webview` has no meaning in a web page (types/sink-type.ts). All are known
 * types, so asking for one that is missing is answered with a clear "not available here".
 */
export const DEFAULT_SINKS: SinkFactories = {
  mse: mseSinkFactory,
  passthrough: passthroughSinkFactory,
};

/** What this browser offers the sinks. */
export function probeCapabilities(video: Pick<HTMLMediaElement, 'canPlayType'>): SinkCapabilities {
  const ms = globalThis.MediaSource as (typeof MediaSource & { canConstructInDedicatedWorker?: boolean }) | undefined;
  return {
    mediaSource: mediaSourceSupported(),
    mediaSourceInWorker: ms?.canConstructInDedicatedWorker === true,
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
  };
}
