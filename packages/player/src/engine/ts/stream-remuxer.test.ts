import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { boxes } from '../fmp4.ts';
import { NAL_SEI } from './h264.ts';
import { createStreamRemuxer } from './stream-remuxer.ts';
import type { TsRemuxer } from './ts-remuxer.ts';

const segment = (n: number) =>
  new Uint8Array(readFileSync(new URL(`../../testing/fixtures/seg${n}.mpegts`, import.meta.url)));

/** A stand-in caption reader that says which segments reached it. */
function reader(): TsRemuxer & { seen: number } {
  const fake = {
    seen: 0,
    remux: () => {
      fake.seen++;
      return { init: new Uint8Array(8), media: new Uint8Array(8), captions: [] };
    },
    reset: () => {},
  };
  return fake;
}

/**
 * The fixture with an SEI NAL unit of A/53 caption data written over the start of its first
 * video PES packet's payload: the picture no longer decodes, but the test needs only the
 * remuxer's decision.
 */
function withCaptionSei(bytes: Uint8Array): Uint8Array {
  const sei = [0, 0, 0, 1, NAL_SEI, 4, 10, 0xb5, 0x00, 0x31, 0x47, 0x41, 0x39, 0x34, 0x03, 0xc0, 0xff, 0x80];
  const out = bytes.slice();
  // Find the first payload with a PES start code and insert the SEI right after its header.
  for (let at = 0; at + 188 <= out.length; at += 188) {
    if ((out[at + 1]! & 0x40) === 0) continue;
    const control = (out[at + 3]! >>> 4) & 3;
    const start = at + 4 + (control & 2 ? 1 + out[at + 4]! : 0);
    if (out[start] !== 0 || out[start + 1] !== 0 || out[start + 2] !== 1 || out[start + 3] !== 0xe0) continue;
    const payload = start + 9 + out[start + 8]!;
    out.set(sei, payload);
    return out;
  }
  throw new Error('no video PES packet in the fixture');
}

describe('createStreamRemuxer', () => {
  it('remuxes a stream without captions itself and never loads the caption reader', () => {
    const load = vi.fn(reader);
    const remuxer = createStreamRemuxer(load);
    const remuxed = remuxer.remux(segment(0))!;
    expect(boxes(remuxed.media).map((b) => b.type)).toEqual(['moof', 'mdat', 'moof', 'mdat']);
    remuxer.remux(segment(1));
    expect(load).not.toHaveBeenCalled();
  });

  it('hands a stream to the caption reader from the first segment with caption data on', () => {
    const caption = reader();
    const remuxer = createStreamRemuxer(() => caption);
    remuxer.remux(withCaptionSei(segment(0)));
    remuxer.remux(segment(1));
    expect(caption.seen).toBe(2);
  });

  it('plays on without captions where the reader cannot be loaded', () => {
    const remuxer = createStreamRemuxer(() => {
      throw new Error('no script');
    });
    expect(remuxer.remux(withCaptionSei(segment(0)))).not.toBeNull();
    expect(remuxer.remux(segment(1))).not.toBeNull();
  });
});
