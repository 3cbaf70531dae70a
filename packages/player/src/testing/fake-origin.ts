/**
 * A tiny LL-HLS origin for the engine's unit tests, on vitest's fake timers: two renditions,
 * 1 s segments of 4 parts, parts published by `publish()`, blocking reloads and hinted parts
 * held until published, faults by URL. Media bytes are real boxes: an init segment with a
 * 90 kHz video track and fragments whose tfdt is the part's epoch time (as our origin does).
 */

/** An ISO BMFF box of `type` around `payload`. */
export function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const size = 8 + payload.reduce((n, p) => n + p.byteLength, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  let at = 8;
  for (const p of payload) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Big-endian 32-bit words. */
export function u32(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  values.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v));
  return out;
}

/** A big-endian 64-bit word. */
export function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value);
  return out;
}

export const TIMESCALE = 90_000;
export const PART_S = 0.25;
export const PARTS_PER_SEGMENT = 4;
/** Media time (s) of segment 0; segment n starts at EPOCH_S + n. */
export const EPOCH_S = 1_790_000_000;

export function initSegment(): Uint8Array {
  const trak = box('trak', box('tkhd', u32(0, 0, 0, 1, 0)), box('mdia', box('mdhd', u32(0, 0, 0, TIMESCALE, 0))));
  return new Uint8Array([...box('ftyp', u32(0)), ...box('moov', trak)]);
}

/** An emsg (version 1) carrying a stand-in ID3 tag for segment `msn`, at its start. */
export function id3Emsg(msn: number): Uint8Array {
  const scheme = new TextEncoder().encode('https://aomedia.org/emsg/ID3\0\0');
  const time = new Uint8Array(8);
  new DataView(time.buffer).setBigUint64(0, BigInt((EPOCH_S + msn) * 1000));
  return box(
    'emsg',
    new Uint8Array([1, 0, 0, 0]),
    u32(1000),
    time,
    u32(0, msn),
    scheme,
    new Uint8Array([0x49, 0x44, 0x33, msn & 0xff]),
  );
}

export function fragment(seconds: number, padding = 100): Uint8Array {
  const tfdt = new Uint8Array(12);
  tfdt[0] = 1;
  new DataView(tfdt.buffer).setBigUint64(4, BigInt(Math.round(seconds * TIMESCALE)));
  const moof = box('moof', box('traf', box('tfhd', u32(0, 1)), box('tfdt', tfdt)));
  return new Uint8Array([...moof, ...box('mdat', new Uint8Array(padding))]);
}

interface Held {
  ready: () => boolean;
  resolve: () => void;
}

export class FakeOrigin {
  /** Parts published so far, counting from part 0 of segment 0. */
  published = 0;
  readonly requests: string[] = [];
  /** Each request's credentials mode, in the same order. */
  readonly credentials: (RequestCredentials | undefined)[] = [];
  /** URL substring → HTTP status answered instead (once per entry, `times` times). */
  readonly faults: { match: string; status: number; times: number }[] = [];
  /** mdat bytes per piece: larger pieces look like a faster link to the throughput estimate. */
  padding = 100;
  /** Renditions with a keyframe in every part: each of their parts is listed INDEPENDENT. */
  independentParts: string[] = [];
  private held: Held[] = [];
  /**
   * Alternate audio renditions (languages), each with its own playlist at `audio-{lang}/`:
   * with any, every variant plays with the group `aud` (the first is DEFAULT=YES).
   */
  audioLanguages: string[] = [];
  /**
   * WebVTT subtitle renditions (languages), each with its own playlist at `subs-{lang}/` of
   * whole segments numbered as the media's, each holding one cue at its start, timed by an
   * X-TIMESTAMP-MAP taken modulo 2^33 as an MPEG-2 clock would: every variant names the group.
   */
  subtitleLanguages: string[] = [];

  constructor(
    readonly base = 'https://origin.test/hls/ch/',
    readonly renditions = [
      { name: '360p', bandwidth: 700_000, resolution: '640x360' },
      { name: '720p', bandwidth: 2_200_000, resolution: '1280x720' },
    ],
  ) {}

  /** Publishes `n` more parts and answers the requests that were waiting for them. */
  publish(n = 1): void {
    this.published += n;
    const waiting = this.held;
    this.held = [];
    for (const h of waiting) {
      if (h.ready()) h.resolve();
      else this.held.push(h);
    }
  }

