import { describe, expect, it } from 'vitest';
import {
  absolutePart,
  advancePartLimit,
  awaitedPart,
  decideBlocking,
  isPartPublished,
  latestPublishedPart,
  liveEdge,
  partEndMs,
  partRef,
  partStartMs,
} from './part-timeline.ts';

const grid = { segmentDurationMs: 1000, fragmentsPerSegment: 5 };
const S = 1_767_225_609; // a segment in 2026
const at = (ms: number) => S * 1000 + ms;
const abs = (msn: number, index: number) => absolutePart({ msn, index }, grid);

describe('part arithmetic', () => {
  it('numbers parts from the epoch and back', () => {
    expect(abs(S, 3)).toBe(S * 5 + 3);
    expect(partRef(S * 5 + 3, grid)).toEqual({ msn: S, index: 3 });
    expect(partRef(S * 5 + 5, grid)).toEqual({ msn: S + 1, index: 0 });
  });

  it('puts part i of segment msn at [msn + i × 0.2, msn + (i + 1) × 0.2) s', () => {
    expect(partStartMs(abs(S, 0), grid)).toBe(at(0));
    expect(partEndMs(abs(S, 0), grid)).toBe(at(200));
    expect(partEndMs(abs(S, 4), grid)).toBe(at(1000));
    expect(partStartMs(abs(S, 2), grid)).toBe(at(400));
  });

  it('publishes a part at its end, never earlier', () => {
    expect(isPartPublished(abs(S, 1), at(399), grid)).toBe(false);
    expect(isPartPublished(abs(S, 1), at(400), grid)).toBe(true);
    expect(latestPublishedPart(at(399), grid)).toBe(abs(S, 0));
    expect(latestPublishedPart(at(400), grid)).toBe(abs(S, 1));
  });

  it('describes the live edge: newest segment, parts of the one in progress, newest part', () => {
    expect(liveEdge(at(0), grid)).toEqual({ lastSegment: S - 1, partsInProgress: 0, lastPart: abs(S - 1, 4) });
    expect(liveEdge(at(199), grid)).toEqual({ lastSegment: S - 1, partsInProgress: 0, lastPart: abs(S - 1, 4) });
    expect(liveEdge(at(200), grid)).toEqual({ lastSegment: S - 1, partsInProgress: 1, lastPart: abs(S, 0) });
    expect(liveEdge(at(999), grid)).toEqual({ lastSegment: S - 1, partsInProgress: 4, lastPart: abs(S, 3) });
    expect(liveEdge(at(1000), grid)).toEqual({ lastSegment: S, partsInProgress: 0, lastPart: abs(S, 4) });
  });
});

describe('what a blocking reload waits for', () => {
  it('waits for the whole segment without _HLS_part, and rolls a part past the last over (§6.2.5.2)', () => {
    expect(awaitedPart(S, undefined, grid)).toBe(abs(S, 4));
    expect(awaitedPart(S, 2, grid)).toBe(abs(S, 2));
    expect(awaitedPart(S, 5, grid)).toBe(abs(S + 1, 0));
    expect(awaitedPart(S, 99, grid)).toBe(abs(S + 1, 0));
  });

  it('uses an Advance Part Limit of three seconds of 0.2 s parts', () => {
    expect(advancePartLimit(grid)).toBe(15);
    expect(advancePartLimit({ segmentDurationMs: 4000, fragmentsPerSegment: 2 })).toBe(3);
  });

  it('answers at once what is already published', () => {
    expect(decideBlocking(S, 1, at(400), grid)).toEqual({ kind: 'ready' });
    expect(decideBlocking(S - 1, undefined, at(0), grid)).toEqual({ kind: 'ready' });
    expect(decideBlocking(S - 30, 2, at(0), grid)).toEqual({ kind: 'ready' });
  });

  it('waits until the wall-clock end of the awaited part', () => {
    expect(decideBlocking(S, 1, at(399), grid)).toEqual({ kind: 'wait', untilMs: at(400) });
    expect(decideBlocking(S, undefined, at(500), grid)).toEqual({ kind: 'wait', untilMs: at(1000) });
    expect(decideBlocking(S, 5, at(500), grid)).toEqual({ kind: 'wait', untilMs: at(1200) });
    // Two segments past the newest (S - 1) is still allowed.
    expect(decideBlocking(S + 1, undefined, at(0), grid)).toEqual({ kind: 'wait', untilMs: at(2000) });
  });

  it('refuses more than two segments past the newest, or parts past the Advance Part Limit', () => {
    expect(decideBlocking(S + 2, undefined, at(999), grid).kind).toBe('too-far');
    expect(decideBlocking(S + 1, undefined, at(999), grid).kind).toBe('wait');
    // At S.000 the newest part is (S-1).4; fifteen parts on is (S+2).4.
    expect(decideBlocking(S + 1, 4, at(0), grid).kind).toBe('wait');
    expect(decideBlocking(S + 2, 0, at(0), grid).kind).toBe('too-far');
    expect(decideBlocking(S + 2, 4, at(0), grid).kind).toBe('too-far');
    expect(decideBlocking(S + 2, 4, at(1000), grid)).toEqual({ kind: 'wait', untilMs: at(3000) });
  });

  it('applies the Advance Part Limit where it binds before the two-segment rule (segments over 1 s)', () => {
    // 2 s segments of ten 0.2 s parts: the limit is still 15 parts (3 s).
    const long = { segmentDurationMs: 2000, fragmentsPerSegment: 10 };
    const now = 1000 * 2000; // segment 999 just ended; newest part 999.9
    expect(decideBlocking(1001, 4, now, long)).toEqual({ kind: 'wait', untilMs: now + 3000 });
    expect(decideBlocking(1001, 5, now, long).kind).toBe('too-far');
    // Without _HLS_part only the segment rule applies (§6.2.5.2).
    expect(decideBlocking(1001, undefined, now, long).kind).toBe('wait');
  });

  it('never waits longer than three target durations for what it lets through', () => {
    for (let ms = 0; ms < 1000; ms += 50) {
      for (let msn = S - 1; msn <= S + 3; msn++) {
        for (const part of [undefined, 0, 2, 4, 5]) {
          const decision = decideBlocking(msn, part, at(ms), grid);
          if (decision.kind === 'wait') expect(decision.untilMs - at(ms)).toBeLessThanOrEqual(3000);
        }
      }
    }
  });
});
