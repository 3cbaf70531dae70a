import { SOURCE_GROUP, type Quality } from '../types/quality.ts';
import { splitCodecs } from './init-segments.ts';
import { chooseStartLevel } from '../rules/start-level.ts';
import { chooseVariant } from './abr.ts';
import type { Variant } from '../hls/multivariant.ts';

export type QualityRef = Pick<Quality, 'name' | 'bitrate'>;

const key = (q: QualityRef) => `${q.name}/${q.bitrate}`;

export interface ChoiceContext {
  throughputBps: number | null;
  /** Seconds buffered ahead of the position. */
  bufferS: number;
  /** The element's size in device pixels (0 × 0 before it is known). */
  viewport: { width: number; height: number };
  /** SPEC §3 abrTranscodesOnly: automatic choice never picks the source. */
  transcodesOnly: boolean;
  /**
   * Audio-only mode: only an audio-only variant plays (or, where the stream has none, the
   * lowest picture). Out of it, an audio-only variant is never chosen.
   */
  audioOnly: boolean;
}

/** The VIDEO group of an audio-only variant, as Twitch names it. */
const AUDIO_ONLY_GROUP = 'audio_only';

/**
 * A variant without a picture: its CODECS name only audio codecs, or it is in Twitch's
 * `audio_only` group with no resolution. Never a quality a viewer picks from the menu.
 */
export function isAudioOnlyVariant(quality: Pick<Quality, 'codecs' | 'group' | 'height'>): boolean {
  const { video, audio } = splitCodecs(quality.codecs);
  if (audio && !video) return true;
  return quality.group === AUDIO_ONLY_GROUP && quality.height === 0;
}

/**
 * The variants of a source and which one plays: the viewer's choice when it is still
 * offered, else the start rule (start-level.ts) for the first piece and the ABR rule (abr.ts)
 * after. Variants the browser cannot decode, or the player removed (SPEC §4 "ready"), are
 * never chosen.
 */
export class Renditions {
  private variants: Variant[] = [];
  private readonly removed = new Set<string>();
  manual: QualityRef | null = null;

  set(variants: Variant[], isTypeSupported: (mime: string) => boolean): void {
    this.variants = variants;
    for (const { quality } of variants) {
      if (quality.codecs && !isTypeSupported(`video/mp4; codecs="${quality.codecs}"`)) this.removed.add(key(quality));
    }
  }

  get all(): readonly Variant[] {
    return this.variants;
  }

  /** The qualities a viewer may pick: the stream's pictures, not its audio-only variant. */
  /** The pictures; a stream with none (sound alone, at several bitrates) offers its sound. */
  get qualities(): Quality[] {
    const all = this.variants.map((v) => v.quality);
    const pictures = all.filter((q) => !isAudioOnlyVariant(q));
    return pictures.length > 0 ? pictures : all;
  }

  remove(quality: QualityRef): void {
    this.removed.add(key(quality));
  }

  isUsable(index: number): boolean {
    const variant = this.variants[index];
    return variant !== undefined && !this.removed.has(key(variant.quality));
  }

  /** The usable variant just below `index` by bitrate, or -1 at the bottom. */
  below(index: number): number {
    const quality = this.variants[index]?.quality;
    const current = quality?.bitrate ?? 0;
    const picture = quality !== undefined && !isAudioOnlyVariant(quality);
    let best = -1;
    this.variants.forEach((variant, i) => {
      const rate = variant.quality.bitrate;
      // A picture never steps down to no picture (that is the viewer's or host's choice).
      if (!this.isUsable(i) || rate >= current || (picture && isAudioOnlyVariant(variant.quality))) return;
      if (best < 0 || rate > this.variants[best]!.quality.bitrate) best = i;
    });
    return best;
  }

  /** The index to play; -1 when nothing is usable. */
  choose(current: number, starting: boolean, context: ChoiceContext): number {
    const all = this.variants.map((_, i) => i).filter((i) => this.isUsable(i));
    const pictures = all.filter((i) => !isAudioOnlyVariant(this.variants[i]!.quality));
    if (context.audioOnly) {
      const sound = all.filter((i) => !pictures.includes(i));
      // The cheapest audio-only variant; without one, the cheapest picture.
      const pool = sound.length > 0 ? sound : pictures;
      const rate = (i: number) => this.variants[i]!.quality.bitrate;
      return pool.reduce((best, i) => (best < 0 || rate(i) < rate(best) ? i : best), -1);
    }
    const usable = pictures.length > 0 ? pictures : all;
    if (usable.length === 0) return -1;
    const manual = this.manual;
    if (manual) {
      const index = usable.find((i) => key(this.variants[i]!.quality) === key(manual));
      if (index !== undefined) return index;
    }
    const eligible = context.transcodesOnly
      ? usable.filter((i) => this.variants[i]!.quality.group !== SOURCE_GROUP)
      : usable;
    const pool = eligible.length > 0 ? eligible : usable;
    const candidates = pool.map((i) => this.variants[i]!.quality);
    if (starting) {
      const start = chooseStartLevel(candidates, { ...context.viewport, devicePixelRatio: 1 }, context.throughputBps);
      return pool[start] ?? pool[0]!;
    }
    const choice = chooseVariant({
      candidates,
      current: pool.indexOf(current),
      throughputBps: context.throughputBps,
      bufferS: context.bufferS,
      maxWidth: context.viewport.width,
      maxHeight: context.viewport.height,
    });
    return pool[choice] ?? pool[0]!;
  }
}
