import { ErrorCode, ErrorType } from '../types/errors.ts';
import type { Sink, SinkHost } from './sink.ts';
import type { SinkType } from '../types/sink-type.ts';

type Command = 'load' | 'reload' | 'setQuality' | 'setLowLatency' | 'setLiveMaxLatency' | 'seekToLiveEdge';

/**
 * A sink whose code loads on first use (a dynamic import), so sinks most browsers never pick
 * (passthrough, later cast) stay out of the JavaScript the first frame waits for. Commands
 * wait in order until the real sink exists; readings answer "unknown" meanwhile. A destroyed
 * lazy sink destroys the real one the moment it arrives; a chunk that fails to load is a
 * fatal network error of the sink.
 */
export function lazySink(type: SinkType, host: Pick<SinkHost, 'onError'>, load: () => Promise<Sink>): Sink {
  let real: Sink | null = null;
  let destroyed = false;
  const waiting: ((sink: Sink) => void)[] = [];

  void load().then(
    (sink) => {
      if (destroyed) return sink.destroy();
      real = sink;
      for (const run of waiting.splice(0)) run(sink);
    },
    (error: unknown) => {
      if (destroyed) return;
      const message = `The ${type} sink could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
      host.onError({
        type: ErrorType.Network,
        code: ErrorCode.NetworkUnreachable,
        source: 'sink',
        message,
        fatal: true,
      });
    },
  );

  const later = (run: (sink: Sink) => void): void => {
    if (real) run(real);
    else if (!destroyed) waiting.push(run);
  };
  const command =
    <K extends Command>(name: K) =>
    (...args: Parameters<Sink[K]>): void =>
      later((sink) => (sink[name] as (...a: Parameters<Sink[K]>) => void)(...args));

  return {
    type,
    load: command('load'),
    reload: command('reload'),
    setQuality: command('setQuality'),
    setLowLatency: command('setLowLatency'),
    setLiveMaxLatency: command('setLiveMaxLatency'),
    seekToLiveEdge: command('seekToLiveEdge'),
    // The optional choices, for a real sink that has them (hls.js: audio and text tracks).
    setAudioTrack: (id) => later((sink) => sink.setAudioTrack?.(id)),
    setTextTrack: (id) => later((sink) => sink.setTextTrack?.(id)),
    setIdentity: (identity) => later((sink) => sink.setIdentity?.(identity)),
    bandwidthEstimate: () => real?.bandwidthEstimate() ?? 0,
    mediaBitrate: () => real?.mediaBitrate() ?? 0,
    playingDateMs: () => real?.playingDateMs() ?? null,
    lowLatencyTarget: () => real?.lowLatencyTarget() ?? null,
    liveEdgeDistance: () => real?.liveEdgeDistance() ?? null,
    isLive: () => real?.isLive() ?? false,
    delayNextMediaManifest: (delayInMs) => real?.delayNextMediaManifest?.(delayInMs),
    driftDetection: () => real?.driftDetection?.() ?? null,
    manifestLoads: () => real?.manifestLoads?.() ?? null,
    destroy() {
      destroyed = true;
      waiting.length = 0;
      real?.destroy();
    },
  };
}
