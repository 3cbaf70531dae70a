import { describe, expect, it } from 'vitest';
import { LOGGED_EVENTS, describeEvent, prependEntry, type LogEntry } from './event-log.ts';
import { EMPTY_HISTORY, addSample } from './latency-history.ts';
import { playgroundProblem } from './problem-copy.ts';

describe('event log', () => {
  it('logs every player event', () => {
    expect(LOGGED_EVENTS).toContain('state-changed');
    expect(LOGGED_EVENTS).toContain('error');
    expect(LOGGED_EVENTS).toContain('quality-changed');
  });

  it("names an error by type, code and source, never by the engine's message", () => {
    const detail = describeEvent('error', {
      type: 'NoSource',
      code: 404,
      source: 'manifest',
      message: 'manifestLoadError (HTTP 404) https://cdn.example/a.m3u8?token=secret',
      fatal: true,
    } as never);
    expect(detail).toBe('NoSource (code 404, manifest), fatal');
    expect(detail).not.toContain('secret');
  });

  it('keeps the newest entries first, up to its limit', () => {
    let log: LogEntry[] = [];
    for (let id = 0; id < 5; id += 1) log = prependEntry(log, { id, atMs: id, type: 'rebuffering', detail: '' }, 3);
    expect(log.map((e) => e.id)).toEqual([4, 3, 2]);
  });
});

describe('latency history', () => {
  it('adds known latencies and leaves gaps for unknown ones', () => {
    const once = addSample(EMPTY_HISTORY, 1, 2.5);
    expect(addSample(once, 2, Number.NaN)).toBe(once);
    expect(addSample(once, 2, 3)).toEqual({ seconds: [1, 2], latency: [2.5, 3] });
  });

  it('takes one point per sample, not one per state change', () => {
    const once = addSample(EMPTY_HISTORY, 1, 2.5);
    expect(addSample(once, 1.1, 2.6)).toBe(once);
  });

  it('drops the oldest points past its limit', () => {
    let history = EMPTY_HISTORY;
    for (let s = 0; s < 5; s += 1) history = addSample(history, s, s, 3);
    expect(history).toEqual({ seconds: [2, 3, 4], latency: [2, 3, 4] });
  });
});

describe('playgroundProblem', () => {
  it("says the embed's words and the HTTP status, never the engine's message", () => {
    const text = playgroundProblem({ type: 'NoSource', code: 404, message: 'manifestLoadError (HTTP 404)' });
    expect(text).toBe("The stream isn't available right now. The server answered HTTP 404.");
  });

  it('names CORS for a network failure, which a stream of another site often is', () => {
    expect(playgroundProblem({ type: 'Network', code: 1001 })).toMatch(/\(CORS\)\.$/);
  });
});
