/** SPEC §3 "Quality". A group of 'chunked' means the source quality. */
export interface Quality {
  name: string;
  group: string;
  codecs: string;
  bitrate: number;
  width: number;
  height: number;
  framerate: number;
}

export const SOURCE_GROUP = 'chunked';

/**
 * An audio track a viewer may choose (not shown in the spec): an alternate audio rendition of
 * the stream (EXT-X-MEDIA TYPE=AUDIO), by its NAME. `language` is its RFC 5646 tag ('' when
 * the stream gives none).
 */
export interface AudioTrack {
  id: string;
  name: string;
  language: string;
  default: boolean;
}

/**
 * A text track a viewer may turn on (not shown in the spec): subtitles in their own playlist
 * (EXT-X-MEDIA TYPE=SUBTITLES; the id is its NAME, as an audio track's) or CEA-608 captions
 * carried in the video (kind `captions`, id `cc1` … `cc4`, named by the stream's
 * CLOSED-CAPTIONS rendition where it has one). `language` is its RFC 5646 tag ('' when the
 * stream gives none); `default` is the stream's DEFAULT=YES, which turns nothing on by itself.
 */
export interface TextTrack {
  id: string;
  name: string;
  language: string;
  kind: 'subtitles' | 'captions';
  default: boolean;
}

export type CodecFamily = 'avc' | 'hevc' | 'av1' | 'vp9' | 'aac' | 'other';

export function codecFamily(codec: string): CodecFamily {
  const c = codec.trim().toLowerCase();
  if (c.startsWith('avc1') || c.startsWith('avc3')) return 'avc';
  if (c.startsWith('hvc1') || c.startsWith('hev1')) return 'hevc';
  if (c.startsWith('av01')) return 'av1';
  if (c.startsWith('vp09') || c === 'vp9') return 'vp9';
  if (c.startsWith('mp4a')) return 'aac';
  return 'other';
}

export interface CodecPolicy {
  /** Families an experiment disabled (control / holdback). */
  disabled: ReadonlySet<CodecFamily>;
  /** Families an experiment forces on: no platform support check. */
  forced: ReadonlySet<CodecFamily>;
}

export const NO_CODEC_POLICY: CodecPolicy = { disabled: new Set(), forced: new Set() };

/**
 * SPEC §4 "ready": qualities the browser cannot play are filtered out (and then removed from
 * the engine). A quality is playable when every one of its codecs is either forced on by an
 * experiment or supported (`isTypeSupported` of `video/mp4; codecs="…"`) and not disabled.
 */
export function isQualityPlayable(
  quality: Pick<Quality, 'codecs'>,
  isTypeSupported: (mime: string) => boolean,
  policy: CodecPolicy = NO_CODEC_POLICY,
): boolean {
  const codecs = quality.codecs
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  // No CODECS attribute: the browser will find out; assume the common H.264/AAC.
  if (codecs.length === 0) return true;
  return codecs.every((codec) => {
    const family = codecFamily(codec);
    if (policy.disabled.has(family)) return false;
    if (policy.forced.has(family)) return true;
    return isTypeSupported(`video/mp4; codecs="${codec}"`);
  });
}

export function partitionQualities<Q extends Pick<Quality, 'codecs'>>(
  qualities: readonly Q[],
  isTypeSupported: (mime: string) => boolean,
  policy: CodecPolicy = NO_CODEC_POLICY,
): { playable: Q[]; unplayable: Q[] } {
  const playable: Q[] = [];
  const unplayable: Q[] = [];
  for (const q of qualities) (isQualityPlayable(q, isTypeSupported, policy) ? playable : unplayable).push(q);
  return { playable, unplayable };
}

/** A readable name: '720p' (or '720p60' above 30 fps), else the bitrate in kbps. */
export function qualityName(height: number, framerate: number, bitrate: number): string {
  if (height > 0) return `${height}p${framerate > 30.5 ? Math.round(framerate) : ''}`;
  return `${Math.round(bitrate / 1000)}kbps`;
}

export function sameQuality(a: Quality | null, b: Quality | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.name === b.name && a.bitrate === b.bitrate && a.codecs === b.codecs;
}

/** What a multivariant playlist says of a variant (hls.js's parsed level fits it too). */
export interface VariantDescription {
  attrs: { CODECS?: string; RESOLUTION?: string; 'FRAME-RATE'?: string; VIDEO?: string };
  bitrate: number;
  width?: number;
  height?: number;
  videoCodec?: string;
  audioCodec?: string;
}

/**
 * The quality a variant is shown as. The group is the variant's VIDEO rendition group where it
 * has one (the origin names the source's `chunked`, as the big platforms do), else the
 * quality's own name.
 */
export function variantToQuality(level: VariantDescription): Quality {
  const codecs = level.attrs.CODECS ?? [level.videoCodec, level.audioCodec].filter(Boolean).join(',');
  const [width, height] = (level.attrs.RESOLUTION ?? '').split('x').map(Number);
  const framerate = Number(level.attrs['FRAME-RATE'] ?? 0);
  const h = level.height || height || 0;
  const name = qualityName(h, framerate, level.bitrate);
  const group = level.attrs.VIDEO || name;
  return { name, group, codecs, bitrate: level.bitrate, width: level.width || width || 0, height: h, framerate };
}
