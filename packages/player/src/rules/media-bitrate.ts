/**
 * statistics.bitrate as measured (SPEC §3): bits of media downloaded per second of media, over
 * the most recent fragments or parts. Not the advertised BANDWIDTH, which is a peak the
 * encoder promised, and not the throughput, which is how fast the network delivered them.
 */
export class MediaBitrateMeter {
  readonly #samples: { bits: number; durationS: number }[] = [];
  #bits = 0;
  #durationS = 0;

  /** @param windowS seconds of media the figure covers (the newest samples). */
  constructor(private readonly windowS = 10) {}

  add(bytes: number, durationS: number): void {
    if (!(bytes > 0) || !(durationS > 0)) return;
    this.#samples.push({ bits: bytes * 8, durationS });
    this.#bits += bytes * 8;
    this.#durationS += durationS;
    // Keep at least one sample: a single fragment longer than the window still measures.
    while (this.#samples.length > 1 && this.#durationS - this.#samples[0]!.durationS >= this.windowS) {
      const old = this.#samples.shift()!;
      this.#bits -= old.bits;
      this.#durationS -= old.durationS;
    }
  }

  /** Bits per second of media; 0 before anything was downloaded. */
  bitrate(): number {
    return this.#durationS > 0 ? Math.round(this.#bits / this.#durationS) : 0;
  }
}
