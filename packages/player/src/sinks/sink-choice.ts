import type { ServiceWorkerOptions } from '../live-sw/sw-config.ts';
import type { SinkType } from '../types/sink-type.ts';
import type { SinkFactories } from './registry.ts';
import { orderAfterDecline, selectSink } from './select-sink.ts';
import type { ServiceWorkerRequest, SinkCapabilities } from './sink.ts';
import { requestServiceWorker, sinkOrderFor } from './worker-choice.ts';

export type SinkChoice = { type: SinkType; message?: undefined } | { type: null; message: string };

/**
 * Which sink plays a source: the one rule behind load(), a sink's decline and setSinkType.
 * - a load: the sink asked for by name (config.sink, setSinkType), else the automatic order,
 *   passthrough first where the live-manifest worker is forced (worker-choice.ts); a new source
 *   while a sink plays elsewhere (a receiver) stays there;
 * - a decline: the next sink of the automatic order that is not the same engine, never when a
 *   sink was asked for by name (the page wanted that one).
 * Whether the live-manifest worker is asked for is decided once per element: its capabilities
 * do not change.
 */
export class SinkChooser {
  /** The sink asked for by name; undefined: the best the browser supports. */
  preferred: SinkType | undefined;
  #serviceWorker: { element: HTMLVideoElement; request: ServiceWorkerRequest | null } | null = null;

  constructor(
    private readonly registry: SinkFactories,
    private readonly serviceWorkerOptions: ServiceWorkerOptions | undefined,
    private readonly capabilitiesOf: (video: HTMLVideoElement) => SinkCapabilities,
    preferred: SinkType | undefined,
  ) {
    this.preferred = preferred;
  }

  serviceWorkerFor(video: HTMLVideoElement): ServiceWorkerRequest | null {
    if (this.#serviceWorker?.element !== video) {
      const request = requestServiceWorker(this.serviceWorkerOptions, this.capabilitiesOf(video));
      this.#serviceWorker = { element: video, request };
    }
    return this.#serviceWorker.request;
  }

  /** `remote`: the type of the sink now playing the source elsewhere, if one does. */
  forLoad(video: HTMLVideoElement, remote: SinkType | null): SinkChoice {
    if (remote) return { type: remote };
    const order = sinkOrderFor(this.serviceWorkerFor(video));
    const options = { registry: this.registry, preferred: this.preferred, order };
    const type = selectSink(this.capabilitiesOf(video), options);
    if (type) return { type };
    const message = this.preferred
      ? `The ${this.preferred} sink cannot play in this browser`
      : 'This browser can play neither MediaSource nor native HLS';
    return { type: null, message };
  }

  afterDecline(video: HTMLVideoElement, declined: SinkType, reason: string): SinkChoice {
    const order = orderAfterDecline(declined);
    const type = this.preferred ? null : selectSink(this.capabilitiesOf(video), { registry: this.registry, order });
    return type ? { type } : { type: null, message: `The ${declined} sink cannot play this source: ${reason}` };
  }

  /** Whether `type` can be asked for by name on this element (setSinkType). */
  usable(type: SinkType, video: HTMLVideoElement | null): boolean {
    const factory = this.registry[type];
    return factory !== undefined && (!video || factory.supported(this.capabilitiesOf(video)));
  }
}
