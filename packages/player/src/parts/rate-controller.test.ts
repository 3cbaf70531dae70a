import { describe, expect, it } from 'vitest';
import { RateController, STARVING_MAX_MS, STARVING_RATE, type RateElement } from './rate-controller.ts';

function setUp() {
  const element: RateElement = { playbackRate: 1, defaultPlaybackRate: 1 };
  let now = 10_000;
  const rate = new RateController({ element: () => element, monotonic: () => now });
  // What the element does: every rate set is a ratechange the controller hears.
  const ratechange = () => rate.onRateChange(element.playbackRate);
  const steer = () => rate.steer({ latencyS: 1.5, targetS: 0.6, playing: true, bufferS: 1 });
  return { element, rate, ratechange, steer, advance: (ms: number) => (now += ms) };
}

describe('RateController: starving', () => {
  it('plays slower while the engine says the buffer runs dry, never as the viewer’s rate, and back after', () => {
    const { element, rate, ratechange } = setUp();
    rate.setStarving(true);
    expect(element.playbackRate).toBe(STARVING_RATE);
    expect(ratechange()).toBe(false); // ours: not published as the viewer's
    expect(rate.viewerRate).toBe(1);
    rate.setStarving(false);
    expect(element.playbackRate).toBe(1);
    expect(ratechange()).toBe(false);
    expect(rate.starving).toBe(false);
  });

  it('leaves a rate the viewer chose alone, before and during an episode', () => {
    const { element, rate, ratechange } = setUp();
    rate.setViewerRate(1.5);
    rate.setStarving(true);
    expect(element.playbackRate).toBe(1.5);
    expect(rate.starving).toBe(false);

    rate.setViewerRate(1);
    rate.setStarving(true);
    element.playbackRate = 1.25; // the native controls
    expect(ratechange()).toBe(true);
    rate.setStarving(false);
    expect(element.playbackRate).toBe(1.25);
  });

  it('holds catch-up off while it lasts, and ends on its own when no end comes', () => {
    const { element, rate, steer, advance } = setUp();
    rate.setStarving(true);
    advance(STARVING_MAX_MS - 1);
    steer(); // 0.9 s behind the target would engage catch-up: not while starving
    expect(element.playbackRate).toBe(STARVING_RATE);
    advance(1);
    steer();
    expect(element.playbackRate).toBe(1);
    expect(rate.starving).toBe(false);
  });

  it('ends with a new load', () => {
    const { element, rate } = setUp();
    rate.setStarving(true);
    rate.resetCatchUp();
    expect(element.playbackRate).toBe(1);
    expect(rate.starving).toBe(false);
  });
});
