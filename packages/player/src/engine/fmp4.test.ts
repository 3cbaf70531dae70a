import { describe, expect, it } from 'vitest';
import { box, u32, u64 } from '../testing/fake-origin.ts';
import {
  boxes,
  codecsOfInit,
  EMSG_LIMITS,
  eventMessages,
  fragmentStartTime,
  ID3_SCHEME,
  mediaProblem,
  psshOf,
  trackTimescales,
} from './fmp4.ts';

/** tkhd v0: version/flags, creation, modification, track_ID; mdhd v0: version/flags, creation, modification, timescale. */
const trak = (id: number, timescale: number) =>
  box('trak', box('tkhd', u32(0, 0, 0, id, 0)), box('mdia', box('mdhd', u32(0, 0, 0, timescale, 0))));
const init = new Uint8Array([...box('ftyp', u32(0)), ...box('moov', trak(1, 90000), trak(2, 48000))]);

/** A fragment (with an emsg in front, as our origin writes it): 64-bit tfdt (version 1), audio half a second later. */
const traf = (id: number, tfdt: Uint8Array) => box('traf', box('tfhd', u32(0, id)), box('tfdt', tfdt));
const fragment = new Uint8Array([
  ...box('emsg', u32(0)),
  ...box(
    'moof',
    box('mfhd', u32(0, 7)),
    traf(1, new Uint8Array([1, 0, 0, 0, ...u64(90000n * 1_790_000_000n)])),
    traf(2, new Uint8Array([1, 0, 0, 0, ...u64(48000n * 1_790_000_000n + 24000n)])),
  ),
  ...box('mdat', u32(1, 2, 3)),
]);

describe('fmp4', () => {
  it('lists boxes and stops at a truncated one', () => {
    expect(boxes(fragment).map((b) => b.type)).toEqual(['emsg', 'moof', 'mdat']);
    expect(boxes(fragment.subarray(0, fragment.byteLength - 2)).map((b) => b.type)).toEqual(['emsg', 'moof']);
  });

  it('reads each track’s timescale from the init segment', () => {
    expect([...trackTimescales(init)]).toEqual([
      [1, 90000],
      [2, 48000],
    ]);
  });

  it('reads the earliest decode time of a fragment, 64-bit tfdt included', () => {
    expect(fragmentStartTime(fragment, trackTimescales(init))).toBe(1_790_000_000);
    expect(fragmentStartTime(box('mdat'), trackTimescales(init))).toBeNull();
    expect(fragmentStartTime(fragment, new Map())).toBeNull();
    // Version 0: 32-bit.
    const small = box('moof', traf(2, u32(0, 96000)));
    expect(fragmentStartTime(small, trackTimescales(init))).toBe(2);
  });
});

describe('mediaProblem', () => {
  it('passes an init segment with a track and fragments whose boxes cover them exactly', () => {
    expect(mediaProblem(init, 'init')).toBeNull();
    expect(mediaProblem(fragment, 'fragment')).toBeNull();
    expect(mediaProblem(new Uint8Array([...fragment, ...fragment]), 'fragment')).toBeNull();
  });

  it('names what a cut-off transfer lacks', () => {
    expect(mediaProblem(init.subarray(0, init.byteLength >> 1), 'init')).toMatch(/^boxes end at byte \d+ of/);
    expect(mediaProblem(fragment.subarray(0, fragment.byteLength - 1), 'fragment')).toMatch(/^boxes end at/);
    expect(mediaProblem(new Uint8Array(), 'fragment')).toBe('no moof and mdat');
  });

  it('names garbage and the wrong kind of box', () => {
    expect(
      mediaProblem(
        init.map((b) => b ^ 0x5a),
        'init',
      ),
    ).toMatch(/^boxes end at byte 0/);
    expect(mediaProblem(box('ftyp', u32(0)), 'init')).toBe('no track in a moov');
    expect(mediaProblem(init, 'fragment')).toBe('no moof and mdat');
    expect(mediaProblem(box('mdat', u32(1)), 'fragment')).toBe('no moof and mdat');
  });
});

