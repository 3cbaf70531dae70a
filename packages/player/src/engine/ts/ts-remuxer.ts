import { Transmuxer, type TransmuxedSegment } from 'mux.js/lib/mp4/transmuxer.js';

/** A CEA-608 caption the transmuxer found in the video's SEI (seconds on the media timeline). */
export interface RemuxedCaption {
  startTime: number;
  endTime: number;
  text: string;
  /** CC1…CC4. */
  stream: string;
}

/** One MPEG-TS segment as fMP4: the init segment of its tracks, their moof+mdat, its captions. */
export interface Remuxed {
  init: Uint8Array;
  media: Uint8Array;
  captions: RemuxedCaption[];
}

export interface TsRemuxer {
  /** The segment's bytes as fMP4, or null when it held no media. */
  remux(bytes: Uint8Array): Remuxed | null;
  /** A new timeline (a discontinuity, a restart elsewhere): nothing carries over. */
  reset(): void;
}

/**
 * MPEG-TS segments (H.264 and AAC, CEA-608 captions in the video's SEI) to fMP4, with mux.js,
 * the transmuxer Video.js ships: audio and video in one fragment, and timestamps kept as the
 * segment carries them (PTS), so consecutive segments meet on the media timeline the way our
 * engine's fMP4 ones do and the timeline's anchor reads them the same way. Synchronous: mux.js's
 * streams emit as they are flushed. It runs in the engine's worker, loaded there only when a
 * stream has such segments (engine/engine-worker.ts): 20 KiB gzip no fMP4 stream pays for.
 */
export function createTsRemuxer(): TsRemuxer {
  let transmuxer = make();
  let out: TransmuxedSegment[] = [];

  function make(): Transmuxer {
    const next = new Transmuxer({ keepOriginalTimestamps: true, remux: true });
    next.on('data', (segment) => out.push(segment));
    return next;
  }

  return {
    remux(bytes) {
      out = [];
      transmuxer.push(bytes);
      transmuxer.flush();
      const segments = out;
      out = [];
      const last = segments.at(-1);
      if (!last) return null;
      const size = segments.reduce((total, s) => total + s.data.byteLength, 0);
      const media = new Uint8Array(size);
      let at = 0;
      for (const segment of segments) {
        media.set(segment.data, at);
        at += segment.data.byteLength;
      }
      const captions = segments.flatMap((s) =>
        s.captions.map(({ startTime, endTime, text, stream }) => ({ startTime, endTime, text, stream })),
      );
      return { init: last.initSegment, media, captions };
    },
    reset() {
      transmuxer = make();
    },
  };
}
