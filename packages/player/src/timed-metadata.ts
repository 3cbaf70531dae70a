import { CAPTION_CUE_DURATION_S } from './constants.ts';
import type { TextCue, TextMetadataCue } from './events.ts';
import type { Id3Frame } from './id3.ts';

/** The TXXX description under which the platform sends live captions as timed text. */
export const CAPTION_DESCRIPTION = 'caption';

export type TimedCue = TextCue | TextMetadataCue;

/**
 * Cues for the ID3 frames of one timed-metadata sample at `startTime` (media seconds).
 * A TXXX 'caption' is a caption (a text cue lasting 2 s, SPEC §9); every other frame is a
 * text metadata cue (SPEC §3): description and text from TXXX, the owner from PRIV.
 */
export function cuesFromId3(frames: readonly Id3Frame[], startTime: number): TimedCue[] {
  const cues: TimedCue[] = [];
  for (const frame of frames) {
    if ('description' in frame && frame.description === CAPTION_DESCRIPTION) {
      cues.push({ type: 'TextCue', startTime, endTime: startTime + CAPTION_CUE_DURATION_S, text: frame.value });
    } else if ('description' in frame) {
      cues.push(metadataCue(startTime, frame.description, frame.value, ''));
    } else if ('owner' in frame) {
      cues.push(metadataCue(startTime, frame.id, new TextDecoder().decode(frame.data), frame.owner));
    } else if ('value' in frame) {
      cues.push(metadataCue(startTime, frame.id, frame.value, ''));
    }
  }
  return cues;
}

function metadataCue(startTime: number, description: string, text: string, owner: string): TextMetadataCue {
  return { type: 'TextMetadataCue', description, startTime, endTime: startTime, text, owner };
}

/**
 * Timed cues arrive when their segment is downloaded, seconds before they are due; they are
 * released when playback reaches them. Cues left far behind (a seek, a jump to live) are
 * dropped rather than replayed in a burst.
 */
export class CueScheduler {
  #pending: TimedCue[] = [];

  constructor(private readonly staleAfterS = 5) {}

  add(cue: TimedCue): void {
    const at = this.#pending.findIndex((c) => c.startTime > cue.startTime);
    if (at === -1) this.#pending.push(cue);
    else this.#pending.splice(at, 0, cue);
  }

  /** Cues due at `position`, in time order. */
  due(position: number): TimedCue[] {
    let count = 0;
    while (count < this.#pending.length && this.#pending[count]!.startTime <= position) count++;
    const released = this.#pending.splice(0, count);
    return released.filter((cue) => position - cue.startTime <= this.staleAfterS);
  }

  clear(): void {
    this.#pending = [];
  }

  get size(): number {
    return this.#pending.length;
  }
}
