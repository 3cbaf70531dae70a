import { CAPTION_CUE_DURATION_S } from '../types/constants.ts';
import type { TextMetadataCue } from '../types/events.ts';
import { parseId3, type Id3Frame } from './id3.ts';
import type { TimedCue } from './timed-metadata.ts';

/*
 * ID3 in the stream (emsg boxes in fMP4) to captions and timed metadata. The mse sink loads
 * this module when the first tag arrives, not before the first frame: tags arrive a segment
 * ahead of their time, so the few milliseconds of loading never delay a cue.
 */

/** The TXXX description under which the platform sends live captions as timed text. */
export const CAPTION_DESCRIPTION = 'caption';
/** Their TextCue's track: listed in no text track, so always delivered (as before text tracks). */
export const ID3_CAPTION_TRACK = 'id3';

/**
 * Cues for the ID3 frames of one timed-metadata sample at `startTime` (media seconds).
 * A TXXX 'caption' is a caption (a text cue lasting 2 s, SPEC §9); every other frame is a
 * text metadata cue (SPEC §3): description and text from TXXX, the owner from PRIV.
 */
export function cuesFromId3(frames: readonly Id3Frame[], startTime: number): TimedCue[] {
  const cues: TimedCue[] = [];
  for (const frame of frames) {
    if ('description' in frame && frame.description === CAPTION_DESCRIPTION) {
      const endTime = startTime + CAPTION_CUE_DURATION_S;
      cues.push({ type: 'TextCue', startTime, endTime, text: frame.value, track: ID3_CAPTION_TRACK });
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

/** Cues for every timed-metadata sample hls.js parsed (tag bytes and their media time). */
export function cuesFromSamples(samples: readonly { data: Uint8Array; pts: number }[]): TimedCue[] {
  return samples.flatMap((sample) => cuesFromId3(parseId3(sample.data), sample.pts));
}
