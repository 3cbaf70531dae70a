import { describe, expect, it } from 'vitest';
import { orderAfterDecline, selectSink, type SinkRegistry } from './select-sink.ts';
import type { SinkCapabilities } from './sink.ts';

/** The registry of this build: what each factory says it needs. */
const registry: SinkRegistry = {
  mse: { supported: (c) => c.mediaSource },
  passthrough: { supported: (c) => c.nativeHls },
};
const caps = (over: Partial<SinkCapabilities> = {}): SinkCapabilities => ({
  mediaSource: true,
  mediaSourceInWorker: false,
  nativeHls: true,
  ...over,
});

describe('selectSink', () => {
  it('prefers MediaSource even where native HLS exists', () => {
    expect(selectSink(caps(), { registry })).toBe('mse');
  });
  it('falls back to native HLS without MediaSource', () => {
    expect(selectSink(caps({ mediaSource: false }), { registry })).toBe('passthrough');
  });
  it('answers null when nothing can play HLS', () => {
    expect(selectSink(caps({ mediaSource: false, nativeHls: false }), { registry })).toBeNull();
  });
  it('honours a preferred sink only when the browser has it', () => {
    expect(selectSink(caps(), { registry, preferred: 'passthrough' })).toBe('passthrough');
    expect(selectSink(caps({ nativeHls: false }), { registry, preferred: 'passthrough' })).toBeNull();
  });
  it('never picks a sink the registry cannot create, known type or not', () => {
    expect(selectSink(caps({ mediaSourceInWorker: true }), { registry })).toBe('mse');
    expect(selectSink(caps(), { registry, preferred: 'chromecast' })).toBeNull();
    expect(selectSink(caps(), { registry, preferred: 'webview' })).toBeNull();
  });
  it('puts the worker engine first once one is registered, where MediaSource runs in a worker', () => {
    const withWorker: SinkRegistry = { ...registry, 'mse-worker': { supported: (c) => c.mediaSourceInWorker } };
    expect(selectSink(caps({ mediaSourceInWorker: true }), { registry: withWorker })).toBe('mse-worker');
    expect(selectSink(caps(), { registry: withWorker })).toBe('mse');
  });
  it('puts our engine with a page MediaSource before hls.js where MediaSource cannot live in a worker', () => {
    const withBoth: SinkRegistry = {
      ...registry,
      'mse-worker': { supported: (c) => c.mediaSourceInWorker },
      'default-media-source': { supported: (c) => c.mediaSource },
    };
    expect(selectSink(caps({ mediaSourceInWorker: true }), { registry: withBoth })).toBe('mse-worker');
    expect(selectSink(caps(), { registry: withBoth })).toBe('default-media-source');
    expect(selectSink(caps({ mediaSource: false }), { registry: withBoth })).toBe('passthrough');
  });
  it('after a decline, skips the sinks on the same engine: they would decline too', () => {
    expect(orderAfterDecline('mse-worker')).toEqual(['mse', 'passthrough']);
    expect(orderAfterDecline('default-media-source')).toEqual(['mse', 'passthrough']);
    expect(orderAfterDecline('mse')).toEqual(['passthrough']);
  });
  it('never chooses chromecast or webview on its own', () => {
    const all: SinkRegistry = { chromecast: { supported: () => true }, webview: { supported: () => true } };
    expect(selectSink(caps(), { registry: all })).toBeNull();
  });
});
