/**
 * Twitch-style VIDEO groups for the multivariant playlist: each variant
 * names its quality in a group of its own, and the variant carrying the
 * broadcaster's original (the "source" quality) is in the group `chunked`.
 * The player reads a quality's group from the STREAM-INF VIDEO attribute
 * (SPEC §3 "Quality": a group of `chunked` means the source quality).
 *
 * Every variant gets a group, not only the source, so that the player maps
 * all of them the same way instead of inventing a group for the others, and
 * the playlist reads like the ones players are already written against.
 */

/** The group of the source quality, as Twitch spells it. */
export const SOURCE_GROUP_ID = 'chunked';

/**
 * The group of an audio-only variant (audio-rendition.ts), as Twitch spells it: no picture, so
 * no RESOLUTION or FRAME-RATE, and never selected on its own (AUTOSELECT=NO): a player picks it
 * only when asked to play audio alone.
 */
export const AUDIO_ONLY_GROUP = { id: 'audio_only', name: 'Audio only' } as const;

export interface VideoGroup {
  /** `chunked` for the source, else the quality with its frame rate: `480p30`. */
  id: string;
  /** What a quality menu shows: `480p`, `720p60`, `720p (source)`. */
  name: string;
}

interface Picture {
  height: number;
  frameRate: number;
}

/**
 * The group a variant belongs to. The name follows the player's own naming
 * (the frame rate only above 30 fps) so the playlist and the menu agree; the
 * id always carries the rounded frame rate, as Twitch's do, so 720p at 30
 * and at 60 fps never share a group.
 */
export function videoGroup(picture: Picture, isSource: boolean): VideoGroup {
  const fps = Math.round(picture.frameRate);
  const quality = `${picture.height}p${picture.frameRate > 30.5 ? fps : ''}`;
  if (isSource) return { id: SOURCE_GROUP_ID, name: `${quality} (source)` };
  return { id: `${picture.height}p${fps}`, name: quality };
}