describe('eventMessages', () => {
  const text = (value: string) => new TextEncoder().encode(`${value}\0`);
  it('reads version 1 (absolute time) and version 0 (delta from the fragment start)', () => {
    const v1 = box(
      'emsg',
      new Uint8Array([1, 0, 0, 0]),
      u32(1000),
      u64(1_790_000_000_500n),
      u32(0xffffffff, 7),
      text(ID3_SCHEME),
      text(''),
      new Uint8Array([0x49, 0x44, 0x33]),
    );
    const v0 = box(
      'emsg',
      new Uint8Array([0, 0, 0, 0]),
      text('urn:x'),
      text('v'),
      u32(90000, 45000, 0, 9),
      new Uint8Array([1, 2]),
    );
    const bytes = new Uint8Array([...v1, ...v0, ...box('moof')]);
    const messages = eventMessages(bytes, 100);
    expect(messages.map((m) => [m.scheme, m.id, m.time, [...m.data]])).toEqual([
      [ID3_SCHEME, 7, 1_790_000_000.5, [0x49, 0x44, 0x33]],
      ['urn:x', 9, 100.5, [1, 2]],
    ]);
  });

  it('skips a truncated message', () => {
    expect(eventMessages(box('emsg', new Uint8Array([1, 0, 0, 0]), u32(1000)), 0)).toEqual([]);
  });

  const v0 = (id: number, scheme: string, data: Uint8Array) =>
    box('emsg', new Uint8Array([0, 0, 0, 0]), text(scheme), text(''), u32(1000, 0, 0, id), data);

  it(`keeps at most ${EMSG_LIMITS.maxMessages} messages of a fragment`, () => {
    const flood = Array.from({ length: 5000 }, (_, id) => v0(id, ID3_SCHEME, new Uint8Array(1)));
    const bytes = new Uint8Array(flood.flatMap((b) => [...b]));
    const messages = eventMessages(bytes, 0);
    expect(messages).toHaveLength(EMSG_LIMITS.maxMessages);
    expect(messages.at(-1)!.id).toBe(EMSG_LIMITS.maxMessages - 1);
  });

  it('skips a message whose scheme has no end within the cap, or whose data is over it', () => {
    const longScheme = v0(1, 'x'.repeat(EMSG_LIMITS.maxStringBytes + 1), new Uint8Array(1));
    const bigData = v0(2, ID3_SCHEME, new Uint8Array(EMSG_LIMITS.maxDataBytes + 1));
    const fine = v0(3, 'x'.repeat(EMSG_LIMITS.maxStringBytes), new Uint8Array(4));
    const bytes = new Uint8Array([...longScheme, ...bigData, ...fine]);
    expect(eventMessages(bytes, 0).map((m) => m.id)).toEqual([3]);
  });
});

describe('codecsOfInit', () => {
  it('names AV1 from its av1C (profile, level, tier, depth), H.264 from its avcC, and AAC', () => {
    // av1C: marker/version, profile 0 level 8, tier M, 8-bit.
    const av1 = new Uint8Array([...box('av01', box('av1C', new Uint8Array([0x81, 0x08, 0x0c, 0x00]))), ...box('mp4a')]);
    expect(codecsOfInit(av1)).toBe('av01.0.08M.08,mp4a.40.2');
    const avc = box('avc1', box('avcC', new Uint8Array([1, 0x64, 0x00, 0x1f, 0xff])));
    expect(codecsOfInit(avc)).toBe('avc1.64001f');
    expect(codecsOfInit(new Uint8Array(8))).toBe('');
  });
});

describe('psshOf', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  it('gives the moov’s pssh boxes whole, in order, and nothing for an init without any', () => {
    const first = box('pssh', bytes(1, 0, 0, 0), new Uint8Array(16).fill(0x10));
    const second = box('pssh', bytes(0, 0, 0, 0), new Uint8Array(20).fill(0x20));
    const init = new Uint8Array([
      ...box('ftyp', bytes(1, 2, 3, 4)),
      ...box('moov', box('mvhd', bytes(0, 0, 0, 0)), first, second),
    ]);
    expect([...psshOf(init)]).toEqual([...first, ...second]);
    expect(psshOf(box('moov', box('mvhd', bytes(0)))).byteLength).toBe(0);
    expect(psshOf(box('ftyp', bytes(1))).byteLength).toBe(0);
  });
});
