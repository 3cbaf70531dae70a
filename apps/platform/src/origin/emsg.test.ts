import { describe, expect, it } from 'vitest';
import { EMSG_UNKNOWN_DURATION, ID3_EMSG_SCHEME, buildEmsgV1, parseEmsg } from './emsg.ts';
import type { EmsgV1 } from './emsg.ts';
import { dataView, readBoxes } from './mp4-boxes.ts';

const event: EmsgV1 = {
  timescale: 90_000,
  presentationTime: 1_767_225_608 * 90_000,
  eventDuration: 90_000,
  id: 0xfffffffe,
  schemeIdUri: ID3_EMSG_SCHEME,
  value: '',
  messageData: Uint8Array.of(0x49, 0x44, 0x33),
};

describe('emsg version 1', () => {
  it('puts every field where ISO/IEC 23009-1 5.10.3.3 says', () => {
    const bytes = buildEmsgV1(event);
    const view = dataView(bytes);
    const scheme = new TextEncoder().encode(ID3_EMSG_SCHEME);
    expect(scheme.byteLength).toBe(28);
    expect(bytes.byteLength).toBe(32 + 29 + 1 + 3);
    expect(view.getUint32(0)).toBe(bytes.byteLength);
    expect(new TextDecoder().decode(bytes.subarray(4, 8))).toBe('emsg');
    expect(view.getUint32(8)).toBe(0x01000000); // version 1, flags 0
    expect(view.getUint32(12)).toBe(90_000);
    expect(view.getBigUint64(16)).toBe(1_767_225_608n * 90_000n);
    expect(view.getUint32(24)).toBe(90_000);
    expect(view.getUint32(28)).toBe(0xfffffffe);
    expect(bytes.subarray(32, 60)).toEqual(scheme);
    expect(bytes[60]).toBe(0); // scheme_id_uri terminator
    expect(bytes[61]).toBe(0); // value '' is just its terminator
    expect([...bytes.subarray(62)]).toEqual([0x49, 0x44, 0x33]);
    expect(readBoxes(bytes).map((b) => b.type)).toEqual(['emsg']);
  });

  it('round-trips, including a non-empty value and unknown duration', () => {
    const other = { ...event, value: 'v1', eventDuration: EMSG_UNKNOWN_DURATION, messageData: new Uint8Array(0) };
    expect(parseEmsg(buildEmsgV1(event))).toEqual(event);
    expect(parseEmsg(buildEmsgV1(other))).toEqual(other);
  });

  it('reads a box at an offset and refuses version 0, other boxes and unterminated strings', () => {
    const bytes = buildEmsgV1(event);
    const both = new Uint8Array(bytes.byteLength * 2);
    both.set(bytes);
    both.set(bytes, bytes.byteLength);
    expect(parseEmsg(both, bytes.byteLength).id).toBe(event.id);
    const v0 = bytes.slice();
    v0[8] = 0;
    expect(() => parseEmsg(v0)).toThrow(/version 0/);
    const moof = bytes.slice();
    moof.set(new TextEncoder().encode('moof'), 4);
    expect(() => parseEmsg(moof)).toThrow(/found moof/);
    const cut = buildEmsgV1({ ...event, messageData: new Uint8Array(0) }).slice(0, 61);
    dataView(cut).setUint32(0, 61);
    expect(() => parseEmsg(cut)).toThrow(/value is not NUL-terminated/);
  });

  it('refuses fields that do not fit', () => {
    expect(() => buildEmsgV1({ ...event, id: 2 ** 32 })).toThrow(RangeError);
    expect(() => buildEmsgV1({ ...event, timescale: 0 })).toThrow(RangeError);
    expect(() => buildEmsgV1({ ...event, schemeIdUri: 'a\0b' })).toThrow(/NUL/);
  });
});
