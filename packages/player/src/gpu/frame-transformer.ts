import { overBudget, type FrameStats } from './frame-stats.ts';
import type { GpuSettings } from './gpu-constants.ts';

/**
 * The GPU path's frame loop, without WebGPU (the steps are passed in, so the accounting is
 * unit-tested on a fake clock): every frame the <video> presents is captured into a queue of
 * `captureQueue` frames, and the transformer takes the newest one, transforms and renders it.
 *
 * - A frame presented while the queue is full is `blocked` (not captured: capturing it only to
 *   drop it would cost the very time the path is short of). If it is the newest when the queue
 *   empties, it is captured then (and counted captured too): the canvas catches up with the
 *   video's picture instead of stopping one frame short of a pause.
 * - A frame still queued when a newer one is taken is `skipped`: the canvas shows the newest
 *   picture, never a backlog.
 * - Jumps in the video's presentedFrames are frames the callback never saw: `missed`, and
 *   `source` counts them too (every frame the video presented).
 * - Stopping takes no new frames but one: the frame the video presents as it stops (a pause
 *   presents the paused picture after the pause itself), passed with `last`; frames already
 *   captured are still drawn. So a pause shows the same frame on the video and the canvas.
 */
export interface FrameSteps<F> {
  /**
   * Takes the video's current frame (an ImageBitmap, or a slot of textures for a zero-copy
   * import); null when the video has none to give (it is reloading): nothing is counted.
   */
  capture(): Promise<F | null>;
  /** Transforms and renders one frame; resolves with the GPU time of each once the work is done. */
  process(frame: F): Promise<{ transformMs: number; renderMs: number }>;
  /** Frees a frame the loop is done with: processed, skipped, or left over at destroy. */
  release(frame: F): void;
}

export interface FrameTransformerHarness {
  /** performance.now()'s timebase, the one requestVideoFrameCallback's `now` is in. */
  now(): number;
  /** A step threw: the path must stop (capture → -1900; process → its own code). */
  onFailure(stage: 'capture' | 'process', error: unknown): void;
  /** A frame reached the canvas (the first one lets the page show the canvas). */
  onRendered(): void;
}

interface Queued<F> {
  frame: F;
  presentedAt: number;
  capturedAt: number;
}

export class FrameTransformer<F> {
  #queue: Queued<F>[] = [];
  #capturing = 0;
  #busy = false;
  #running = false;
  #failed = false;
  #lastPresented: number | null = null;
  #lastPresentedAt: number | null = null;
  /** When the newest presented frame was blocked (null once a later one was captured). */
  #blockedSince: number | null = null;
  /** The video's frame interval (ms per frame), smoothed: a frame's budget is at least this. */
  #frameIntervalMs: number | null = null;

  constructor(
    private readonly steps: FrameSteps<F>,
    private readonly stats: FrameStats,
    private readonly settings: Pick<GpuSettings, 'captureQueue' | 'minimumFramerate' | 'receiveDelayInBudget'>,
    private readonly harness: FrameTransformerHarness,
  ) {}

  start(): void {
    if (this.#failed) return;
    this.#running = true;
    // A pause or stall in between is no missed frame and no frame interval.
    this.#lastPresented = null;
    this.#lastPresentedAt = null;
  }

  stop(): void {
    this.#running = false;
  }

  get running(): boolean {
    return this.#running;
  }

  /**
   * The frame budget: 1000 / the SPEC §9 minimum (60 fps: 16.7 ms), or the source's own frame
   * interval when it is slower (30 fps: 33.3 ms), as the monitor requires no more frames than
   * the video presents (gpu-monitor.ts).
   */
  budgetMs(): number {
    return Math.max(1000 / this.settings.minimumFramerate, this.#frameIntervalMs ?? 0);
  }

  /**
   * requestVideoFrameCallback: `now` when the frame was presented, and the video's
   * presentedFrames; `last` for the one frame taken after stop().
   */
  onVideoFrame(now: number, presentedFrames: number, last = false): void {
    if ((!this.#running && !last) || this.#failed) return;
    const jump = this.#lastPresented === null ? 1 : presentedFrames - this.#lastPresented;
    if (jump <= 0) return;
    if (this.#lastPresentedAt !== null && now > this.#lastPresentedAt) {
      const interval = (now - this.#lastPresentedAt) / jump;
      this.#frameIntervalMs = this.#frameIntervalMs === null ? interval : this.#frameIntervalMs * 0.9 + interval * 0.1;
    }
    this.#lastPresented = presentedFrames;
    this.#lastPresentedAt = now;
    this.stats.count('source', jump);
    if (jump > 1) this.stats.count('missed', jump - 1);
    if (this.#queue.length + this.#capturing >= this.settings.captureQueue) {
      this.stats.count('blocked');
      this.#blockedSince = now;
      return;
    }
    this.#blockedSince = null;
    this.#capture(now);
  }

  #capture(presentedAt: number): void {
    const now = presentedAt;
    this.#capturing += 1;
    this.steps.capture().then(
      (frame) => {
        this.#capturing -= 1;
        if (frame === null) return;
        const capturedAt = this.harness.now();
        this.stats.count('captured');
        this.stats.time('captureDelay', capturedAt - now);
        if (this.#failed) return this.steps.release(frame);
        this.#queue.push({ frame, presentedAt: now, capturedAt });
        this.#pump();
      },
      (error: unknown) => {
        this.#capturing -= 1;
        this.#fail('capture', error);
      },
    );
  }

  /** Frees what is queued; nothing is processed after. */
  destroy(): void {
    this.#running = false;
    this.#failed = true;
    for (const item of this.#queue.splice(0)) this.steps.release(item.frame);
  }

  #pump(): void {
    if (this.#busy || this.#failed) return;
    if (this.#queue.length === 0) {
      // The newest frame was blocked and none came after it (the video paused, or is between
      // frames): it is still the video's picture, taken now that there is room.
      const blockedSince = this.#blockedSince;
      if (blockedSince !== null && this.#capturing === 0) {
        this.#blockedSince = null;
        this.#capture(blockedSince);
      }
      return;
    }
    while (this.#queue.length > 1) {
      this.stats.count('skipped');
      this.steps.release(this.#queue.shift()!.frame);
    }
    const item = this.#queue.shift()!;
    this.#busy = true;
    const receivedAt = this.harness.now();
    const receiveDelayMs = receivedAt - item.capturedAt;
    this.stats.count('received');
    this.stats.time('receiveDelay', receiveDelayMs);
    this.steps.process(item.frame).then(
      ({ transformMs, renderMs }) => {
        this.#busy = false;
        this.steps.release(item.frame);
        if (this.#failed) return;
        this.stats.count('transformed');
        this.stats.count('rendered');
        this.stats.time('transform', transformMs);
        this.stats.time('render', renderMs);
        this.stats.time('endToEnd', this.harness.now() - item.presentedAt);
        const frame = { receiveDelayMs, transformMs, renderMs };
        if (overBudget(frame, this.budgetMs(), this.settings.receiveDelayInBudget)) this.stats.count('overBudget');
        this.harness.onRendered();
        this.#pump();
      },
      (error: unknown) => {
        this.#busy = false;
        this.steps.release(item.frame);
        this.#fail('process', error);
      },
    );
  }

  #fail(stage: 'capture' | 'process', error: unknown): void {
    if (this.#failed) return;
    this.stats.count('failed');
    this.destroy();
    this.harness.onFailure(stage, error);
  }
}
