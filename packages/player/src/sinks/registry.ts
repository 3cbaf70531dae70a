import { mseSinkFactory, mseSupported } from './mse-sink.ts';
import { lazySink } from './lazy-sink.ts';
import type { SinkCapabilities, SinkFactory } from './sink.ts';
import type { SinkType } from './sink-type.ts';

/**
 * The browser's own HLS: the sink where MediaSource is missing (Safari on iOS). Its code loads
 * only when it is chosen (lazy-sink.ts), never before a first frame on MediaSource browsers.
 */
const passthroughSinkFactory: SinkFactory = {
  type: 'passthrough',
  supported: (capabilities) => capabilities.nativeHls,
  create: (host, env) =>
    lazySink('passthrough', host, () =>
      import('./passthrough-sink.ts').then((m) => m.createPassthroughSink(host, env)),
    ),
};

/** The sinks this build can create; the player config may add or replace entries by type. */
export type SinkFactories = Partial<Record<SinkType, SinkFactory>>;

/**
 * The web build's registry. `mse-worker` and `chromecast` are not built yet (their own
 * issues) and `webview` has no meaning in a web page (sink-type.ts); all three are known
 * types, so asking for one is answered with a clear "not available here".
 */
export const DEFAULT_SINKS: SinkFactories = {
  mse: mseSinkFactory,
  passthrough: passthroughSinkFactory,
};

/** What this browser offers the sinks. */
export function probeCapabilities(video: Pick<HTMLMediaElement, 'canPlayType'>): SinkCapabilities {
  const ms = globalThis.MediaSource as (typeof MediaSource & { canConstructInDedicatedWorker?: boolean }) | undefined;
  return {
    mediaSource: mseSupported(),
    mediaSourceInWorker: ms?.canConstructInDedicatedWorker === true,
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
  };
}
