import type { SinkCapabilities, SinkFactory } from './sink.ts';
import type { SinkType } from '../types/sink-type.ts';

/** The sinks a player can create, by type (hls.js `config.xController` style: swap one in config). */
export type SinkRegistry = Partial<Record<SinkType, Pick<SinkFactory, 'supported'>>>;

/**
 * Automatic choice, best first: our worker engine with MediaSource in the worker, the same
 * engine with MediaSource on the page, hls.js over MediaSource, then the browser's own HLS.
 * `chromecast` and `webview` are never chosen automatically: a viewer (cast) or a host app
 * picks them with setSinkType.
 */
export const AUTO_SINK_ORDER: readonly SinkType[] = ['mse-worker', 'default-media-source', 'mse', 'passthrough'];

/** The sinks that share one engine: a source one declines, the other would decline too. */
const SAME_ENGINE: readonly SinkType[][] = [['mse-worker', 'default-media-source']];

/** What may play a source `declined` declined, best first: later sinks on another engine. */
export function orderAfterDecline(declined: SinkType): SinkType[] {
  const siblings = SAME_ENGINE.find((group) => group.includes(declined)) ?? [declined];
  return AUTO_SINK_ORDER.slice(AUTO_SINK_ORDER.indexOf(declined) + 1).filter((type) => !siblings.includes(type));
}

export interface SinkSelection {
  registry: SinkRegistry;
  /** A sink asked for by name (config.sink, setSinkType): that one or nothing. */
  preferred?: SinkType;
  order?: readonly SinkType[];
}

/**
 * Picks the sink for a load. MediaSource wins whenever it exists, even where the browser also
 * plays HLS natively (Chromium does both): our engine then decides latency and quality, not
 * the browser's. null: no registered sink can play here (or the preferred one cannot).
 */
export function selectSink(capabilities: SinkCapabilities, selection: SinkSelection): SinkType | null {
  const usable = (type: SinkType) => selection.registry[type]?.supported(capabilities) === true;
  if (selection.preferred) return usable(selection.preferred) ? selection.preferred : null;
  return (selection.order ?? AUTO_SINK_ORDER).find(usable) ?? null;
}
