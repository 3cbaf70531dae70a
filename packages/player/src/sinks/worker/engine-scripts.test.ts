import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineWorkerStarter, workerEngineSinks } from './engine-scripts.ts';

class FakeWorker {
  static started: FakeWorker[] = [];
  readonly posted: unknown[] = [];
  constructor(readonly url: string) {
    FakeWorker.started.push(this);
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
}

afterEach(() => {
  FakeWorker.started = [];
  vi.unstubAllGlobals();
});

describe('engineWorkerStarter', () => {
  it('starts the engine from its URL and tells it where its on-demand scripts are, as absolute URLs', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const start = engineWorkerStarter(
      {
        engine: 'assets/engine-worker.js',
        tsRemuxer: '/assets/ts-remuxer.js',
        subtitles: new URL('https://cdn.example/s.js'),
      },
      'https://site.example/watch/page.html',
    );
    expect(FakeWorker.started).toEqual([]); // nothing until the player asks
    start();
    const [worker] = FakeWorker.started;
    // Relative to the page, not to the worker's own URL (which is how the worker would read them).
    expect(worker!.url).toBe('https://site.example/watch/assets/engine-worker.js');
    expect(worker!.posted).toEqual([
      { cmd: 'setTsRemuxer', url: 'https://site.example/assets/ts-remuxer.js' },
      { cmd: 'setSubtitleScript', url: 'https://cdn.example/s.js' },
    ]);
  });

  it('tells the worker nothing of scripts it was not given', () => {
    vi.stubGlobal('Worker', FakeWorker);
    engineWorkerStarter({ engine: '/engine-worker.js' }, 'https://site.example/')();
    expect(FakeWorker.started[0]!.posted).toEqual([]);
  });
});

describe('workerEngineSinks', () => {
  it('gives both sinks of the engine, which start workers only when created', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const sinks = workerEngineSinks({ engine: 'https://site.example/engine-worker.js' });
    expect(Object.keys(sinks).sort()).toEqual(['default-media-source', 'mse-worker']);
    expect(sinks['mse-worker']!.supported({ mediaSource: true, mediaSourceInWorker: false, nativeHls: false })).toBe(
      false,
    );
    expect(
      sinks['default-media-source']!.supported({ mediaSource: true, mediaSourceInWorker: false, nativeHls: false }),
    ).toBe(true);
    expect(FakeWorker.started).toEqual([]);
  });
});
