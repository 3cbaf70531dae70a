import { lazySink } from '../lazy-sink.ts';
import type { SinkFactory } from '../sink.ts';
import type { WorkerContainer } from './sw-host.ts';

/**
 * The browser's own HLS: the sink where MediaSource is missing (Safari on iOS). Its code loads
 * only when it is chosen (lazy-sink.ts), never before a first frame on MediaSource browsers.
 */
export const passthroughSinkFactory: SinkFactory = {
  type: 'passthrough',
  supported: (capabilities) => capabilities.nativeHls,
  create: (host, env) =>
    lazySink('passthrough', host, () =>
      import('./passthrough-sink.ts').then((m) => m.createPassthroughSink(host, env, serviceWorkerContainer())),
    ),
};

/** The page's service workers, where it has them (a secure context, no sandbox without same-origin). */
function serviceWorkerContainer(): WorkerContainer | null {
  try {
    return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  } catch {
    // A sandboxed frame without allow-same-origin throws on reading it.
    return null;
  }
}
