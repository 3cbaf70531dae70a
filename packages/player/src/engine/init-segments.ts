import { trackTimescales } from './fmp4.ts';
import type { MediaTarget, TrackKind } from './media-target.ts';

/** Codecs assumed for a variant without a CODECS attribute: H.264 and AAC, as browsers do. */
const DEFAULT_CODECS = 'avc1.42e01e,mp4a.40.2';
/** …and for an audio rendition whose variant names no audio codec: AAC-LC. */
const DEFAULT_AUDIO_CODECS = 'mp4a.40.2';

/** Whether a codec (a CODECS entry) is an audio one: AAC, AC-3, E-AC-3, Opus, FLAC, MP3. */
export function isAudioCodec(codec: string): boolean {
  return /^(mp4a|ac-3|ec-3|opus|flac|mp3|\.mp3)/i.test(codec.trim());
}

/**
 * A variant's CODECS split by track: with its audio in an alternate rendition, the variant's
 * own media holds only the video codecs, and the audio SourceBuffer takes the rest.
 */
export function splitCodecs(codecs: string): { video: string; audio: string } {
  const list = codecs
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    video: list.filter((c) => !isAudioCodec(c)).join(','),
    audio: list.filter(isAudioCodec).join(','),
  };
}

/** The SourceBuffer type of a track for `codecs` (a CODECS attribute, or its part for the track). */
export function trackMime(track: TrackKind, codecs: string): string {
  if (track === 'audio') return `audio/mp4; codecs="${codecs || DEFAULT_AUDIO_CODECS}"`;
  // An audio-only variant's own media (no picture): an audio SourceBuffer.
  if (codecs && !splitCodecs(codecs).video) return `audio/mp4; codecs="${codecs}"`;
  return `video/mp4; codecs="${codecs || DEFAULT_CODECS}"`;
}

/**
 * A track's SourceBuffer set-up: its type (created on the first init segment, `changeType`
 * when a variant's codecs differ) and the init segment in force, whose track timescales turn a
 * fragment's tfdt into seconds.
 */
export class InitSegments {
  private url: string | null = null;
  private mime: string | null = null;
  timescales: ReadonlyMap<number, number> = new Map();

  constructor(readonly track: TrackKind = 'main') {}

  /** A new SourceBuffer: the next piece needs its type and init segment again. */
  forget(): void {
    this.url = null;
    this.mime = null;
  }

  needs(mapUrl: string | null): mapUrl is string {
    return mapUrl !== null && mapUrl !== this.url;
  }

  /**
   * Creates the track's SourceBuffer for `codecs` now, before any init segment: every track's
   * must exist before the first append to any (media-target.ts). Nothing when it is in force.
   */
  async prepare(target: MediaTarget, codecs: string): Promise<void> {
    const mime = trackMime(this.track, codecs);
    if (mime === this.mime) return;
    this.mime = mime;
    await target.configure(mime, this.track);
  }

  /** Puts the init segment `bytes` (from `mapUrl`) in force, for media of `codecs`. */
  async apply(target: MediaTarget, mapUrl: string, bytes: Uint8Array, codecs: string): Promise<void> {
    const mime = trackMime(this.track, codecs);
    if (mime !== this.mime) await target.configure(mime, this.track);
    this.mime = mime;
    await target.append(bytes, this.track);
    this.timescales = trackTimescales(bytes);
    this.url = mapUrl;
  }
}
