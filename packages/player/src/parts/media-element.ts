import type { BufferedRange } from '../types/state.ts';

/** The media element events the player listens to (and removes again on detach). */
export const MEDIA_EVENTS = [
  'loadedmetadata',
  'playing',
  'waiting',
  'pause',
  'ended',
  'emptied',
  'volumechange',
  'ratechange',
  'seeked',
  'durationchange',
  'timeupdate',
  'error',
] as const;

export function ranges(buffered: TimeRanges): BufferedRange[] {
  const list: BufferedRange[] = [];
  for (let i = 0; i < buffered.length; i++) list.push({ start: buffered.start(i), end: buffered.end(i) });
  return list;
}
