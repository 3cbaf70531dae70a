/**
 * Common Encryption (ISO/IEC 23001-7), scheme `cenc` (AES-128 CTR), as a DRM packager writes
 * it: the init segment's sample entries become `encv`/`enca` with a `sinf` naming the
 * original format, the scheme and the key id (`tenc`), and a ClearKey `pssh` in the `moov`
 * (the browser's `encrypted` event carries it); each fragment's samples are encrypted, with
 * their IVs and, for video, subsamples (NAL length and header in the clear, as the scheme
 * requires for AVC) in a `senc` box that `saiz`/`saio` point at. Deterministic: the IV of a
 * sample is made from its fragment's sequence number, track and index, so the same URL is
 * the same bytes in every process, as the rest of the origin.
 */
import { createCipheriv } from 'node:crypto';
import { parseFragment, type FragmentLayout } from '../origin/fragment.ts';
import {
  box,
  ByteWriter,
  children,
  concatBytes,
  dataView,
  fullBox,
  Mp4FormatError,
  readBoxes,
  type Box,
} from '../origin/mp4-boxes.ts';

/** The W3C ClearKey system id (the `pssh` SystemID). */
export const CLEARKEY_SYSTEM_ID = '1077efecc0b24d02ace33c1e52e2fb4b';
export const IV_SIZE = 8;

export interface ContentKey {
  /** 16 bytes. */
  keyId: Uint8Array;
  /** 16 bytes. */
  key: Uint8Array;
}

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));
const ascii = (text: string) => new TextEncoder().encode(text);

/** Containers between `moov` and a sample entry, rebuilt around what changes. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
/** Bytes of a sample entry's own fields before its child boxes (visual: 78, audio: 28). */
const ENTRY_FIELDS: Record<string, number> = { avc1: 78, avc3: 78, mp4a: 28 };
const PROTECTED_ENTRY: Record<string, string> = { avc1: 'encv', avc3: 'encv', mp4a: 'enca' };

/** The init segment with its tracks protected by `key` (the key itself is never in it). */
export function protectInit(init: Uint8Array, key: Pick<ContentKey, 'keyId'>): Uint8Array {
  const rebuilt = readBoxes(init).map((b) =>
    b.type === 'moov' ? rebuildMoov(init, b, key.keyId) : init.subarray(b.start, b.end),
  );
  return concatBytes(rebuilt);
}

function rebuildMoov(bytes: Uint8Array, moov: Box, keyId: Uint8Array): Uint8Array {
  const pssh = fullBox(
    'pssh',
    1,
    0,
    hexBytes(CLEARKEY_SYSTEM_ID),
    new ByteWriter().u32(1).finish(),
    keyId,
    new ByteWriter().u32(0).finish(),
  );
  return box('moov', ...children(bytes, moov).map((child) => rebuild(bytes, child, keyId)), pssh);
}

function rebuild(bytes: Uint8Array, node: Box, keyId: Uint8Array): Uint8Array {
  if (CONTAINERS.has(node.type)) {
    return box(node.type, ...children(bytes, node).map((child) => rebuild(bytes, child, keyId)));
  }
  if (node.type === 'stsd') {
    // version, flags and entry_count stay; each entry is protected.
    const head = bytes.subarray(node.payloadStart, node.payloadStart + 8);
    const entries = readBoxes(bytes, node.payloadStart + 8, node.end).map((entry) => protectEntry(bytes, entry, keyId));
    return box('stsd', head, ...entries);
  }
  return bytes.subarray(node.start, node.end);
}

function protectEntry(bytes: Uint8Array, entry: Box, keyId: Uint8Array): Uint8Array {
  const fields = ENTRY_FIELDS[entry.type];
  const type = PROTECTED_ENTRY[entry.type];
  if (fields === undefined || type === undefined) throw new Mp4FormatError(`cannot protect a ${entry.type} track`);
  const tenc = fullBox('tenc', 0, 0, new Uint8Array([0, 0, 1, IV_SIZE]), keyId);
  const sinf = box(
    'sinf',
    box('frma', ascii(entry.type)),
    fullBox('schm', 0, 0, ascii('cenc'), new ByteWriter().u32(0x00010000).finish()),
    box('schi', tenc),
  );
  return box(type, bytes.subarray(entry.payloadStart, entry.end), sinf);
}

