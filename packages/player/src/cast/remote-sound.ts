/**
 * The viewer's own volume and mute while casting, against the receiver's reports. The receiver
 * reports its status on every change, and a report it sent before a request arrives after it:
 * taken as it is, it would put back the state the viewer just changed (the page then decides
 * the next request from the wrong state: the slider would not unmute a TV it thinks is not
 * muted). So what the viewer asked wins over reports that disagree until one agrees, or for
 * SOUND_HOLD_MS at most (a receiver that refused the change, or changed it on its own remote).
 */
export const SOUND_HOLD_MS = 2000;

/** Receivers may keep volume coarser than asked (a float32, a step of a TV's scale). */
const VOLUME_TOLERANCE = 0.01;

export interface Sound {
  volume: number;
  muted: boolean;
}

/** What the viewer asked last, and when (ms on the monotonic clock); null fields were not asked. */
export interface SoundAsk {
  volume: number | null;
  muted: boolean | null;
  at: number;
}

/** The viewer asked for more: one ask holds the newest of each field. */
export function askSound(previous: SoundAsk | null, change: Partial<Sound>, now: number): SoundAsk {
  return {
    volume: change.volume ?? previous?.volume ?? null,
    muted: change.muted ?? previous?.muted ?? null,
    at: now,
  };
}

/** The sound to show for a receiver's report, and what is still held. */
export function reconcileSound(
  reported: Sound,
  ask: SoundAsk | null,
  now: number,
): { sound: Sound; ask: SoundAsk | null } {
  if (!ask || now - ask.at >= SOUND_HOLD_MS) return { sound: reported, ask: null };
  const volumeAgrees = ask.volume === null || Math.abs(reported.volume - ask.volume) <= VOLUME_TOLERANCE;
  const mutedAgrees = ask.muted === null || reported.muted === ask.muted;
  if (volumeAgrees && mutedAgrees) return { sound: reported, ask: null };
  return { sound: { volume: ask.volume ?? reported.volume, muted: ask.muted ?? reported.muted }, ask };
}
