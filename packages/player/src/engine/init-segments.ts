import type { Quality } from '../types/quality.ts';
import { trackTimescales } from './fmp4.ts';
import type { MediaTarget } from './media-target.ts';

/** Codecs assumed for a variant without a CODECS attribute: H.264 and AAC, as browsers do. */
const DEFAULT_CODECS = 'avc1.42e01e,mp4a.40.2';

/**
 * The SourceBuffer's set-up: its type (created on the first init segment, `changeType` when a
 * variant's codecs differ) and the init segment in force, whose track timescales turn a
 * fragment's tfdt into seconds.
 */
export class InitSegments {
  private url: string | null = null;
  private mime: string | null = null;
  timescales: ReadonlyMap<number, number> = new Map();

  /** A new SourceBuffer: the next piece needs its type and init segment again. */
  forget(): void {
    this.url = null;
    this.mime = null;
  }

  needs(mapUrl: string | null): mapUrl is string {
    return mapUrl !== null && mapUrl !== this.url;
  }

  /** Puts the init segment `bytes` (from `mapUrl`) of a variant of `quality` in force. */
  async apply(target: MediaTarget, mapUrl: string, bytes: Uint8Array, quality: Quality): Promise<void> {
    const mime = `video/mp4; codecs="${quality.codecs || DEFAULT_CODECS}"`;
    if (mime !== this.mime) await target.configure(mime);
    this.mime = mime;
    await target.append(bytes);
    this.timescales = trackTimescales(bytes);
    this.url = mapUrl;
  }
}
