/// <reference types="@webgpu/types" />
import { checkAllowList, type GpuAllowList } from './allow-list.ts';
import { FrameStats, type FrameStatistics } from './frame-stats.ts';
import { FrameTransformer } from './frame-transformer.ts';
import { gpuError, gpuErrorName, GpuErrorCode, type GpuError } from './gpu-errors.ts';
import type { GpuSettings } from './gpu-constants.ts';
import { evaluateInterval } from './gpu-monitor.ts';
import { GpuFailure, GpuRenderer, messageOf, type CaptureMethod, type CapturedFrame } from './gpu-renderer.ts';
import type { GpuAdapterDetails, GpuSupport } from '../types/gpu-surface.ts';
import type { Timers } from '../types/environment.ts';

export interface GpuModuleOptions {
  allowList: GpuAllowList;
  settings: GpuSettings;
  /** The sharpen's strength, 0 … 1. */
  sharpness: number;
}

/** What the module tells its owner (discriminated on `type`). */
export type GpuModuleEvent =
  | { type: 'init'; support: GpuSupport }
  /** The first frame reached the canvas: it may now be shown instead of the video. */
  | { type: 'presenting' }
  | { type: 'status'; interval: FrameStatistics; capture: CaptureMethod | null }
  | { type: 'error'; error: GpuError };

export interface GpuModuleHarness {
  timers: Timers;
  /** performance.now()'s timebase (requestVideoFrameCallback's). */
  now(): number;
  onEvent(event: GpuModuleEvent): void;
}

/**
 * SPEC §4's GPU module: init (an adapter, its vendor and architecture against the allow-list,
 * a device, the renderer), start on playing (frames from requestVideoFrameCallback, the monitor,
 * the status report), stop on idle. Any error, at init or later, disables it for good: it says
 * so once (`error`) and does nothing after; the owner shows the plain video again.
 */
