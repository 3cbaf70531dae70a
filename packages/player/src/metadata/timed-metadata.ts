import type { TextCue, TextMetadataCue } from '../types/events.ts';

export type TimedCue = TextCue | TextMetadataCue;

/**
 * Timed cues arrive when their segment is downloaded, seconds before they are due; they are
 * released when playback reaches them. Cues left far behind (a seek, a jump to live) are
 * dropped rather than replayed in a burst.
 */
export class CueScheduler {
  #pending: TimedCue[] = [];

  constructor(private readonly staleAfterS = 5) {}

  add(cue: TimedCue): void {
    // A subtitle segment loaded again (after a seek back) brings the same cues: held once.
    const same = (c: TimedCue) =>
      c.type === 'TextCue' && cue.type === 'TextCue' && c.track === cue.track && c.text === cue.text;
    if (this.#pending.some((c) => c.startTime === cue.startTime && c.endTime === cue.endTime && same(c))) return;
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

  /** Drops the pending text cues of the tracks `drop` names (a text track turned off). */
  dropText(drop: (track: string) => boolean): void {
    this.#pending = this.#pending.filter((c) => c.type !== 'TextCue' || !drop(c.track));
  }

  clear(): void {
    this.#pending = [];
  }

  get size(): number {
    return this.#pending.length;
  }
}