  multivariant(): string {
    const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
    this.audioLanguages.forEach((lang, i) =>
      lines.push(
        `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="${lang}",LANGUAGE="${lang}",DEFAULT=${i === 0 ? 'YES' : 'NO'},URI="audio-${lang}/media.m3u8"`,
      ),
    );
    this.subtitleLanguages.forEach((lang, i) =>
      lines.push(
        `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${lang}",LANGUAGE="${lang}",DEFAULT=${i === 0 ? 'YES' : 'NO'},URI="subs-${lang}/media.m3u8"`,
      ),
    );
    const audio =
      (this.audioLanguages.length > 0 ? ',AUDIO="aud"' : '') +
      (this.subtitleLanguages.length > 0 ? ',SUBTITLES="subs"' : '');
    for (const r of this.renditions) {
      lines.push(
        `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.resolution},CODECS="avc1.64001f,mp4a.40.2"${audio}`,
        `${r.name}/media.m3u8`,
      );
    }
    return `${lines.join('\n')}\n`;
  }

  /**
   * The media playlist now: 3 whole segments, parts for the last 2 and the one in progress,
   * and a rendition report for each other rendition (`rendition` names this one).
   */
  mediaPlaylist(rendition = ''): string {
    const whole = Math.floor(this.published / PARTS_PER_SEGMENT);
    const inProgress = this.published % PARTS_PER_SEGMENT;
    const first = Math.max(0, whole - 3);
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.75,HOLD-BACK=3.0',
      `#EXT-X-PART-INF:PART-TARGET=${PART_S}`,
      `#EXT-X-MEDIA-SEQUENCE:${first}`,
      '#EXT-X-MAP:URI="init.mp4"',
    ];
    const everyPart = this.independentParts.includes(rendition);
    const partLines = (msn: number, count: number) => {
      for (let i = 0; i < count; i++) {
        const independent = i === 0 || everyPart ? ',INDEPENDENT=YES' : '';
        lines.push(`#EXT-X-PART:DURATION=${PART_S},URI="part-${msn}.${i}.m4s"${independent}`);
      }
    };
    for (let msn = first; msn < whole; msn++) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date((EPOCH_S + msn) * 1000).toISOString()}`);
      if (msn >= whole - 2) partLines(msn, PARTS_PER_SEGMENT);
      lines.push('#EXTINF:1.0,', `seg-${msn}.m4s`);
    }
    if (inProgress > 0) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date((EPOCH_S + whole) * 1000).toISOString()}`);
      partLines(whole, inProgress);
    }
    lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-${whole}.${inProgress}.m4s"`);
    const last = this.published - 1;
    for (const other of this.renditions.filter((r) => r.name !== rendition)) {
      const at = `LAST-MSN=${Math.floor(last / PARTS_PER_SEGMENT)},LAST-PART=${last % PARTS_PER_SEGMENT}`;
      lines.push(`#EXT-X-RENDITION-REPORT:URI="../${other.name}/media.m3u8",${at}`);
    }
    return `${lines.join('\n')}\n`;
  }

  /** A subtitle rendition's playlist: the whole segments of the media's window, as `seg-{msn}.vtt`. */
  subtitlePlaylist(): string {
    const whole = Math.floor(this.published / PARTS_PER_SEGMENT);
    const first = Math.max(0, whole - 3);
    const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${first}`];
    for (let msn = first; msn < whole; msn++) lines.push('#EXTINF:1.0,', `seg-${msn}.vtt`);
    return `${lines.join('\n')}\n`;
  }

  private answer(body: string | Uint8Array, status = 200): Response {
    return new Response(status === 200 ? (body as BodyInit) : null, { status });
  }

  private hold(
    ready: () => boolean,
    signal: AbortSignal | null | undefined,
    respond: () => Response,
  ): Promise<Response> {
    if (ready()) return Promise.resolve(respond());
    return new Promise((resolve, reject) => {
      this.held.push({ ready, resolve: () => resolve(respond()) });
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  }

  fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    this.requests.push(url.pathname.replace('/hls/ch/', '') + url.search);
    this.credentials.push(init?.credentials);
    const fault = this.faults.find((f) => f.times > 0 && url.href.includes(f.match));
    if (fault) {
      fault.times -= 1;
      return Promise.resolve(this.answer('', fault.status));
    }
    const name = url.pathname.split('/').pop()!;
    if (name === 'master.m3u8') return Promise.resolve(this.answer(this.multivariant()));
    const rendition = url.pathname.split('/').at(-2) ?? '';
    if (rendition.startsWith('subs-') && name === 'media.m3u8')
      return Promise.resolve(this.answer(this.subtitlePlaylist()));
    const vtt = /^seg-(\d+)\.vtt$/.exec(name);
    if (vtt) {
      const msn = Number(vtt[1]);
      const mpegts = ((EPOCH_S + msn) * 90_000) % 2 ** 33;
      const body = `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${mpegts},LOCAL:00:00:00.000\n\n00:00.000 --> 00:00.500\n${rendition} ${msn}\n`;
      return Promise.resolve(this.answer(body));
    }
    if (name === 'media.m3u8') {
      const msn = url.searchParams.get('_HLS_msn');
      const part = url.searchParams.get('_HLS_part');
      // _HLS_msn alone waits for the whole segment (RFC 8216bis §6.2.5.2).
      const wanted =
        msn === null ? 0 : Number(msn) * PARTS_PER_SEGMENT + (part === null ? PARTS_PER_SEGMENT : Number(part) + 1);
      return this.hold(
        () => this.published >= wanted,
        init?.signal,
        () => this.answer(this.mediaPlaylist(url.pathname.split('/').at(-2))),
      );
    }
    if (name === 'init.mp4') return Promise.resolve(this.answer(initSegment()));
    const part = /^part-(\d+)\.(\d+)\.m4s$/.exec(name);
    if (part) {
      const index = Number(part[1]) * PARTS_PER_SEGMENT + Number(part[2]);
      // The part that opens a segment carries the segment's tags, as our origin's does.
      const tags = Number(part[2]) === 0 ? id3Emsg(Number(part[1])) : new Uint8Array(0);
      return this.hold(
        () => this.published > index,
        init?.signal,
        () => this.answer(new Uint8Array([...tags, ...fragment(EPOCH_S + index * PART_S, this.padding)])),
      );
    }
    const segment = /^seg-(\d+)\.m4s$/.exec(name);
    if (segment) {
      const msn = Number(segment[1]);
      return Promise.resolve(this.answer(new Uint8Array([...id3Emsg(msn), ...fragment(EPOCH_S + msn, this.padding)])));
    }
    return Promise.resolve(this.answer('', 404));
  };
}

/** A MediaTarget that records what it is given and buffers what the fragments say. */
export class RecordingTarget {
  readonly mimes: string[] = [];
  readonly appended: Uint8Array[] = [];
  /** Every configure and append, in order, as `track:what` (what: the mime, `init` or `media`). */
  readonly operations: string[] = [];
  readonly removed: [number, number][] = [];
  /** Every live window set, in order. */
  readonly seekable: ([number, number] | [number, number, true])[] = [];
  ranges: { start: number; end: number }[] = [];
  /** Set to refuse the next configure or media append (an init segment is never refused). */
  refuseConfigure: Error | null = null;
  refuseMedia: Error | null = null;

  configure(mime: string, track: 'main' | 'audio' = 'main'): Promise<void> {
    if (this.refuseConfigure) return Promise.reject(this.refuseConfigure);
    this.mimes.push(mime);
    this.operations.push(`${track}:${mime}`);
    return Promise.resolve();
  }

  append(bytes: Uint8Array, track: 'main' | 'audio' = 'main'): Promise<void> {
    const isMedia = new TextDecoder().decode(bytes.subarray(4, 8)) !== 'ftyp';
    if (isMedia && this.refuseMedia) return Promise.reject(this.refuseMedia);
    this.operations.push(`${track}:${isMedia ? 'media' : 'init'}`);
    if (track === 'main') this.appended.push(bytes);
    return Promise.resolve();
  }

  remove(start: number, end: number): Promise<void> {
    this.removed.push([start, end]);
    return Promise.resolve();
  }

  setTimestampOffset(offset: number, track: 'main' | 'audio' = 'main'): Promise<void> {
    this.operations.push(`${track}:offset ${offset}`);
    return Promise.resolve();
  }

  endOfStream(): Promise<void> {
    this.operations.push('endOfStream');
    return Promise.resolve();
  }

  setSeekable(start: number, end: number, final = false): void {
    this.seekable.push(final ? [start, end, true] : [start, end]);
  }

  buffered() {
    return this.ranges;
  }

  destroy(): void {}
}
