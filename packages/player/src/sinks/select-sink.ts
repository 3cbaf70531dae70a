import type { SinkType } from '../state.ts';

export interface SinkSupport {
  /** MediaSource can play H.264/AAC (hls.js's own check). */
  mediaSource: boolean;
  /** The media element plays HLS by itself (canPlayType says "maybe" or "probably"). */
  nativeHls: boolean;
}

/**
 * MediaSource wins whenever it exists, even where the browser also plays HLS natively
 * (Chromium does both): our engine then decides latency and quality, not the browser's.
 * Native HLS is the fallback. null: this browser cannot play HLS at all.
 */
export function selectSink(support: SinkSupport, forced?: SinkType): SinkType | null {
  if (forced === 'mse') return support.mediaSource ? 'mse' : null;
  if (forced === 'passthrough') return support.nativeHls ? 'passthrough' : null;
  if (support.mediaSource) return 'mse';
  if (support.nativeHls) return 'passthrough';
  return null;
}
