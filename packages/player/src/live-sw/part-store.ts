import type { Segment } from '../hls/media-playlist.ts';

/**
 * The parts of recent segments the worker fetched ahead (lowLatencyMode.preloadPrefetchSegments),
 * so that a segment can be answered from the worker's own copy the moment it is whole
 * (useLocalSegment), with no second trip to the origin. A segment is its parts laid end to end:
 * each part of a fragmented-MP4 stream is one or more whole fragments (moof + mdat).
 */
export class PartStore {
  readonly #parts = new Map<string, Promise<Uint8Array | null>>();

  /** Starts fetching a part once; a failed part is null (the segment then comes from the origin). */
  fetch(url: string, load: (url: string) => Promise<Uint8Array | null>): void {
    if (this.#parts.has(url)) return;
    this.#parts.set(
      url,
      load(url).catch(() => null),
    );
  }

  has(url: string): boolean {
    return this.#parts.has(url);
  }

  /**
   * The whole segment from its parts, or null when the store lacks one of them, one failed, or
   * the playlist no longer lists the segment's parts.
   */
  async segment(segment: Segment): Promise<Uint8Array | null> {
    if (segment.url === null || segment.parts.length === 0) return null;
    const pending = segment.parts.map((part) => this.#parts.get(part.url));
    if (pending.some((p) => p === undefined)) return null;
    const parts = await Promise.all(pending);
    if (parts.some((p) => p === null)) return null;
    const bytes = new Uint8Array(parts.reduce((sum, p) => sum + p!.byteLength, 0));
    let offset = 0;
    for (const part of parts) {
      bytes.set(part!, offset);
      offset += part!.byteLength;
    }
    return bytes;
  }

  /** Forgets every part not among `keep` (the parts the playlist still lists). */
  retain(keep: ReadonlySet<string>): void {
    for (const url of this.#parts.keys()) if (!keep.has(url)) this.#parts.delete(url);
  }

  clear(): void {
    this.#parts.clear();
  }

  get size(): number {
    return this.#parts.size;
  }
}
