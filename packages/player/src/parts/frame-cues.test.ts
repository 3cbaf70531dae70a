import { describe, expect, it } from 'vitest';
import { FrameCues } from './frame-cues.ts';

/** An element whose presented frames the test calls, one at a time. */
function fakeVideo() {
  let next: { id: number; callback: VideoFrameRequestCallback } | null = null;
  let ids = 0;
  const video = {
    requestVideoFrameCallback(callback: VideoFrameRequestCallback) {
      next = { id: ++ids, callback };
      return ids;
    },
    cancelVideoFrameCallback(id: number) {
      if (next?.id === id) next = null;
    },
  };
  return {
    video,
    waiting: () => next !== null,
    present(mediaTime: number) {
      const pending = next;
      next = null;
      pending?.callback(0, { mediaTime } as VideoFrameCallbackMetadata);
    },
  };
}

function cues(times: number[]) {
  const released: number[] = [];
  const pendingTimes = [...times];
  const harness = {
    release(mediaTime: number) {
      while (pendingTimes.length > 0 && pendingTimes[0]! <= mediaTime) released.push(pendingTimes.shift()!);
    },
    pending: () => pendingTimes.length > 0,
  };
  return { harness, released };
}

describe('FrameCues', () => {
  it('releases each cue with the first frame whose media time reaches it, then stops following', () => {
    const { harness, released } = cues([10, 10.5]);
    const frames = new FrameCues(harness);
    const element = fakeVideo();
    expect(frames.follow(element.video)).toBe(true);
    element.present(9.967);
    expect(released).toEqual([]);
    element.present(10);
    expect(released).toEqual([10]);
    element.present(10.467);
    expect(released).toEqual([10]);
    element.present(10.5);
    expect(released).toEqual([10, 10.5]);
    // Nothing waits: no callback per frame.
    expect(element.waiting()).toBe(false);
  });

  it('follows no frames while no cue waits, and once more when one does', () => {
    const state = cues([]);
    const frames = new FrameCues(state.harness);
    const element = fakeVideo();
    frames.follow(element.video);
    expect(element.waiting()).toBe(false);
    const later = cues([3]);
    const again = new FrameCues(later.harness);
    again.follow(element.video);
    again.follow(element.video); // asked again (each timeupdate): one request, not two
    element.present(3);
    expect(later.released).toEqual([3]);
  });

  it('says where the element cannot tell its frames, so timeupdate releases the cues', () => {
    const frames = new FrameCues(cues([1]).harness);
    expect(frames.follow({} as HTMLVideoElement)).toBe(false);
  });

  it('stops: a frame presented after it releases nothing', () => {
    const { harness, released } = cues([1]);
    const frames = new FrameCues(harness);
    const element = fakeVideo();
    frames.follow(element.video);
    frames.stop();
    element.present(2);
    expect(released).toEqual([]);
  });
});
