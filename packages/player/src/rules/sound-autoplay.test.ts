import { describe, expect, it } from 'vitest';
import { SILENT_WAV_URL } from './sound-autoplay.ts';

describe('the silent autoplay probe', () => {
  it('is a well-formed 8 kHz 8-bit mono PCM WAV of silence, 0.1 s long', () => {
    const wav = Uint8Array.from(atob(SILENT_WAV_URL.slice(SILENT_WAV_URL.indexOf(',') + 1)), (c) => c.charCodeAt(0));
    const view = new DataView(wav.buffer);
    const text = (offset: number, length: number) => String.fromCharCode(...wav.subarray(offset, offset + length));
    expect(text(0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(text(8, 8)).toBe('WAVEfmt ');
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true)]).toEqual([1, 1, 8000]);
    expect(view.getUint16(34, true)).toBe(8);
    expect(text(36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(800);
    expect(wav.subarray(44).every((sample) => sample === 128)).toBe(true);
  });

  it('travels as a data: URL (no request)', () => {
    expect(SILENT_WAV_URL.startsWith('data:audio/wav;base64,')).toBe(true);
    expect(atob(SILENT_WAV_URL.slice(SILENT_WAV_URL.indexOf(',') + 1)).length).toBe(844);
  });
});
