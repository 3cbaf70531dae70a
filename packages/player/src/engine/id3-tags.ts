import { eventMessages, ID3_SCHEME } from './fmp4.ts';

export interface Id3Sample {
  data: Uint8Array;
  /** Seconds on the media timeline. */
  pts: number;
}

/** Tags remembered to skip repeats: far more than a restart at the live edge loads again. */
const REMEMBERED = 256;

/**
 * The ID3 tags a fragment carries in emsg boxes, each tag once: a restart at the live edge
 * may load a piece again, and a cue shown twice is a bug a viewer sees.
 */
export class Id3Tags {
  private seen: string[] = [];

  take(fragment: Uint8Array, fragmentStart: number | null): Id3Sample[] {
    const samples: Id3Sample[] = [];
    for (const message of eventMessages(fragment, fragmentStart ?? 0)) {
      const key = `${message.id}@${message.time}`;
      if (message.scheme !== ID3_SCHEME || this.seen.includes(key)) continue;
      this.seen.push(key);
      // A copy: the fragment's buffer is appended (and may be transferred), the tag travels alone.
      samples.push({ data: message.data.slice(), pts: message.time });
    }
    if (this.seen.length > REMEMBERED) this.seen = this.seen.slice(-REMEMBERED);
    return samples;
  }
}
