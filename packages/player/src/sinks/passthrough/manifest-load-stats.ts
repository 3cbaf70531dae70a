import type { ManifestLoadAnalytics } from '../../live-sw/sw-messages.ts';
import type { ManifestLoadSummary } from '../../types/payloads.ts';

export type { ManifestLoadSummary };

/** Sums the worker's manifest-load reports for one load session (pure). */
export class ManifestLoadStats {
  #loads = 0;
  #fromCache = 0;
  #totalMs = 0;
  #media = 0;
  #heldMs = 0;
  #fromParts = 0;
  #firstMediaSegments: number | null = null;

  add(analytics: ManifestLoadAnalytics): void {
    this.#loads += 1;
    this.#totalMs += analytics.totalMs;
    // A running count in every report: the newest is the count.
    this.#fromParts = Math.max(this.#fromParts, analytics.segmentsFromParts);
    if (analytics.fromCache) this.#fromCache += 1;
    if (analytics.kind === 'media') {
      this.#media += 1;
      this.#heldMs += analytics.heldMs;
      this.#firstMediaSegments ??= analytics.segments;
    }
  }

  /** null while the worker reported nothing (no worker, or none yet). */
  summary(): ManifestLoadSummary | null {
    if (this.#loads === 0) return null;
    return {
      loads: this.#loads,
      fromCache: this.#fromCache,
      avgTotalMs: Math.round(this.#totalMs / this.#loads),
      avgHeldMs: this.#media > 0 ? Math.round(this.#heldMs / this.#media) : 0,
      segmentsFromParts: this.#fromParts,
      firstMediaSegments: this.#firstMediaSegments,
    };
  }
}
