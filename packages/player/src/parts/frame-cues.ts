/**
 * Timed cues in step with the picture. `timeupdate` comes every 250 ms in Chromium, so a cue
 * released there reaches the page up to a quarter of a second after its frame was shown: a
 * host's poll or score overlay visibly late. While cues wait, this follows the frames the
 * element presents (requestVideoFrameCallback) and releases, with each, the cues its
 * `mediaTime` has reached: a cue goes out in the callback of the frame that carries it.
 *
 * It runs only while cues wait (no callback per frame for a stream without metadata). Where
 * the element has no requestVideoFrameCallback `follow` says so and `timeupdate` releases
 * them as before; where frames never come (audio only, a background tab) `timeupdate` releases
 * what they left a quarter of a second after its time (media-events.ts FRAMES_GRACE_S).
 */

type FrameElement = Pick<HTMLVideoElement, 'requestVideoFrameCallback' | 'cancelVideoFrameCallback'>;

export interface FrameCuesHarness {
  /** Releases the cues due at `mediaTime` (the presented frame's). */
  release(mediaTime: number): void;
  /** Whether any cue still waits. */
  pending(): boolean;
}

export class FrameCues {
  #video: FrameElement | null = null;
  #request: number | null = null;

  constructor(private readonly harness: FrameCuesHarness) {}

  /**
   * Frames release the cues of `video` from now on, while any wait; false where the element
   * cannot tell its frames (the caller releases them itself then).
   */
  follow(video: FrameElement): boolean {
    if (typeof video.requestVideoFrameCallback !== 'function') return false;
    if (video !== this.#video) this.stop();
    this.#video = video;
    if (this.#request === null && this.harness.pending()) this.#next(video);
    return true;
  }

  stop(): void {
    if (this.#request !== null) this.#video?.cancelVideoFrameCallback(this.#request);
    this.#request = null;
    this.#video = null;
  }

  #next(video: FrameElement): void {
    this.#request = video.requestVideoFrameCallback((_now, frame) => {
      this.#request = null;
      if (video !== this.#video) return;
      this.harness.release(frame.mediaTime);
      if (this.harness.pending()) this.#next(video);
    });
  }
}
