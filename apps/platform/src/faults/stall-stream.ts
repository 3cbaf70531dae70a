/**
 * A response body that stalls: the first bytes go out at once, the rest after a pause or
 * never. Unlike a delay, the client has its headers and a download in progress, which is
 * what exercises a player's stall/timeout handling rather than its request timeout.
 */

import { Readable } from 'node:stream';

export interface StallOptions {
  /** How long to hold the remaining bytes; `null` = until destroyed. */
  holdMs: number | null;
  /** Bytes sent before holding. */
  leadBytes: number;
  /**
   * Called once when the consumer starts reading, before any bytes. The injector flushes the
   * response headers here: Node otherwise sends them only with the first body bytes, and a
   * stall with no lead bytes would look like a delay to the client.
   */
  onStart?: () => void;
  /** Called once when the stream ends or is destroyed (client gone, server closing). */
  onDone?: () => void;
}

/**
 * Readable over `payload` that pauses after `leadBytes`. Destroying it clears its timer, so
 * a client disconnect or server shutdown leaves nothing pending.
 */
export class StallStream extends Readable {
  readonly #payload: Buffer;
  readonly #options: StallOptions;
  #started = false;
  #timer: NodeJS.Timeout | undefined;
  #done = false;

  constructor(payload: Buffer, options: StallOptions) {
    super();
    this.#payload = payload;
    this.#options = options;
    this.once('end', () => this.#finish());
  }

  override _read(): void {
    if (this.#started) return;
    this.#started = true;
    this.#options.onStart?.();
    const lead = Math.min(this.#options.leadBytes, this.#payload.byteLength);
    if (lead > 0) this.push(this.#payload.subarray(0, lead));
    const { holdMs } = this.#options;
    if (holdMs === null) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (lead < this.#payload.byteLength) this.push(this.#payload.subarray(lead));
      this.push(null);
    }, holdMs);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#finish();
    callback(error);
  }

  #finish(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#done) return;
    this.#done = true;
    this.#options.onDone?.();
  }
}