export class GpuModule {
  readonly stats = new FrameStats();
  #device: GPUDevice | null = null;
  #renderer: GpuRenderer | null = null;
  #transformer: FrameTransformer<CapturedFrame> | null = null;
  #frameRequest: number | null = null;
  #intervals: unknown[] = [];
  #lastCheck = 0;
  #disabled = false;
  /** The owner called destroy(): nothing more is said. */
  #closed = false;
  /** We are destroying the device ourselves: its loss is no error. */
  #releasing = false;
  #presenting = false;
  /** The SPEC §8 name of what disabled the module. */
  #failure: string | null = null;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly options: GpuModuleOptions,
    private readonly harness: GpuModuleHarness,
  ) {}

  get disabled(): boolean {
    return this.#disabled;
  }

  get capture(): CaptureMethod | null {
    return this.#renderer?.capture ?? null;
  }

  async init(): Promise<GpuSupport> {
    const support = await this.#init().catch((error: unknown) => this.#initFailed(error, null));
    if (!this.#closed) this.harness.onEvent({ type: 'init', support });
    return support;
  }

  /** SPEC §4 playing: the transformer runs. */
  start(): void {
    const transformer = this.#transformer;
    if (this.#disabled || !transformer || transformer.running) return;
    transformer.start();
    if (this.#frameRequest === null) this.#requestFrame();
    this.#lastCheck = this.harness.now();
    this.stats.interval('monitor');
    const { monitor, statusIntervalMs } = this.options.settings;
    if (monitor.enabled) this.#intervals.push(this.harness.timers.setInterval(() => this.#check(), monitor.intervalMs));
    this.#intervals.push(this.harness.timers.setInterval(() => this.#status(), statusIntervalMs));
  }

  /**
   * SPEC §4 idle: no new frames, no monitor. The frame request stays for one more frame: a pause
   * presents its picture after it, and the canvas must end on the picture the video shows.
   */
  stop(): void {
    this.#transformer?.stop();
    for (const interval of this.#intervals.splice(0)) this.harness.timers.clearInterval(interval);
  }

  destroy(): void {
    this.#closed = true;
    this.#release();
  }

  async #init(): Promise<GpuSupport> {
    const gpu = navigator.gpu as GPU | undefined;
    if (!gpu) return this.#refuse(GpuErrorCode.WebGPUNotAvailable, 'navigator.gpu is missing', null);
    // Every browser with WebGPU has it today; one without could not feed the path frames.
    if (typeof this.video.requestVideoFrameCallback !== 'function') {
      return this.#refuse(GpuErrorCode.Init, 'requestVideoFrameCallback is missing', null);
    }
    let adapter: GPUAdapter | null;
    try {
      adapter = await gpu.requestAdapter();
    } catch (error) {
      return this.#refuse(GpuErrorCode.Adapter, messageOf(error), null);
    }
    if (!adapter) return this.#refuse(GpuErrorCode.WebGPUNotAvailable, 'no WebGPU adapter', null);
    // GPUAdapter.info arrived in Chrome 127 (requestAdapterInfo() before): absent, all is ''.
    const info: Partial<GPUAdapterInfo> = (adapter as { info?: GPUAdapterInfo }).info ?? {};
    const details: GpuAdapterDetails = {
      vendor: info.vendor ?? '',
      architecture: info.architecture ?? '',
      device: info.device ?? '',
      description: info.description ?? '',
    };
    const verdict = checkAllowList(details, this.options.allowList);
    // Not allowed is no error: the path does not start, and the reason is reported.
    if (!verdict.allowed) return { supported: false, reason: verdict.reason, adapter: details };
    try {
      this.#device = await adapter.requestDevice();
    } catch (error) {
      return this.#refuse(GpuErrorCode.Device, messageOf(error), details);
    }
    const device = this.#device;
    // Destroyed while the device was on its way (the page's canvas went): it goes too.
    if (this.#closed) return this.#closedDuringInit(details);
    void device.lost.then((lost) => {
      // Our own destroy() loses the device too; anyone else's (a driver reset, the tab's GPU
      // process crashing, a test's device.destroy()) is SPEC's device lost.
      if (!this.#releasing) this.#fail(GpuErrorCode.DeviceLost, `${lost.reason}: ${lost.message}`);
    });
    device.addEventListener('uncapturederror', (event) => this.#fail(GpuErrorCode.Render, event.error.message));
    try {
      const { settings, sharpness } = this.options;
      const slots = settings.captureQueue + 1;
      this.#renderer = await GpuRenderer.create(device, this.video, this.canvas, { ...settings, sharpness, slots });
    } catch (error) {
      return this.#initFailed(error, details);
    }
    if (this.#closed) return this.#closedDuringInit(details);
    if (this.#disabled) {
      // Failed while the renderer was being made (device lost, a validation error): it goes too.
      this.#release();
      return { supported: false, reason: this.#failure ?? 'DeviceLost', adapter: details };
    }
    const renderer = this.#renderer;
    this.#transformer = new FrameTransformer<CapturedFrame>(
      {
        capture: () => renderer.captureFrame(),
        process: (frame) => renderer.process(frame),
        release: (frame) => renderer.release(frame),
      },
      this.stats,
      this.options.settings,
      {
        now: () => this.harness.now(),
        onFailure: (stage, error) => {
          const fallback = stage === 'capture' ? GpuErrorCode.FrameCapture : GpuErrorCode.Render;
          this.#fail(error instanceof GpuFailure ? error.code : fallback, messageOf(error));
        },
        onRendered: () => {
          if (this.#presenting) return;
          this.#presenting = true;
          this.harness.onEvent({ type: 'presenting' });
        },
      },
    );
    return { supported: true, reason: null, adapter: details };
  }

  #requestFrame(): void {
    this.#frameRequest = this.video.requestVideoFrameCallback((now, metadata) => {
      this.#frameRequest = null;
      const transformer = this.#transformer;
      if (this.#disabled || !transformer) return;
      // Stopped: this is the last frame (see stop()), and no request follows it.
      if (transformer.running) this.#requestFrame();
      transformer.onVideoFrame(now, metadata.presentedFrames, !transformer.running);
    });
  }

  /** The monitor (SPEC §9: every 5000 ms): rates and counts of the frames since the last check. */
  #check(): void {
    const now = this.harness.now();
    const elapsed = now - this.#lastCheck;
    this.#lastCheck = now;
    const verdict = evaluateInterval(this.stats.interval('monitor'), elapsed, this.options.settings);
    if (verdict) this.#fail(verdict.code as GpuErrorCode, verdict.message);
  }

  #status(): void {
    if (this.#disabled) return;
    this.harness.onEvent({ type: 'status', interval: this.stats.interval('status'), capture: this.capture });
  }

  #closedDuringInit(adapter: GpuAdapterDetails): GpuSupport {
    this.#release();
    return { supported: false, reason: 'closed', adapter };
  }

  #initFailed(error: unknown, adapter: GpuAdapterDetails | null): GpuSupport {
    const code = error instanceof GpuFailure ? error.code : GpuErrorCode.Init;
    return this.#refuse(code, messageOf(error), adapter);
  }

  #refuse(code: GpuErrorCode, detail: string, adapter: GpuAdapterDetails | null): GpuSupport {
    this.#fail(code, detail);
    return { supported: false, reason: gpuErrorName(code), adapter };
  }

  #fail(code: GpuErrorCode, detail: string): void {
    if (this.#disabled) return;
    this.#disabled = true;
    this.#failure = gpuErrorName(code);
    if (!this.#closed) this.harness.onEvent({ type: 'error', error: gpuError(code, detail) });
    // Nothing will draw again: the GPU memory goes back now, not when the page leaves.
    this.#release();
  }

  #release(): void {
    this.#disabled = true;
    this.stop();
    if (this.#frameRequest !== null) this.video.cancelVideoFrameCallback(this.#frameRequest);
    this.#frameRequest = null;
    this.#transformer?.destroy();
    this.#renderer?.destroy();
    this.#renderer = null;
    this.#releasing = true;
    this.#device?.destroy();
    this.#device = null;
  }
}
