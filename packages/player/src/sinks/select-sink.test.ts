import { describe, expect, it } from 'vitest';
import { selectSink } from './select-sink.ts';

describe('selectSink', () => {
  it('prefers MediaSource even where native HLS exists', () => {
    expect(selectSink({ mediaSource: true, nativeHls: true })).toBe('mse');
  });
  it('falls back to native HLS without MediaSource', () => {
    expect(selectSink({ mediaSource: false, nativeHls: true })).toBe('passthrough');
  });
  it('answers null when nothing can play HLS', () => {
    expect(selectSink({ mediaSource: false, nativeHls: false })).toBeNull();
  });
  it('honours a forced sink only when the browser has it', () => {
    expect(selectSink({ mediaSource: true, nativeHls: true }, 'passthrough')).toBe('passthrough');
    expect(selectSink({ mediaSource: true, nativeHls: false }, 'passthrough')).toBeNull();
  });
});
