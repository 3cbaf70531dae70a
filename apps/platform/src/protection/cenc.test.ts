import { describe, expect, it } from 'vitest';
import { defaultFixtureDir, loadFixture } from '../origin/index.ts';
import { parseFragment } from '../origin/fragment.ts';
import { children, dataView, readBoxes, type Box } from '../origin/mp4-boxes.ts';
import { CLEARKEY_SYSTEM_ID, decryptSample, protectFragment, protectInit, protectMedia } from './cenc.ts';

const fixture = loadFixture(defaultFixtureDir);
const rendition = fixture.renditions[0]!;
const key = {
  keyId: Uint8Array.from({ length: 16 }, (_, i) => i + 1),
  key: Uint8Array.from({ length: 16 }, (_, i) => 0xa0 + i),
};
const kinds = new Map(rendition.tracks.map((t) => [t.trackId, t.kind] as const));
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Every box under `root` of `type`, depth first, through the containers a sample entry sits in. */
function find(bytes: Uint8Array, type: string, from: Box[] = readBoxes(bytes)): Box[] {
  const found: Box[] = [];
  for (const b of from) {
    if (b.type === type) found.push(b);
    if (['moov', 'trak', 'mdia', 'minf', 'stbl', 'sinf', 'schi', 'moof', 'traf'].includes(b.type)) {
      found.push(...find(bytes, type, children(bytes, b)));
    }
    if (b.type === 'stsd') found.push(...find(bytes, type, readBoxes(bytes, b.payloadStart + 8, b.end)));
    if (b.type === 'encv') found.push(...find(bytes, type, readBoxes(bytes, b.payloadStart + 78, b.end)));
    if (b.type === 'enca') found.push(...find(bytes, type, readBoxes(bytes, b.payloadStart + 28, b.end)));
  }
  return found;
}

describe('protectInit', () => {
  it('makes each sample entry protected, naming its format, the scheme and the key id, with a ClearKey pssh', () => {
    const init = protectInit(rendition.init, key);
    expect(find(init, 'avc1')).toHaveLength(0);
    expect(find(init, 'encv')).toHaveLength(1);
    expect(find(init, 'enca')).toHaveLength(1);
    const formats = find(init, 'frma').map((b) => Buffer.from(init.subarray(b.payloadStart, b.end)).toString());
    expect(formats.sort()).toEqual(['avc1', 'mp4a']);
    const schm = find(init, 'schm')[0]!;
    expect(Buffer.from(init.subarray(schm.payloadStart + 4, schm.payloadStart + 8)).toString()).toBe('cenc');
    for (const tenc of find(init, 'tenc')) {
      expect(hex(init.subarray(tenc.payloadStart + 4, tenc.payloadStart + 8))).toBe('00000108');
      expect(hex(init.subarray(tenc.payloadStart + 8, tenc.end))).toBe(hex(key.keyId));
    }
    const [pssh] = find(init, 'pssh');
    expect(hex(init.subarray(pssh!.payloadStart + 4, pssh!.payloadStart + 20))).toBe(CLEARKEY_SYSTEM_ID);
    expect(hex(init)).not.toContain(hex(key.key));
  });
});

describe('protectFragment', () => {
  it('encrypts every sample so that the IVs and subsamples it lists decrypt it back, timing untouched', () => {
    const clear = rendition.fragments[3]!.bytes;
    const before = parseFragment(clear);
    const protectedBytes = protectFragment(clear, key, kinds);
    const after = parseFragment(protectedBytes);
    expect(after.sequenceNumber).toBe(before.sequenceNumber);
    const sencs = find(protectedBytes, 'senc');
    expect(sencs).toHaveLength(before.tracks.length);
    after.tracks.forEach((track, t) => {
      const original = before.tracks[t]!;
      expect(track.trackId).toBe(original.trackId);
      expect(track.baseMediaDecodeTime).toBe(original.baseMediaDecodeTime);
      expect(track.samples.map((s) => [s.duration, s.size, s.flags])).toEqual(
        original.samples.map((s) => [s.duration, s.size, s.flags]),
      );
      const senc = sencs[t]!;
      const view = dataView(protectedBytes);
      const withSubsamples = (view.getUint32(senc.payloadStart) & 0xffffff) === 2;
      expect(withSubsamples).toBe(kinds.get(track.trackId) === 'video');
      let at = senc.payloadStart + 8;
      track.samples.forEach((sample, i) => {
        const iv = protectedBytes.subarray(at, at + 8);
        at += 8;
        let subsamples: { clear: number; protected: number }[] | null = null;
        if (withSubsamples) {
          const count = view.getUint16(at);
          at += 2;
          subsamples = Array.from({ length: count }, () => {
            const entry = { clear: view.getUint16(at), protected: view.getUint32(at + 2) };
            at += 6;
            return entry;
          });
          expect(subsamples.reduce((sum, s) => sum + s.clear + s.protected, 0)).toBe(sample.size);
        }
        const offset = track.sampleOffsets[i]!;
        const encrypted = protectedBytes.subarray(offset, offset + sample.size);
        const originalOffset = original.sampleOffsets[i]!;
        const plain = clear.subarray(originalOffset, originalOffset + sample.size);
        expect(hex(decryptSample(key.key, iv, encrypted, subsamples))).toBe(hex(plain));
        expect(hex(encrypted)).not.toBe(hex(plain));
      });
    });
    // saio points at the first IV of its traf's senc.
    const moofStart = readBoxes(protectedBytes)[0]!.start;
    find(protectedBytes, 'saio').forEach((saio, t) => {
      const offset = dataView(protectedBytes).getUint32(saio.payloadStart + 8);
      expect(moofStart + offset).toBe(sencs[t]!.payloadStart + 8);
    });
  });

  it('keeps the boxes around the fragments of a part (its emsg) and is the same bytes every time', () => {
    const emsg = new Uint8Array([0, 0, 0, 8, ...new TextEncoder().encode('free')]);
    const part = new Uint8Array([...emsg, ...rendition.fragments[0]!.bytes]);
    const once = protectMedia(part, key, kinds);
    expect(hex(once.subarray(0, 8))).toBe(hex(emsg));
    expect(hex(protectMedia(part, key, kinds))).toBe(hex(once));
  });
});
