import { describe, expect, it } from 'vitest';
import type { SinkCapabilities } from './sink.ts';
import { AUTO_SINK_ORDER } from './select-sink.ts';
import { requestServiceWorker, sinkOrderFor } from './worker-choice.ts';

const NATIVE_ONLY: SinkCapabilities = { mediaSource: false, mediaSourceInWorker: false, nativeHls: true };
const MSE_AND_NATIVE: SinkCapabilities = { mediaSource: true, mediaSourceInWorker: true, nativeHls: true };
const MSE_ONLY: SinkCapabilities = { mediaSource: true, mediaSourceInWorker: true, nativeHls: false };
const NOTHING: SinkCapabilities = { mediaSource: false, mediaSourceInWorker: false, nativeHls: false };

const URL_ = '/live-manifest-sw.js';

describe('requestServiceWorker (SPEC §5)', () => {
  it('asks for the worker where only native HLS plays, with the options as given', () => {
    const options = { url: URL_, debug: true };
    expect(requestServiceWorker(options, NATIVE_ONLY)).toEqual({ options, mediaSourceSupported: false });
  });

  it('asks even without a config where MediaSource is missing, so the sink can log that it is missing', () => {
    expect(requestServiceWorker(undefined, NATIVE_ONLY)).toEqual({ options: undefined, mediaSourceSupported: false });
    expect(requestServiceWorker({ cacheMultivariant: true }, NATIVE_ONLY)).toEqual({
      options: { cacheMultivariant: true },
      mediaSourceSupported: false,
    });
  });

  it('leaves the worker out where MediaSource plays, unless forced', () => {
    expect(requestServiceWorker({ url: URL_ }, MSE_AND_NATIVE)).toBeNull();
    expect(requestServiceWorker(undefined, MSE_AND_NATIVE)).toBeNull();
    expect(requestServiceWorker({ url: URL_, forceActivate: false }, MSE_AND_NATIVE)).toBeNull();
    // Forced, the defaults are those of a MediaSource browser (everything off unless turned on).
    expect(requestServiceWorker({ url: URL_, forceActivate: true }, MSE_AND_NATIVE)).toEqual({
      options: { url: URL_, forceActivate: true },
      mediaSourceSupported: true,
    });
  });

  it('has no use for the worker without native HLS, forced or not', () => {
    expect(requestServiceWorker({ url: URL_ }, NOTHING)).toBeNull();
    expect(requestServiceWorker(undefined, NOTHING)).toBeNull();
    expect(requestServiceWorker({ url: URL_, forceActivate: true }, MSE_ONLY)).toBeNull();
  });
});

describe('sinkOrderFor', () => {
  it('puts passthrough first when the worker is forced on', () => {
    const request = requestServiceWorker({ url: URL_, forceActivate: true }, MSE_AND_NATIVE);
    expect(sinkOrderFor(request)).toEqual(['passthrough', 'mse-worker', 'default-media-source', 'mse']);
  });

  it('keeps the automatic order otherwise', () => {
    expect(sinkOrderFor(null)).toBeUndefined();
    expect(sinkOrderFor(requestServiceWorker({ url: URL_ }, NATIVE_ONLY))).toBeUndefined();
    expect(sinkOrderFor(requestServiceWorker(undefined, NATIVE_ONLY))).toBeUndefined();
    // The automatic order already ends with passthrough, where native-only browsers reach it.
    expect(AUTO_SINK_ORDER.at(-1)).toBe('passthrough');
  });
});
