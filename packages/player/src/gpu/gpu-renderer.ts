/// <reference types="@webgpu/types" />
import { canvasSize } from './canvas-size.ts';
import { GpuErrorCode } from './gpu-errors.ts';
import { CAPTURE_EXTERNAL_WGSL, PRESENT_WGSL, upscaleWgsl } from './shaders.ts';

/** A WebGPU step failed: the code says which (SPEC §8), the message what the browser said. */
export class GpuFailure extends Error {
  constructor(
    readonly code: GpuErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How a frame leaves the <video>: `external` imports the decoder's frame without a copy
 * (importExternalTexture), `bitmap` copies it through an ImageBitmap (copyExternalImageToTexture).
 * The first import that throws moves the session to `bitmap` for good (SwiftShader, some drivers).
 */
export type CaptureMethod = 'external' | 'bitmap';

/**
 * A captured frame: an ImageBitmap still to upload, or the index of the texture it was drawn
 * into; with its own size, which is not the video's by the time it is processed (a quality
 * switch or a reload in between).
 */
export type CapturedFrame = ({ kind: 'bitmap'; bitmap: ImageBitmap } | { kind: 'external'; slot: number }) & {
  width: number;
  height: number;
};

/** HTMLMediaElement.HAVE_CURRENT_DATA: the element has a frame to give. */
const HAVE_CURRENT_DATA = 2;

export interface RenderSettings {
  workgroup: { x: number; y: number };
  /** The sharpen's strength, 0 (none) … 1 (RCAS's maximum). */
  sharpness: number;
  /** Source textures for zero-copy captures: the capture queue plus the frame being processed. */
  slots: number;
}

const PARAMS_BYTES = 32;

/**
 * The GPU path's WebGPU work (I/O; the frame loop's accounting is frame-transformer.ts): the
 * canvas context, the pipelines built once (errors mapped to SPEC §8 codes), and per frame the
 * capture, the upscale (compute, 16 × 16 workgroups) and the sharpened present (render pass).
 */
export class GpuRenderer {
  #capture: CaptureMethod = 'external';
  #slots: GPUTexture[] = [];
  #nextSlot = 0;
  #upscaled: GPUTexture | null = null;
  readonly #params: GPUBuffer;

  private constructor(
    private readonly device: GPUDevice,
    private readonly context: GPUCanvasContext,
    private readonly video: HTMLVideoElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly settings: RenderSettings,
    private readonly pipelines: { upscale: GPUComputePipeline; present: GPURenderPipeline; capture: GPURenderPipeline },
    private readonly sampler: GPUSampler,
  ) {
    this.#params = device.createBuffer({ size: PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  }

  /** The canvas context (-1400), the shaders (-1100), the pipelines (-1101), the sampler (-1102). */
  static async create(
    device: GPUDevice,
    video: HTMLVideoElement,
    canvas: HTMLCanvasElement,
    settings: RenderSettings,
  ): Promise<GpuRenderer> {
    const context = canvas.getContext('webgpu');
    if (!context) throw new GpuFailure(GpuErrorCode.Canvas, 'the canvas has no webgpu context');
    const format = navigator.gpu.getPreferredCanvasFormat();
    try {
      context.configure({ device, format, alphaMode: 'opaque' });
    } catch (error) {
      throw new GpuFailure(GpuErrorCode.Canvas, messageOf(error));
    }
    const sources = [upscaleWgsl(settings.workgroup), PRESENT_WGSL, CAPTURE_EXTERNAL_WGSL];
    // In an error scope: a shader that does not compile is SPEC's shader error (-1100), not an
    // uncaptured validation error of some later step.
    device.pushErrorScope('validation');
    const modules = sources.map((code) => device.createShaderModule({ code }));
    const compileError = await device.popErrorScope();
    for (const module of modules) {
      const info = await module.getCompilationInfo();
      const error = info.messages.find((m) => m.type === 'error');
      if (error) throw new GpuFailure(GpuErrorCode.Shader, `${error.message} (line ${error.lineNum})`);
    }
    if (compileError) throw new GpuFailure(GpuErrorCode.Shader, compileError.message);
    const [upscale, present, capture] = modules as [GPUShaderModule, GPUShaderModule, GPUShaderModule];
    device.pushErrorScope('validation');
    const pipelines = {
      upscale: device.createComputePipeline({ layout: 'auto', compute: { module: upscale, entryPoint: 'main' } }),
      present: renderPipeline(device, present, format),
      capture: renderPipeline(device, capture, 'rgba8unorm'),
    };
    const pipelineError = await device.popErrorScope();
    if (pipelineError) throw new GpuFailure(GpuErrorCode.Pipeline, pipelineError.message);
    device.pushErrorScope('validation');
    const sampler = device.createSampler({ magFilter: 'linear', minFilter: 'linear' });
    const samplerError = await device.popErrorScope();
    if (samplerError) throw new GpuFailure(GpuErrorCode.Sampler, samplerError.message);
    return new GpuRenderer(device, context, video, canvas, settings, pipelines, sampler);
  }

  get capture(): CaptureMethod {
    return this.#capture;
  }

  /**
   * Takes the video's current frame (see CaptureMethod), or null while it has none (a reload or a
   * seek cleared it: nothing to draw, and no failure); throws GpuFailure(-1900) when neither way
   * works on a frame that is there.
   */
  async captureFrame(): Promise<CapturedFrame | null> {
    const { videoWidth: width, videoHeight: height } = this.video;
    if (this.video.readyState < HAVE_CURRENT_DATA || !(width > 0 && height > 0)) return null;
    if (this.#capture === 'external') {
      const slot = this.#captureExternal(width, height);
      if (slot !== null) return { kind: 'external', slot, width, height };
      this.#capture = 'bitmap';
    }
    try {
      const bitmap = await createImageBitmap(this.video);
      return { kind: 'bitmap', bitmap, width: bitmap.width, height: bitmap.height };
    } catch (error) {
      throw new GpuFailure(GpuErrorCode.FrameCapture, messageOf(error));
    }
  }

  release(frame: CapturedFrame): void {
    if (frame.kind === 'bitmap') frame.bitmap.close();
  }

  /** Upscale (compute), then the sharpened present (render pass); the GPU time of each. */
  async process(frame: CapturedFrame): Promise<{ transformMs: number; renderMs: number }> {
    const device = this.device;
    const { width, height } = frame;
    const rect = this.canvas.getBoundingClientRect();
    const out = canvasSize({ width: rect.width, height: rect.height }, devicePixelRatio, { width, height });
    const source =
      frame.kind === 'external' ? this.#slots[frame.slot]! : this.#uploadBitmap(frame.bitmap, width, height);
    const upscaled = this.#upscaledTexture(out.width, out.height);
    const sharpness = this.settings.sharpness;
    device.queue.writeBuffer(this.#params, 0, new Float32Array([width, height, out.width, out.height, sharpness]));

    const started = performance.now();
    await this.#submit((encoder) => {
      const pass = encoder.beginComputePass();
      pass.setPipeline(this.pipelines.upscale);
      pass.setBindGroup(0, this.#bindGroup(this.pipelines.upscale, [source.createView(), upscaled.createView()], true));
      const { x, y } = this.settings.workgroup;
      pass.dispatchWorkgroups(Math.ceil(out.width / x), Math.ceil(out.height / y));
      pass.end();
    });
    const transformed = performance.now();
    await this.#submit((encoder) => {
      // Resized here, in the task that draws: a canvas resized earlier would show its cleared
      // (black) buffer until this frame reached it.
      if (this.canvas.width !== out.width || this.canvas.height !== out.height) {
        this.canvas.width = out.width;
        this.canvas.height = out.height;
      }
      const pass = encoder.beginRenderPass({
        colorAttachments: [{ view: this.context.getCurrentTexture().createView(), loadOp: 'clear', storeOp: 'store' }],
      });
      pass.setPipeline(this.pipelines.present);
      pass.setBindGroup(0, this.#bindGroup(this.pipelines.present, [upscaled.createView()], true));
      pass.draw(3);
      pass.end();
    });
    return { transformMs: transformed - started, renderMs: performance.now() - transformed };
  }

  destroy(): void {
    for (const texture of this.#slots) texture.destroy();
    this.#upscaled?.destroy();
    this.#params.destroy();
    this.context.unconfigure();
    this.#slots = [];
    this.#upscaled = null;
  }

  /** Zero-copy import drawn into the next slot texture, in this task (an imported frame expires with it). */
  #captureExternal(width: number, height: number): number | null {
    let external: GPUExternalTexture;
    try {
      external = this.device.importExternalTexture({ source: this.video });
    } catch {
      return null;
    }
    const slot = this.#nextSlot;
    this.#nextSlot = (slot + 1) % this.settings.slots;
    let texture = this.#slots[slot];
    if (!texture || texture.width !== width || texture.height !== height) {
      texture?.destroy();
      texture = this.#sourceTexture(width, height);
      this.#slots[slot] = texture;
    }
    const encoder = this.device.createCommandEncoder();
    const pass = encoder.beginRenderPass({
      colorAttachments: [{ view: texture.createView(), loadOp: 'clear', storeOp: 'store' }],
    });
    pass.setPipeline(this.pipelines.capture);
    pass.setBindGroup(0, this.#bindGroup(this.pipelines.capture, [external, this.sampler], false));
    pass.draw(3);
    pass.end();
    this.device.queue.submit([encoder.finish()]);
    return slot;
  }

  #uploadBitmap(bitmap: ImageBitmap, width: number, height: number): GPUTexture {
    let texture = this.#slots[0];
    if (!texture || texture.width !== width || texture.height !== height) {
      texture?.destroy();
      texture = this.#sourceTexture(width, height);
      this.#slots[0] = texture;
    }
    this.device.queue.copyExternalImageToTexture({ source: bitmap }, { texture }, [width, height]);
    return texture;
  }

  #sourceTexture(width: number, height: number): GPUTexture {
    const usage = GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST | GPUTextureUsage.RENDER_ATTACHMENT;
    return this.device.createTexture({ size: [width, height], format: 'rgba8unorm', usage });
  }

  #upscaledTexture(width: number, height: number): GPUTexture {
    const current = this.#upscaled;
    if (current && current.width === width && current.height === height) return current;
    current?.destroy();
    const usage = GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.STORAGE_BINDING;
    this.#upscaled = this.device.createTexture({ size: [width, height], format: 'rgba8unorm', usage });
    return this.#upscaled;
  }

