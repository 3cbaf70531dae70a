import { AAC_FRAME_SAMPLES, AdtsReader, audioSpecificConfig } from './adts.ts';
import {
  avcConfiguration,
  carriesCaptions,
  NAL_IDR,
  NAL_PPS,
  NAL_SPS,
  nalType,
  nalUnits,
  parseSps,
  sampleOf,
} from './h264.ts';
import {
  audioFragment,
  concat,
  initSegment,
  videoFragment,
  type AudioTrackInfo,
  type VideoSample,
  type VideoTrackInfo,
} from './mp4-writer.ts';
import { demuxTs, newDemuxState } from './ts-demux.ts';
import type { TsRemuxer } from './ts-remuxer.ts';

/** MPEG-TS timestamps are 33 bits of a 90 kHz clock: they wrap every 26.5 hours. */
const WRAP = 2 ** 33;
/** A last video sample's duration where the segment gives no next one to measure it by: 30 fps. */
const FALLBACK_FRAME = 3000;

/** `value` moved by whole wraps to within half a wrap of `reference`. */
export function unwrapped(value: number, reference: number): number {
  let out = value;
  while (out - reference > WRAP / 2) out -= WRAP;
  while (reference - out > WRAP / 2) out += WRAP;
  return out;
}

function sameBytes(a: Uint8Array | null, b: Uint8Array): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * MPEG-TS segments (H.264 and ADTS AAC) to fMP4 with our own reader and writer (ts-demux.ts,
 * h264.ts, adts.ts, mp4-writer.ts): a moof+mdat for the video, one for the audio, and the init
 * segment of the tracks present, with the segments' own timestamps (PTS, not rebased), as the
 * mux.js path gives them. Captions in the video's SEI are not read here: `captionsSeen` says
 * they are there (ts-remuxers.ts then hands the stream to mux.js, which reads them).
 */
export interface OwnTsRemuxer extends TsRemuxer {
  /** Whether a segment's video carried CEA-608/708 caption data, which this remuxer does not read. */
  captionsSeen: boolean;
}

export function createOwnTsRemuxer(): OwnTsRemuxer {
  let demux = newDemuxState();
  let adts = new AdtsReader();
  let sps: Uint8Array | null = null;
  let pps: Uint8Array | null = null;
  let video: VideoTrackInfo | null = null;
  let audio: AudioTrackInfo | null = null;
  let reference: number | null = null;
  let lastFrame = FALLBACK_FRAME;
  let sequence = 0;

  const time = (value: number) => {
    reference = reference === null ? value : unwrapped(value, reference);
    return reference;
  };

  function videoSamples(packets: ReturnType<typeof demuxTs>['video']): { base: number; samples: VideoSample[] } | null {
    const units = packets.map((packet) => ({
      pts: time(packet.pts),
      dts: time(packet.dts),
      units: nalUnits(packet.data),
    }));
    for (const { units: nal } of units) {
      for (const unit of nal) {
        const type = nalType(unit);
        if (type === NAL_SPS && !sameBytes(sps, unit)) [sps, video] = [unit.slice(), null];
        if (type === NAL_PPS && !sameBytes(pps, unit)) [pps, video] = [unit.slice(), null];
        if (!remuxer.captionsSeen && carriesCaptions(unit)) remuxer.captionsSeen = true;
      }
    }
    if (!video && sps && pps) {
      const parameters = parseSps(sps);
      video = { width: parameters.width, height: parameters.height, avcC: avcConfiguration(sps, pps) };
    }
    const access = units.filter((unit) => unit.units.length > 0);
    if (access.length === 0 || !video) return null;
    const samples = access.map((unit, i): VideoSample => {
      const next = access[i + 1];
      if (next && next.dts > unit.dts) lastFrame = next.dts - unit.dts;
      return {
        duration: lastFrame,
        compositionOffset: unit.pts - unit.dts,
        key: unit.units.some((nal) => nalType(nal) === NAL_IDR),
        ...sampleOf(unit.units),
      };
    });
    return { base: access[0]!.dts, samples };
  }

  const remuxer: OwnTsRemuxer = {
    captionsSeen: false,
    remux(bytes) {
      const demuxed = demuxTs(bytes, demux);
      const pictures = videoSamples(demuxed.video);
      const frames = demuxed.audio.flatMap((packet) => adts.read(packet.data, time(packet.pts)));
      const config = adts.config;
      if (config && !audio) {
        audio = { sampleRate: config.sampleRate, channels: config.channels, config: audioSpecificConfig(config) };
      }
      if (!pictures && frames.length === 0) return null;
      // The audio's fragment first, as mux.js wrote them: where the engine reads a segment's
      // start (fmp4.ts fragmentStartTime), it reads the same track as before.
      const parts: Uint8Array[] = [];
      if (audio && frames.length > 0) {
        // Floored, as mux.js does: a stream moving from one remuxer to the other (captions) keeps its times.
        const base = Math.floor((frames[0]!.pts * audio.sampleRate) / 90_000);
        parts.push(
          ...audioFragment(
            ++sequence,
            base,
            frames.map((frame) => frame.data),
            AAC_FRAME_SAMPLES,
          ),
        );
      }
      if (pictures) parts.push(...videoFragment(++sequence, pictures.base, pictures.samples));
      const media = concat(parts);
      // The tracks named so far, whether this segment had samples of each or not: the init
      // segment stays the same from one segment to the next.
      return { init: initSegment(video, audio), media, captions: [] };
    },
    reset() {
      demux = newDemuxState();
      adts = new AdtsReader();
      sps = pps = video = audio = null;
      reference = null;
      lastFrame = FALLBACK_FRAME;
    },
  };
  return remuxer;
}
