import type { Timers } from '../types/environment.ts';
import type { MediaTarget } from './media-target.ts';
import type { EngineEvent } from './protocol.ts';
import type { SubtitleLoader } from './subtitle-loader.ts';
import type { TsRemuxerLoader } from './ts/transport-stream.ts';

/** What the engine is given: the network, the clock and timers, its MediaSource target, where events go. */
export interface EngineDeps {
  fetch: typeof fetch;
  monotonic(): number;
  /** Wall-clock time (epoch ms): a playlist's Last-Modified is read against it (playlist-age.ts). */
  now(): number;
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  target: MediaTarget;
  emit(event: EngineEvent): void;
  isTypeSupported(mime: string): boolean;
  /**
   * The MPEG-TS remuxer, loaded the first time a stream has such segments; absent (or failing)
   * where the engine cannot have it: it then declines those streams to another sink.
   */
  loadTsRemuxer?: TsRemuxerLoader;
  /** The subtitle loop, loaded the first time a subtitle rendition is shown; absent: none is. */
  loadSubtitles?: SubtitleLoader;
}

export interface EngineOptions {
  lowLatency: boolean;
  bandwidthEstimate: number | null;
  /** SPEC §3 abrTranscodesOnly: automatic quality never picks the source. */
  transcodesOnly: boolean;
  /** Plays the stream's sound alone (renditions.ts): its audio-only variant, else its lowest picture. */
  audioOnly?: boolean;
}
