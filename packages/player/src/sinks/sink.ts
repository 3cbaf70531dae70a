import type { PlayerError, SinkType } from '../types.ts';

/**
 * The seam between the Player facade and whatever turns a URL into pictures on the media
 * element. A sink owns only the source; the player owns the element's play/pause/volume.
 * Later sinks (mse-worker, chromecast) implement the same interface.
 */
export interface Sink {
  readonly type: SinkType;
  load(url: string): void;
  destroy(): void;
}

/** What a sink may tell its owner: a narrow callback interface, never the player itself. */
export interface SinkHost {
  readonly video: HTMLVideoElement;
  onError(error: PlayerError): void;
}