/** How a track's samples are split into clear and protected bytes. */
type TrackKind = 'video' | 'audio';

interface Subsample {
  clear: number;
  protected: number;
}

/** AVC samples (4-byte NAL lengths): each NAL's length and header clear, a slice's body protected. */
function avcSubsamples(sample: Uint8Array): Subsample[] {
  const view = dataView(sample);
  const subsamples: Subsample[] = [];
  for (let at = 0; at + 4 <= sample.byteLength;) {
    const length = view.getUint32(at);
    const end = at + 4 + length;
    if (end > sample.byteLength) throw new Mp4FormatError('a NAL unit overruns its sample');
    const type = sample[at + 4]! & 0x1f;
    // Coded slices (1 to 5) are protected past their header; parameter sets and SEI stay clear.
    const slice = type >= 1 && type <= 5 && length > 1;
    subsamples.push(slice ? { clear: 5, protected: length - 1 } : { clear: 4 + length, protected: 0 });
    at = end;
  }
  // The clear count is 16 bits: a long clear NAL is split over several entries.
  return subsamples.flatMap((s) => {
    const parts: Subsample[] = [];
    let clear = s.clear;
    while (clear > 0xffff) {
      parts.push({ clear: 0xffff, protected: 0 });
      clear -= 0xffff;
    }
    parts.push({ clear, protected: s.protected });
    return parts;
  });
}

/** The IV of sample `index` of track `trackId` in fragment `sequence`. */
export function sampleIv(sequence: number, trackId: number, index: number): Uint8Array {
  return new ByteWriter()
    .u32(sequence)
    .u32(((trackId & 0xff) << 24) | (index & 0xffffff))
    .finish();
}

/** AES-128-CTR over the protected ranges of a sample, as one keystream (the scheme's rule). */
function ctr(key: Uint8Array, iv: Uint8Array, data: Uint8Array, subsamples: readonly Subsample[] | null): Uint8Array {
  const counter = new Uint8Array(16);
  counter.set(iv, 0);
  const cipher = createCipheriv('aes-128-ctr', key, counter);
  if (!subsamples) return new Uint8Array(Buffer.concat([cipher.update(data), cipher.final()]));
  const out = new Uint8Array(data);
  let at = 0;
  for (const s of subsamples) {
    at += s.clear;
    if (s.protected > 0) out.set(cipher.update(data.subarray(at, at + s.protected)), at);
    at += s.protected;
  }
  cipher.final();
  return out;
}

/** Decrypts what `ctr` encrypted (CTR is its own inverse); for tests and tools. */
export const decryptSample = ctr;

/**
 * One fragment (moof + mdat, starting at its moof) with its samples encrypted. `kinds` says
 * which track ids are video (subsample encryption) and audio (whole samples).
 */
