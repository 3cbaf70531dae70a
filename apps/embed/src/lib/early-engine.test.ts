import type { CreateCommand, EngineCommand } from '@onair/player';
import { describe, expect, it } from 'vitest';
import { adoptEarlyEngine, viewerPausedEarly, type EarlyEngine, type EarlyEngineHolder } from './early-engine.ts';

const URL_LIVE = 'http://127.0.0.1:8080/hls/studio-live/master.m3u8';
const CREATE: CreateCommand = { cmd: 'create', lowLatency: true, bandwidthEstimate: null, transcodesOnly: false };

function early(url = URL_LIVE, create = CREATE) {
  const sent: EngineCommand[] = [];
  const engine: EarlyEngine & { terminated: boolean } = {
    url,
    create,
    backlog: [new MessageEvent('message', { data: { type: 'mediaSourceHandle', handle: 1 } })],
    terminated: false,
    worker: {
      onmessage: () => {},
      postMessage: (command: EngineCommand) => sent.push(command),
      addEventListener() {},
      terminate: () => (engine.terminated = true),
    },
  };
  return { engine, sent };
}

describe('adoptEarlyEngine', () => {
  it('hands the early engine for the same URL and settings once, and stops its buffering', () => {
    const { engine } = early();
    const holder: EarlyEngineHolder = { engine };
    const adopt = adoptEarlyEngine(holder);
    const started = adopt(URL_LIVE, CREATE);
    expect(started?.worker).toBe(engine.worker);
    expect(started?.backlog).toHaveLength(1);
    expect(engine.worker.onmessage).toBeNull();
    expect(adopt(URL_LIVE, CREATE)).toBeNull();
  });

  it('deletes an engine started for another URL or other settings, and the sink starts its own', () => {
    for (const [url, create] of [
      ['http://127.0.0.1:8080/hls/other/master.m3u8', CREATE],
      [URL_LIVE, { ...CREATE, lowLatency: false }],
      [URL_LIVE, { ...CREATE, bandwidthEstimate: 5_000_000 }],
    ] as const) {
      const { engine, sent } = early();
      const holder: EarlyEngineHolder = { engine };
      expect(adoptEarlyEngine(holder)(url, create)).toBeNull();
      expect(sent).toEqual([{ cmd: 'delete' }]);
      expect(engine.terminated).toBe(true);
    }
  });

  it('leaves null behind when there was none, and adopts nothing twice', () => {
    const holder: EarlyEngineHolder = { engine: null };
    expect(adoptEarlyEngine(holder)(URL_LIVE, CREATE)).toBeNull();
    expect(holder.engine).toBeNull();
  });
});

describe('viewerPausedEarly', () => {
  const video = (paused: boolean, error: MediaError | null = null) => ({ paused, error }) as HTMLVideoElement;

  it('is the pause the early element was heard to make', () => {
    expect(viewerPausedEarly({ pausedByViewer: true })).toBe(true);
    expect(viewerPausedEarly(null)).toBe(false);
  });

  it('is a pause still in the queue: the element the early start played is paused, with no error', () => {
    expect(viewerPausedEarly({ playedEarly: true, video: video(true) })).toBe(true);
    // Playing, or not played yet (the early start waits to be at the position), or paused by an error.
    expect(viewerPausedEarly({ playedEarly: true, video: video(false) })).toBe(false);
    expect(viewerPausedEarly({ playedEarly: false, video: video(true) })).toBe(false);
    expect(viewerPausedEarly({ playedEarly: true, video: video(true, {} as MediaError) })).toBe(false);
  });
});
