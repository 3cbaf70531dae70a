/**
 * MPEG-TS (ISO/IEC 13818-1) to elementary-stream packets: the subset an HLS segment needs.
 * The program association table names the program map's PID; the program map names the H.264
 * video and ADTS AAC audio PIDs; their PES packets are gathered with their timestamps. No
 * objects per transport packet and no copies but one per PES packet (issue 33: mux.js's
 * stream pipeline was most of an MPEG-TS stream's way to its first frame).
 */

/** The transport packet's size, and its sync byte. */
const PACKET = 188;
const SYNC = 0x47;
/** Program map stream types (ISO/IEC 13818-1 table 2-34). */
export const STREAM_TYPE_H264 = 0x1b;
export const STREAM_TYPE_ADTS_AAC = 0x0f;

/** One PES packet's payload with its timestamps (90 kHz, 33 bits as carried). */
export interface PesPacket {
  pts: number;
  dts: number;
  data: Uint8Array;
}

export interface Demuxed {
  video: PesPacket[];
  audio: PesPacket[];
  /** Whether the segment's program map named each track (a track may be absent). */
  hasVideo: boolean;
  hasAudio: boolean;
}

/** The PIDs a program map gave, kept from one segment to the next (a segment may not repeat it). */
export interface DemuxState {
  pmtPid: number | null;
  videoPid: number | null;
  audioPid: number | null;
}

export function newDemuxState(): DemuxState {
  return { pmtPid: null, videoPid: null, audioPid: null };
}

/** The first offset where two packets in a row start with the sync byte, or -1. */
function syncOffset(bytes: Uint8Array): number {
  for (let at = 0; at + PACKET < bytes.length && at < PACKET; at++) {
    if (bytes[at] === SYNC && bytes[at + PACKET] === SYNC) return at;
  }
  return bytes.length >= PACKET && bytes[0] === SYNC ? 0 : -1;
}

/** A section's body (after the pointer field): from its start to before its CRC. */
function section(payload: Uint8Array): { body: Uint8Array; end: number } | null {
  const start = 1 + payload[0]!;
  if (start + 3 > payload.length) return null;
  const length = ((payload[start + 1]! & 0x0f) << 8) | payload[start + 2]!;
  const end = Math.min(payload.length, start + 3 + length - 4);
  return { body: payload.subarray(start), end: end - start };
}

function readPat(payload: Uint8Array, state: DemuxState): void {
  const table = section(payload);
  if (!table) return;
  for (let at = 8; at + 4 <= table.end; at += 4) {
    const program = (table.body[at]! << 8) | table.body[at + 1]!;
    if (program === 0) continue; // the network PID
    state.pmtPid = ((table.body[at + 2]! & 0x1f) << 8) | table.body[at + 3]!;
    return;
  }
}

function readPmt(payload: Uint8Array, state: DemuxState): void {
  const table = section(payload);
  if (!table) return;
  const { body, end } = table;
  const programInfo = ((body[10]! & 0x0f) << 8) | body[11]!;
  for (let at = 12 + programInfo; at + 5 <= end;) {
    const type = body[at]!;
    const pid = ((body[at + 1]! & 0x1f) << 8) | body[at + 2]!;
    const info = ((body[at + 3]! & 0x0f) << 8) | body[at + 4]!;
    if (type === STREAM_TYPE_H264 && state.videoPid === null) state.videoPid = pid;
    if (type === STREAM_TYPE_ADTS_AAC && state.audioPid === null) state.audioPid = pid;
    at += 5 + info;
  }
}

/** A 33-bit timestamp from the five bytes at `at` (multiplications: it does not fit 32 bits). */
function timestamp(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at]! & 0x0e) >>> 1) * 2 ** 30 +
    (bytes[at + 1]! << 22) +
    ((bytes[at + 2]! & 0xfe) << 14) +
    (bytes[at + 3]! << 7) +
    (bytes[at + 4]! >>> 1)
  );
}

/** A PES packet from its transport payloads, or null without a start code or a PTS. */
function pesPacket(chunks: Uint8Array[]): PesPacket | null {
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  if (size < 9 || bytes[0] !== 0 || bytes[1] !== 0 || bytes[2] !== 1) return null;
  const flags = bytes[7]! >>> 6;
  const header = 9 + bytes[8]!;
  if (flags < 2 || header > size) return null;
  const pts = timestamp(bytes, 9);
  const dts = flags === 3 ? timestamp(bytes, 14) : pts;
  return { pts, dts, data: bytes.subarray(header) };
}

/**
 * The segment's video and audio PES packets, in order. Transport packets of other PIDs are
 * skipped; a PES packet cut short by the segment's end is kept as far as it goes.
 */
export function demuxTs(bytes: Uint8Array, state: DemuxState): Demuxed {
  const video: PesPacket[] = [];
  const audio: PesPacket[] = [];
  let videoChunks: Uint8Array[] = [];
  let audioChunks: Uint8Array[] = [];
  const flush = (chunks: Uint8Array[], into: PesPacket[]) => {
    if (chunks.length === 0) return;
    const packet = pesPacket(chunks);
    if (packet) into.push(packet);
  };
  for (let at = syncOffset(bytes); at >= 0 && at + PACKET <= bytes.length; at += PACKET) {
    if (bytes[at] !== SYNC) continue;
    const unitStart = (bytes[at + 1]! & 0x40) !== 0;
    const pid = ((bytes[at + 1]! & 0x1f) << 8) | bytes[at + 2]!;
    const control = (bytes[at + 3]! >>> 4) & 0x03;
    if ((control & 0x01) === 0) continue; // no payload
    const start = at + 4 + ((control & 0x02) !== 0 ? 1 + bytes[at + 4]! : 0);
    if (start >= at + PACKET) continue;
    const payload = bytes.subarray(start, at + PACKET);
    if (pid === 0) {
      if (unitStart) readPat(payload, state);
    } else if (pid === state.pmtPid) {
      if (unitStart) readPmt(payload, state);
    } else if (pid === state.videoPid) {
      if (unitStart) {
        flush(videoChunks, video);
        videoChunks = [];
      }
      videoChunks.push(payload);
    } else if (pid === state.audioPid) {
      if (unitStart) {
        flush(audioChunks, audio);
        audioChunks = [];
      }
      audioChunks.push(payload);
    }
  }
  flush(videoChunks, video);
  flush(audioChunks, audio);
  return { video, audio, hasVideo: state.videoPid !== null, hasAudio: state.audioPid !== null };
}