export function protectFragment(
  fragment: Uint8Array,
  key: ContentKey,
  kinds: ReadonlyMap<number, TrackKind>,
  layout: FragmentLayout = parseFragment(fragment),
): Uint8Array {
  const moof = readBoxes(fragment)[0]!;
  const mfhd = children(fragment, moof).find((b) => b.type === 'mfhd')!;
  const tracks = layout.tracks.map((track) => {
    const video = kinds.get(track.trackId) === 'video';
    const samples = track.samples.map((sample, i) => {
      const offset = track.sampleOffsets[i]!;
      const clearData = fragment.subarray(offset, offset + sample.size);
      const iv = sampleIv(layout.sequenceNumber, track.trackId, i);
      const subsamples = video ? avcSubsamples(clearData) : null;
      return { sample, iv, subsamples, data: ctr(key.key, iv, clearData, subsamples) };
    });
    return { track, samples, video };
  });

  const assemble = (dataOffsets: readonly number[], sencOffsets: readonly number[]): Uint8Array =>
    box(
      'moof',
      fragment.subarray(mfhd.start, mfhd.end),
      ...tracks.map(({ track, samples, video }, t) => {
        const tfhd = fullBox('tfhd', 0, 0x020000, new ByteWriter().u32(track.trackId).finish());
        const tfdtField = new ByteWriter();
        if (track.tfdtVersion === 1) tfdtField.u64(track.baseMediaDecodeTime);
        else tfdtField.u32(track.baseMediaDecodeTime);
        const tfdt = fullBox('tfdt', track.tfdtVersion, 0, tfdtField.finish());
        const signed = samples.some((s) => s.sample.compositionTimeOffset < 0);
        const run = new ByteWriter().u32(samples.length).i32(dataOffsets[t] ?? 0);
        for (const { sample, data } of samples) {
          run.u32(sample.duration).u32(data.byteLength).u32(sample.flags);
          if (signed) run.i32(sample.compositionTimeOffset);
          else run.u32(sample.compositionTimeOffset);
        }
        const trun = fullBox('trun', signed ? 1 : 0, 0x000f01, run.finish());
        // Each sample's auxiliary information: its IV, then (video) its subsamples.
        const info = samples.map(({ iv, subsamples }) => {
          const writer = new ByteWriter().bytes(iv);
          if (subsamples) {
            writer.u8(subsamples.length >> 8).u8(subsamples.length & 0xff);
            for (const s of subsamples)
              writer
                .u8(s.clear >> 8)
                .u8(s.clear & 0xff)
                .u32(s.protected);
          }
          return writer.finish();
        });
        const saiz = fullBox(
          'saiz',
          0,
          0,
          new ByteWriter().u8(0).u32(info.length).finish(),
          Uint8Array.from(info.map((i) => i.byteLength)),
        );
        const saio = fullBox(
          'saio',
          0,
          0,
          new ByteWriter()
            .u32(1)
            .u32(sencOffsets[t] ?? 0)
            .finish(),
        );
        const senc = fullBox('senc', 0, video ? 0x2 : 0, new ByteWriter().u32(info.length).finish(), ...info);
        return box('traf', tfhd, tfdt, trun, saiz, saio, senc);
      }),
    );

  // Sizes do not depend on the offsets' values: one pass with zeros places everything.
  const draft = assemble(
    tracks.map(() => 0),
    tracks.map(() => 0),
  );
  const sencOffsets = readSencOffsets(draft);
  const dataOffsets: number[] = [];
  let offset = draft.byteLength + 8;
  for (const { samples } of tracks) {
    dataOffsets.push(offset);
    for (const s of samples) offset += s.data.byteLength;
  }
  const mdat = box('mdat', ...tracks.flatMap(({ samples }) => samples.map((s) => s.data)));
  return concatBytes([assemble(dataOffsets, sencOffsets), mdat]);
}

/** Where each traf's senc sample data starts, from the moof's first byte (what saio says). */
function readSencOffsets(moofBytes: Uint8Array): number[] {
  const moof = readBoxes(moofBytes)[0]!;
  return children(moofBytes, moof)
    .filter((b) => b.type === 'traf')
    .map((traf) => {
      const senc = children(moofBytes, traf).find((b) => b.type === 'senc')!;
      return senc.payloadStart + 4 + 4 - moof.start;
    });
}

/** Every fragment of a segment or part encrypted; boxes before and between them (emsg) kept. */
export function protectMedia(bytes: Uint8Array, key: ContentKey, kinds: ReadonlyMap<number, TrackKind>): Uint8Array {
  const boxes = readBoxes(bytes);
  const out: Uint8Array[] = [];
  for (let i = 0; i < boxes.length; i++) {
    const current = boxes[i]!;
    if (current.type !== 'moof') {
      out.push(bytes.subarray(current.start, current.end));
      continue;
    }
    let end = current.end;
    while (boxes[i + 1]?.type === 'mdat') end = boxes[++i]!.end;
    out.push(protectFragment(bytes.subarray(current.start, end), key, kinds));
  }
  return concatBytes(out);
}