  #bindGroup(
    pipeline: GPUComputePipeline | GPURenderPipeline,
    resources: GPUBindingResource[],
    withParams: boolean,
  ): GPUBindGroup {
    const all = withParams ? [...resources, { buffer: this.#params }] : resources;
    return this.device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: all.map((resource, binding) => ({ binding, resource })),
    });
  }

  /**
   * One command buffer, awaited: the time to its completion is the GPU time of the step, and
   * the next frame is not queued behind it. A validation error is a render fault (-1700), an
   * allocation one is out of memory (-1200).
   */
  async #submit(record: (encoder: GPUCommandEncoder) => void): Promise<void> {
    const device = this.device;
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    const encoder = device.createCommandEncoder();
    record(encoder);
    device.queue.submit([encoder.finish()]);
    const [validation, memory] = await Promise.all([
      device.popErrorScope(),
      device.popErrorScope(),
      device.queue.onSubmittedWorkDone(),
    ]);
    if (memory) throw new GpuFailure(GpuErrorCode.OutOfMemory, memory.message);
    if (validation) throw new GpuFailure(GpuErrorCode.Render, validation.message);
  }
}

function renderPipeline(device: GPUDevice, module: GPUShaderModule, format: GPUTextureFormat): GPURenderPipeline {
  return device.createRenderPipeline({
    layout: 'auto',
    vertex: { module, entryPoint: 'vs' },
    fragment: { module, entryPoint: 'fs', targets: [{ format }] },
  });
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
